"""Attacks on open pages (issue 38), on SQLite and on Postgres: a revoke closes the pages opened before it
(not only their links), and a forget reaches the pages and answers of a running board, the forget run by
another process (another engine: ``umpire db forget-user``'s)."""

from __future__ import annotations

import json
import queue

import pytest
from board_helpers import Running, get
from sse import END, Stream

from bot.cli import main
from engine.game import Action
from engine.service import GameService, Seat
from engine.service import board_links as links
from tests.scale import conftest as databases

# each test on SQLite and on Postgres (the scale tests' databases; the board's own conftest has SQLite only)
db_kind, db_url, service = databases.db_kind, databases.db_url, databases.service

ALICE = "200000000000000042"
NAME = "Zelda Quartermaine"


def _game(service: GameService) -> int:
    return service.create_game("peiper", seed=3, seats={"us": Seat("human", ALICE, NAME),
                                                        "ge": Seat("human", "200000000000000043", "Bob")}).id


def _payload(event: tuple[str, bytes]) -> dict[str, object]:
    assert event[0] == "game", event
    return dict(json.loads(event[1]))


def test_a_revoke_closes_the_pages_opened_before_it(service: GameService, board: Running) -> None:
    game = _game(service)
    own = Stream(board.link(game, "us") + "events")
    watching = Stream(board.link(game, "spectator") + "events")
    try:
        assert _payload(own.next())["orders"], "the side's page holds its orders"
        _payload(watching.next())
        elsewhere = GameService(str(service.engine.url.render_as_string(hide_password=False)))
        try:
            links.revoke(elsewhere.engine, game)  # another process revokes...
            elsewhere.submit(game, "us", Action("ready"), ALICE)  # ...and the game moves on
        finally:
            elsewhere.engine.dispose()
        for stream in (own, watching):
            seen = stream.until("closed")
            assert [name for name, _ in seen] == ["closed"], f"nothing of the game after the revoke: {seen[:1]}"
            assert b"revoked" in seen[-1][1]
            assert stream.next(15) == END, "and the stream ends"
    finally:
        own.close()
        watching.close()
    assert get(board.link(game, "us") + "data")[0] == 200, "a new link opens the game again"


def test_a_forget_reaches_a_running_boards_answers_and_open_pages(service: GameService, board: Running) -> None:
    game = _game(service)
    data = board.link(game, "spectator") + "data"
    assert NAME.encode() in get(data)[1], "the board serves her name (and keeps the answer)"
    page = Stream(board.link(game, "ge") + "events")
    try:
        assert NAME in json.dumps(_payload(page.next()))
        url = service.engine.url.render_as_string(hide_password=False)
        assert main(["db", "forget-user", ALICE, "--db", url]) == 0  # another process forgets her
        status, body, _ = get(data)
        assert status == 200 and NAME.encode() not in body, "no answer kept from before the forget"
        assert "(forgotten)" in json.loads(body)["seats"]["us"]
        try:
            event = page.next(30)
        except queue.Empty:
            pytest.fail("the open page was not sent the game as it reads after the forget")
        assert NAME not in json.dumps(_payload(event)), "the open page is sent the forgotten game"
    finally:
        page.close()
