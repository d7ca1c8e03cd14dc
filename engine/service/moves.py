"""'Game N moved to version V', told to every process that watches games (issue 38).

On Postgres each change of what a game's pages show is announced with ``NOTIFY umpire_moves,
'<game>:<version>'`` in the transaction that makes it, so the announcement is delivered when, and only
when, the change is committed: an order or a ruling (``writes.append_entries``), a forget
(``privacy``), a revoke of the game's board links (``board_links``). A board process LISTENs on one
connection (bot/board/notify.py) and wakes the pages of that game, wherever the order was given. On
SQLite nothing is sent: the board reads the versions of watched games instead (polling).

The payload is only ids and numbers: a listener on the same database learns nothing a board link
would not show.
"""

from __future__ import annotations

import re

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

CHANNEL = "umpire_moves"
_PAYLOAD = re.compile(r"([0-9]{1,19}):([0-9]{1,19})")


def payload(game_id: int, version: int) -> str:
    return f"{game_id}:{version}"


def parse(text: str) -> tuple[int, int] | None:
    """``(game, version)`` from a payload; None for anything else (a payload is bounded: 39 characters)."""
    found = _PAYLOAD.fullmatch(text)
    return (int(found[1]), int(found[2])) if found else None


def announce(conn: Connection, game_id: int, version: int) -> None:
    """Tell the listeners, at this transaction's commit, that the game is at ``version`` (Postgres only)."""
    if conn.dialect.name == "postgresql":
        conn.execute(select(func.pg_notify(CHANNEL, payload(game_id, version))))
