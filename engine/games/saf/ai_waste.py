"""Waste in a Scream, Aim, Fire! game, for the American side (the German is the rulebook; issue 30):

- ``orders``: orders given (each spends its order dice);
- ``dice_unused``: order dice left when the American ended the turn;
- ``units_never_moved``, ``units_never_fired``, ``units_never_fired_nor_moved``: among the American
  units that stood on the map (``engine.ai.waste.UnitUse``).
Fed by selfplay; it never changes a state.
"""

from __future__ import annotations

from typing import Any

from engine.ai.waste import UnitUse
from engine.events import Event
from engine.game import Action

FIRES = ("fire", "assault", "mortar", "he", "sniper", "cover")


class SafTally:
    def __init__(self, rules: Any) -> None:
        self.use = UnitUse()
        self.counts = {"orders": 0, "dice_unused": 0}
        self.result: dict[str, dict[str, int]] | None = None

    def see(self, state: Any, side: str, action: Action) -> None:
        self._note_map(state)
        if side != "us":
            return
        if action.kind == "end":
            self.counts["dice_unused"] += len(state.dice)
        if action.kind != "order":
            return
        self.counts["orders"] += 1
        uid, kind, args = action.args["unit"], action.args["type"], action.args
        if kind == "move" or (kind in ("move_fire", "tank") and "to" in args):
            self.use.moved.add(uid)
        if kind in FIRES or (kind in ("move_fire", "tank") and "target" in args):
            self.use.fired.add(uid)
        if kind == "cover" and "mover" in args:
            self.use.moved.add(args["mover"])

    def seen(self, state: Any, events: list[Event]) -> None:
        self._note_map(state)

    def _note_map(self, state: Any) -> None:
        self.use.seen_on_map((u.id, "us") for u in state.on_map("us"))

    def figures(self, state: Any) -> dict[str, dict[str, int]]:
        return {"us": {**self.counts, **self.use.counts("us")}}


def tally(rules: Any) -> SafTally:
    return SafTally(rules)
