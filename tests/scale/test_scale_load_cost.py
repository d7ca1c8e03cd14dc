"""Loading a game costs the same whether its log holds 10 or 10,000 entries.

The current state lives in the games row, so reading or playing a game never reads the log; a
rebuild (undo, revert) starts from the newest snapshot, taken every 20 entries. Counted in SQL
statements and log/snapshot rows read, not in time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import event, func, insert, select, update

from engine.games.peiper import RULES
from engine.service import GameService, Seat
from engine.service.models import now
from engine.service.service import SNAPSHOT_EVERY
from engine.service.writes import GAMES, LOG, SNAPSHOTS

Player = Callable[..., Any]  # the ``player`` fixture of conftest.py

SEATS = {"us": Seat("human", "alice", "Alice"), "ge": Seat("human", "bob", "Bob")}


@dataclass
class Cost:
    statements: int = 0
    log_rows: int = 0
    snapshot_rows: int = 0


@contextmanager
def counted(service: GameService) -> Iterator[Cost]:
    from engine.service.models import LogEntry, SnapshotRecord

    cost = Cost()

    def on_sql(*_: Any) -> None:
        cost.statements += 1

    def on_log(*_: Any) -> None:
        cost.log_rows += 1

    def on_snap(*_: Any) -> None:
        cost.snapshot_rows += 1

    event.listen(service.engine, "after_cursor_execute", on_sql)
    event.listen(LogEntry, "load", on_log)
    event.listen(SnapshotRecord, "load", on_snap)
    try:
        yield cost
    finally:
        event.remove(service.engine, "after_cursor_execute", on_sql)
        event.remove(LogEntry, "load", on_log)
        event.remove(SnapshotRecord, "load", on_snap)


def pad_log(service: GameService, game_id: int, count: int) -> None:
    """``count`` seat entries (they leave the position as it is) with a snapshot every 20, as set_seat
    writes them, inserted in bulk so the test need not make 10,000 transactions."""
    state = RULES.dump(service.state(game_id))
    rows = [dict(game_id=game_id, seq=seq, kind="seat", side="us", actor="gm", actor_name="GM", action={},
                 events=[], reason="seat shuffle", rule="", refers_to=None, salt=None, undone=False,
                 undone_by=None, random=False, version=seq, created_at=now()) for seq in range(1, count + 1)]
    snaps = [dict(game_id=game_id, seq=seq, state=state) for seq in range(SNAPSHOT_EVERY, count + 1, SNAPSHOT_EVERY)]
    with service.engine.begin() as conn:
        conn.execute(insert(LOG), rows)
        conn.execute(insert(SNAPSHOTS), snaps)
        conn.execute(update(GAMES).where(GAMES.c.id == game_id).values(seq=count, version=count))
    service.cache.drop(game_id)


def last_seq(service: GameService, game_id: int) -> int:
    with service.engine.connect() as conn:
        return int(conn.execute(select(func.max(LOG.c.seq)).where(LOG.c.game_id == game_id)).scalar() or 0)


def costs(db_url: str, game_id: int, order: Callable[[GameService], None]) -> dict[str, Cost]:
    """The cost of each way in to a game, each from a new service (nothing cached in the process)."""
    out: dict[str, Cost] = {}
    for name, call in {
        "info": lambda s: s.info(game_id),
        "state": lambda s: s.state(game_id),
        "view": lambda s: s.view(game_id, "us"),
        "submit": order,
        "revert": order,  # (measured below)
    }.items():
        fresh = GameService(db_url)
        if name == "revert":
            last = last_seq(fresh, game_id)
            with counted(fresh) as cost:
                fresh.gm_revert(game_id, last, "gm", "test: take the last order back")
        else:
            with counted(fresh) as cost:
                call(fresh)
        out[name] = cost
        fresh.engine.dispose()
    return out


def test_loading_and_playing_cost_the_same_with_10_or_10000_log_entries(db_url: str, player: Player) -> None:
    service = GameService(db_url)
    short = service.create_game("peiper", seed=5, seats=SEATS).id
    long = service.create_game("peiper", seed=5, seats=SEATS).id
    pad_log(service, long, 9_990)
    player(service, short, 10, 1)
    player(service, long, 10, 1)  # the same ten orders: the seat entries changed nothing
    assert RULES.dump(service.state(short)) == RULES.dump(service.state(long))
    assert last_seq(service, short) == 10 and last_seq(service, long) == 10_000

    def next_order(game_id: int) -> Callable[[GameService], None]:
        def go(s: GameService) -> None:
            player(s, game_id, 1, 2)
        return go

    small = costs(db_url, short, next_order(short))
    big = costs(db_url, long, next_order(long))
    for name in ("info", "state", "view", "submit"):
        assert big[name] == small[name], name
        assert big[name].log_rows == 0 and big[name].snapshot_rows == 0, name
    # A rebuild reads one snapshot and the live orders after it: bounded by the snapshot interval.
    assert big["revert"].statements <= small["revert"].statements
    assert big["revert"].snapshot_rows == small["revert"].snapshot_rows == 1
    assert big["revert"].log_rows <= SNAPSHOT_EVERY + 1 and small["revert"].log_rows <= SNAPSHOT_EVERY + 1
    assert RULES.dump(service.replay(long)) == RULES.dump(service.state(long))
    assert RULES.dump(service.replay(short)) == RULES.dump(service.state(short))
    service.engine.dispose()


def test_a_rebuild_reads_no_further_back_than_the_newest_snapshot(db_url: str, player: Player) -> None:
    service = GameService(db_url)
    gid = service.create_game("peiper", seed=9, seats=SEATS).id
    player(service, gid, 65, 3)
    seq = service.log(gid)[-1].seq
    fresh = GameService(db_url)
    with counted(fresh) as cost:
        fresh.gm_revert(gid, seq, "gm", "test")
    assert cost.snapshot_rows == 1
    tail = seq - (seq - 1) // SNAPSHOT_EVERY * SNAPSHOT_EVERY  # entries after the newest snapshot left
    assert cost.log_rows <= tail + 2  # + the reverted entry, read twice
    assert RULES.dump(fresh.replay(gid)) == RULES.dump(fresh.state(gid))
    fresh.engine.dispose()
    service.engine.dispose()
