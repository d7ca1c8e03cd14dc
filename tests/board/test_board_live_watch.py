"""The live pages' watch (bot/board/live.py) on its own, with the game's stamp and data given by the test:
every event checked against the link, a page opened on an older version catches up, a page that does
not read keeps the newest only, and an idle watch ends."""

from __future__ import annotations

import asyncio

from bot.board.live import CLOSED, QUEUE, Live
from engine.service import board_links as links
from engine.service.board_links import Stamp

SECRET = "ab" * 32
GAME = 7


def _token(viewer: str, secret: str = SECRET) -> str:
    return links._mac(secret, GAME, viewer)


class Game:
    def __init__(self) -> None:
        self.stamp = Stamp(GAME, 1, 1, SECRET)
        self.built: list[tuple[str, int]] = []

    async def read(self, game_id: int) -> Stamp:
        return self.stamp

    async def payload(self, game_id: int, viewer: str, version: int) -> bytes:
        self.built.append((viewer, version))
        return f'{{"version":{version}}}'.encode()


async def _next(queue: asyncio.Queue[bytes]) -> bytes:
    return await asyncio.wait_for(queue.get(), 5)


def test_a_move_reaches_each_page_built_once_per_viewer_and_a_revoke_closes_them() -> None:
    async def run() -> None:
        game = Game()
        live = Live(game.read, game.payload, (3600.0, 3600.0))
        pages = [live.open(GAME, viewer, _token(viewer)) for viewer in ("spectator", "spectator", "us")]
        for watch, stream in pages:
            live.opened(watch, stream, 1)
        await asyncio.sleep(0.05)
        game.stamp = Stamp(GAME, 2, 1, SECRET)
        live.wake(GAME)
        assert [await _next(s.queue) for _, s in pages] == [b'event: game\ndata: {"version":2}\n\n'] * 3
        assert sorted(game.built) == [("spectator", 2), ("us", 2)], "built once per viewer and version"
        game.stamp = Stamp(GAME, 2, 2, "cd" * 32)  # revoked: a new secret, same version
        live.wake(GAME)
        assert [await _next(s.queue) for _, s in pages] == [CLOSED] * 3
        await asyncio.sleep(0.05)
        assert GAME not in live.watches, "no page left: the watch ends"

    asyncio.run(run())


def test_a_page_opened_on_an_older_version_catches_up_at_once() -> None:
    async def run() -> None:
        game = Game()
        live = Live(game.read, game.payload, (3600.0, 3600.0))
        first = live.open(GAME, "spectator", _token("spectator"))
        live.opened(*first, 1)
        await asyncio.sleep(0.05)  # the watch knows version 1
        game.stamp = Stamp(GAME, 2, 1, SECRET)
        live.wake(GAME)
        await _next(first[1].queue)
        late = live.open(GAME, "spectator", _token("spectator"))
        live.opened(*late, 1)  # its first event was built from a read made before the move
        assert await _next(late[1].queue) == b'event: game\ndata: {"version":2}\n\n'
        for watch, stream in (first, late):
            live.close(watch, stream)

    asyncio.run(run())


def test_a_page_that_does_not_read_keeps_only_the_newest() -> None:
    async def run() -> None:
        game = Game()
        live = Live(game.read, game.payload, (3600.0, 3600.0))
        watch, stream = live.open(GAME, "spectator", _token("spectator"))
        live.opened(watch, stream, 1)
        await asyncio.sleep(0.05)
        for version in range(2, 12):
            game.stamp = Stamp(GAME, version, 1, SECRET)
            live.wake(GAME)
            await asyncio.sleep(0.02)
        assert stream.queue.qsize() == QUEUE
        kept = [stream.queue.get_nowait() for _ in range(QUEUE)]
        assert kept[-1].endswith(b'{"version":11}\n\n')
        live.close(watch, stream)

    asyncio.run(run())
