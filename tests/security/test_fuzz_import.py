"""Fuzzing imports (issue 24): a real export with one value replaced anywhere (by text, NUL, huge or odd
numbers, wrong types, nesting), and random bytes as a file. The import either succeeds or is refused with
an ``UmpireError`` (the command line: one line, exit 2), and a refused import leaves the database as it
was, on SQLite and on Postgres."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from bot.bench_import import finished_export
from bot.cli import main
from engine.errors import UmpireError
from engine.service import GameService
from engine.service.models import GameRecord, LogEntry, SeatRecord, SnapshotRecord
from engine.service.transfer import load_export
from tests.scale.conftest import db_kind, db_url  # noqa: F401  (SQLite and Postgres)

ODD = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**100), max_value=2**100),
                st.floats(allow_nan=False), st.text(max_size=30),
                st.sampled_from(["\x00", "a\x00b", "x" * 5000, 10**30, 2**31, 2**63, -1, 0, "over", "action",
                                 "seed:1", "redraw", [], {}, [[[[[]]]]], {"kind": "x"}]),
                st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3))


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    service = GameService(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'source.db'}")
    data = finished_export(service, seed=5, orders=30)
    service.engine.dispose()
    return data


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i in sorted({*range(min(6, len(value))), *range(max(0, len(value) - 3), len(value))}):
            out += _paths(value[i], (*path, i))
    return out


def _replace(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = new
    return data


def _counts(service: GameService) -> tuple[int, ...]:
    with service.engine.connect() as conn:
        return tuple(conn.execute(select(func.count()).select_from(m.__table__)).scalar_one()  # type: ignore[attr-defined]
                     for m in (GameRecord, SeatRecord, LogEntry, SnapshotRecord))


def test_fuzz_import_of_a_spoilt_export_succeeds_or_refuses(export: dict[str, Any], db_kind: str,  # noqa: F811
                                                            db_url: str) -> None:  # noqa: F811
    service = GameService(db_url)
    paths = _paths(export)

    @settings(max_examples=60 if db_kind == "sqlite" else 25, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(where=st.sampled_from(paths), new=ODD)
    def spoil(where: tuple[Any, ...], new: Any) -> None:
        data = _replace(copy.deepcopy(export), where, copy.deepcopy(new))
        before = _counts(service)
        try:
            service.import_game(data)
        except UmpireError as exc:
            assert exc.message and "\n" not in exc.message
            assert _counts(service) == before, f"a refused import at {where} changed the database"

    spoil()
    service.engine.dispose()


@settings(max_examples=200, deadline=None)
@given(raw=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode),
                     st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                                  lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=4), c, max_size=3),
                                  max_leaves=30).map(lambda v: json.dumps(v).encode())))
def test_fuzz_load_export_of_any_bytes_reads_or_refuses(raw: bytes) -> None:
    try:
        data = load_export(raw)
    except UmpireError:
        return
    assert isinstance(data, dict)


def test_fuzz_db_import_of_junk_files_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    url = f"sqlite:///{tmp_path / 'target.db'}"
    junk = [b"", b"\x00\x01\x02", b"{", b"[]", b'{"game": "peiper"}', b'{"seed": 1, "game": ["x"]}',
            b'{"a": "\\u0000"}', b"[" * 10_000, json.dumps({"log": [{}] * 10}).encode()]
    for n, raw in enumerate(junk):
        path = tmp_path / f"junk{n}.json"
        path.write_bytes(raw)
        assert main(["db", "import", str(path), "--db", url]) == 2, raw[:40]
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert main(["db", "import", str(tmp_path / "missing.json"), "--db", url]) == 2
    assert main(["db", "import", str(tmp_path), "--db", url]) == 2  # a folder
    capsys.readouterr()
