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
from engine.errors import UmpireError
from engine.gamestate import SETUP
from engine.rng import seed_from

MAX_GAMES = 1000


def us_unit(rules: Any, scenario: str, name: str) -> str:
    """The US unit ``name`` names (any spelling the game accepts); anything else is refused."""
    state = rules.new_state(scenario, 1, {})
    try:
        uid = rules.unit_id(state, name[:40])
    except UmpireError as exc:  # the game's own refusal, said plainly
        raise SystemExit(f"--remove: {exc}") from None
    if state.units[uid].side != "us":
        raise SystemExit(f"--remove: {uid} is not a US unit")
    return str(uid)


class Removal:
    """Selfplay's tally hook (``play_one``): after each order, once the set-up is over and turn ``turn``
    has begun, the unit is taken off the map (once); at the end, the German units that exited."""

    def __init__(self, remove: str | None, turn: int) -> None:
        self.remove, self.turn, self.done = remove, turn, remove is None
        self.result: int = 0

    def see(self, state: Any, side: str, action: Any) -> None:
        del state, side, action

    def seen(self, state: Any, events: Any) -> None:
        del events
        if not self.done and state.phase != SETUP and state.turn >= self.turn:
            unit = state.units[self.remove]
            if unit.status == "on_map":
                unit.status, unit.hex = "eliminated", None
            self.done = True

    def figures(self, state: Any) -> int:
        return sum(1 for u in state.units.values() if u.side == "ge" and u.status == "exited")


def play(rules: Any, scenario: str, seed: int, number: int, us_level: str, remove: str | None, turn: int
         ) -> tuple[str | None, int]:
    """One deal as ``umpire selfplay`` plays it (``selfplay.play_one``): (winner, German units exited)."""
    game_seed = seed_from("peiper", scenario, seed, number) & ((1 << 63) - 1)
    removal = Removal(remove, turn)
    winner, _, errors = selfplay.play_one(rules, scenario, game_seed, {"ge": "hard", "us": us_level}, tally=removal)
    if errors:
        raise SystemExit(f"deal {number}: {errors[0][:200]}")
    return winner, removal.result


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
    try:
        us_level = selfplay.style_spec(rules, args.us_style[:40]).level
    except UmpireError as exc:  # the game's own refusal, said plainly
        raise SystemExit(f"--us-style: {exc}") from None
    remove = us_unit(rules, args.scenario, args.remove) if args.remove else None
    t = time.time()
    wins = exits = 0
    for i in range(args.first, args.first + args.games):
        winner, out = play(rules, args.scenario, args.seed, i, us_level, remove, args.turn)
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
