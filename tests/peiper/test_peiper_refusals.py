"""Every refusal names a condition the order actually fails, and that condition's rule (ruling 28).

Random playouts; at every few states the legal orders are perturbed (tests/test_conformance.py) and
moves to hexes near each unit are tried. For each refused order, the conditions it fails are worked
out here from the rulebook's own terms, independently of the reason the game gave; the refusal must
be one of them, citing its rule once: never a generic message, never a reason that does not hold.
"""

from __future__ import annotations

import copy
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import cards
from engine.errors import UmpireError
from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper.board import (
    BridgesDown,
    enemy_adjacent,
    in_supply,
    mech_step_cost,
    occupants,
    road_open,
    side_at,
    spec,
)
from engine.games.peiper.sequence import barred
from engine.games.peiper.state import ACTIVATE, UNIT_AWAITING, UNIT_ON_MAP, PeiperState
from engine.games.peiper.units import game_map
from engine.hexgrid import Hex, search

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_conformance import canonical, perturbed  # noqa: E402

MOVE, TERRAIN, SETUP, SUPPLY = "Movement", "Terrain Chart", "Set-Up", "German Supply"
TURN, COMBAT, BRIDGE, OBA, WIN = "Turn Sequence: Turn Begins", "Combat", "Bridge Demolition", \
    "Off Board Artillery (OBA) Markers", "Who Wins"
# A condition the order fails: the words its refusal says, the rules it may cite, and for the
# restrictions a refusal names by hex or bridge, a check that what it names is so.
Check = Callable[[str], bool]
Condition = tuple[str, set[str], Check | None]


def _cond(pattern: str, *rules: str, check: Check | None = None) -> Condition:
    return pattern, set(rules), check


def parse_conditions(state: PeiperState, side: str, action: Action) -> list[Condition]:
    """What an order fails before the rules are asked: its kind, its options, the names it gives."""
    order = RULES.order(str(action.kind))
    if order is None or order not in RULES.orders_now(state):
        return [_cond(r"is not an order now|has no order", "Turn Sequence")]
    out = []
    known = {o.name: o for o in order.command.options}
    out += [_cond(rf"has no option {re.escape(k)}\b", order.command.rule) for k in action.args if k not in known]
    for o in order.command.options:
        given = action.args.get(o.name)
        if o.required and (given is None or not str(given).strip()):
            out.append(_cond(rf"needs {o.name}\b", order.command.rule))
        elif given is not None:
            try:
                RULES.parse_arg(state, o, given)
            except UmpireError:
                out.append(_cond(r"No unit|off the map|not a hex|No bridge|bridges:|must be one of", "", order.command.rule))
    return out


def rule_conditions(state: PeiperState, side: str, a: Action) -> list[Condition]:
    """The conditions of the order's own rule that this order fails."""
    kind, args, gmap = a.kind, a.args, game_map()
    out: list[Condition] = []
    if kind in ("move", "attack", "exit", "enter"):
        u = state.units[args["unit"]]
        if u.side != side:
            out.append(_cond(r"is not yours", TURN, SETUP))
        if kind != "enter" and state.acts <= 0 and u.id not in state.act_units:
            out.append(_cond(r"has no activation", TURN))
    if kind == "move":
        out += move_conditions(state, side, args["unit"], gmap.hex(args["to"]))
    elif kind == "attack":
        uid, target = args["unit"], args["target"]
        here, there = state.units[uid], state.units[target]
        if here.status != UNIT_ON_MAP:
            out.append(_cond(rf"{re.escape(uid)} is not on the map", COMBAT))
        if there.status != UNIT_ON_MAP:
            out.append(_cond(rf"{re.escape(target)} is not on the map", COMBAT))
        if there.side == here.side:
            out.append(_cond(r"is a friendly unit", COMBAT))
        if here.hex and there.hex and Hex.parse(here.hex).distance(Hex.parse(there.hex)) != 1:
            out.append(_cond(r"is not adjacent to", COMBAT))
    elif kind == "exit":
        u = state.units[args["unit"]]
        if side != "ge":
            out.append(_cond(r"Only German units exit", WIN))
        if u.status != UNIT_ON_MAP or not gmap.on_edge(Hex.parse(str(u.hex)), "west"):
            out.append(_cond(r"must stand on the west map edge", WIN))
    elif kind == "enter":
        out += enter_conditions(state, args["unit"], gmap.hex(args["at"]))
    elif kind == "place":
        uid, h = args["unit"], gmap.hex(args["at"])
        if spec(uid).arrives != "setup":
            out.append(_cond(r"does not set up", SETUP))
        if h.col == gmap.columns:
            out.append(_cond(r"easternmost hexrow", SETUP))
        if spec(uid).mech and gmap.terrain_of(h) == "forest" and h not in gmap.road_hexes \
                and not state.options["setup_terrain_free"]:
            out.append(_cond(r"forest hex on a road", SETUP))
        out += stack_conditions(state, uid, h)
    elif kind == "demolish":
        out += demolish_conditions(state, side, args["bridge"])
    elif kind == "take":
        face = cards.is_face(state.card)
        if face and not args.get("hex"):
            out.append(_cond(r"name the hex", TURN))
        if face and args.get("hex") and not any(u.side == side and u.status == UNIT_ON_MAP and u.hex == args["hex"]
                                                  for u in state.units.values()):
            out.append(_cond(r"unit is in .* to activate", TURN))
        if not face and args.get("hex"):
            out.append(_cond(r"Only a face card activates a single hex", TURN))
    elif kind == "oba":
        if not cards.is_face(state.card):
            out.append(_cond(r"Only a face card", OBA))
        if state.oba_used[side]:
            out.append(_cond(r"has used its OBA marker", OBA))
        if not any(u.side != side and u.status == UNIT_ON_MAP and u.hex == args["target"] for u in state.units.values()):
            out.append(_cond(r"No enemy unit is in", OBA))
    return out


def stack_conditions(state: PeiperState, uid: str, h: Hex) -> list[Condition]:
    others = [u for u in state.units.values() if u.status == UNIT_ON_MAP and u.hex == h.label and u.id != uid]
    out = []
    if any(u.side != state.units[uid].side for u in others):
        out.append(_cond(r"enemy units hold that hex|opposing units cannot stack", SETUP))
    if len(others) >= int(state.options["stack_limit"]):
        out.append(_cond(r"up to \d+ may stack", SETUP))
    return out


def move_conditions(state: PeiperState, side: str, uid: str, to: Hex) -> list[Condition]:
    u, gmap = state.units[uid], game_map()
    if u.status != UNIT_ON_MAP:
        return [_cond(r"is not on the map", MOVE)]
    start = Hex.parse(str(u.hex))
    if to == start:
        return [_cond(r"already in", MOVE)]
    where, mech, dist = occupants(state), spec(uid).mech, start.distance(to)
    out = stack_conditions(state, uid, to)
    if enemy_adjacent(state, where, start, side) and enemy_adjacent(state, where, to, side):
        out.append(_cond(r"adjacent to an enemy may only move to a hex not adjacent", MOVE))
    if mech and dist == 1 and "river" in gmap.features(start, to) and mech_step_cost(state, gmap, start, to) is None:
        out.append(_cond(r"crosses a river only at a bridge", TERRAIN))
    if mech and gmap.terrain_of(to) == "forest" and (to not in gmap.road_hexes or dist == 1 and not road_open(
            state, gmap, start, to)):
        out.append(_cond(r"forest by road", TERRAIN))
    supplied = in_supply(state, uid)
    if not supplied and dist > 1:
        out.append(_cond(r"out of supply", SUPPLY))
    # What bars every way there: the hexes and bridges a refusal names must be what it says they are.
    if dist <= (4 if mech else 2):
        out.append(_cond(r"block|stop|down", MOVE, TERRAIN, check=lambda text: _named_are_so(state, side, text)))
    if supplied and mech:
        best, _ = search(start, lambda a, b: mech_step_cost(BridgesDown(), gmap, a, b), budget=2.0)
        if to not in best:
            out.append(_cond(r"more than the 2 MPs", MOVE))
    if supplied and not mech and (dist > 2 or dist == 2 and not any(
            road_open(BridgesDown(), gmap, start, m) and road_open(BridgesDown(), gmap, m, to)
            for m in start.neighbors() if m.distance(to) == 1)):
        out.append(_cond(r"Infantry moves 1 hex, or 2 hexes along roads", MOVE))
    return out


def _named_are_so(state: PeiperState, side: str, text: str) -> bool:
    """Every enemy-held hex, stop and blown bridge the refusal names is so, and it names at least one."""
    where = occupants(state)
    named = 0
    for group in re.findall(r"enemy units in ((?:\d{4}(?:, )?)+)", text):
        for label in group.split(", "):
            named += 1
            if side_at(state, where, Hex.parse(label)) in (None, side):
                return False
    for label in re.findall(r"(?:passes|a stop at) (\d{4})", text):
        named += 1
        if not enemy_adjacent(state, where, Hex.parse(label), side):
            return False
    for group in re.findall(r"the (.+?) bridges? (?:is |are )?down", text):
        for name in group.split(" and "):
            named += 1
            if name not in state.bridges_down:
                return False
    return named > 0


def enter_conditions(state: PeiperState, uid: str, h: Hex) -> list[Condition]:
    s, u, gmap = spec(uid), state.units[uid], game_map()
    out = []
    if state.acts <= 0:
        out.append(_cond(r"Entering costs 1 ACT", SETUP))
    if u.status != UNIT_AWAITING or s.arrives != "reinforcement":
        return [*out, _cond(r"is not waiting to enter", SETUP)]
    if state.turn < s.from_turn:
        out.append(_cond(r"may enter from turn", SETUP))
    if barred(state, uid):
        out.append(_cond(r"can no longer enter", SETUP))
    stoumont = gmap.places["Stoumont"].label
    if s.condition == "stoumont_not_german" and any(x.side == "ge" and x.status == UNIT_ON_MAP and x.hex == stoumont
                                                    for x in state.units.values()):
        out.append(_cond(r"German unit occupies Stoumont", SETUP))
    if not any(gmap.on_edge(h, e) for e in s.edges):
        out.append(_cond(r"map edge, and .* is not on it", SETUP))
    if s.mech and gmap.terrain_of(h) == "forest" and h not in gmap.road_hexes:
        out.append(_cond(r"forest hex by road", SETUP, TERRAIN))
    return out + stack_conditions(state, uid, h)


def demolish_conditions(state: PeiperState, side: str, name: str) -> list[Condition]:
    out = []
    if side != "us":
        out.append(_cond(r"Only the US player may destroy bridges", BRIDGE))
    if state.turn < int(state.options["demolition_from_turn"]):
        out.append(_cond(r"may be demolished after turn", BRIDGE))
    if state.acts <= 0:
        out.append(_cond(r"costs 1 ACT from a number card", BRIDGE))
    if name in state.bridges_down:
        out.append(_cond(r"already down", BRIDGE))
    if len(state.bridges_down) >= int(state.options["bridge_down_markers"]):
        out.append(_cond(r"Bridge Down markers are in use", BRIDGE))
    return out


def conditions(state: PeiperState, side: str, action: Action) -> list[Condition]:
    found = parse_conditions(state, side, action)
    if found:
        return found
    order = RULES.order(str(action.kind))
    assert order is not None
    with RULES.ground(state):
        parsed = RULES.parse_action(state, order, action)
        return rule_conditions(state, side, parsed)


def probes(state: PeiperState, side: str, legal: list[Action], rnd: random.Random) -> list[Action]:
    """Perturbed legal orders, and moves from a few of the side's units to hexes around them."""
    out = perturbed(legal, rnd, 6)
    if state.phase == ACTIVATE:
        mine = [u for u in state.units.values() if u.side == side and u.status == UNIT_ON_MAP]
        gmap = game_map()
        for u in rnd.sample(mine, min(3, len(mine))):
            here = Hex.parse(str(u.hex))
            near = [h for h in gmap.hexes() if here.distance(h) <= 4]
            out += [Action("move", {"unit": u.id, "to": h.label}) for h in rnd.sample(near, min(5, len(near)))]
        out.append(Action("demolish", {"bridge": rnd.choice(list(gmap.bridges))}))
    listed = set(legal)
    return [a for a in dict.fromkeys(out) if a not in listed]


def check_refusal(state: PeiperState, side: str, action: Action) -> tuple[str, str]:
    """The refusal of one off-list order, checked against the conditions it fails: its message and the
    condition it names."""
    scratch = copy.deepcopy(state)
    with pytest.raises(UmpireError) as err:
        RULES.apply(scratch, side, action)
    message, rule = err.value.message, err.value.rule
    assert "is not among the orders the rules offer now" not in message, f"{action}: a generic refusal"
    assert not re.search(r"\(([^()]+)\) \(\1\)", str(err.value)), f"{action}: the rule named twice: {err.value}"
    failed = conditions(state, side, action)
    assert failed, f"{action} refused ({err.value}) though it fails none of its conditions at {RULES.status_line(state)}"
    for pattern, rules, check in failed:
        if re.search(pattern, message) and (check is None or check(message)):
            assert rule in rules or not rules - {""}, f"{action}: '{message}' cites {rule}, not {rules}"
            return message, pattern
    raise AssertionError(f"{action} refused with '{err.value}', which is none of the conditions it fails: "
                         f"{[p for p, _, _ in failed]} at {RULES.status_line(state)}")


@pytest.mark.parametrize(("scenario", "seed"), [("historical", 3), ("contest", 7)])
def test_ruling_28_every_refusal_names_a_condition_the_order_fails(scenario: str, seed: int) -> None:
    rnd = random.Random(seed)
    state = RULES.new_state(scenario, seed, {})
    tried: set[str] = set()
    steps = 0
    while not RULES.is_over(state) and steps < 1500:
        side = RULES.to_act(state)
        assert side is not None
        legal = RULES.legal_actions(state, side)
        if steps % 8 == 0:
            with RULES.ground(state):
                for action in probes(state, side, legal, rnd):
                    if canonical(RULES, state, action) in set(legal):
                        continue
                    tried.add(check_refusal(state, side, action)[1])
        pool = [a for a in legal if a.kind != "end"] or legal
        if state.phase == "setup" and steps >= 8:
            pool = [Action("ready")]  # a unit may be placed again and again: the set-up would never end
        RULES.apply(state, side, rnd.choice(pool))
        steps += 1
    assert len(tried) >= 20, sorted(tried)  # the playout met refusals of many kinds


def test_movement_two_restrictions_that_block_only_together_are_both_named() -> None:
    """The road west from Stavelot runs through a US-held hex with a hex next to it before: neither alone
    bars the move (lift either and the other still does), so the refusal names both, not the MPs."""
    from peiper_helpers import activate, empty_board, put

    state = empty_board()
    put(state, "Spitze", "1308")
    put(state, "99 BG", "1108")
    activate(state, "ge", 2)
    message, _ = check_refusal(state, "ge", Action("move", {"unit": "Spitze", "to": "1008"}))
    assert message.endswith("every way there meets enemy units in 1108 and a stop at 1208, next to an enemy "
                            "unit (ruling 23)")


def test_setup_a_unit_that_can_never_enter_names_the_rule_once() -> None:
    from peiper_helpers import activate, empty_board

    state = empty_board()
    state.turn = 2
    state.exited = ["Spitze"]
    state.units["Spitze"].status = "exited"
    activate(state, "us", 1)
    message, _ = check_refusal(state, "us", Action("enter", {"unit": "CCB/3/1", "at": "0110"}))
    assert message == "CCB/3/1 can no longer enter: an SS unit has exited the west map edge"


def test_movement_a_move_to_its_own_hex_says_it_is_already_there() -> None:
    from peiper_helpers import activate, empty_board, put

    state = empty_board()
    put(state, "106 BG", "1110")
    put(state, "Spitze", "1210")
    activate(state, "us", 1)
    assert "already in 1110" in check_refusal(state, "us", Action("move", {"unit": "106 BG", "to": "1110"}))[0]

