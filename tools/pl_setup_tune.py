"""How Panzer Leader ``hard``'s set-up book (``data/hard_setups.yaml``) was found (issue 17).

Random local search over one seat's set-up at a time, hard's weights (``ai_search.hard_weights``)
playing that seat and ``normal`` the other: a variant moves one to three counters of the current
best set-up (onto or next to an objective hex, onto a friendly counter's hex, or within three hexes
of where it stands, always inside the set-up area and where the rules let it set up) and plays
``--screen`` deals of training seed 101; when it wins at least 3 more than the best did there, it
plays ``--confirm`` deals of seed 102 and is kept when it wins at least 2 more there too. The
measuring seed (7) is never played. A variant the rules would not let hard set up whole (a stack
over the limit), or that leaves empty an objective hex the situation garrisons for the defender, is
dropped unplayed: normal's attacker might never go for that hex, a player would.

``python tools/pl_setup_tune.py LOG.jsonl UNTIL_HH:MM utah:ge crossing:us ...`` (``--workers N``;
``--start FILE``: a JSON object by ``situation:side`` of ``{"place": ..., "screen": N, "confirm": N}``, a
starting set-up and, if measured already, its wins; default the situation's set-up).
Every variant is a line of LOG.jsonl; the best of each problem is its last ``adopt`` line, whose
``place`` is what goes into the book.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.game import Action  # noqa: E402
from engine.games.pl.ai_policy import ranked  # noqa: E402
from engine.games.pl.ai_search import hard_weights, role  # noqa: E402
from engine.games.pl.ai_setup import next_placement  # noqa: E402
from engine.games.pl.ai_value import objectives  # noqa: E402
from engine.games.pl.ai_weights import NORMAL  # noqa: E402
from engine.games.pl.board import adjacent, board_labels, distance, on_board, step_ok_for_setup  # noqa: E402
from engine.games.pl.rules import PanzerLeader  # noqa: E402
from engine.games.pl.sequence import setup_area  # noqa: E402
from engine.games.pl.state import PlState  # noqa: E402
from engine.rng import seed_from  # noqa: E402
from tools.tune_common import deadline, recorder, seat_wins  # noqa: E402

RULES = PanzerLeader()
SCREEN_SEED, CONFIRM_SEED = 101, 102


def new_game(scenario: str, seed: int, deal: int) -> PlState:
    return RULES.new_state(scenario, seed_from("pl", scenario, seed, deal) & ((1 << 63) - 1), {})


def play(job: tuple[str, int, int, str, dict[str, str]]) -> str | None:
    """One game: hard with the set-up `place` in seat, normal in the other. Returns the winner."""
    scenario, seed, deal, seat, place = job
    state = new_game(scenario, seed, deal)
    for _ in range(5000):
        if RULES.is_over(state):
            break
        side = RULES.to_act(state)
        assert side is not None
        with on_board(state):
            action = next_placement(state, side, place) if side == seat and state.phase == "setup" else None
            if action is None:
                action = ranked(state, side, hard_weights(state, side) if side == seat else NORMAL)[0][1]
        RULES.apply(state, side, action)
    return RULES.winner(state)


def set_up(scenario: str, seat: str, place: dict[str, str]) -> PlState:
    """The seat's set-up played from the book on a fresh game (the other side's as the situation gives it)."""
    state = new_game(scenario, SCREEN_SEED, 0)
    while state.phase == "setup" and RULES.to_act(state) != seat:
        RULES.apply(state, RULES.to_act(state), Action("end"))
    with on_board(state):
        while (action := next_placement(state, seat, place)) is not None:
            RULES.apply(state, seat, action)
    return state


def whole(scenario: str, seat: str, place: dict[str, str]) -> bool:
    """The rules let hard set up every counter as `place` says, and a defender leaves no objective hex
    the situation garrisons empty (normal's attacker may not go for it; a player would)."""
    state = set_up(scenario, seat, place)
    if not all(state.units[uid].hex == label for uid, label in place.items()):
        return False
    start = new_game(scenario, SCREEN_SEED, 0)
    return role(state, seat) == "attacker" or all(
        any(u.side == seat for u in state.at(o)) for o in objectives(start) if any(u.side == seat for u in start.at(o)))


def mutate(scenario: str, seat: str, place: dict[str, str], rnd: random.Random) -> dict[str, str]:
    state = set_up(scenario, seat, place)
    out = dict(place)
    with on_board(state):
        lo, hi = setup_area(state, seat)
        area = [label for label, h in board_labels().items() if lo <= h.col <= hi]
        objs = [o for o in objectives(state) if o in area]
        near_objs = sorted({a for o in objs for a in adjacent(o) if a in area} | set(objs))
        mine = sorted((u for u in state.on_map(seat) if not u.carrier), key=lambda u: u.id)
        for _ in range(rnd.choice([1, 1, 2, 3])):
            u = rnd.choice(mine)
            here = out.get(u.id, u.hex)
            assert here is not None
            pick = rnd.random()
            if pick < 0.35 and near_objs:
                pool = near_objs
            elif pick < 0.6:
                pool = sorted({v.hex for v in mine if v.hex and v.id != u.id})
            else:
                pool = [a for a in area if 0 < distance(a, here) <= 3]
            pool = [a for a in pool if a != here and not step_ok_for_setup(state, u, a)]
            if pool:
                out[u.id] = rnd.choice(pool)
        start = {u.id: u.hex for u in new_game(scenario, SCREEN_SEED, 0).units.values()}
    return {k: v for k, v in sorted(out.items()) if v != start.get(k)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("log")
    ap.add_argument("until", help="HH:MM (UTC, today): stop starting variants then")
    ap.add_argument("problems", nargs="+", help="situation:side, e.g. utah:ge")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--screen", type=int, default=50)
    ap.add_argument("--confirm", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="the search's own RNG")
    ap.add_argument("--start", default="", help="a JSON file of starting set-ups by situation:side")
    args = ap.parse_args()
    starts = json.loads(Path(args.start).read_text()) if args.start else {}
    stop = deadline(args.until)
    rnd = random.Random(args.seed)
    with Pool(args.workers) as pool, open(args.log, "a") as log:
        def wins(scenario: str, seat: str, seed: int, deals: int, place: dict[str, str]) -> int:
            return seat_wins(pool, play, ((scenario, seed, i, seat, place) for i in range(deals)), seat)

        record = recorder(log)

        best: dict[str, dict[str, Any]] = {}
        for problem in args.problems:
            scenario, seat = problem.split(":")
            begin = starts.get(problem, {"place": {}})  # a set-up, with its figures if already measured
            place = begin["place"]
            screen = begin["screen"] if "screen" in begin else wins(scenario, seat, SCREEN_SEED, args.screen, place)
            confirm = begin["confirm"] if "confirm" in begin else wins(scenario, seat, CONFIRM_SEED, args.confirm, place)
            best[problem] = {"place": place, "screen": screen, "confirm": confirm}
            record(problem=problem, stage="start", **best[problem])
        while time.time() < stop:
            for problem in args.problems:
                scenario, seat = problem.split(":")
                b = best[problem]
                cand = mutate(scenario, seat, b["place"], rnd)
                if cand == b["place"] or not whole(scenario, seat, cand):
                    continue
                screen = wins(scenario, seat, SCREEN_SEED, args.screen, cand)
                record(problem=problem, stage="screen", place=cand, screen=screen, best=b["screen"])
                if screen < b["screen"] + 3:
                    continue
                confirm = wins(scenario, seat, CONFIRM_SEED, args.confirm, cand)
                record(problem=problem, stage="confirm", place=cand, confirm=confirm, best=b["confirm"])
                if confirm >= b["confirm"] + 2:
                    b.update(place=cand, screen=screen, confirm=confirm)
                    record(problem=problem, stage="adopt", **b)


if __name__ == "__main__":
    main()
