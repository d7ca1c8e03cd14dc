"""The board server on a thread of its own, beside a program that is not asyncio (the local table), and
for tests that drive it from outside its event loop."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass

from engine.service import GameService

from .server import BoardServer, Limits


@dataclass
class BoardThread:
    server: BoardServer
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread
    port: int

    def link(self, game_id: int, viewer: str = "spectator") -> str:
        return self.server.link(game_id, viewer)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def start(service: GameService, host: str, port: int, base_url: str = "", limits: Limits | None = None
          ) -> BoardThread:
    """Serve on host:port (0: a free port) from a daemon thread; raises OSError when it cannot listen."""
    loop = asyncio.new_event_loop()
    server = BoardServer(service, base_url, limits)
    started = threading.Event()
    outcome: list[int | BaseException] = []

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            outcome.append(loop.run_until_complete(server.start(host, port)))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            outcome.append(exc)
            started.set()
            return
        started.set()
        loop.run_forever()

    thread = threading.Thread(target=run, name="umpire-board", daemon=True)
    thread.start()
    if not started.wait(15):
        raise OSError(f"the board did not start on {host}:{port}")
    got = outcome[0]
    if isinstance(got, BaseException):
        raise got
    if not base_url:
        server.base_url = f"http://{'[' + host + ']' if ':' in host else host}:{got}"
    return BoardThread(server, loop, thread, got)
