"""One board process's ear on Postgres: LISTEN umpire_moves (engine/service/moves.py) on one connection of
its own, each announced move handed to the process's live pages (bot/board/live.py).

One dedicated connection per board process, whatever the number of games and pages: the announcement
comes from whichever process committed the move (the bot of any shard, another board, ``umpire db``), so
pages are live wherever the order was given. While the connection is down the pages fall back to polling
(``on_state(False)``); the listener reconnects, waiting twice as long after each failure up to
``RETRY_MAX`` seconds, and on reconnecting every watch looks once (moves told while it was down are lost
to it). A silent connection is found out by a ``SELECT 1`` after ``IDLE_CHECK`` seconds without news.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from sqlalchemy.engine import URL

from engine.service import moves

log = logging.getLogger("umpire.board")

RETRY_FIRST = 0.5
RETRY_MAX = 30.0
IDLE_CHECK = 20.0


def conninfo(url: URL) -> str:
    """libpq's URI for the engine's database (its password, search path and options kept)."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class MoveListener:
    """Calls ``on_move(game, version)`` for each announced move; ``on_state(True/False)`` as it hears or not."""

    def __init__(self, url: URL, on_move: Callable[[int, int], None], on_state: Callable[[bool], None],
                 idle_check: float = IDLE_CHECK) -> None:
        self.url = url
        self.on_move, self.on_state = on_move, on_state
        self.idle_check = idle_check
        self.task: asyncio.Task[None] | None = None
        self.heard = 0  # announcements heard (the benchmark counts them)
        self.connects = 0

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name="umpire-board-listen")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None
        self.on_state(False)

    async def _run(self) -> None:
        delay = RETRY_FIRST
        while True:
            try:
                await self._listen()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - the pages poll until the listener is back
                log.warning("board: listening to moves failed (%s); the pages poll, retrying in %.1fs",
                            type(exc).__name__, delay)
            self.on_state(False)
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

    async def _listen(self) -> None:
        import psycopg  # the driver the engine uses on Postgres (requirements.lock)

        async with await psycopg.AsyncConnection.connect(conninfo(self.url), autocommit=True) as conn:
            await conn.execute(f"LISTEN {moves.CHANNEL}")
            self.connects += 1
            self.on_state(True)
            while True:
                async for note in conn.notifies(timeout=self.idle_check):
                    self.heard += 1
                    moved = moves.parse(note.payload)
                    if moved is not None:
                        self.on_move(*moved)
                await conn.execute("SELECT 1")  # a connection gone silent raises here
