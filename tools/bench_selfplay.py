"""Seconds a deal of Peiper selfplay, and the hard German's turn times, for the rows issue 30 measures.

Each row is ``umpire selfplay peiper`` on a few fixed deals in this one process: the wall seconds and the
CPU seconds of this process a deal (CPU is the steadier figure on a shared machine), and the bot-turn
median and 95th percentile of each side (selfplay's own clock, reading CPU time unless ``--clock wall``). Run it on two checkouts
(``PYTHONPATH`` set to each) to compare them; the games are the same, only the time differs.

    PYTHONPATH=. python tools/bench_selfplay.py [--games 3] [--seed 11] [--rows contest-hard-aggressive,...]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from bot import selfplay

# name -> (scenario, policies, US style, match)
ROWS: dict[str, tuple[str, list[str], str | None, str | None]] = {
    "contest-hard-aggressive": ("contest", ["ge=ai:hard"], "aggressive", None),
    "historical-hard-aggressive": ("historical", ["ge=ai:hard"], "aggressive", None),
    "contest-hard-demolisher": ("contest", ["ge=ai:hard"], "demolisher", None),
    "historical-hard-demolisher": ("historical", ["ge=ai:hard"], "demolisher", None),
    "contest-normal-us": ("contest", ["us=ai:normal"], None, None),
    "historical-normal-us": ("historical", ["us=ai:normal"], None, None),
    "contest-normal-easy": ("contest", [], None, "ai:normal,ai:easy"),
}


class _CpuClock:
    """Stands in for ``time`` in bot.selfplay, so its decision and turn times are this process's CPU time."""

    perf_counter = staticmethod(time.process_time)


def bench_row(name: str, games: int, seed: int, clock: str = "cpu") -> dict[str, Any]:
    scenario, policies, style, match = ROWS[name]
    wall, cpu = time.perf_counter(), time.process_time()
    if clock == "cpu":
        selfplay.time = _CpuClock  # type: ignore[assignment]
    try:
        result = selfplay.run("peiper", games, seed, scenario, policies=None if match else policies, timing=True,
                              match=match, us_style=style)
    finally:
        selfplay.time = time
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    deals = result["games"]
    return {"row": name, "deals": deals, "actions": result["actions"], "errors": len(result["errors"]),
            "wall_s_per_deal": round(wall / deals, 2), "cpu_s_per_deal": round(cpu / deals, 2),
            "turn_ms": {side: t["turn_ms"] for side, t in result.get("timing", {}).items()}}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--rows", default=",".join(ROWS))
    p.add_argument("--json", action="store_true")
    p.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                   help="turn times in CPU seconds of this process (default: steadier on a shared machine) or wall")
    args = p.parse_args(argv)
    for name in args.rows.split(","):
        if name not in ROWS:
            print(f"unknown row {name}: {', '.join(ROWS)}", file=sys.stderr)
            return 2
        row = bench_row(name, max(1, min(args.games, 400)), args.seed, args.clock)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            turns = "; ".join(f"{side} turn p50 {t['median']} ms p95 {t['p95']} ms ({args.clock})"
                              for side, t in row["turn_ms"].items())
            print(f"{name}: {row['deals']} deals, {row['wall_s_per_deal']} s a deal (CPU {row['cpu_s_per_deal']} s); "
                  f"{turns}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
