"""``umpire bench reads``: what /game log, /gm rulings, /game export and /game replay cost on a game whose
log holds 100 entries and on one that holds 100,000 (any seated player can make them with place and
undo during the set-up). Prints both figures and their ratio; the goal is at most 2.

The long log is written in bulk as the service would write it (place, then its undo; a snapshot every
20 entries), then a few real orders end the set-up and draw cards, so the replay has phases to show.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import tracemalloc
from typing import Any, TextIO

from sqlalchemy import insert, text, update

from engine import registry
from engine.game import Action
from engine.service import GameService, Seat
from engine.service.models import now
from engine.service.service import SNAPSHOT_EVERY, _event_dict
from engine.service.writes import GAMES, LOG, SNAPSHOTS

SEATS = {"us": Seat("human", "alice", "alice"), "ge": Seat("human", "bob", "bob")}
SIZES = (100, 100_000)
LOG_PAGE, EXPORT_PAGE, REPLAY_FRAMES, REPLAY_WINDOW = 12, 150, 40, 2000  # as cogs/game.py


def place_undo_game(service: GameService, entries: int, seed: int = 3) -> int:
    """A Peiper game whose log holds ``entries`` entries of place-and-undo (written in bulk, as the
    service writes them), then the set-up ended and a few real orders given through the service."""
    rules = registry.get("peiper")
    gid = service.create_game("peiper", seed=seed, seats=SEATS).id
    state = service.state(gid)
    place = next(a for a in rules.legal_actions(state, "us") if a.kind == "place")
    events = [_event_dict(e) for e in rules.apply(rules.load(rules.dump(state)), "us", place)]
    opening = rules.dump(state)
    pairs = max(0, entries - 12) // 2
    rows: list[dict[str, Any]] = []
    for n in range(pairs):
        seq = 2 * n + 1
        rows.append(dict(game_id=gid, seq=seq, kind="action", side="us", actor="alice", actor_name="alice",
                         action=place.to_dict(), events=events, reason="", rule="", refers_to=None, salt=None,
                         undone=True, undone_by=seq + 1, random=False, version=seq, created_at=now(),
                         interaction_id=None, rng=None))
        rows.append(dict(game_id=gid, seq=seq + 1, kind="undo", side=None, actor="alice", actor_name="",
                         action={}, events=[{"kind": "undo", "text": f"Undo of #{seq}: place", "rule": "",
                                             "side": "", "data": {}, "random": False, "phase_end": False}],
                         reason=f"Undo of #{seq}: place", rule="", refers_to=seq, salt=None, undone=False,
                         undone_by=None, random=False, version=seq + 1, created_at=now(), interaction_id=None,
                         rng=None))
    last = 2 * pairs
    with service.engine.begin() as conn:
        for start in range(0, len(rows), 5000):
            conn.execute(insert(LOG), rows[start:start + 5000])
        snaps = [dict(game_id=gid, seq=s, state=opening) for s in range(SNAPSHOT_EVERY, last + 1, SNAPSHOT_EVERY)]
        for start in range(0, len(snaps), 5000):
            conn.execute(insert(SNAPSHOTS), snaps[start:start + 5000])
        conn.execute(update(GAMES).where(GAMES.c.id == gid).values(seq=last, version=last))
    if service.engine.dialect.name == "postgresql":  # after a bulk load, as autovacuum would soon do
        with service.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text("ANALYZE log"))
            conn.execute(text("ANALYZE snapshots"))
    service.cache.drop(gid)
    service.submit(gid, "us", Action("ready"), "alice")
    for _ in range(entries - last - 1):
        info = service.info(gid)
        if info.to_act is None:
            break
        legal = rules.legal_actions(service.state(gid), info.to_act)
        service.submit(gid, info.to_act, legal[0], info.seats[info.to_act].user_id or "")
    service.gm(gid, Action("turn", {"turn": "1"}), "carol", "a ruling to list")
    return gid


def reads(service: GameService, gid: int) -> dict[str, Any]:
    """What each read command does (as the cogs call it)."""
    return {
        "log": lambda: service.log_page(gid, 1, LOG_PAGE),
        "rulings": lambda: service.rulings_page(gid, 25),
        "export": lambda: json.dumps(service.export(gid, EXPORT_PAGE, 1), default=str),
        "replay_frames": lambda: service.replay_frames(gid, REPLAY_FRAMES, REPLAY_WINDOW),
    }


def measure(service: GameService, gid: int, runs: int = 5) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for name, read in reads(service, gid).items():
        read()  # warm
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            read()
            times.append(time.perf_counter() - start)
        tracemalloc.start()
        read()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        out[name] = {"ms": round(statistics.median(times) * 1000, 2), "peak_mib": round(peak / 2**20, 2)}
    return out


def main(url: str | None, sizes: tuple[int, ...] = SIZES, as_json: bool = False, out: TextIO | None = None,
         runs: int = 5) -> int:
    out = out or sys.stdout
    service = GameService(url)
    figures: dict[str, Any] = {"sizes": list(sizes), "reads": {}}
    for size in sizes:
        start = time.perf_counter()
        gid = place_undo_game(service, size)
        built = time.perf_counter() - start
        figures["reads"][str(size)] = {"game_id": gid, "entries": service.info(gid).version,
                                       "build_s": round(built, 1), **measure(service, gid, runs)}
    small, large = (figures["reads"][str(s)] for s in (sizes[0], sizes[-1]))
    figures["ratio"] = {k: round(large[k]["ms"] / max(small[k]["ms"], 0.01), 2) for k in reads(service, 0)}
    if as_json:
        json.dump(figures, out)
        out.write("\n")
    else:
        for k in reads(service, 0):
            print(f"{k:14} {sizes[0]:>7} entries: {small[k]['ms']:8.2f} ms  {sizes[-1]:>7} entries: "
                  f"{large[k]['ms']:8.2f} ms  ratio {figures['ratio'][k]:.2f}  (peak {large[k]['peak_mib']} MiB)",
                  file=out)
    service.engine.dispose()
    return 0
