"""`umpire play --board`: the game at the table is served beside it, its links said at the table; the
board stops with the table; a board that cannot listen is one line and the table plays on. An order
clicked on a side's page is the table's: given under its lock, printed as the typed order is (issue 37)."""

from __future__ import annotations

import io
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from board_helpers import bot_game, get
from test_board_orders import post

from bot.board.cli import serve_beside
from bot.console import CONSOLE, Table
from bot.table_start import run_table
from engine import registry
from engine.game import Action
from engine.service import GameService, Seat


def test_serve_beside_says_a_link_per_viewer_and_serves_them(service: GameService) -> None:
    game = bot_game(service, "peiper")
    said: list[str] = []
    running = serve_beside(service, game, "127.0.0.1:0", "", said.append)
    assert running is not None
    try:
        assert said[0].startswith("Board (spectators): http://127.0.0.1:")
        assert len(said) == 3 and all("/b/" in line for line in said)
        for line in said:
            assert get(line.rsplit(" ", 1)[1] + "data")[0] == 200
    finally:
        running.stop()


def test_a_board_that_cannot_listen_is_one_line_and_the_table_plays_on(service: GameService) -> None:
    game = bot_game(service, "peiper")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    said: list[str] = []
    try:
        assert serve_beside(service, game, f"127.0.0.1:{taken.getsockname()[1]}", "", said.append) is None
        assert serve_beside(service, game, "nowhere", "", said.append) is None
    finally:
        taken.close()
    assert len(said) == 2 and all(line.startswith("The board cannot start") for line in said)


def test_play_board_serves_while_the_table_plays_and_stops_with_it(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "orders.txt"
    script.write_text("/status\n", encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'table.db'}"
    assert run_table("saf", "us", 3, script, db, None, "1", None, images=False, board="127.0.0.1:0") == 0
    out = capsys.readouterr().out
    links = [line.rsplit(" ", 1)[1] for line in out.splitlines() if line.strip().startswith("Board (")]
    assert len(links) == 3, out
    with pytest.raises(urllib.error.URLError):  # the table ended: so did its board
        urllib.request.urlopen(links[0] + "data", timeout=3)


# --- orders clicked on the board beside the table (issue 37) ---------------------------------------
def table_game(service: GameService, seed: int = 11) -> int:
    seats = {"us": Seat("human", CONSOLE, "console"), "ge": Seat("bot")}
    game = service.create_game("peiper", seed=seed, seats=seats).id
    service.run_bots(game)
    return game


def click(running: Any, service: GameService, game: int, action: Action | None, nonce: str) -> dict[str, Any]:
    """The US page gives ``action`` (its index in the listing now; None: undo), as the page does."""
    link = running.link(game, "us")
    version = service.info(game).version
    if action is None:
        status, answer = post(link + "undo", {"version": version, "nonce": nonce})
    else:
        index = registry.get("peiper").legal_actions(service.state(game), "us").index(action)
        status, answer = post(link + "order", {"version": version, "index": index, "nonce": nonce})
    assert status == 200, answer
    for _ in range(200):  # what follows it (the bots, the lines at the table) is printed by then
        if not running.server.tasks:
            break
        time.sleep(0.05)
    return answer


def test_a_click_on_the_board_is_printed_at_the_table_as_the_typed_order(tmp_path: Path) -> None:
    typed_db, board_db = GameService(f"sqlite:///{tmp_path / 'typed.db'}"), GameService(f"sqlite:///{tmp_path / 'b.db'}")
    games = [table_game(typed_db), table_game(board_db)]
    outs = [io.StringIO(), io.StringIO()]
    tables = [Table(svc, g, ["us"], None, out=out, images=False)
              for svc, g, out in zip((typed_db, board_db), games, outs, strict=True)]
    running = serve_beside(board_db, games[1], "127.0.0.1:0", "", lambda line: None, table=tables[1])
    assert running is not None
    try:
        place = registry.get("peiper").legal_actions(typed_db.state(games[0]), "us")[0]
        for action in (place, Action("ready")):  # a placement; the set-up's end: the bot's replies, the phase
            assert tables[0].handle(action.command("peiper").removeprefix("/peiper "))
            before = len(outs[1].getvalue())
            answer = click(running, board_db, games[1], action, f"table-{action.kind}")
            assert answer["order"] == action.command("peiper")
            printed = outs[1].getvalue()[before:].splitlines()
            assert printed[0] == f"> {action.command('peiper')}  (given from the board)"
            assert printed[1:] == outs[0].getvalue().splitlines()[-(len(printed) - 1):], printed
        assert typed_db.info(games[0]).version == board_db.info(games[1]).version
        assert "German" in outs[1].getvalue() or "[bot ge]" in outs[1].getvalue()
        # an undo past the bot's reply is refused as at the table, naming why; the table prints nothing
        before, version = len(outs[1].getvalue()), board_db.info(games[1]).version
        status, refused = post(running.link(games[1], "us") + "undo", {"version": version, "nonce": "table-undo-1"})
        assert status == 400 and "given by the bot" in refused["reason"], refused
        assert outs[1].getvalue()[before:] == "" and board_db.info(games[1]).version == version
    finally:
        running.stop()
        typed_db.engine.dispose()
        board_db.engine.dispose()


def test_typing_and_clicking_are_interchangeable_under_one_lock(service: GameService) -> None:
    game = table_game(service, seed=5)
    out = io.StringIO()
    table = Table(service, game, ["us"], None, out=out, images=False)
    running = serve_beside(service, game, "127.0.0.1:0", "", lambda line: None, table=table)
    assert running is not None
    try:
        actions = registry.get("peiper").legal_actions(service.state(game), "us")
        units = list(dict.fromkeys(str(a.args["unit"]) for a in actions if a.kind == "place"))
        first = next(a for a in actions if a.args.get("unit") == units[0])
        assert table.handle(first.command("peiper").removeprefix("/peiper "))  # typed
        second = next(a for a in registry.get("peiper").legal_actions(service.state(game), "us")
                      if a.args.get("unit") == units[1])
        click(running, service, game, second, "mix-00001")  # clicked
        third = next(a for a in registry.get("peiper").legal_actions(service.state(game), "us")
                     if a.args.get("unit") == units[2])
        # a click and a typed line at once: the table's lock takes them one at a time; the click drawn
        # before the typed order is applied, or refused as stale (the page redraws), never lost silently
        version = service.info(game).version
        index = registry.get("peiper").legal_actions(service.state(game), "us").index(third)
        done: list[tuple[int, dict[str, Any]]] = []
        clicker = threading.Thread(target=lambda: done.append(post(
            running.link(game, "us") + "order", {"version": version, "index": index, "nonce": "mix-00002"})))
        fourth = next(a for a in registry.get("peiper").legal_actions(service.state(game), "us")
                      if a.args.get("unit") == units[3])
        clicker.start()
        typed_ok = table.handle(fourth.command("peiper").removeprefix("/peiper "))
        clicker.join(30)
        time.sleep(0.2)
        status, answer = done[0]
        assert status == 200 or (status == 409 and answer["stale"]), answer
        placed = [e.action for e in service.log(game) if e.side == "us" and e.action and e.action["kind"] == "place"]
        assert placed[:2] == [first.to_dict(), second.to_dict()]
        assert (third.to_dict() in placed) == (status == 200) and (fourth.to_dict() in placed) == typed_ok
        assert status == 200 or typed_ok
        text = out.getvalue()
        assert f"> {second.command('peiper')}  (given from the board)" in text
        assert (f"> {third.command('peiper')}  (given from the board)" in text) == (status == 200)
        # the undo from the page takes back the last order and says so at the table
        click(running, service, game, None, "mix-undo-1")
        assert "> /undo  (given from the board)" in out.getvalue() and "Undone #" in out.getvalue()
    finally:
        running.stop()
