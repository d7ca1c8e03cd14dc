"""The service and its schema on SQLite and Postgres: the core service tests again on both, migrations."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text
from sqlmodel import SQLModel

from engine.games.peiper import RULES
from engine.service import GameService, Seat
from engine.service.database import head_revision, make_bare_engine, upgrade


def _core_service_tests() -> dict[str, Any]:
    """tests/core/test_service.py's tests, collected here so they take this folder's ``service`` fixture."""
    path = Path(__file__).resolve().parents[1] / "core" / "test_service.py"
    spec = importlib.util.spec_from_file_location("core_test_service_on_both_databases", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return {name: getattr(module, name) for name in dir(module) if name.startswith("test_")}


# These two let the peiper AI play 300 and 60 decisions (~80 ms each): the core run covers them on SQLite;
# here replay == state is checked on both databases with quicker orders (test_scale_load_cost, _crash).
SLOW = {"test_replaying_the_log_from_the_seed_gives_the_identical_state", "test_snapshots_keep_loading_cheap_and_consistent"}
for _name, _test in _core_service_tests().items():
    if _name not in SLOW:
        globals()[_name.replace("test_", "test_both_databases_", 1)] = _test


def test_upgrade_builds_the_schema_of_the_models_and_is_idempotent(db_url: str) -> None:
    assert upgrade(db_url) == head_revision()
    assert upgrade(db_url) == head_revision()  # nothing to do the second time
    engine = make_bare_engine(db_url)
    try:
        with engine.connect() as conn:
            ctx = MigrationContext.configure(conn)
            assert ctx.get_current_revision() == head_revision()
            # The migrations and the SQLModel tables describe the same schema.
            assert compare_metadata(ctx, SQLModel.metadata) == []
    finally:
        engine.dispose()


def test_processes_starting_together_on_an_empty_database_upgrade_it_once(db_url: str) -> None:
    """Shard processes start at once on an empty database: each waits for the one upgrading, then finds
    the schema current (once "relation reminders already exists" ended a shard in CI)."""
    from concurrent.futures import ThreadPoolExecutor
    from threading import Barrier

    start = Barrier(4)

    def one() -> str:
        start.wait()
        return upgrade(db_url, backup=False)

    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(lambda _i: one(), range(4))) == [head_revision()] * 4


def test_a_new_service_upgrades_an_empty_database_at_start(db_url: str) -> None:
    service = GameService(db_url)
    gid = service.create_game("peiper", seed=2**62 + 5).id  # a 63-bit seed needs BIGINT on Postgres
    service.run_bots(gid, limit=25)
    assert RULES.dump(service.replay(gid)) == RULES.dump(service.state(gid))
    with service.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == head_revision()
    service.engine.dispose()


def test_a_database_made_before_migrations_is_stamped_and_kept(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    old = create_engine(url)
    # as make_engine did before Alembic: the four tables of the first schema
    SQLModel.metadata.create_all(old, tables=[SQLModel.metadata.tables[n] for n in ("games", "seats", "log",
                                                                                   "snapshots")])
    with old.begin() as conn:
        conn.execute(text("DROP INDEX ix_games_status"))  # added by 0002_ops
        conn.execute(text("INSERT INTO games (game, scenario, seed, options, title, version, seq, status, state, "
                          "last_action_at, created_at) VALUES ('peiper', 'historical', 1, '{}', 't', 0, 0, "
                          "'active', '{}', '2026-01-01', '2026-01-01')"))
    old.dispose()
    service = GameService(url)
    with service.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM games")).scalar() == 1
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == head_revision()
    assert set(inspect(service.engine).get_table_names()) >= {"games", "seats", "log", "snapshots"}
    service.engine.dispose()


def test_in_memory_sqlite_still_works_for_tests() -> None:
    service = GameService("sqlite://")
    gid = service.create_game("peiper", seed=1, seats={"us": Seat("human", "a"), "ge": Seat("human", "b")}).id
    assert service.info(gid).version == 0
