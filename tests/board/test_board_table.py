"""`umpire play --board`: the game at the table is served beside it, its links said at the table; the
board stops with the table; a board that cannot listen is one line and the table plays on."""

from __future__ import annotations

import socket
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from board_helpers import bot_game, get

from bot.board.cli import serve_beside
from bot.table_start import run_table
from engine.service import GameService


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
