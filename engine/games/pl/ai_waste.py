"""Waste in a Panzer Leader game, counted from its orders and their events (issue 30): per side,

- ``fire_orders``: fire, indirect fire, close assault and overrun orders (each unit named counts once);
- ``attacks``: attacks rolled on the CRT (an ``attack`` event with its odds);
- ``attacks_below_table``: attacks that came to nothing because their odds were below the table;
- ``units_never_moved``, ``units_never_fired``, ``units_never_fired_nor_moved``: among the units that
  stood on the map (``engine.ai.waste.UnitUse``).
Fed by selfplay; it never changes a state.
"""

from __future__ import annotations

from typing import Any

from engine.ai.waste import UnitUse
from engine.events import Event
from engine.game import Action

FIRING = ("fire", "indirect", "assault", "overrun")


def _ids(action: Action) -> list[str]:
    raw = action.args.get("units", action.args.get("unit", ""))
    return [u for u in str(raw).split(",") if u]


class PlTally:
    def __init__(self, rules: Any) -> None:
        self.sides = tuple(rules.sides)
        self.use = UnitUse()
        self.counts: dict[str, dict[str, int]] = {
            s: {"fire_orders": 0, "attacks": 0, "attacks_below_table": 0} for s in self.sides}
        self.result: dict[str, dict[str, int]] | None = None

    def see(self, state: Any, side: str, action: Action) -> None:
        self._note_map(state)
        if action.kind in FIRING:
            self.use.fired.update(_ids(action))
            self.counts[side]["fire_orders"] += max(1, len(_ids(action)))
        elif action.kind == "move":
            self.use.moved.update(_ids(action))

    def seen(self, state: Any, events: list[Event]) -> None:
        self._note_map(state)
        for e in events:
            if e.kind != "attack" or e.side not in self.counts:
                continue
            if "odds" in e.data:
                self.counts[e.side]["attacks"] += 1
            elif " is below " in e.text:
                self.counts[e.side]["attacks_below_table"] += 1

    def _note_map(self, state: Any) -> None:
        self.use.seen_on_map((u.id, u.side) for u in state.units.values() if u.status == "on_map" and u.hex)

    def figures(self, state: Any) -> dict[str, dict[str, int]]:
        return {s: {**self.counts[s], **self.use.counts(s)} for s in self.sides}


def tally(rules: Any) -> PlTally:
    return PlTally(rules)
