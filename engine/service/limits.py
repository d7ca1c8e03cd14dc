"""How many games and invitations a member has open: what the per-member and per-opponent limit on
open games (the server setting ``open_games``) counts.

A member's open games on a server are the active games of that server (a DM game: the DM games) in which
he holds a seat; his pending invitations are the active games of that server that invited him and whose
seats he does not hold. One flood of ``/game new`` against the same opponent, or of ``/game invite`` to one
member, stops at the limit with a refusal naming it.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Text, func, select, type_coerce
from sqlalchemy.engine import Engine

from .models import GameRecord, SeatRecord

GAMES = GameRecord.__table__  # type: ignore[attr-defined]
SEATS = SeatRecord.__table__  # type: ignore[attr-defined]


def _in_server(guild_id: str | None) -> Any:
    return GAMES.c.guild_id.is_(None) if guild_id is None else GAMES.c.guild_id == guild_id


def open_games(engine: Engine, user_id: str, guild_id: str | None) -> int:
    """Active games of the server (None: DM games) in which the member holds a seat."""
    query = (select(func.count(func.distinct(GAMES.c.id)))
             .select_from(GAMES.join(SEATS, SEATS.c.game_id == GAMES.c.id))
             .where(GAMES.c.status == "active", SEATS.c.kind == "human", SEATS.c.user_id == str(user_id),
                    _in_server(guild_id)))
    with engine.connect() as conn:
        return int(conn.execute(query).scalar() or 0)


def pending_invitations(engine: Engine, user_id: str, guild_id: str | None) -> int:
    """Active games of the server that invited the member (``/game invite``) and that he has not joined."""
    uid = str(user_id)
    seated = select(SEATS.c.game_id).where(SEATS.c.user_id == uid)
    query = (select(type_coerce(GAMES.c.pending, Text))
             .where(GAMES.c.status == "active", _in_server(guild_id), GAMES.c.id.not_in(seated)))
    count = 0
    with engine.connect() as conn:
        for (raw,) in conn.execute(query):
            pending = raw
            if isinstance(raw, str | bytes):
                try:
                    pending = json.loads(raw)
                except ValueError:
                    continue
            if isinstance(pending, dict) and uid in [str(u) for u in pending.get("invited") or [] if u]:
                count += 1
    return count
