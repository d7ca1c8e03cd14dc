"""Retention: how long finished games and old backups are kept (UMPIRE_KEEP_FINISHED_DAYS,
UMPIRE_KEEP_BACKUP_DAYS; unset: for ever).

``prune`` applies both, on the record: every game it deletes (id, title, when its last move was) and
every backup file it removes is logged and returned, and ``dry_run`` lists them without deleting.
A game is deleted with every row that names it (seats, log, snapshots, reminders, and any table a
later revision adds with a ``game_id`` column), in one transaction that first locks the game and reads
its status again (``delete_games``): a game a GM brought back into play since it was listed is kept
whole. Active games are never touched;
the newest backup is always kept, whatever its age.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine
from sqlmodel import SQLModel

from .models import GameRecord, now
from .settings import Settings

log = logging.getLogger("umpire.retention")
GAMES = GameRecord.__table__  # type: ignore[attr-defined]
BATCH = 500
BACKUP_SUFFIXES = (".db", ".dump")


@dataclass
class Pruned:
    games: list[tuple[int, str, str]] = field(default_factory=list)  # (id, title, last move, ISO date)
    backups: list[Path] = field(default_factory=list)
    dry_run: bool = False

    def summary(self) -> str:
        verb = "would delete" if self.dry_run else "deleted"
        return f"{verb} {len(self.games)} finished games and {len(self.backups)} old backups"


def _aware(at: datetime) -> datetime:
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)  # SQLite drops the zone; we write UTC


def finished_before(engine: Engine, cutoff: datetime) -> list[tuple[int, str, str]]:
    query = (select(GAMES.c.id, GAMES.c.title, GAMES.c.last_action_at)
             .where(GAMES.c.status == "over").where(GAMES.c.last_action_at < cutoff).order_by(GAMES.c.id))
    with engine.connect() as conn:
        return [(r.id, r.title or "", _aware(r.last_action_at).date().isoformat()) for r in conn.execute(query)]


def delete_games(engine: Engine, ids: list[int], cutoff: datetime) -> list[int]:
    """The games still finished before ``cutoff`` and every row that names them, in one transaction per
    batch; returns the ids deleted.

    The listing is a plan, not a licence: a game listed may have come back into play since (a GM
    reverted its end). So the transaction opens by locking the games and reading their status again in
    one statement (an UPDATE that changes nothing: on Postgres it locks the rows, waits for a write in
    flight and re-reads them; on SQLite it takes the database's write lock on a current snapshot), and
    deletes only those it holds, children first. A revert waits for the prune, then finds no game, or the
    prune finds the game active and leaves it whole."""
    children = [t for t in reversed(SQLModel.metadata.sorted_tables) if t is not GAMES and "game_id" in t.c]
    deleted: list[int] = []
    for start in range(0, len(ids), BATCH):
        batch = ids[start:start + BATCH]
        with engine.begin() as conn:
            held = sorted(r[0] for r in conn.execute(
                update(GAMES).where(GAMES.c.id.in_(batch), GAMES.c.status == "over", GAMES.c.last_action_at < cutoff)
                .values(status=GAMES.c.status).returning(GAMES.c.id)))
            if not held:
                continue
            for table in children:
                conn.execute(delete(table).where(table.c.game_id.in_(held)))
            conn.execute(delete(GAMES).where(GAMES.c.id.in_(held)))
        deleted += held
    return deleted


def old_backups(folder: Path, cutoff: datetime) -> list[Path]:
    if not folder.is_dir():
        return []
    files = sorted((p for p in folder.iterdir() if p.is_file() and p.suffix in BACKUP_SUFFIXES),
                   key=lambda p: p.stat().st_mtime)
    keep = files[-1:]  # the newest is kept whatever its age: never no backup at all
    return [p for p in files if p not in keep and datetime.fromtimestamp(p.stat().st_mtime, UTC) < cutoff]


def prune(engine: Engine, settings: Settings, *, at: datetime | None = None, dry_run: bool = False,
          backups: Path | None = None) -> Pruned:
    at = at or now()
    done = Pruned(dry_run=dry_run)
    if settings.umpire_keep_finished_days is not None:
        cutoff = at - timedelta(days=settings.umpire_keep_finished_days)
        done.games = finished_before(engine, cutoff)
        if done.games and not dry_run:
            deleted = set(delete_games(engine, [g[0] for g in done.games], cutoff))
            for gid, title, _last in done.games:
                if gid not in deleted:
                    log.info("retention: kept game #%s (%s): it is no longer a finished game past the cutoff",
                             gid, title, extra={"fields": {"event": "prune_kept", "game": gid}})
            done.games = [g for g in done.games if g[0] in deleted]
        for gid, title, last in done.games:
            log.info("retention: %s finished game #%s (%s, last move %s)", "would delete" if dry_run else "deleted",
                     gid, title, last, extra={"fields": {"event": "prune_game", "game": gid, "dry_run": dry_run}})
    if settings.umpire_keep_backup_days is not None:
        folder = backups or settings.data_dir / "backups"
        done.backups = old_backups(folder, at - timedelta(days=settings.umpire_keep_backup_days))
        for path in done.backups:
            if not dry_run:
                path.unlink(missing_ok=True)
            log.info("retention: %s backup %s", "would delete" if dry_run else "deleted", path.name,
                     extra={"fields": {"event": "prune_backup", "file": path.name, "dry_run": dry_run}})
    return done
