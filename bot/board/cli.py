"""``umpire board --game-id N [--db URL] [--bind HOST:PORT]``: one game's board, served from the terminal.
``umpire board-server [--db URL] [--bind HOST:PORT]``: every game's, by its links (links checked against
the database, so any number of these, and bots with the board on, may serve behind one proxy).

The first line printed is the spectator's link (board-server: the base URL); then one line ``SIDE LINK``
for each side. It serves
until interrupted (Ctrl-C), or for ``--seconds`` when given (tests, a demonstration).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from engine import registry
from engine.errors import UmpireError
from engine.service import GameService
from engine.service.board_links import SPECTATOR
from engine.service.database import unavailable

from . import background
from .background import BoardThread
from .desks import table_desk
from .server import BoardServer, Limits, parse_bind

if TYPE_CHECKING:
    from .desks import Table

DEFAULT_BIND = "127.0.0.1:8787"


def links(server: BoardServer, game_id: int) -> list[tuple[str, str]]:
    """(viewer, link) for the spectator first, then each side of the game."""
    rules = registry.get(server.service.info(game_id).game)
    return [(SPECTATOR, server.link(game_id))] + [(side, server.link(game_id, side)) for side in rules.sides]


async def serve(service: GameService, game_id: int | None, bind: str, base_url: str, seconds: float | None,
                out: TextIO, limits: Limits | None = None) -> int:
    """Serve until interrupted (or ``seconds``); ``game_id`` None (``umpire board-server``): every game, by
    its links, and the first line printed is the base URL."""
    host, port = parse_bind(bind)
    server = BoardServer(service, base_url, limits)
    if game_id is not None:
        service.info(game_id)  # a missing game is refused before anything listens
    port = await server.start(host, port)
    if not base_url:
        server.base_url = f"http://{'[' + host + ']' if ':' in host else host}:{port}"
    try:
        if game_id is None:
            print(f"{server.base_url}/ (every game, by its links)", file=out, flush=True)
        for i, (viewer, link) in enumerate(links(server, game_id) if game_id is not None else []):
            print(link if i == 0 else f"{viewer} {link}", file=out, flush=True)
        if seconds is None:
            while True:
                await asyncio.sleep(3600)
        await asyncio.sleep(seconds)
    finally:
        await server.stop()
    return 0


def run_board(game_id: int | None, db: str | None, bind: str | None, base_url: str = "", seconds: float | None = None,
              out: TextIO | None = None, limits: Limits | None = None) -> int:
    out = out or sys.stdout
    try:
        parse_bind(bind or DEFAULT_BIND)
    except ValueError as exc:
        print(f"umpire board: --bind {exc}", file=sys.stderr)
        return 2
    try:
        service = GameService(db)
    except UmpireError as exc:
        print(f"umpire board: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - a database that cannot be reached: one line
        print(f"umpire board: {unavailable(db, exc)}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(serve(service, game_id, bind or DEFAULT_BIND, base_url, seconds, out, limits))
    except UmpireError as exc:
        print(f"umpire board: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # the address is taken or not ours
        print(f"umpire board: cannot listen on {bind or DEFAULT_BIND}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    finally:
        service.engine.dispose()


def serve_beside(service: GameService, game_id: int, bind: str, base_url: str, say: Callable[[str], None],
                 limits: Limits | None = None, table: Table | None = None) -> BoardThread | None:
    """``umpire play --board``: the game being played, served from a thread beside the table; its links are
    said at the table. An order clicked on a side's page is the table's (``desks.table_desk``): given under
    its lock and printed as a typed one. A board that cannot listen is said in one line, and the table
    plays on."""
    try:
        host, port = parse_bind(bind)
        running = background.start(service, host, port, base_url, limits)
    except (ValueError, OSError) as exc:
        say(f"The board cannot start on {bind[:60]}: {getattr(exc, 'strerror', None) or exc}")
        return None
    if table is not None:
        running.server.desk = table_desk(table, running.server)
    rules = registry.get(service.info(game_id).game)
    say(f"Board (spectators): {running.link(game_id)}")
    for side in rules.sides:
        say(f"Board ({rules.side_name(side)}): {running.link(game_id, side)}")
    return running
