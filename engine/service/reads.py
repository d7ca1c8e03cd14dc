"""Reads: the state and the view, the log and its pages, the rulings' page, lists of games, the seeds,
and replays. Nothing here writes.

Each read's cost follows what it shows, not the length of the log or the number of games (pages are
ranges of entry numbers or SQL limits; docs/scale.md). What a viewer may not see yet is redacted
(``hidden.visible``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func
from sqlalchemy import select as core_select
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from engine import registry
from engine.errors import NotFound

from .games import find, info_of
from .hidden import visible
from .models import GameRecord, LogEntry, SeatRecord
from .records import RULING_KINDS, GameInfo, Seat, commitment
from .replay import apply_entries, opening
from .writes import GAMES


def state(engine: Engine, game_id: int) -> Any:
    with Session(engine) as s:
        rec = find(s, game_id)
        return registry.get(rec.game).load(rec.state)


def view(engine: Engine, game_id: int, side: str | None = None) -> dict[str, Any]:
    with Session(engine) as s:
        rec = find(s, game_id)
        rules = registry.get(rec.game)
        v = rules.view(rules.load(rec.state), side)
        v["game_id"], v["version"] = rec.id, rec.version
        return v


def version_of(engine: Engine, game_id: int) -> int:
    """The game's version alone (one column: what a watcher polls; ``info`` reads and loads the state)."""
    with Session(engine) as s:
        version = s.exec(select(GameRecord.version).where(GameRecord.id == game_id)).first()
    if version is None:
        raise NotFound(f"No game #{game_id}")
    return int(version)


def active_game_ids(engine: Engine) -> list[int]:
    """The ids of the active games (one column read: nothing of a game is loaded)."""
    with engine.connect() as conn:
        rows = conn.execute(core_select(GAMES.c.id).where(GAMES.c.status == "active").order_by(GAMES.c.id))
        return [int(r[0]) for r in rows]


def list_games(engine: Engine, guild_id: str | None = None, channel_id: str | None = None,
               user_id: str | None = None, active_only: bool = False) -> list[GameInfo]:
    with Session(engine) as s:
        q = select(GameRecord)
        if guild_id is not None:
            q = q.where(GameRecord.guild_id == guild_id)
        if channel_id is not None:
            q = q.where(GameRecord.channel_id == channel_id)
        if active_only:
            q = q.where(GameRecord.status == "active")
        if user_id is not None:
            ids = select(SeatRecord.game_id).where(SeatRecord.user_id == user_id)
            q = q.where(col(GameRecord.id).in_(ids))
        return [info_of(s, r) for r in s.exec(q.order_by(col(GameRecord.id))).all()]


def list_page(engine: Engine, guild_id: str | None = None, user_id: str | None = None, page: int = 1,
              size: int = 20) -> tuple[list[GameInfo], int, int]:
    """One page of a server's games (or a user's), newest first: (the page's games, the page shown, the
    count of games). A count and ``size`` rows in SQL, and the seats of those games in one more read:
    the cost follows the page, not the number of games."""
    size = max(1, min(size, 100))
    with Session(engine) as s:
        conditions: list[Any] = []
        if guild_id is not None:
            conditions.append(col(GameRecord.guild_id) == guild_id)
        if user_id is not None:
            conditions.append(col(GameRecord.id).in_(select(SeatRecord.game_id).where(SeatRecord.user_id == user_id)))
        total = int(s.exec(select(func.count()).select_from(GameRecord).where(*conditions)).one())
        pages = max(1, -(-total // size))
        page = max(1, min(page, pages))
        rows = list(s.exec(select(GameRecord).where(*conditions).order_by(col(GameRecord.id).desc())
                           .offset((page - 1) * size).limit(size)).all())
        seats: dict[int, dict[str, Seat]] = {r.id or 0: {} for r in rows}
        for seat in s.exec(select(SeatRecord).where(col(SeatRecord.game_id).in_(list(seats)))).all():
            seats[seat.game_id][seat.side] = Seat(seat.kind, seat.user_id, seat.user_name, seat.level, seat.notify)
        return [info_of(s, r, seats[r.id or 0]) for r in rows], page, total


def log(engine: Engine, game_id: int, include_undone: bool = True) -> list[LogEntry]:
    with Session(engine) as s:
        find(s, game_id)
        q = select(LogEntry).where(LogEntry.game_id == game_id)
        if not include_undone:
            q = q.where(col(LogEntry.undone).is_(False))
        return list(s.exec(q.order_by(col(LogEntry.seq))).all())


def log_page(engine: Engine, game_id: int, page: int = 1, size: int = 12, viewer: str | None = None,
             everything: bool = False) -> tuple[list[LogEntry], int, int]:
    """One page of the log, page 1 the newest: (its entries, oldest first; the page shown; the pages).

    Entries are numbered 1..seq, so a page is a range of numbers: ``size`` rows read, however long
    the log. What ``viewer`` (a side; None for everyone at the table) may not see yet is left out
    (``hidden.redacted``), unless ``everything``."""
    size = max(1, min(size, 1000))
    with Session(engine) as s:
        rec = find(s, game_id)
        pages = max(1, -(-rec.seq // size))
        page = max(1, min(page, pages))
        hi = rec.seq - (page - 1) * size
        rows = s.exec(select(LogEntry).where(LogEntry.game_id == game_id, col(LogEntry.seq) > hi - size,
                                             col(LogEntry.seq) <= hi).order_by(col(LogEntry.seq))).all()
        entries = list(rows) if everything else visible(rec, list(rows), viewer)
        return entries, page, pages


def visible_log(engine: Engine, game_id: int, viewer: str | None) -> list[LogEntry]:
    """The whole log as ``viewer`` may see it (the table's /log; the export)."""
    with Session(engine) as s:
        rec = find(s, game_id)
        rows = list(s.exec(select(LogEntry).where(LogEntry.game_id == game_id).order_by(col(LogEntry.seq))).all())
        return visible(rec, rows, viewer)


def rulings_page(engine: Engine, game_id: int, limit: int = 25) -> tuple[list[LogEntry], int]:
    """The newest ``limit`` rulings, oldest first, and how many there are in all (an index walk:
    the cost follows the rulings shown, not the length of the log)."""
    with Session(engine) as s:
        find(s, game_id)
        # the numbers from the (game, kind, seq) index alone, then the newest rows by number: a plain
        # ORDER BY seq DESC LIMIT walks the whole log backwards when rulings are few
        seqs = sorted(s.exec(select(LogEntry.seq).where(LogEntry.game_id == game_id,
                                                        col(LogEntry.kind).in_(RULING_KINDS))).all())
        newest = seqs[-limit:] if limit > 0 else []
        rows = s.exec(select(LogEntry).where(LogEntry.game_id == game_id, col(LogEntry.seq).in_(newest))
                      .order_by(col(LogEntry.seq))).all() if newest else []
        return list(rows), len(seqs)


def replay(engine: Engine, game_id: int, upto: int | None = None) -> Any:
    """The state rebuilt from the seed and the log alone (entries not undone, up to ``upto``)."""
    with Session(engine) as s:
        rec = find(s, game_id)
        rules = registry.get(rec.game)
        entries = s.exec(select(LogEntry).where(LogEntry.game_id == game_id).order_by(col(LogEntry.seq))).all()
        return apply_entries(rules, opening(rules, rec), [e for e in entries if upto is None or e.seq <= upto],
                             list(rec.reseeds or []))


def seed_record(engine: Engine, game_id: int) -> dict[str, Any]:
    """Every seed of the game with its salted hash; a seed and its salt only once revealed: the game's
    own at its first end, each fresh seed (drawn when a revealed game came back) at the next end."""
    with Session(engine) as s:
        rec = find(s, game_id)
        over = rec.status == "over"
        reseeds = list(rec.reseeds or [])
        shown = over or bool(reseeds)
        return {
            "seed_hash": commitment(rec.seed, rec.seed_salt), "seed": rec.seed if shown else None,
            "seed_salt": rec.seed_salt if shown else None,
            "reseeds": [{"hash": commitment(int(r["seed"]), str(r["salt"])),
                         "seed": r["seed"] if over or i < len(reseeds) - 1 else None,
                         "salt": r["salt"] if over or i < len(reseeds) - 1 else None}
                        for i, r in enumerate(reseeds)],
        }
