"""``umpire board-server``: every game's board by its links, so several such processes (and bots with the
board on) serve behind one proxy: a link given by one process opens on any other."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from board_helpers import bot_game, get, get_json

from bot.cli import main
from engine.service import GameService
from engine.service import board_links as links


def test_two_board_servers_each_serve_any_game_by_its_link(service: GameService, tmp_path: Path) -> None:
    one, two = bot_game(service, "peiper"), bot_game(service, "saf")
    url = str(service.engine.url)
    procs = [subprocess.Popen([sys.executable, "-m", "bot", "board-server", "--db", url, "--bind", "127.0.0.1:0",
                               "--seconds", "60"], stdout=subprocess.PIPE, text=True, cwd=tmp_path)
             for _ in range(2)]
    try:
        bases = []
        for proc in procs:
            assert proc.stdout is not None
            line = proc.stdout.readline().strip()
            assert line.endswith("(every game, by its links)"), line
            bases.append(line.split("/ ", 1)[0])
        assert bases[0] != bases[1]
        for game in (one, two):
            path = f"/b/{game}/spectator/{links.token(service.engine, game, 'spectator')}/data"
            assert [get_json(base + path)["id"] for base in bases] == [game, game]
            assert all(get(base + path.replace(f"/b/{game}/", f"/b/{game + 100}/"))[0] == 403 for base in bases)
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(15)


def test_board_server_refuses_a_bad_bind_in_one_line(service: GameService, capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    assert main(["board-server", "--db", str(service.engine.url), "--bind", "nonsense", "--seconds", "0.1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "HOST:PORT" in err
