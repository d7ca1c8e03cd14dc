"""Helpers of the board tests: a real BoardServer on a free loopback port in a thread of its own, plain
HTTP reads, games with bot seats, where Chromium is."""

from __future__ import annotations

import json
import os
import shutil
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

from bot.board import background
from bot.board.background import BoardThread
from bot.board.server import Limits
from engine import registry
from engine.service import GameService, Seat


def serve(service: GameService, limits: Limits | None = None) -> Iterator[BoardThread]:
    running = background.start(service, "127.0.0.1", 0, "", limits)
    try:
        yield running
    finally:
        running.stop()


Running = BoardThread


def get(url: str) -> tuple[int, bytes, dict[str, str]]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read(), dict(e.headers)


def get_json(url: str) -> Any:
    status, body, _ = get(url)
    assert status == 200, (status, body[:200])
    return json.loads(body)


def bot_game(service: GameService, game: str, scenario: str = "", seed: int = 3, humans: tuple[str, ...] = ()
             ) -> int:
    sides = registry.get(game).sides
    seats = {s: Seat(kind="human", user_id=f"u-{s}", user_name=f"Player {s}") if s in humans else Seat(kind="bot")
             for s in sides}
    return service.create_game(game, scenario=scenario, seed=seed, seats=seats).id


def chromium_path() -> str | None:
    return os.environ.get("UMPIRE_TEST_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
