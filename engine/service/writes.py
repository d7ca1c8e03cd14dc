"""The log and its writes: the one write path every log entry goes through (``Writer.write``).

Every entry (an order, a GM ruling, an undo, a re-roll, a seat or deadline entry, an imported log)
reaches the database through ``Writer.write``, and only there: a test patches it and counts, and
another finds no other module inserting log rows. It moves the game's row from the version its caller
read to the new one and appends the entries, in one transaction, or writes nothing when another writer
came first.

On Postgres an order's version check, new state and log row are one statement
(``WITH upd AS (UPDATE games ... WHERE version = :v RETURNING id) INSERT INTO log ... FROM upd``):
with BEGIN and COMMIT that is three round trips, as many as a bare INSERT of the log row. On SQLite
it is an UPDATE and an INSERT in one transaction. On Postgres the new version is announced to the
board processes (``NOTIFY umpire_moves``, moves.py) in the same transaction: by that same statement
for an order, by one more for the other writes. Either way the entry and the state land together
or not at all, and a lost race inserts nothing.

``GameCache`` keeps each game's newest stored row (state, version, seats) so an order on a game
this process last wrote needs no read: the version check in the UPDATE catches any other writer.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from sqlalchemy import String, Table, bindparam, func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel

from . import moves
from .models import GameRecord, LogEntry, SnapshotRecord, now

GAMES: Table = SQLModel.metadata.tables[GameRecord.__tablename__]
LOG: Table = SQLModel.metadata.tables[LogEntry.__tablename__]
SNAPSHOTS: Table = SQLModel.metadata.tables[SnapshotRecord.__tablename__]
LOG_COLUMNS = ("game_id", "seq", "kind", "side", "actor", "actor_name", "action", "events", "reason", "rule",
               "refers_to", "salt", "undone", "undone_by", "random", "version", "created_at", "interaction_id", "rng")


@dataclass(frozen=True)
class Cached:
    """A game's row as this process last read or wrote it. ``state`` is the dumped state: never mutated."""

    game: str
    version: int
    seq: int
    status: str
    state: dict[str, Any]
    seats: dict[str, Any]  # side -> Seat


class GameCache:
    """A bounded, thread-safe map game id -> Cached (least recently used games leave first)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._rows: OrderedDict[int, Cached] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: int) -> Cached | None:
        with self._lock:
            row = self._rows.get(game_id)
            if row is not None:
                self._rows.move_to_end(game_id)
            return row

    def put(self, game_id: int, row: Cached) -> None:
        with self._lock:
            old = self._rows.get(game_id)
            if old is not None and old.version > row.version:
                return  # a slower thread must not put an older row back
            self._rows[game_id] = row
            self._rows.move_to_end(game_id)
            while len(self._rows) > self.size:
                self._rows.popitem(last=False)

    def advance(self, game_id: int, old: Cached, **changes: Any) -> None:
        self.put(game_id, replace(old, **changes))

    def drop(self, game_id: int) -> None:
        with self._lock:
            self._rows.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._rows)


def log_row(entry: LogEntry) -> dict[str, Any]:
    row = {name: getattr(entry, name) for name in LOG_COLUMNS}
    row["created_at"] = row["created_at"] or now()
    return row


# LogEntry's defaults, for rows built without the model (SQLModel's __init__ inspects every field's
# default factory on each call: about 0.3 of an order's 1.4 ms of CPU). A test checks they agree.
LOG_DEFAULTS: dict[str, Any] = {"side": None, "actor": "", "actor_name": "", "action": {}, "events": [], "reason": "",
                                "rule": "", "refers_to": None, "salt": None, "undone": False, "undone_by": None,
                                "random": False, "version": 0, "interaction_id": None, "rng": None}


def new_log_row(**values: Any) -> dict[str, Any]:
    """A log row as ``log_row(LogEntry(**values))`` gives it, without building the LogEntry."""
    unknown = set(values) - set(LOG_COLUMNS)
    if unknown:
        raise TypeError(f"no log column {', '.join(sorted(unknown))}")
    row = {name: values[name] if name in values else _default(name) for name in LOG_COLUMNS}
    row["created_at"] = row["created_at"] or now()
    return row


def _default(name: str) -> Any:
    value = LOG_DEFAULTS.get(name)
    return type(value)() if isinstance(value, dict | list) else value  # a fresh {} or [] each time


GAME_VALUES = ("state", "version", "seq", "status", "winner", "last_action_at")  # what an order moves
INSERT_BATCH = 1000  # log rows in one INSERT (an imported log)


@lru_cache(maxsize=8)
def _moved(columns: tuple[str, ...]) -> Any:
    """The version-checked UPDATE of the game's row, built once per set of columns with bind parameters
    so SQLAlchemy compiles it once."""
    return (update(GAMES)
            .where(GAMES.c.id == bindparam("g_id"), GAMES.c.version == bindparam("g_was"))
            .values({c: bindparam(f"g_{c}", type_=GAMES.c[c].type) for c in columns}))


@lru_cache(maxsize=1)
def _postgres_append() -> Any:
    """The one-statement append of one entry, built once with bind parameters."""
    moved = _moved(GAME_VALUES).returning(GAMES.c.id).cte("moved")
    values = [moved.c.id] + [bindparam(f"l_{name}", type_=LOG.c[name].type) for name in LOG_COLUMNS[1:]]
    # the move is announced by the same statement (moves.py): pg_notify runs only for a row inserted
    told = func.pg_notify(moves.CHANNEL, bindparam("note", type_=String)).label("told")
    return insert(LOG).add_cte(moved).from_select(list(LOG_COLUMNS), select(*values)).returning(LOG.c.id, told)


@lru_cache(maxsize=1)
def _added() -> Any:
    """The INSERT of one log row, also built once with bind parameters."""
    return insert(LOG).values({name: bindparam(f"l_{name}", type_=LOG.c[name].type) for name in LOG_COLUMNS})


def append_entries(conn: Connection, game_id: int, version: int, game_values: dict[str, Any],
                   entries: Sequence[dict[str, Any]], snapshots: Sequence[tuple[int, dict[str, Any]]] = ()) -> bool:
    """Set the game's new values and append its log rows if the game is still at ``version``.

    False (and nothing written) when another writer got there first. The caller commits.
    """
    columns = tuple(c for c in GAME_VALUES if c in game_values)
    told = False
    params = {"g_id": game_id, "g_was": version, **{f"g_{c}": game_values[c] for c in columns}}
    if len(entries) == 1 and columns == GAME_VALUES:
        params.update({f"l_{name}": entries[0][name] for name in LOG_COLUMNS})
        if conn.dialect.name == "postgresql":
            del params["l_game_id"]  # the CTE's RETURNING gives it
            params["note"] = moves.payload(game_id, game_values["version"])
            if conn.execute(_postgres_append(), params).first() is None:  # (rowcount is -1 here)
                return False
            told = True
        else:
            if conn.execute(_moved(columns), params).rowcount != 1:
                return False
            conn.execute(_added(), params)
    else:
        if conn.execute(_moved(columns), params).rowcount != 1:
            return False
        for at in range(0, len(entries), INSERT_BATCH):
            conn.execute(insert(LOG), [{name: e[name] for name in LOG_COLUMNS} for e in entries[at:at + INSERT_BATCH]])
    for seq, state in snapshots:
        conn.execute(insert(SNAPSHOTS).values(game_id=game_id, seq=seq, state=state))
    if not told and "version" in game_values:
        moves.announce(conn, game_id, game_values["version"])
    return True


class Writer:
    """The one write path of the log (see the module's opening). Held by the service with its cache.

    SQLite has one writer at a time and makes the others sleep and retry (up to 100 ms a nap): threads
    of this process queue on a lock around the transactions the writer opens itself. A write inside a
    caller's session (an undo, a ruling, a seat) takes no such lock: that session may already hold
    SQLite's write lock (its flushed changes), and waiting on the thread lock then would deadlock with
    the holder of the lock waiting on SQLite. Postgres locks the game's row itself.
    """

    def __init__(self, engine: Engine, cache: GameCache) -> None:
        self.engine = engine
        self.cache = cache
        self._lock: AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else nullcontext())

    def write(self, game_id: int, version: int, game: dict[str, Any], entries: Sequence[dict[str, Any]],
              snapshots: Sequence[tuple[int, dict[str, Any]]] = (), session: Session | None = None,
              cached: Cached | None = None) -> bool:
        """Move game ``game_id`` from ``version`` to the values ``game`` (``GAME_VALUES``, all or some) and
        append ``entries`` (log rows, ``new_log_row``) and ``snapshots`` ((seq, dumped state)), all in one
        transaction; False, and nothing written, if another writer came first.

        Without ``session`` the writer opens and commits its own transaction (an order: the part
        bot/bench_load.py times). With one, the session's own changes (entries marked undone, a seat, a
        deadline, the seats of an imported game) are flushed first and committed with the entries, or
        rolled back with them. The cache then holds the new row (``cached``: the row the caller read)
        or forgets the game. An IntegrityError (an interaction's entry already stored) leaves nothing
        written and is raised for the caller to answer."""
        try:
            if session is None:
                with self._lock, self.engine.begin() as conn:
                    done = append_entries(conn, game_id, version, game, entries, snapshots)
            else:
                session.flush()
                done = append_entries(session.connection(), game_id, version, game, entries, snapshots)
                if done:
                    session.commit()
                else:
                    session.rollback()
        except IntegrityError:
            if session is not None:
                session.rollback()
            self.cache.drop(game_id)
            raise
        if done and cached is not None:
            self.cache.advance(game_id, cached, version=game["version"], seq=game["seq"], status=game["status"],
                               state=game["state"])
        else:
            self.cache.drop(game_id)
        return done
