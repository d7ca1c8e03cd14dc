"""Helpers of the board tests: a real BoardServer on a free loopback port in a thread of its own, plain
HTTP reads, games with bot seats, where Chromium is."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.board.server import BoardServer, Limits
from engine import registry
from engine.service import GameService, Seat


@dataclass
class Running:
    server: BoardServer
    base: str
    loop: asyncio.AbstractEventLoop

    def link(self, game_id: int, viewer: str = "spectator") -> str:
        return self.server.link(game_id, viewer)


def serve(service: GameService, limits: Limits | None = None) -> Iterator[Running]:
    loop = asyncio.new_event_loop()
    server = BoardServer(service, "", limits)
    ready = threading.Event()
    port: list[int] = []

    def run() -> None:
        asyncio.set_event_loop(loop)
        port.append(loop.run_until_complete(server.start("127.0.0.1", 0)))
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    server.base_url = f"http://127.0.0.1:{port[0]}"
    try:
        yield Running(server, server.base_url, loop)
    finally:
        asyncio.run_coroutine_threadsafe(server.stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


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
