"""Copying every game to another database: every row of every table (games in progress included, with
their logs, seats, snapshots and reminders) from one database to another that holds no games yet, ids
kept, each game then replayed on the target to its stored state. This is how a deployment moves from
SQLite to Postgres.

Apart from ``backup`` (whose snapshot reads it shares) because it needs the service to replay the games
and ``database`` to open both ends, while ``database`` needs ``backup`` before a migration: with the
copy here, no import runs in a circle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.engine import Engine
from sqlmodel import SQLModel

from engine.errors import UmpireError

from .backup import COPY_BATCH, BackupFailed, behind_since, last_entries, read_snapshot, refuse_live
from .database import make_engine
from .service import GameService
from .settings import Settings
from .urls import shown


@dataclass
class CopyReport:
    counts: dict[str, int]  # rows copied per table
    upto: dict[int, int]  # game id -> its last log entry in the snapshot
    holders: list[str] = field(default_factory=list)  # the bots that held the source (a --live copy)
    behind: int = 0  # log entries the source gained after the snapshot (orders not in the copy)
    verified: int = 0  # games whose log replays to their stored state on the target


def replay_differs(service: Any, game_id: int) -> str | None:
    """Why the game replayed from its seed and log is not its stored state; None when it is.

    A state stored by an older Umpire lacks what was added to the state since, and only that: options
    added later (a replay fills in their legacy values) and fields added to an overlay (for display).
    Those are compared where the stored state has them; every other field must be equal."""
    from engine import registry

    rules = registry.get(service.info(game_id).game)
    replayed, stored = rules.dump(service.replay(game_id)), rules.dump(service.state(game_id))
    if set(replayed) != set(stored):
        return f"game #{game_id}: its replay has the fields {sorted(set(replayed) ^ set(stored))[:5]} in difference"
    for key, value in stored.items():
        other = replayed[key]
        if key == "options" and isinstance(value, dict) and isinstance(other, dict):
            same = {k: other.get(k) for k in value} == value
        elif key == "overlays" and isinstance(value, list) and isinstance(other, list):
            same = len(value) == len(other) and all(
                isinstance(o, dict) and isinstance(n, dict) and {k: n.get(k) for k in o} == o
                for n, o in zip(other, value, strict=True))
        else:
            same = other == value
        if not same:
            return f"game #{game_id}: its replay differs from its stored state in {key}"
    return None


def verify_replays(engine: Engine) -> int:
    """Every game of the database replays to its stored state; returns how many, or BackupFailed naming them."""
    service = GameService(engine=engine)
    bad = [why for info in service.list_games() if (why := replay_differs(service, info.id))]
    if bad:
        raise BackupFailed(f"{len(bad)} games of {shown(engine)} do not replay to their stored state "
                           f"({'; '.join(bad[:3])})")
    return len(service.list_games())


def copy_database(source: Engine, target: Engine, live: bool = False, verify: bool = True) -> CopyReport:
    """Every row of Umpire's tables from ``source`` to ``target`` (both at the newest schema), ids kept.

    The source is read in one snapshot (``read_snapshot``); the target is written in one transaction,
    so a failed copy leaves it empty. Refuses a target that already holds games, and a source a running
    bot holds unless ``live`` (then the report says which orders the snapshot holds and how many came
    after it). Each game's row must agree with its log before the commit, and with ``verify`` every
    game must replay on the target to its stored state.
    """
    tables = [t for t in SQLModel.metadata.sorted_tables]
    counts: dict[str, int] = {}
    holders = refuse_live(source, live, "umpire db copy")
    with target.connect() as check:
        held = check.execute(select(func.count()).select_from(SQLModel.metadata.tables["games"])).scalar_one()
    if held:
        raise UmpireError(f"{shown(target)} already holds {held} games: copy into an empty database")
    with read_snapshot(source) as src, target.begin() as dst:
        upto = last_entries(src)
        for table in tables:
            rows = 0
            result = src.execute(select(table).order_by(*table.primary_key.columns))
            while True:
                batch = [dict(r._mapping) for r in result.fetchmany(COPY_BATCH)]
                if not batch:
                    break
                dst.execute(table.insert(), batch)
                rows += len(batch)
            counts[table.name] = rows
        games = SQLModel.metadata.tables["games"]
        torn = {int(g): int(n) for g, n in dst.execute(select(games.c.id, games.c.seq))
                if int(n) != upto.get(int(g), 0)}
        if torn:
            g = min(torn)
            raise BackupFailed(f"the copy of {len(torn)} games is torn (game #{g}: row at #{torn[g]}, log at "
                               f"#{upto.get(g, 0)}): nothing was copied")
        if target.dialect.name == "postgresql":
            for table in tables:
                pk = list(table.primary_key.columns)
                if len(pk) == 1 and pk[0].autoincrement and str(pk[0].type).upper().startswith(("INTEGER", "BIGINT")):
                    dst.execute(text(f"SELECT setval(pg_get_serial_sequence('{table.name}', '{pk[0].name}'), "
                                     f"COALESCE((SELECT MAX({pk[0].name}) FROM {table.name}), 0) + 1, false)"))
    report = CopyReport(counts, upto, holders)
    if holders:
        report.behind = behind_since(source, upto)
    if verify:
        report.verified = verify_replays(target)
    return report


def copy_to(source_url: str | None, target_url: str, settings: Settings | None = None,
            live: bool = False) -> CopyReport:
    settings = settings or Settings()
    source = make_engine(source_url, settings)
    target = make_engine(target_url, settings)
    try:
        return copy_database(source, target, live=live)
    finally:
        source.dispose()
        target.dispose()
