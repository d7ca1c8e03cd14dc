"""The hard German's plan over turns: get the Mech units over the bridges before they can be blown.

The US may attempt a demolition from turn 3 ("After Turn 2"; option ``demolition_from_turn``), and
a Mech unit may not cross a river off a bridge (Terrain Chart). A German who plays only the
position of the moment leaves its Mech units on the wrong bank in turns 1-2 and finds the bridges
down on turn 3 (issue 30: the ``demolisher`` US style is the worst for the hard German). So, in the
turns before a demolition is allowed, a Mech unit's move or entry is also worth part of the ACTs it
saves on the way out **with every bridge the US could still blow down**, beyond what it saves with
them standing (which the scores already count): the demolishable bridges
of the map data not yet down (which ones the US will choose is not known, so all are counted). A
move over a bridge toward a bank that keeps its way west when the bridges fall scores above an
equal move that stays behind the river.

Off as committed (``ai_search.CROSSINGS``): on seed 2030 against the ``demolisher`` it changed no
win on the contest layout (the Mech units' north road crosses no bridge) and lost three of 40 on the
historical one (docs/ai.md, "The plan over turns").

Everything is read from the public position (the map, the US units, the bridges down): no card
order, no dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.game import Action
from engine.hexgrid import Hex

from .ai_field import FAR, Field, Tables, adjacent_set, exit_field, supply_zone, tables, us_hexes
from .ai_score import POINTS
from .board import spec
from .state import UNIT_AWAITING, UNIT_ON_MAP, PeiperState
from .units import game_map

CROSS_WEIGHT = 0.5  # share of the ACTs saved with the bridges down counted with a Mech order
CAP = 6.0  # ACTs: a step out of a hex with no way west once the bridges fall counts at most this
Ranked = list[tuple[float, int, Action, str]]


def demolition_turn(state: PeiperState) -> int:
    """The first turn a demolition may be attempted (Bridge Demolition: "After Turn 2")."""
    return int(state.options.get("demolition_from_turn", 3))


def threatened(state: PeiperState) -> tuple[str, ...]:
    """Bridges the US could still blow (the map data's demolishable ones not down), by name."""
    return tuple(sorted(b.name for b in game_map().bridges.values()
                        if b.demolishable and b.name not in state.bridges_down))


def active(state: PeiperState) -> bool:
    """In the turns before a demolition is allowed, with a bridge still standing to lose."""
    return state.turn < demolition_turn(state) and bool(threatened(state))


@dataclass
class Crossings:
    """The Mech field with every threatened bridge down, for one decision."""

    t: Tables
    field: Field

    @classmethod
    def build(cls, state: PeiperState, standing: bool = False) -> Crossings:
        """With the threatened bridges down (``standing``: as they stand now, for comparison)."""
        down = set(state.bridges_down) | (set() if standing else set(threatened(state)))
        t = tables(tuple(sorted(down)))
        us = us_hexes(state, t)
        us_adj = adjacent_set(t, us)
        zone = None if state.fuel_depot == "captured" else supply_zone(t, us, us_adj)
        return cls(t, exit_field(t, True, us, us_adj, zone))

    def dist(self, label: str) -> float:
        return min(FAR, self.field.dist[self.t.index[Hex.parse(label)]])

    def entry(self) -> float:
        """A unit still to enter: its best east-edge hex, plus the entry."""
        return min((self.field.dist[i] for i in self.t.east), default=FAR) + 1.0

    def gain(self, state: PeiperState, a: Action) -> float:
        """ACTs a Mech order saves on its way out with the bridges down (0 for any other order)."""
        if a.kind not in ("move", "enter") or not spec(a.args["unit"]).mech:
            return 0.0
        u = state.units[a.args["unit"]]
        if a.kind == "move" and u.status == UNIT_ON_MAP and u.hex:
            before = self.dist(u.hex)
        elif a.kind == "enter" and u.status == UNIT_AWAITING:
            before = self.entry()
        else:
            return 0.0
        after = self.dist(a.args["to"] if a.kind == "move" else a.args["at"])
        saved = min(before, after + CAP) - after
        return max(-CAP, min(CAP, saved))


def adjust(state: PeiperState, order: Ranked) -> Ranked:
    """``order`` (scored, best first) with the crossing value added in turns 1-2, re-sorted."""
    if not active(state) or not any(a.kind in ("move", "enter") for _, _, a, _ in order):
        return order
    cr, now = Crossings.build(state), Crossings.build(state, standing=True)
    out: Ranked = []
    for s, i, a, why in order:
        # Only what the order is worth beyond its gain with the bridges standing (already scored):
        # a step on a road no bridge carries gains the same either way and is left as it was.
        g = cr.gain(state, a) - now.gain(state, a)
        if abs(g) > 0.05 and s > 0:
            bonus = CROSS_WEIGHT * POINTS * g
            note = "over the river before the bridges may be blown" if g > 0 else "behind a bridge that may be blown"
            out.append((s + bonus, i, a, f"{why}; {note} ({g:+.1f} ACTs with them down)"))
        else:
            out.append((s, i, a, why))
    out.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return out
