"""Every event of many scripted games, in order, as JSON lines: run it before and after a change to how
the rules gather events and diff the two files (they must be identical: stored games replay unchanged).

Each game of each scenario is played from a fixed seed: most moves a seeded random pick among the legal
orders (every kind of order comes up), some by the game's bots, and now and then a GM override (refused
ones are written too). The final state's dump is written after each game.

    PYTHONPATH=. python tools/events_dump.py out.jsonl [--seeds 6] [--steps 250]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from typing import Any

from engine import registry
from engine.errors import UmpireError
from engine.game import Action

# The optional rules a game may be played with (the "every optional rule" third of the games).
OPTIONAL: dict[str, dict[str, Any]] = {
    "pl": {name: True for name in ("mines", "blocks", "fortifications", "engineers", "engineer_vehicles",
                                   "opportunity_fire")},
    "saf": {"outnumbered": True},
    "peiper": {"exactly_10_succeeds": True, "supply_over_river": True},
}


def gm_actions(key: str, rules: Any, state: Any, rnd: random.Random) -> list[Action]:
    """A few GM overrides that make sense in ``state`` (some will be refused: that is written too)."""
    view = rules.view(state, None)
    units = [u for u in view.get("units", []) if isinstance(u, dict) and u.get("hex")]
    uid = str(rnd.choice(units).get("id", "")) if units else "x"
    hexes = [str(u.get("hex")) for u in units] or ["0101"]
    to = rnd.choice(hexes)
    winner = rnd.choice(list(rules.sides))
    if key == "peiper":
        return [Action("remove", {"unit": uid}), Action("flip", {"unit": uid}), Action("restore", {"unit": uid}),
                Action("move", {"unit": uid, "to": to}), Action("bridge", {"bridge": "Stavelot", "state": "down"}),
                Action("depot", {"state": "captured"}), Action("turn", {"turn": 2}),
                Action("end", {"winner": winner})]
    if key == "saf":
        return [Action("morale", {"delta": rnd.choice([-7, -3, 4]), "reason": "ruling"}),
                Action("remove", {"unit": uid}), Action("move", {"unit": uid, "to": to}),
                Action("end", {"winner": winner})]
    return [Action("remove", {"unit": uid}), Action("disperse", {"unit": uid}), Action("rally", {"unit": uid}),
            Action("move", {"unit": uid, "to": to}), Action("end", {"winner": winner})]


def play(key: str, scenario: str, seed: int, steps: int, out: Any) -> tuple[int, int]:
    rules = registry.get(key)
    # One game in three with the defaults, one with every optional rule on, one as stored games play
    # (each option's legacy value) and by the game's bots.
    mode = seed % 3
    options = OPTIONAL.get(key, {}) if mode == 2 else rules.upgrade_options({}) if mode == 0 else {}
    state = rules.new_state(scenario, seed, dict(options))
    rnd = random.Random(f"{key}:{scenario}:{seed}")
    bots = mode == 0
    levels = rules.levels[:2]
    n_events = 0
    for step in range(steps):
        side = rules.to_act(state)
        if side is None:
            break
        gm = rnd.random() < 0.04 and step > 3
        action: Action | None = None
        try:
            if gm:
                kinds = gm_actions(key, rules, state, rnd)
                # "end" rarely: it stops the game
                action = rnd.choice(kinds[:-1] if rnd.random() < 0.8 else kinds)
                events = rules.gm_apply(state, action)
                who = "gm"
            else:
                if bots:
                    action, _ = rules.bot_action(state, side, levels[step % len(levels)])
                else:
                    legal = rules.legal_actions(state, side)
                    if not legal:
                        out.write(json.dumps({"game": key, "step": step, "stuck": side}) + "\n")
                        break
                    kinds = sorted({a.kind for a in legal})  # a kind first: every kind of order comes up
                    kind = rnd.choice(kinds)
                    action = rnd.choice([a for a in legal if a.kind == kind])
                events = rules.apply(state, side, action)
                who = side
        except UmpireError as exc:
            out.write(json.dumps({"game": key, "step": step, "refused": action.to_dict() if action else None,
                                  "why": str(exc)},
                                 sort_keys=True, default=str) + "\n")
            continue
        out.write(json.dumps({"game": key, "step": step, "by": who, "action": action.to_dict()},
                             sort_keys=True, default=str) + "\n")
        for ev in events:
            out.write(json.dumps(dataclasses.asdict(ev), sort_keys=True, default=str) + "\n")
        n_events += len(events)
    out.write(json.dumps({"final": rules.dump(state)}, sort_keys=True, default=str) + "\n")
    return 1, n_events


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--seeds", type=int, default=6)
    p.add_argument("--steps", type=int, default=400)
    p.add_argument("--games", default="peiper,saf,pl")
    args = p.parse_args(argv)
    games = events = 0
    with open(args.out, "w") as out:
        for key in args.games.split(","):
            rules = registry.get(key)
            for sc in rules.scenarios():
                for seed in range(1, args.seeds + 1):
                    g, e = play(key, sc.key, seed, args.steps, out)
                    games, events = games + g, events + e
                    print(f"{key} {sc.key} seed {seed}: {e} events", file=sys.stderr)
    print(f"{games} games, {events} events")
    return 0


if __name__ == "__main__":
    sys.exit(main())
