"""What the Panzer Leader AI knows: unit worth, CRT result chances, expected losses, fire lanes.

Everything is computed with the game's own tables (``crt``, ``tec``, ``wec``) and attack builders,
so a GM's replacement tables change the AI's judgement too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .board import crt, distance, hx, low_kinds, tec, terrain, utype
from .combat import Attack, Element, direct_strength, shifted
from .datafiles import board, situations
from .goals import objectives
from .los import los
from .state import PlState, Unit

DISPERSED_SHARE = 0.3  # a dispersed unit loses a turn of fire and movement: about a third of its worth
OBJECTIVE_WEIGHT = 2.0  # a unit on an objective hex is worth this much more (killing it opens the hex)


def worth(u: Unit) -> float:
    """A unit's worth: its factors, armour counting a little more (it takes more to kill)."""
    ut = utype(u)
    return 2.0 + ut.attack + ut.defense + (3.0 if ut.armoured else 0.0)


def attacker_side(state: PlState) -> str:
    """The side that must take the objectives."""
    return situations()[state.scenario].victory.side


def element_worth(state: PlState, el: Element) -> float:
    objs = objectives(state)
    return sum(worth(u) * (OBJECTIVE_WEIGHT if u.hex in objs else 1.0) for u in el.units)


def result_chances(state: PlState, column: int, modifier: int) -> dict[str, float]:
    """The chance of each CRT result in a column, the die modified as the rules do."""
    table = crt(state)
    mod = max(table.modifier_min, min(table.modifier_max, modifier))
    out: dict[str, float] = {}
    for die in range(1, 7):
        r = table.result(column, die + mod)
        out[r] = out.get(r, 0.0) + 1 / 6
    return out


@dataclass(frozen=True)
class Outcome:
    column: int | None  # after shifts; None: below the table
    value: float  # expected loss to the defender, in worth points
    destroy: float  # chance the (first) target counter is destroyed
    hurt: float  # chance of any result

    def odds(self, state: PlState) -> str:
        return "below the table" if self.column is None else crt(state).columns[self.column]


def outcome(state: PlState, att: Attack) -> Outcome:
    """Expected loss to the defender of an attack: destroyed counts its worth, dispersed a third."""
    col = shifted(state, crt(state).column(att.attack, att.defense), att.shift)
    if col is None or not att.elements:
        return Outcome(None, 0.0, 0.0, 0.0)
    chances = result_chances(state, col, att.modifier)
    value = 0.0
    destroy = 0.0
    for i, el in enumerate(att.elements):
        w = element_worth(state, el)
        dispersed = all(u.dispersed for u in el.units)
        for res, p in chances.items():
            kill = res == "X" or (res == "DD" and dispersed)
            if kill:
                value += p * w
            elif res in ("D", "DD") and not dispersed:
                value += p * w * DISPERSED_SHARE
            if i == 0 and kill:
                destroy += p
    hurt = sum(p for r, p in chances.items() if r != "-")
    return Outcome(col, value, destroy, hurt)


@lru_cache(maxsize=200_000)
def _sight(a: str, b: str, low: frozenset[str], midway_any: bool = False, name: str = "") -> bool:
    return los(board(name), hx(a), hx(b), set(low), midway_any)[0]


def sees(state: PlState, a: str, b: str) -> bool:
    return _sight(a, b, frozenset(low_kinds(state)), bool(state.options.get("slope_any_side")), state.board)


def defense_multiplier(state: PlState, label: str) -> float:
    return tec(state).terrain[terrain(label)].defense_multiplier


def threat(state: PlState, u: Unit, label: str) -> float:
    """Expected loss if u stood at label and every enemy unit in range and sight fired at it
    together next turn (the fire lanes it would walk into), by the real odds."""
    ut = utype(u)
    armoured = ut.armoured or tec(state).terrain[terrain(label)].armoured_target
    total = 0.0
    for e in state.on_map(state.enemy(u.side)):
        et = utype(e)
        if e.hex is None or e.carrier or et.attack <= 0 or et.indirect:
            continue
        d = distance(e.hex, label)
        if d > (et.range * 2 if et.star else et.range) or d == 0:
            continue
        if d > 1 and not sees(state, e.hex, label):
            continue
        total += direct_strength(state, e, label, armoured)[0]
    if total <= 0:
        return 0.0
    defense = ut.defense * defense_multiplier(state, label)
    col = crt(state).column(total, defense)
    if col is None:
        return 0.0
    chances = result_chances(state, col, 0)
    kill = chances.get("X", 0.0)
    hurt = sum(p for r, p in chances.items() if r in ("D", "DD"))
    return worth(u) * (kill + DISPERSED_SHARE * hurt)
