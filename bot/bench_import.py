"""``umpire bench import``: what importing an export costs, in time and in stored bytes, as its log grows.

A real finished Peiper game (random legal orders, then a GM's end) is exported, and the export is padded
with ``N`` undone orders closed by one GM rewind past them all (the shape that made each undone entry scan
every later one): copies of a real order with its events, and bare entries of a number and a kind (the
smallest a file can carry). For each size it prints the file's bytes, the import's seconds and the bytes the database grew by (SQLite: its used
pages; Postgres: the tables' total relation size), and their ratio. The figures of docs/scale.md come
from this command; ``tests/security/test_import_bounds.py`` runs it small.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any, TextIO

from sqlalchemy import text

from engine import registry
from engine.game import Action
from engine.service import GameService, Seat
from engine.service.transfer import load_export

SIZES = (1500, 4500, 20_000)
TABLES = ("games", "seats", "log", "snapshots")


def finished_export(service: GameService, seed: int = 11, orders: int = 60) -> dict[str, Any]:
    """The export of a real finished game: random legal orders, then a GM's end."""
    rules = registry.get("peiper")
    gid = service.create_game("peiper", seed=seed, seats={s: Seat("human", f"p-{s}", s) for s in rules.sides}).id
    rnd = random.Random(seed)
    for _ in range(orders):
        info = service.info(gid)
        if info.status == "over" or info.to_act is None:
            break
        side = info.to_act
        service.submit(gid, side, rnd.choice(rules.legal_actions(service.state(gid), side)), f"p-{side}")
    if service.info(gid).status != "over":
        service.gm(gid, Action("end", {"winner": "us"}), "gm", "conceded")
    return json.loads(json.dumps(service.export(gid), default=str))


def padded(export: dict[str, Any], undone: int, bare: bool = False) -> dict[str, Any]:
    """The export with ``undone`` undone orders after its end, and one rewind past them: copies of a real
    order with its events, or (``bare``) entries of nothing but a number and a kind."""
    log = list(export["log"])
    last = log[-1]["seq"]
    model = next(e for e in log if e["kind"] == "action" and e["action"])
    if bare:
        model = {"kind": "action"}
    extra = [{**model, "seq": last + 1 + i, "undone": True, "refers_to": None, "salt": None, "rng": None}
             for i in range(undone)]
    if bare:
        extra = [{"seq": last + 1 + i, "kind": "action", "undone": True} for i in range(undone)]
    rewind = {"seq": last + undone + 1, "kind": "rewind", "side": None, "actor": "gm", "action": {},
              "reason": "back to the end", "rule": "", "undone": False, "refers_to": last, "salt": None,
              "rng": None, "events": [{"text": f"rewind to entry #{last}", "rule": ""}]}
    return {**export, "log": log + extra + [rewind]}


def stored_bytes(service: GameService) -> int:
    with service.engine.connect() as conn:
        if service.engine.dialect.name == "sqlite":
            size = conn.execute(text("PRAGMA page_size")).scalar_one()
            used = conn.execute(text("PRAGMA page_count")).scalar_one() - conn.execute(
                text("PRAGMA freelist_count")).scalar_one()
            return int(size * used)
        return int(sum(conn.execute(text(f"SELECT pg_total_relation_size('{t}')")).scalar_one() for t in TABLES))


def measure(service: GameService, export: dict[str, Any], sizes: tuple[int, ...], bare: bool = False
            ) -> list[dict[str, Any]]:
    rows = []
    for n in sizes:
        raw = json.dumps(padded(export, n, bare), ensure_ascii=False).encode()
        before = stored_bytes(service)
        start = time.perf_counter()
        info = service.import_game(load_export(raw))
        seconds = time.perf_counter() - start
        if service.engine.dialect.name == "postgresql":
            with service.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                for t in TABLES:  # the sizes are read from the statistics' pages: bring them up to date
                    conn.execute(text(f'VACUUM "{t}"'))
        grown = stored_bytes(service) - before
        rows.append({"shape": "bare" if bare else "copies", "undone": n, "entries": len(export["log"]) + n + 1, "file_bytes": len(raw),
                     "import_s": round(seconds, 3), "stored_bytes": grown,
                     "stored_per_file_byte": round(grown / len(raw), 2), "game": info.id})
    return rows


def main(db_url: str | None, sizes: tuple[int, ...] = SIZES, as_json: bool = False, out: TextIO | None = None
         ) -> int:
    out = out or sys.stdout
    service = GameService(db_url)
    try:
        export = finished_export(service)
        rows = measure(service, export, sizes) + measure(service, export, sizes, bare=True)
    finally:
        service.engine.dispose()
    if as_json:
        print(json.dumps({"database": service.engine.dialect.name, "imports": rows}), file=out)
    else:
        print(f"import of a finished Peiper game padded with undone orders ({service.engine.dialect.name})",
              file=out)
        print(f"{'shape':>7} {'undone':>8} {'entries':>8} {'file bytes':>12} {'import s':>9} {'stored bytes':>13} {'ratio':>6}",
              file=out)
        for r in rows:
            print(f"{r['shape']:>7} {r['undone']:>8} {r['entries']:>8} {r['file_bytes']:>12} {r['import_s']:>9} "
                  f"{r['stored_bytes']:>13} {r['stored_per_file_byte']:>6}", file=out)
    return 0
