"""US playing styles for selfplay (issue 30): opponents beyond our own bots, to measure the German against.

Each style is the normal US (``ai_policy``) with its orders re-weighted, so it plays every phase
legally and gives the normal reasons; what changes is which order it picks:

- ``demolisher``: from turn 3 (the first turn the rules allow a demolition, "After Turn 2") it tries
  every bridge a German would need (one whose fall adds to the German potential) before anything
  else, the most useful first;
- ``town_holder``: the last unit in a town or village leaves it only for a move worth a ACT and a
  half, and units move (or enter) into the empty towns and villages;
- ``aggressive``: fires whenever a shot can hit (before anything else, the likeliest hit first), and
  moves next to German units to fire next time;
- ``passive``: fires only at 50% or better, never demolishes, moves only to enter (reinforcements)
  or where a move blocks a German a whole ACT or more, and otherwise ends its activations;
- ``thoughtful``: as a careful player would (the issue's account): the demolisher's bridges, the
  town-holder's towns, and normal otherwise (which already blocks the roads and brings the
  reinforcements in where the Germans head).

Two more, ``careful`` and ``searcher`` (issue 42), read the fields strictly and play whole orders of
their own (``ai_us_strong``); they are chosen by the same names here.

The German side of a style is the normal German (styles are for the US seat). Deterministic: the
choice is a function of the state (no RNG at all).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.ai.policy import UnknownPolicy
from engine.game import Action
from engine.hexgrid import Hex

from .ai_policy import best_action, ranked
from .ai_score import hit_chance
from .combat import unit_attack
from .state import ACTIVATE, UNIT_ON_MAP, PeiperState
from .units import game_map, scenario_map

if TYPE_CHECKING:
    from .rules import PeiperRules

NEVER = -100.0  # an order the style never gives
FIRST = 100.0  # an order the style gives before anything else
HOLD_TERRAIN = ("town", "village")
LEAVE_TOWN = 15.0  # points (a German ACT is 10) a move must be worth before a town's last holder leaves
TAKE_TOWN = 8.0  # points for moving (or entering) into an empty town or village
Adjust = Callable[[PeiperState, float, Action], float]


def _chance(state: PeiperState, a: Action) -> float:
    att = unit_attack(state, a.args["unit"], a.args["target"])
    return hit_chance(att.strength, att.modifier)


def _holds(label: str | None) -> bool:
    return label is not None and game_map().terrain_of(Hex.parse(label)) in HOLD_TERRAIN


def _german_next_to(state: PeiperState, label: str) -> bool:
    near = {n.label for n in Hex.parse(label).neighbors()}
    return any(u.side == "ge" and u.status == UNIT_ON_MAP and u.hex in near for u in state.units.values())


def _demolish_first(state: PeiperState, s: float, a: Action) -> float | None:
    """A demolition of a bridge the Germans need (normal scores its gain above the card's worth)."""
    if a.kind != "demolish":
        return None
    return FIRST + s if s > 0.6 else s  # 0.5 is a useless bridge's card burn (ai_score._demolish)


def _us_in(state: PeiperState, label: str | None) -> int:
    return sum(1 for u in state.units.values() if u.side == "us" and u.status == UNIT_ON_MAP and u.hex == label)


def _hold_towns(state: PeiperState, s: float, a: Action) -> float | None:
    """The last US unit in a town or village leaves it only for a move worth more than LEAVE_TOWN; an
    empty town or village is worth TAKE_TOWN to move into (units in them block the roads through)."""
    if a.kind not in ("move", "enter"):
        return None
    here = state.units[a.args["unit"]].hex if a.kind == "move" else None
    to = a.args["to"] if a.kind == "move" else a.args["at"]
    got = s
    if _holds(here) and _us_in(state, here) == 1:
        got -= LEAVE_TOWN
    if _holds(to) and _us_in(state, to) == 0:
        got += TAKE_TOWN
    return got


def demolisher(state: PeiperState, s: float, a: Action) -> float:
    got = _demolish_first(state, s, a)
    return s if got is None else got


def town_holder(state: PeiperState, s: float, a: Action) -> float:
    got = _hold_towns(state, s, a)
    return s if got is None else got


def aggressive(state: PeiperState, s: float, a: Action) -> float:
    if a.kind == "attack":
        p = _chance(state, a)
        return FIRST + 10.0 * p if p > 0 else NEVER
    if a.kind == "move" and _german_next_to(state, a.args["to"]):
        return s + 5.0
    return s


def passive(state: PeiperState, s: float, a: Action) -> float:
    if a.kind == "attack":
        return s if _chance(state, a) >= 0.5 else NEVER
    if a.kind == "demolish":
        return NEVER
    if a.kind == "move":
        return s if s >= 10.0 else NEVER
    return s


def thoughtful(state: PeiperState, s: float, a: Action) -> float:
    for rule in (_demolish_first, _hold_towns):
        got = rule(state, s, a)
        if got is not None:
            return got
    return s


STYLES: dict[str, Adjust] = {"demolisher": demolisher, "town_holder": town_holder, "aggressive": aggressive,
                             "passive": passive, "thoughtful": thoughtful}


def _all_styles() -> list[str]:
    from .ai_us_strong import CHOOSERS

    return [*STYLES, *CHOOSERS]


def check_style(style: str) -> str:
    if style not in _all_styles():
        raise UnknownPolicy(f"Unknown US style '{style[:40]}': choose one of {', '.join(_all_styles())}")
    return style


def choose(rules: PeiperRules, state: PeiperState, side: str, style: str) -> tuple[Action, str]:
    """The style's order for ``side`` (the US; the German plays normal), on the scenario's own map."""
    from .ai_us_strong import CHOOSERS

    check_style(style)
    if style in CHOOSERS:
        with scenario_map(state.scenario):
            return CHOOSERS[style](rules, state, side)
    adjust = STYLES[style]
    with scenario_map(state.scenario):
        return _choose(rules, state, side, style, adjust)


def _choose(rules: PeiperRules, state: PeiperState, side: str, style: str, adjust: Adjust) -> tuple[Action, str]:
    if side != "us" or state.phase != ACTIVATE:
        return best_action(rules, state, side)
    order = ranked(state, side, rules.legal_actions(state, side))
    rescored = sorted(((adjust(state, s, a), j, a, why) for s, j, a, why in order),
                      key=lambda t: (t[0], t[1]), reverse=True)
    best_score, _, best, why = rescored[0]
    if best.kind == "end" or best_score <= 0:
        return Action("end"), f"{style}: end the activations, nothing left this style would do"
    return best, f"{style}: {why}"
