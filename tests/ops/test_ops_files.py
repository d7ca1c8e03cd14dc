"""The bot's limit of open files is raised where it is deployed (issue 43): the systemd unit's
LimitNOFILE and the compose file's ulimits leave the live board's default cap of connections room
under them, with what the guard keeps back for the bot's gateway, REST calls and database."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from bot.board.guard import fitted
from engine.service.settings import Settings

REPO = Path(__file__).resolve().parents[2]
BOT_FILES = 200  # what the bot holds before the board starts, and more: a generous guess


def test_the_unit_raises_the_limit_of_open_files_past_the_boards_cap() -> None:
    unit = (REPO / "deploy" / "umpire.service").read_text(encoding="utf-8")
    found = re.search(r"^LimitNOFILE=(\d+)$", unit, re.M)
    assert found, "deploy/umpire.service sets no LimitNOFILE (the default soft limit is 1,024)"
    total = Settings(_env_file=None).umpire_board_connections
    assert fitted(total, int(found.group(1)), used=BOT_FILES) == total


def test_compose_raises_the_limit_of_open_files_past_the_boards_cap() -> None:
    compose = yaml.safe_load((REPO / "deploy" / "compose.yaml").read_text(encoding="utf-8"))
    nofile = compose["services"]["bot"]["ulimits"]["nofile"]
    total = Settings(_env_file=None).umpire_board_connections
    assert nofile["soft"] <= nofile["hard"] and fitted(total, nofile["soft"], used=BOT_FILES) == total
