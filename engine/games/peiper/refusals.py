"""Why a move is refused: the restriction (or the restrictions together) that actually bars it.

A refused move names the condition that failed and the rule that holds it (ruling 28): the end hex
(enemy-held, stacking), the rule against moving next to enemies, the Terrain Chart's river and forest,
supply, then whatever bars every way there: enemy-held hexes, hexes where the unit must stop, blown
bridges, alone or together. Only when nothing but the distance does is the move "more than the 2 MPs".
"""

from __future__ import annotations

from itertools import combinations

from engine.hexgrid import Hex, Hexside
from engine.refusal import Why

from .board import (
    BridgesDown,
    can_stop,
    destinations,
    enemy_adjacent,
    hex_of,
    mech_step_cost,
    occupants,
    side_at,
    spec,
)
from .state import PeiperState
from .units import game_map

R_SETUP = "Set-Up"
R_MOVE = "Movement"
R_TERRAIN = "Terrain Chart"
R_SUPPLY = "German Supply"
LIFTS = ("enemies", "stops", "bridges")  # the restrictions on the way, in the order a refusal names them


def why_not(state: PeiperState, uid: str, to: Hex, supplied: bool) -> Why:
    """The reason ``uid`` may not move to ``to`` with one ACT, and the rule it comes from."""
    gmap = game_map()
    start = hex_of(state, uid)
    assert start is not None
    where = occupants(state)
    side = state.units[uid].side
    if to == start:
        return Why(f"it is already in {to.label}: a move goes to another hex", R_MOVE)
    if to not in gmap:
        return Why("that hex is off the map", R_MOVE)
    if side_at(state, where, to) not in (None, side):
        return Why("enemy units hold that hex: opposing units cannot stack together", R_SETUP)
    stop = can_stop(state, where, to, uid)
    if stop:
        return Why(stop, R_SETUP)
    if enemy_adjacent(state, where, start, side) and enemy_adjacent(state, where, to, side):
        return Why("a unit adjacent to an enemy may only move to a hex not adjacent to an enemy", R_MOVE)
    mech = spec(uid).mech
    if mech and start.distance(to) == 1 and mech_step_cost(state, gmap, start, to) is None:
        if "river" in gmap.features(start, to):
            return Why("a Mech unit crosses a river only at a bridge, and no intact bridge is there", R_TERRAIN)
        return Why("a Mech unit may only enter a forest by road", R_TERRAIN)
    if not supplied:
        return Why("out of supply, a unit moves only 1 hex per ACT", R_SUPPLY)
    # Within reach of a full ACT on roads (1/2 MP a hex; Infantry 2 hexes), something on the way may bar it.
    blocked = blocked_by(state, uid, to, supplied) if start.distance(to) <= (4 if mech else 2) else ""
    if blocked:
        return Why(blocked, R_MOVE)
    if mech:
        if gmap.terrain_of(to) == "forest" and to not in gmap.road_hexes:
            return Why("a Mech unit may only enter a forest by road", R_TERRAIN)
        return Why("it is more than the 2 MPs a Mech unit has per ACT (road 1/2, clear, village, town 1, light "
                   "forest 2)", R_MOVE)
    return Why("Infantry moves 1 hex, or 2 hexes along roads", R_MOVE)


def blocked_by(state: PeiperState, uid: str, to: Hex, supplied: bool) -> str:
    """The restrictions on the way that bar the hex, found by lifting the fewest that open a way: '' if
    lifting all of them opens none (the distance or the terrain bars it)."""
    for n in range(1, len(LIFTS) + 1):
        for lifted in combinations(LIFTS, n):
            path = destinations(state, uid, supplied, enemies_block="enemies" not in lifted,
                                stops="stops" not in lifted,
                                bridges=BridgesDown() if "bridges" in lifted else None).get(to)
            if path is not None:
                named = _named(state, uid, path, lifted)
                if named:
                    return named[0] if n == 1 else "every way there meets " + " and ".join(named)
    return ""


def _named(state: PeiperState, uid: str, path: list[Hex], lifted: tuple[str, ...]) -> list[str]:
    """What the path found with ``lifted`` lifted meets of each lifted restriction, in words."""
    where = occupants(state)
    side = state.units[uid].side
    gmap = game_map()
    out = []
    single = len(lifted) == 1
    if "enemies" in lifted:
        held = [h.label for h in path[1:-1] if side_at(state, where, h) not in (None, side)]
        if held:
            out.append(f"enemy units in {', '.join(held)}" + (" block the only way there" if single else ""))
    if "stops" in lifted:
        stops = [h for h in path[1:-1] if enemy_adjacent(state, where, h, side)
                 and side_at(state, where, h) in (None, side)]
        if stops:
            out.append(f"the way passes {stops[0].label}, next to an enemy unit, and a unit stops on entering "
                       "such a hex (ruling 23)" if single else
                       f"a stop at {stops[0].label}, next to an enemy unit (ruling 23)")
    if "bridges" in lifted:
        down = sorted({b.name for a, b2 in zip(path, path[1:], strict=False)
                       for b in [gmap.bridge_at.get(Hexside.of(a, b2))] if b is not None and b.name in state.bridges_down})
        if down:
            bridges = f"the {' and '.join(down)} bridge{'s' if len(down) > 1 else ''}"
            out.append(f"{bridges} {'are' if len(down) > 1 else 'is'} down on the only way there" if single
                       else f"{bridges} down")
    return out if len(out) == len(lifted) else []
