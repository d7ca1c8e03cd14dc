"""The board's live pages (issue 26, 38): which games are watched, by which open streams, and what wakes them.

Each watched game has one ``Watch`` per board process, whatever the number of its open pages. The watch
reads the game's ``Stamp`` (its version and its links' secret, one read: engine.service.board_links)
when woken and sends each page its viewer's data, built once per viewer and version. Every page is
checked against the stamp on every event: a page whose link was revoked, or whose game is gone, is sent
``event: closed`` and its stream ends, so a revoke closes the pages opened before it, not only the links.

What wakes a watch:

- on Postgres, the announcement of the move (``NOTIFY umpire_moves``, engine/service/moves.py) that a
  listener (bot/board/notify.py) hands to ``wake``: a page is live wherever the order was given, in
  whichever process; the watch then also looks at a random time between a half and the whole of
  ``Limits.listen_poll_seconds`` (a safety net, spread so that the watches do not all look at once);
- on SQLite, or while the listener is down (it reconnects, bounded), a timer: every
  ``Limits.poll_seconds`` the watch reads the stamp (polling).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from engine.service.board_links import Stamp

log = logging.getLogger("umpire.board")

CLOSED = b"event: closed\ndata: This board link was revoked, or its game is gone: ask for a new link.\n\n"
ENDED = b"event: closed\ndata: This page's sign-in has ended: open the Activity again.\n\n"
QUEUE = 4  # events kept for a page that does not read: the newest win


@dataclass(eq=False)
class Stream:
    """One open page: whose link it came by, and its events to send."""

    viewer: str
    token: str  # a link's token, or an Activity's session (``until`` set: judged by its expiry, not the links)
    until: float | None = None  # a session's end (time.time()); None: a link's page, checked against the stamp
    queue: asyncio.Queue[bytes] = field(default_factory=lambda: asyncio.Queue(maxsize=QUEUE))
    version: int | None = None  # the newest version it was given (None: its first is on its way)

    def put(self, body: bytes, version: int | None = None) -> None:
        if self.queue.full():  # a page that does not read keeps only the newest
            self.queue.get_nowait()
        self.queue.put_nowait(body)
        if version is not None:
            self.version = version

    def allowed(self, stamp: Stamp) -> bool:
        """Whether the page may still be sent the game: its link stands (a revoke ends it), or its session
        has not ended (a session is signed with the Activity's secret, never one of the game's links)."""
        if stamp.version is None:
            return False
        if self.until is not None:
            return time.time() < self.until
        return stamp.allows(self.viewer, self.token)


@dataclass(eq=False)
class Watch:
    streams: set[Stream] = field(default_factory=set)
    stamp: Stamp | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


class Live:
    """The watched games of one board process.

    ``read``: a game's stamp (on the board's thread pool); ``payload``: the data of a game for a viewer at
    a version (cached by the server); ``intervals``: how long a watch sleeps without a wake-up, as
    (listening, polling) seconds."""

    def __init__(self, read: Callable[[int], Awaitable[Stamp]],
                 payload: Callable[[int, str, int], Awaitable[bytes]], intervals: tuple[float, float]) -> None:
        self.read, self.payload = read, payload
        self.listen_seconds, self.poll_seconds = intervals
        self.watches: dict[int, Watch] = {}
        self.listening = False  # True while a listener hears every move (bot/board/notify.py)
        self.reads = 0  # stamps read (the benchmark counts them)

    def open(self, game_id: int, viewer: str, token: str, until: float | None = None) -> tuple[Watch, Stream]:
        watch = self.watches.setdefault(game_id, Watch())
        stream = Stream(viewer, token, until)
        watch.streams.add(stream)
        if watch.task is None or watch.task.done():
            watch.task = asyncio.create_task(self._watch(game_id, watch))
        return watch, stream

    @staticmethod
    def close(watch: Watch, stream: Stream) -> None:
        watch.streams.discard(stream)
        if not watch.streams:
            watch.wake.set()  # its task ends now, not at its next look

    @staticmethod
    def opened(watch: Watch, stream: Stream, version: int) -> None:
        """The page was sent the game at ``version`` first: should the watch know a newer one, it looks now."""
        stream.version = version
        if watch.stamp is not None and watch.stamp.version != version:
            watch.wake.set()

    def wake(self, game_id: int) -> None:
        """A move of the game was announced: its watch looks now (a game not watched here is no work)."""
        watch = self.watches.get(game_id)
        if watch is not None:
            watch.wake.set()

    def wake_all(self) -> None:
        """The listener (re)connected: moves may have been missed while it was down."""
        for watch in self.watches.values():
            watch.wake.set()

    def set_listening(self, listening: bool) -> None:
        changed = listening != self.listening
        self.listening = listening
        if changed:
            self.wake_all()  # each watch takes the new interval now (and looks, for moves missed)

    async def _stamp(self, game_id: int) -> Stamp:
        self.reads += 1
        return await self.read(game_id)

    async def _watch(self, game_id: int, watch: Watch) -> None:
        """Look at the game when woken (or when the interval passes); send or close each page on a change."""
        try:
            watch.stamp = await self._stamp(game_id)
            await self._send(game_id, watch, watch.stamp)  # a page opened on an older version catches up
            while watch.streams:
                # listening, the safety looks are spread (not every watch at once); polling, a steady beat
                seconds = self.listen_seconds * random.uniform(0.5, 1.0) if self.listening else self.poll_seconds
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(watch.wake.wait(), seconds)
                watch.wake.clear()
                if not watch.streams:
                    break
                stamp = await self._stamp(game_id)
                behind = any(s.version is not None and s.version != stamp.version for s in watch.streams)
                if stamp != watch.stamp or behind:
                    watch.stamp = stamp
                    await self._send(game_id, watch, stamp)
        except Exception:  # noqa: BLE001 - a failed watch ends; the pages reconnect and start another
            log.exception("board watch of game %s failed", game_id)
            for stream in list(watch.streams):
                stream.put(CLOSED)
        finally:
            if self.watches.get(game_id) is watch and not watch.streams:
                del self.watches[game_id]

    async def _send(self, game_id: int, watch: Watch, stamp: Stamp) -> None:
        """Each page whose link still stands its viewer's data at the stamp's version (unless it has that one,
        or its first is on its way); every other page is closed."""
        behind: list[Stream] = []
        for stream in list(watch.streams):
            if not stream.allowed(stamp):
                stream.put(CLOSED if stream.until is None or stamp.version is None else ENDED)
                watch.streams.discard(stream)
            elif stream.version is not None and stream.version != stamp.version:
                behind.append(stream)
        viewers = list(dict.fromkeys(s.viewer for s in behind))  # each viewer's data at once, on the pool
        built = await asyncio.gather(*(self.payload(game_id, v, stamp.version) for v in viewers))
        bodies = {v: event("game", body) for v, body in zip(viewers, built, strict=True)}
        for stream in behind:
            stream.put(bodies[stream.viewer], stamp.version)

    def cancel(self) -> None:
        for watch in list(self.watches.values()):
            if watch.task is not None:
                watch.task.cancel()


def event(name: str, body: bytes) -> bytes:
    """One server-sent event."""
    return b"event: " + name.encode() + b"\ndata: " + body + b"\n\n"
