"""Every move of some selfplay deals, as JSON lines: run it before and after a speed change and diff the two
files (they must be identical: the bots chose the same orders, the dice rolled the same, the games ended
the same). Finer than the selfplay JSON, which only counts wins and waste.

Each deal is played as ``umpire selfplay`` plays it (the same seed for deal ``i``, the same policies), and
every order chosen is written with the events it gave; each game ends with its final state's dump.

    PYTHONPATH=. python tools/selfplay_digest.py out.jsonl --game peiper --scenario contest \
        --policy ge=ai:hard --us-style aggressive --games 6 [--seed 11]
    PYTHONPATH=. python tools/selfplay_digest.py out.jsonl --game peiper --match ai:normal,ai:easy --games 6
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from typing import Any

from bot import selfplay
from engine import registry
from engine.rng import seed_from


def play(game: str, scenario: str, seed: int, number: int, levels: dict[str, str], out: Any) -> str:
    """Play deal ``number`` and write its moves; returns the deal's digest (sha256 of its lines)."""
    rules = registry.get(game)
    game_seed = seed_from(game, scenario, seed, number) & ((1 << 63) - 1)
    state = rules.new_state(scenario, game_seed, {})
    digest = hashlib.sha256()

    def write(record: dict[str, Any]) -> None:
        line = json.dumps(record, sort_keys=True, default=str)
        digest.update(line.encode())
        out.write(line + "\n")

    write({"deal": number, "scenario": scenario, "levels": levels})
    steps = 0
    while not rules.is_over(state) and steps < selfplay.MAX_ACTIONS:
        side = rules.to_act(state)
        assert side is not None
        action, why = selfplay.bot_action(rules, state, side, levels.get(side, selfplay.default_level(rules)))
        events = rules.apply(state, side, action)
        write({"step": steps, "by": side, "action": action.to_dict(), "why": why})
        for ev in events:
            write(dataclasses.asdict(ev))
        steps += 1
    write({"final": rules.dump(state), "winner": rules.winner(state)})
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--game", default="peiper")
    p.add_argument("--scenario", default="")
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--policy", action="append", default=[])
    p.add_argument("--us-style", default=None)
    p.add_argument("--match", default=None)
    args = p.parse_args(argv)
    rules = registry.get(args.game)
    scenario = args.scenario or rules.scenarios()[0].key
    pairings: list[dict[str, str]] = []
    if args.match:
        a, b = selfplay.parse_match(rules, args.match)
        s1, s2 = rules.sides
        pairings = [{s1: a.level, s2: b.level}, {s1: b.level, s2: a.level}]
    else:
        chosen = selfplay.resolve_policies(rules, args.policy)
        if args.us_style:
            chosen["us"] = selfplay.style_spec(rules, args.us_style)
        pairings = [{side: spec.level for side, spec in chosen.items()}]
    with open(args.out, "w") as out:
        for number in range(args.games):
            for levels in pairings:
                print(f"deal {number} {levels}: {play(args.game, scenario, args.seed, number, levels, out)}",
                      file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
