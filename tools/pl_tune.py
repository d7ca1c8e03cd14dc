"""How Panzer Leader's ``hard`` weights by situation (``ai_search.TUNED``) were found (issue 17).

Random local search, one seat of one situation at a time, against ``normal`` in the other seat:
a variant changes one or two fields of the current best ``Weights`` (a number times e^N(0, 0.5),
an integer by one, a switch flipped) and plays 40 deals of training seed 101 in that seat; when it
wins at least 2 more than the current best did on those deals, it plays 60 deals of seed 102 and
is kept when it wins there at least as many as the best. The measuring seed (7) is never played.

``python tools/pl_tune.py LOG.jsonl UNTIL_HH:MM utah:ge hill30_v2:us ...`` (``--start FILE``: a JSON
object of starting overrides by ``situation:side``, default hard's ``HARD``; ``--workers N``).
Every variant played is a line of LOG.jsonl; the best of each problem is the last ``adopt`` line.
Deal i of situation S is seeded ``seed_from("pl", S, seed, i)``, as selfplay seeds it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.pl.ai_policy import ranked  # noqa: E402
from engine.games.pl.ai_search import HARD  # noqa: E402
from engine.games.pl.ai_value import attacker_side  # noqa: E402
from engine.games.pl.ai_weights import NORMAL  # noqa: E402
from engine.games.pl.rules import PanzerLeader  # noqa: E402
from engine.rng import seed_from  # noqa: E402
from tools.tune_common import deadline, recorder, seat_wins  # noqa: E402

RULES = PanzerLeader()
ATTACKER_FIELDS = ["goal", "hold", "risk", "cover", "move_given_up", "fire_min", "of_marker", "late_turns",
                   "late_hold", "late_risk", "advance_reach", "overrun_risk", "assault_min", "open_value",
                   "open_by_fire", "trim_assault", "mass", "att_second_hold"]
DEFENDER_FIELDS = ["defend", "contest_range", "reinforce_from", "hold", "risk", "cover", "move_given_up", "fire_min",
                   "of_marker", "second_hold", "overrun_risk", "assault_min", "defender_goal", "retake_value",
                   "open_by_fire", "trim_assault", "disrupt", "shore"]
FROM_ZERO = {"open_value": 12.0, "retake_value": 12.0, "mass": 30.0, "disrupt": 1.0, "shore": 20.0}
SCREEN, CONFIRM = (101, 40), (102, 60)  # (seed, deals)


def hard_overrides() -> dict[str, Any]:
    return {f.name: getattr(HARD, f.name) for f in dataclasses.fields(HARD)
            if getattr(HARD, f.name) != getattr(NORMAL, f.name)}


def play(job: tuple[str, int, int, str, dict[str, Any]]) -> str | None:
    """One game: the variant in seat, normal in the other. Returns the winner."""
    scenario, seed, deal, seat, over = job
    variant = dataclasses.replace(NORMAL, **over)
    state = RULES.new_state(scenario, seed_from("pl", scenario, seed, deal) & ((1 << 63) - 1), {})
    for _ in range(5000):
        if RULES.is_over(state):
            break
        side = RULES.to_act(state)
        assert side is not None
        _v, action, _why = ranked(state, side, variant if side == seat else NORMAL)[0]
        RULES.apply(state, side, action)
    return RULES.winner(state)


def mutate(base: dict[str, Any], fields: list[str], rnd: random.Random) -> dict[str, Any]:
    out = dict(base)
    for name in rnd.sample(fields, rnd.choice([1, 1, 2])):
        cur = out.get(name, getattr(NORMAL, name))
        if isinstance(cur, bool):
            out[name] = not cur
        elif isinstance(cur, int):
            out[name] = max(0, cur + rnd.choice([-1, 1]))
        elif cur == 0:
            out[name] = round(FROM_ZERO.get(name, 1.0) * math.exp(rnd.gauss(0, 0.5)), 3)
        else:
            out[name] = round(cur * math.exp(rnd.gauss(0, 0.5)), 3)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("log")
    ap.add_argument("until", help="HH:MM (UTC, today): stop starting variants then")
    ap.add_argument("problems", nargs="+", help="situation:side, e.g. hill30_v2:ge")
    ap.add_argument("--start", default="", help="JSON file of starting overrides by situation:side")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0, help="the search's own RNG")
    args = ap.parse_args()
    stop = deadline(args.until)
    starts = json.loads(Path(args.start).read_text()) if args.start else {}
    rnd = random.Random(args.seed)
    with Pool(args.workers) as pool, open(args.log, "a") as log:
        def wins(scenario: str, seat: str, at: tuple[int, int], over: dict[str, Any]) -> int:
            seed, deals = at
            return seat_wins(pool, play, ((scenario, seed, i, seat, over) for i in range(deals)), seat)

        record = recorder(log)

        best: dict[str, dict[str, Any]] = {}
        for problem in args.problems:
            scenario, seat = problem.split(":")
            over = starts.get(problem, hard_overrides())
            best[problem] = {"over": over, "screen": wins(scenario, seat, SCREEN, over),
                             "confirm": wins(scenario, seat, CONFIRM, over),
                             "normal": wins(scenario, seat, CONFIRM, {})}
            record(problem=problem, stage="start", **best[problem])
        while time.time() < stop:
            for problem in args.problems:
                scenario, seat = problem.split(":")
                attacker = attacker_side(RULES.new_state(scenario, 1, {})) == seat
                b = best[problem]
                cand = mutate(b["over"], ATTACKER_FIELDS if attacker else DEFENDER_FIELDS, rnd)
                screen = wins(scenario, seat, SCREEN, cand)
                record(problem=problem, stage="screen", over=cand, screen=screen, best=b["screen"])
                if screen < b["screen"] + 2:
                    continue
                confirm = wins(scenario, seat, CONFIRM, cand)
                record(problem=problem, stage="confirm", over=cand, confirm=confirm, best=b["confirm"])
                if confirm >= b["confirm"]:
                    b.update(over=cand, screen=screen, confirm=confirm)
                    record(problem=problem, stage="adopt", **b)


if __name__ == "__main__":
    main()
