"""Where the hard German loses on a Peiper layout (issue 42): play deals as selfplay does and print, per
deal, the cards the German passed (turn, and where its units stood), the reasons of its last orders
before each pass, and the units that never got west (where they ended, eliminated, never entered).

    PYTHONPATH=. python tools/peiper_trace.py --scenario historical --us-style careful --games 10 --seed 11 [--verbose]
"""

from __future__ import annotations

import argparse
from collections import Counter

from bot import selfplay
from engine import registry
from engine.rng import seed_from


def _top(rules: object, state: object, n: int = 6) -> list[tuple[float, int, object, str]]:
    """The hard German's ranking of the orders a number card would give here (a probe; nothing drawn)."""
    from engine.games.peiper import ai_search
    from engine.games.peiper.state import ACTIVATE

    probe = rules.load(rules.dump(state))  # type: ignore[attr-defined]
    probe.phase, probe.side, probe.acts, probe.act_units = ACTIVATE, "ge", 2, []
    legal = rules.legal_actions(probe, "ge")  # type: ignore[attr-defined]
    return ai_search._ge_ranking(probe, legal, ai_search._ge_mode(probe))[:n]


def trace(scenario: str, seed: int, number: int, us: str, verbose: bool) -> dict[str, object]:
    rules = registry.get("peiper")
    state = rules.new_state(scenario, seed_from("peiper", scenario, seed, number) & ((1 << 63) - 1), {})
    passes: Counter[int] = Counter()
    where: list[str] = []
    steps = 0
    while not rules.is_over(state) and steps < selfplay.MAX_ACTIONS:
        side = rules.to_act(state)
        assert side is not None
        level = us if side == "us" else "hard"
        action, why = selfplay.bot_action(rules, state, side, level)
        if side == "ge" and action.kind == "pass":
            passes[state.turn] += 1
            pos = " ".join(f"{u.id}@{u.hex}" for u in state.units.values()
                           if u.side == "ge" and u.status == "on_map")
            where.append(f"t{state.turn} {state.card}: {pos}")
            if verbose:
                print(f"  PASS t{state.turn} {state.card}: {pos}; US " + " ".join(
                    f"{u.id}@{u.hex}" for u in state.units.values() if u.side == "us" and u.status == "on_map"))
                for s, _, a, w in _top(rules, state):
                    print(f"      {s:7.1f} {a.kind} {a.args}: {w[:150]}")
        if verbose and (side == "ge" or action.kind in ("demolish", "attack")) and action.kind not in ("draw",):
            print(f"  t{state.turn} {side} {action.kind} {action.args}: {why}")
        rules.apply(state, side, action)
        steps += 1
    ge = [u for u in state.units.values() if u.side == "ge"]
    left = {u.id: (u.status, u.hex, u.reduced) for u in ge if u.status != "exited"}
    return {"winner": rules.winner(state), "passes": dict(passes), "left": left, "where": where,
            "bridges_down": list(state.bridges_down), "depot": state.fuel_depot}


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--scenario", default="historical")
    p.add_argument("--us-style", default="careful")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args()
    us = f"style:{args.us_style}" if args.us_style not in ("normal", "hard", "easy") else args.us_style
    for i in range(args.first, args.first + args.games):
        r = trace(args.scenario, args.seed, i, us, args.verbose)
        print(f"deal {i}: {r['winner']} wins; passes by turn {r['passes']}; bridges down {r['bridges_down']}; "
              f"depot {r['depot']}")
        for uid, (status, at, red) in r["left"].items():  # type: ignore[union-attr]
            print(f"    not out: {uid} {status} {at or ''}{' (reduced)' if red else ''}")
        for w in r["where"][:3] + (["..."] if len(r["where"]) > 3 else []):  # type: ignore[index,operator]
            print(f"    pass {w}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
