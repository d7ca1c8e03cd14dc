"""The Peiper bot: one entry point for every level, and the greedy (one-step heuristic) level.

``choose(rules, state, side, level)``: random (engine.ai.RandomPolicy), greedy (below), easy and
normal (ai_policy), hard (ai_search). An unknown level is refused with the list of levels.

The greedy level scores each legal action with a one-step heuristic and gives a one-line reason:
- Germans: get units off the west edge by the cheapest route, enter everyone, fire when the odds
  are fair, use the OBA on the US stack in the way.
- US: fire on adjacent Germans, close on the leading German unit, blow bridges near the Germans
  after turn 2, bring reinforcements in at the edge nearest the danger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cards
from engine.ai.policy import check_level
from engine.ai.random_policy import RandomPolicy
from engine.game import Action
from engine.hexgrid import Hex

from .ai_policy import choose as ai_choose
from .ai_policy import fingerprint
from .ai_search import choose_hard
from .board import hex_of, occupants, side_at
from .combat import unit_attack
from .state import ACTIVATE, DECIDE, DRAW, FACE, SETUP, UNIT_ON_MAP, PeiperState
from .units import game_map
from .west import west_distance

if TYPE_CHECKING:
    from .rules import PeiperRules


def hit_chance(strength: int, modifier: int) -> float:
    """Chance a number card (ace to 10, face cards redrawn) plus modifier is at most strength."""
    return sum(1 for v in range(1, 11) if v + modifier <= strength) / 10


def choose(rules: PeiperRules, state: PeiperState, side: str, level: str = "normal") -> tuple[Action, str]:
    check_level(level)
    if level == "random":
        return RandomPolicy(fingerprint).choose(rules, state, side)
    if level == "greedy":
        return greedy_choose(rules, state, side)
    if level == "hard":
        return choose_hard(rules, state, side)
    return ai_choose(rules, state, side, level)


def greedy_choose(rules: PeiperRules, state: PeiperState, side: str) -> tuple[Action, str]:
    legal = rules.legal_actions(state, side)
    if not legal:
        raise ValueError("the bot was asked to act with no legal action")
    if state.phase == SETUP:
        return Action("ready"), "set-up: the scenario's positions (Stoumont, La Gleize, Trois-Ponts, Stavelot)"
    if state.phase == DRAW:
        return Action("draw"), "the German player makes the card draw"
    if state.phase == FACE:
        return Action("redraw"), "a redraw may still hit; a miss cannot"
    if state.phase == DECIDE:
        return _decide(state, side, legal)
    if state.phase == ACTIVATE:
        return _activate(state, side, legal)
    return legal[0], "the only order"


def _decide(state: PeiperState, side: str, legal: list[Action]) -> tuple[Action, str]:
    if not cards.is_face(state.card):
        return Action("take"), "activations are always worth taking"
    where = occupants(state)
    oba = [a for a in legal if a.kind == "oba" and a.args["mode"] == "attack"]
    if oba:
        def weight(a: Action) -> tuple[int, int, str]:
            h = Hex.parse(a.args["target"])
            near = sum(1 for n in h.neighbors() if side_at(state, where, n) == side)
            return (len(where.get(h, [])), near, a.args["target"])

        best = max(oba, key=weight)
        return best, f"OBA on {best.args['target']}: the largest enemy stack in reach of our units"
    takes = [a for a in legal if a.kind == "take"]
    if takes:
        best = max(takes, key=lambda a: (len(where.get(Hex.parse(a.args["hex"]), [])), a.args["hex"]))
        return best, f"activate the stack in {best.args['hex']}"
    return Action("pass"), "nothing to activate and no OBA"


def _activate(state: PeiperState, side: str, legal: list[Action]) -> tuple[Action, str]:
    scored: list[tuple[float, int, Action, str]] = []
    ge_units = [u for u in state.units.values() if u.side == "ge" and u.status == UNIT_ON_MAP and u.hex]
    lead = min(ge_units, key=lambda u: (west_distance(state, u.id, Hex.parse(u.hex or "")), u.id)) if ge_units else None
    for i, a in enumerate(legal):
        score, why = _score(state, side, a, lead.hex if lead else None)
        scored.append((score, -i, a, why))
    score, _, best, why = max(scored, key=lambda t: (t[0], t[1]))
    if score <= 0:
        return Action("end"), "no order improves our position"
    return best, why


def _score(state: PeiperState, side: str, a: Action, lead_hex: str | None) -> tuple[float, str]:
    k = a.kind
    if k == "end":
        return 0.0, ""
    if k == "exit":
        return 100.0, f"{a.args['unit']} exits west: one step nearer the four needed"
    if k == "attack":
        att = unit_attack(state, a.args["unit"], a.args["target"])
        p = hit_chance(att.strength, att.modifier)
        value = 12.0 if state.units[att.target].reduced else 7.0
        return p * value, (f"{att.attacker} fires on {att.target}: {int(p * 100)}% to hit "
                           f"({', '.join(att.reasons)})")
    if k == "enter":
        h = Hex.parse(a.args["at"])
        gmap = game_map()
        road = 1.0 if h in gmap.road_hexes else 0.0
        if side == "ge":
            return 40.0 + road - west_distance(state, a.args["unit"], h) / 100, \
                f"{a.args['unit']} enters at {h.label}{' on the road' if road else ''}"
        target = Hex.parse(lead_hex) if lead_hex else gmap.places["Stoumont"]
        return 20.0 + road - h.distance(target) / 10, f"{a.args['unit']} enters at {h.label}, nearest the German lead"
    if k == "move":
        uid, to = a.args["unit"], Hex.parse(a.args["to"])
        here = hex_of(state, uid)
        assert here is not None
        if side == "ge":
            gain = west_distance(state, uid, here) - west_distance(state, uid, to)
            return gain * 10, f"{uid} moves {here.label}-{to.label} west by the cheapest route ({gain:.1f} MP nearer)"
        if lead_hex is None:
            return -1.0, ""
        lead = Hex.parse(lead_hex)
        gain = here.distance(lead) - to.distance(lead)
        if here.distance(lead) <= 1:
            return -1.0, ""
        return gain * 3.0, f"{uid} closes on the German lead in {lead.label}"
    if k == "demolish":
        bridge = game_map().bridges[a.args["bridge"]]
        if lead_hex is None:
            return 0.5, f"blow the {bridge.name} bridge before the Germans reach it"
        d = min(bridge.side.a.distance(Hex.parse(lead_hex)), bridge.side.b.distance(Hex.parse(lead_hex)))
        return max(0.5, 6.0 - d), f"blow the {bridge.name} bridge, {d} hexes from the German lead"
    return 0.0, ""
