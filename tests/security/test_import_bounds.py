"""Imports linear and bounded (issue 24): an export padded with thousands of undone entries imports in one
pass and is stored at about the file's size; every malformed value (a NUL character, a huge number, a
wrong type, deep nesting, an over-long text) is refused in one line naming the field, the database
unchanged, on SQLite and on Postgres."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, text

from bot.bench_import import finished_export, measure
from bot.cli import main
from engine.errors import UmpireError
from engine.service import GameService
from engine.service.transfer import MAX_DEPTH, MAX_STRING, check_values, link_undone, load_export
from tests.scale.conftest import db_kind, db_url  # noqa: F401  (SQLite and Postgres)


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    service = GameService(f"sqlite:///{tmp_path_factory.mktemp('export') / 'source.db'}")
    data = finished_export(service)
    service.engine.dispose()
    return data


def _rows(service: GameService) -> list[str]:
    with service.engine.connect() as conn:
        return [f"{table}:{list(r)}" for table in sorted(inspect(conn).get_table_names())
                for r in conn.execute(text(f'SELECT * FROM "{table}"'))]


def _entry(data: dict[str, Any], kind: str = "action") -> dict[str, Any]:
    return next(e for e in data["log"] if e["kind"] == kind and not e["undone"] and e["action"])


Attack = Callable[[dict[str, Any]], None]
ATTACKS: dict[str, tuple[Attack, str]] = {
    "nul_in_title": (lambda d: d.update(title="Peiper\x00 night"), "title"),
    "nul_in_reason": (lambda d: d["log"][-1].update(reason="conceded\x00"), "reason"),
    "nul_in_event_text": (lambda d: d["log"][0]["events"].append({"text": "a\x00b", "rule": ""}), "text"),
    "nul_in_action_argument": (lambda d: _entry(d)["action"]["args"].update(unit="Spitze\x00"), "unit"),
    "entry_numbered_10_to_the_30": (lambda d: d["log"][-1].update(seq=10**30), "seq"),
    "entry_numbered_past_int32": (lambda d: d["log"][-1].update(seq=2**40), "seq"),
    "refers_to_past_int32": (lambda d: d["log"][-1].update(refers_to=2**40), "refers_to"),
    "seed_past_64_bits": (lambda d: d.update(seed=2**70), "seed"),
    "option_past_64_bits": (lambda d: d.update(options={"x": -(2**70)}), "options.x"),
    "seq_as_text": (lambda d: d["log"][0].update(seq="1"), "seq"),
    "undone_as_text": (lambda d: d["log"][0].update(undone="no"), "undone"),
    "side_as_number": (lambda d: d["log"][0].update(side=7), "side"),
    "reason_as_object": (lambda d: d["log"][0].update(reason={"a": 1}), "reason"),
    "action_as_list": (lambda d: d["log"][0].update(action=[1, 2]), "action"),
    "action_argument_nested": (lambda d: _entry(d)["action"]["args"].update(unit={"deep": [1]}), "unit"),
    "events_as_text": (lambda d: d["log"][0].update(events="boom"), "events"),
    "title_as_list": (lambda d: d.update(title=["a"]), "title"),
    "title_too_long": (lambda d: d.update(title="t" * 300), "title"),
    "reason_too_long": (lambda d: d["log"][-1].update(reason="r" * 2500), "reason"),
    "any_text_too_long": (lambda d: d["view"].update(junk="v" * (MAX_STRING + 1)), "view.junk"),
    "deep_nesting_in_an_action": (lambda d: _entry(d)["action"]["args"].update(
        unit=json.loads("[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2))), "nest"),
    "too_many_events": (lambda d: d["log"][0].update(events=[{"text": "e"}] * 6000), "events"),
    # a hostile key is named escaped and cut, never echoed raw (found by test_fuzz_import: a key "\n")
    "key_with_a_newline": (lambda d: d["view"].update({"bad\nkey": 2**70}), "view.bad\\nkey"),
    "key_very_long": (lambda d: d["view"].update({"k" * 5000: 2**70}), "view has a malformed key"),
}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_import_refuses_a_malformed_value_in_one_line_naming_the_field(
        attack: str, export: dict[str, Any], db_url: str, tmp_path: Path,  # noqa: F811
        capsys: pytest.CaptureFixture[str]) -> None:
    spoil, field = ATTACKS[attack]
    data = copy.deepcopy(export)
    spoil(data)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data))
    service = GameService(db_url)
    before = _rows(service)
    assert main(["db", "import", str(path), "--db", db_url]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert field in err or attack == "deep_nesting_in_an_action" and "nests deeper" in err, err
    assert _rows(service) == before, "the refused import changed the database"
    service.engine.dispose()


def test_import_of_the_unspoilt_export_succeeds(export: dict[str, Any], db_url: str, tmp_path: Path,  # noqa: F811
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The attacks above are refused for what they spoil: the same file unspoilt imports."""
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    assert main(["db", "import", str(path), "--db", db_url]) == 0
    assert "Imported as game #" in capsys.readouterr().out


def test_import_of_an_export_behind_thousands_of_undone_entries_is_linear_and_stored_at_its_size(
        export: dict[str, Any], db_kind: str, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    service = GameService(db_url)
    rows = measure(service, export, (1500, 6000)) + measure(service, export, (6000,), bare=True)
    with capsys.disabled():
        for r in rows:
            print(f"\n  import {db_kind} {r['shape']} {r['undone']} undone: {r['file_bytes']} B file, "
                  f"{r['import_s']} s, {r['stored_bytes']} B stored ({r['stored_per_file_byte']}x)")
    copies = [r for r in rows if r["shape"] == "copies"]
    # stored at about the file's size (was 1.7x for copies, 6x for bare entries, 20x in the export);
    # a bare entry costs its row and index entries (about 160 bytes, against 50 in the file)
    assert copies[-1]["stored_per_file_byte"] < 1.5 and all(r["stored_per_file_byte"] < 2.5 for r in copies), copies
    assert rows[-1]["stored_bytes"] < 250 * rows[-1]["entries"], rows[-1]
    # a generous bound the issue asks for: 6,000 undone entries took minutes when each scanned the later ones
    assert copies[-1]["import_s"] < 60
    imported = service.info(rows[0]["game"])
    assert imported.status == "over"
    service.engine.dispose()


def test_linking_two_hundred_thousand_undone_entries_is_one_pass() -> None:
    """The most an import takes (MAX_ENTRIES): each undone entry once on the stack, not a scan of the rest."""
    entries: list[dict[str, Any]] = [{"seq": n, "kind": "action", "undone": True, "refers_to": None,
                                      "undone_by": None} for n in range(1, 200_000)]
    entries.append({"seq": 200_000, "kind": "rewind", "undone": False, "refers_to": 0, "undone_by": None})
    entries[10]["undone"] = False
    entries.insert(5, {"seq": 5.5, "kind": "undo", "undone": False, "refers_to": 4, "undone_by": None})
    start = time.perf_counter()
    link_undone(entries)
    print(f"\n  linked 200,000 undone entries in {time.perf_counter() - start:.3f} s")
    assert entries[3]["undone_by"] == 5.5  # its undo came first
    assert entries[4]["undone_by"] == 200_000 and entries[11]["undone_by"] is None
    assert all(e["undone_by"] == 200_000 for e in entries[6:11] + entries[12:-1])


def test_load_export_refuses_what_is_no_export_in_one_refusal() -> None:
    for raw in (b"[" * 100_000, b'{"a": ' + b"9" * 5000 + b"}", b'{"a": NaN}', b'{"a": 1e999}', b"\xff\xfe",
                b'"just a string"', b"{" + b'"a":{' * 30 + b"}" * 31):
        with pytest.raises(UmpireError):
            load_export(raw)
    check_values({"fine": [1, 2.5, "x", None, True, {"k": "v"}]})
