"""How much a German could gain by removing one US unit early (issue 42): the same deals as
`umpire selfplay`, the hard German against a US style, with the named US unit taken off the map at the
start of turn T (after the set-up). No German can do that for free; the figure bounds what any German
play that breaks that unit by then could be worth, and shows how fast the worth of a breach falls.

    PYTHONPATH=. python tools/peiper_ceiling.py --us-style careful --games 100 --seed 4242 --remove "99 BG" --turn 1

Without --remove it plays the deals as they are (the baseline the removals are compared with).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from bot import selfplay
from engine import registry
from engine.gamestate import SETUP
from engine.rng import seed_from

MAX_GAMES = 1000
STEPS = selfplay.MAX_ACTIONS


def us_unit(rules: Any, scenario: str, name: str) -> str:
    """The US unit ``name`` names (any spelling the game accepts); anything else is refused."""
    state = rules.new_state(scenario, 1, {})
    try:
        uid = rules.unit_id(state, name[:40])
    except Exception as exc:  # noqa: BLE001 - the game's own refusal, said plainly
        raise SystemExit(f"--remove: {exc}") from None
    if state.units[uid].side != "us":
        raise SystemExit(f"--remove: {uid} is not a US unit")
    return str(uid)


def play(rules: Any, scenario: str, seed: int, number: int, us_level: str, remove: str | None, turn: int
         ) -> tuple[str | None, int]:
    """One deal: (winner, German units exited)."""
    state = rules.new_state(scenario, seed_from("peiper", scenario, seed, number) & ((1 << 63) - 1), {})
    removed = remove is None
    steps = 0
    while not rules.is_over(state) and steps < STEPS:
        if not removed and state.phase != SETUP and state.turn >= turn:
            unit = state.units[remove]
            if unit.status == "on_map":
                unit.status, unit.hex = "eliminated", None
            removed = True
        side = rules.to_act(state)
        action, _ = selfplay.bot_action(rules, state, side, us_level if side == "us" else "hard")
        rules.apply(state, side, action)
        steps += 1
    exited = sum(1 for u in state.units.values() if u.side == "ge" and u.status == "exited")
    return rules.winner(state), exited


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--scenario", default="historical", choices=["historical", "contest"])
    p.add_argument("--us-style", default="careful")
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--seed", type=int, default=4242)
    p.add_argument("--remove", default="", help="a US unit taken off the map (none: the baseline)")
    p.add_argument("--turn", type=int, default=1, help="the turn at whose start it goes (1-5)")
    args = p.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES or not 0 <= args.first <= 100_000:
        raise SystemExit(f"--games: 1 to {MAX_GAMES}; --first: 0 to 100000")
    if not 1 <= args.turn <= 5:
        raise SystemExit("--turn: 1 to 5 (the game lasts five turns)")
    rules = registry.get("peiper")
    from engine.games.peiper.ai_styles import check_style

    try:
        check_style(args.us_style[:40])
    except Exception as exc:  # noqa: BLE001 - the game's own refusal, said plainly
        raise SystemExit(f"--us-style: {exc}") from None
    remove = us_unit(rules, args.scenario, args.remove) if args.remove else None
    t = time.time()
    wins = exits = 0
    for i in range(args.first, args.first + args.games):
        winner, out = play(rules, args.scenario, args.seed, i, f"style:{args.us_style}", remove, args.turn)
        wins += winner == "ge"
        exits += out
    lo, hi = selfplay.wilson(wins, args.games)
    what = f"{remove} gone at turn {args.turn}'s start" if remove else "as dealt"
    print(f"{args.scenario} {args.us_style} seed {args.seed} deals {args.first}-{args.first + args.games - 1}, {what}: "
          f"German {wins}/{args.games} ({lo:.1%}-{hi:.1%}), exits a game {exits / args.games:.2f}, "
          f"{time.time() - t:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
