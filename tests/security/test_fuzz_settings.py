"""Issue 24: server settings fuzzed (Hypothesis), on SQLite and Postgres. Every (name, value) either is
refused with an ``UmpireError`` (naming what is allowed) and leaves both tables as they were, or is stored
and reads back as the value set; a bad stored row reads as the defaults."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import select, text

from engine.errors import UmpireError
from engine.service import GameService
from engine.service.models import ServerSettingChange, ServerSettingsRecord
from engine.service.server_settings import ServerSettingsStore
from engine.service.settings import Settings
from tests.scale.conftest import db_kind, db_url, postgres_base, service  # noqa: F401

GUILD = "123456789012345678"

values: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=80) | st.sampled_from(["anyone", "role", "invite", "hard", "none", "12", "1e999", "nan",
                                            "123456789012345678", "-1", "true", " 5 "]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6)


def tables(store: ServerSettingsStore) -> tuple[Any, ...]:
    with store.engine.connect() as conn:
        rows = conn.execute(select(ServerSettingsRecord.__table__.c.settings)).all()  # type: ignore[attr-defined]
        changes = conn.execute(select(ServerSettingChange.__table__)).all()  # type: ignore[attr-defined]
    return tuple(map(tuple, rows)), len(changes)


def same(a: Any, b: Any) -> bool:
    return a == b or (isinstance(a, float) and isinstance(b, float) and math.isclose(a, b))


def test_fuzzed_settings_are_refused_unchanged_or_stored_as_set(service: GameService) -> None:  # noqa: F811
    store = ServerSettingsStore(service.engine, Settings(_env_file=None, umpire_reminder_hours=12))
    names = sorted(store.specs) + ["", "JOIN", "level_", "level_chess", "x" * 300, "open_games "]
    outcomes = {"refused": 0, "stored": 0}

    @settings(max_examples=300, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(name=st.sampled_from(names) | st.text(max_size=20), value=values)
    @example(name="join", value="invite")
    @example(name="open_games", value="7")
    @example(name="reminder_hours", value=2.5)
    @example(name="reminder_hours", value=float("nan"))
    @example(name="gm_role", value=["123456789012345678"])
    def check(name: str, value: Any) -> None:
        before = tables(store)
        try:
            old, new = store.set(GUILD, name, value, "1", "fuzzer")
        except UmpireError as exc:
            assert exc.message and len(exc.message) < 2000
            assert tables(store) == before, f"{name}={value!r} was refused but changed the tables"
            outcomes["refused"] += 1
            return
        key = name.strip().lower()
        assert same(store.get(GUILD).values[key], new), (name, value, new)
        assert tables(store)[1] == before[1] + 1, "each change is logged"
        outcomes["stored"] += 1

    check()
    assert outcomes["refused"] and outcomes["stored"], outcomes


def test_a_stored_row_of_any_shape_reads_as_settings_or_the_defaults(service: GameService) -> None:  # noqa: F811
    import json

    store = ServerSettingsStore(service.engine, Settings(_env_file=None, umpire_reminder_hours=12))

    @settings(max_examples=80, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(row=values)
    def check(row: Any) -> None:
        try:
            raw = json.dumps(row, allow_nan=False)
        except ValueError:
            return  # not JSON: Postgres would not store it
        with store.engine.begin() as conn:
            conn.execute(text("DELETE FROM server_settings"))
            conn.execute(text("INSERT INTO server_settings (guild_id, settings, updated_at) "
                              "VALUES (:g, :s, CURRENT_TIMESTAMP)"), {"g": GUILD, "s": raw})
        store.drop(GUILD)
        config = store.get(GUILD)  # never raises
        assert set(config.values) == set(store.specs)
        assert store.shortest_reminder() >= 1
        store.set(GUILD, "join", "invite", "1")  # a bad row is written over
        assert store.get(GUILD).join == "invite"

    check()
