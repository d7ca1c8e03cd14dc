"""The service's one write path: every log entry reaches the database through ``writes.Writer.write``.

One test drives every kind of write (an order, the bots, a GM correction, an undo, a revert, a rewind,
a re-roll, a seat, a deadline, an import) with the write path patched to count, and finds the log grew
by exactly the entries that passed through it. Another reads the service's sources and finds no other
module appending a log row. The service's modules import each other downwards only.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine.game import Action
from engine.service import GameService, Seat
from engine.service.writes import Writer

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "engine" / "service"


@pytest.fixture
def counted(service: GameService, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """(game, entries) for every call of the write path that wrote."""
    calls: list[tuple[int, int]] = []
    original = Writer.write

    def write(self: Writer, game_id: int, version: int, game: dict[str, Any], entries: Any, *args: Any,
              **kwargs: Any) -> bool:
        done = original(self, game_id, version, game, entries, *args, **kwargs)
        if done:
            calls.append((game_id, len(entries)))
        return done

    monkeypatch.setattr(Writer, "write", write)
    return calls


def _entries(service: GameService, game_id: int) -> int:
    return len(service.log(game_id))


def test_every_kind_of_log_entry_goes_through_the_one_write_path(
        service: GameService, counted: list[tuple[int, int]]) -> None:
    seats = {"us": Seat("human", "alice", "Alice"), "ge": Seat("human", "bob", "Bob")}
    gid = service.create_game("peiper", seed=11, seats=seats).id
    assert counted == [] and _entries(service, gid) == 0  # a new game has no entry: nothing written yet

    def one(kind: str, do: Any) -> None:
        before, calls = _entries(service, gid), len(counted)
        do()
        assert counted[calls:] == [(gid, 1)], kind
        log = service.log(gid)
        assert len(log) == before + 1 and log[-1].kind == kind

    one("action", lambda: service.submit(gid, "us", Action("place", {"unit": "99 BG", "at": "0505"}), "alice"))
    one("undo", lambda: service.undo(gid, "alice", "us"))
    one("action", lambda: service.submit(gid, "us", Action("ready"), "alice"))
    one("action", lambda: service.submit(gid, "ge", Action("draw"), "bob"))
    one("reroll", lambda: service.gm_reroll(gid, "gm", "the card fell off the table"))
    one("gm", lambda: service.gm(gid, Action("move", {"unit": "99 BG", "to": "0505"}), "gm", "agreed by both"))
    one("revert", lambda: service.gm_revert(gid, service.log(gid)[-1].seq, "gm", "changed their minds"))
    one("rewind", lambda: service.gm_rewind(gid, 3, "gm", "start the turn again"))
    one("seat", lambda: service.set_seat(gid, "ge", Seat("bot"), "gm", "Bob left"))
    one("deadline", lambda: service.set_deadline(gid, 24, "gm"))
    calls = len(counted)
    service.run_bots(gid, limit=3)  # the German bot's orders are orders like any other
    assert counted[calls:] and all(c == (gid, 1) for c in counted[calls:])
    assert _entries(service, gid) == sum(n for g, n in counted if g == gid)


def test_an_import_writes_its_whole_log_through_the_write_path(
        service: GameService, counted: list[tuple[int, int]]) -> None:
    seats = {"us": Seat("human", "alice", "Alice"), "ge": Seat("human", "bob", "Bob")}
    gid = service.create_game("peiper", seed=5, seats=seats).id
    service.submit(gid, "us", Action("place", {"unit": "99 BG", "at": "0505"}), "alice")
    service.undo(gid, "alice", "us")
    service.submit(gid, "us", Action("ready"), "alice")
    service.submit(gid, "ge", Action("draw"), "bob")
    service.gm(gid, Action("end", {"winner": "ge"}), "gm", "time is up")
    assert service.info(gid).status == "over"
    export = service.export(gid)
    calls = len(counted)
    copy = service.import_game(export)
    assert counted[calls:] == [(copy.id, len(export["log"]))]
    assert _entries(service, copy.id) == len(export["log"]) and copy.version == export["log"][-1]["seq"]


# What appends a row to the log table, in any of the ways SQLAlchemy and SQLModel allow.
APPENDS = [re.compile(p) for p in (
    r"insert\(\s*LOG\b", r"\bLOG\.insert\(", r"LogEntry\.__table__\.insert", r"tables\[\s*[\"']log[\"']\s*\]\.insert",
    r"\.add(_all)?\(\s*\[?\s*LogEntry\(", r"insert\(\s*LogEntry\b",
)]


def test_only_the_write_path_appends_log_rows() -> None:
    found = {path.name for path in SERVICE.glob("*.py") for p in APPENDS if p.search(path.read_text())}
    assert found == {"writes.py"}  # (copying.py copies every table of a database whole, rows as they are)
    text = (SERVICE / "writes.py").read_text()
    assert len(re.findall(r"insert\(\s*LOG\b", text)) == 3  # one entry (Postgres, SQLite) and a batch


def test_the_circles_contract_has_no_service_exemption() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    [circles] = [c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "acyclic_siblings"]
    ignored = [line for line in circles.get("ignore_imports", []) if "engine.service" in line]
    assert ignored == []


def test_the_service_modules_import_the_facade_never_the_other_way_round() -> None:
    import grimp

    graph = grimp.build_graph("engine", cache_dir=None)
    importers = graph.find_modules_that_directly_import("engine.service.service")
    inside = {m for m in importers if m.startswith("engine.service.")}
    # the package's door, the database copy (which replays every game through the facade) and the
    # play flow (which sits above the facade and uses its public methods) only
    assert inside <= {"engine.service", "engine.service.copying", "engine.service.flow"}
    assert "engine.service.flow" not in graph.find_modules_directly_imported_by("engine.service.service")
