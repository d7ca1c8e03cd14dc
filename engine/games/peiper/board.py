"""Questions about the board: who stands where, stacking, movement, supply.

Movement (Terrain Chart, Movement), stacking (Set-Up), German Supply.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Protocol

from engine.hexgrid import Hex, Hexside, path_to, search
from engine.listing import remember
from engine.maps import GameMap

from .state import UNIT_ON_MAP, PeiperState
from .units import UnitSpec, game_map, unit_specs

# Terrain Chart: Mech MP cost to enter a hex off-road. None: only by road.
# Village "+0 MPs" is read as "nothing added to clear": 1 MP (docs/rulings/peiper.md).
MECH_COST: dict[str, float | None] = {
    "clear": 1.0,
    "village": 1.0,
    "town": 1.0,
    "light_forest": 2.0,
    "forest": None,
}
ROAD_COST = 0.5
MECH_MP = 2.0  # Movement: "Each ACT spent allows a Mech unit to move up to 2 MPs paying hex terrain costs"
# Terrain Chart, combat effects: added to the card draw against a defender in this terrain.
TERRAIN_COMBAT: dict[str, int] = {"town": 1, "forest": 1}

OTHER = {"ge": "us", "us": "ge"}


def other(side: str) -> str:
    return OTHER[side]


def spec(uid: str) -> UnitSpec:
    return unit_specs()[uid]


def hex_of(state: PeiperState, uid: str) -> Hex | None:
    label = state.units[uid].hex
    return Hex.parse(label) if label and state.units[uid].status == UNIT_ON_MAP else None


def occupants(state: PeiperState) -> dict[Hex, list[str]]:
    """The units in each hex (read it, never change it: within a listing it is shared, ``engine.listing``)."""
    return remember(("peiper-occupants", id(state)), lambda: _occupants(state))


def _occupants(state: PeiperState) -> dict[Hex, list[str]]:
    where: dict[Hex, list[str]] = {}
    for u in state.units.values():
        if u.status == UNIT_ON_MAP and u.hex:
            where.setdefault(Hex.parse(u.hex), []).append(u.id)
    return where


def side_at(state: PeiperState, where: dict[Hex, list[str]], h: Hex) -> str | None:
    ids = where.get(h)
    return state.units[ids[0]].side if ids else None


def enemy_adjacent(state: PeiperState, where: dict[Hex, list[str]], h: Hex, side: str) -> bool:
    enemy = other(side)
    return any(side_at(state, where, n) == enemy for n in h.neighbors())


def stack_limit(state: PeiperState) -> int:
    return int(state.options.get("stack_limit", 2))


def can_stop(state: PeiperState, where: dict[Hex, list[str]], h: Hex, uid: str) -> str | None:
    """Why a unit may not end its move in h (stacking), or None if it may."""
    ids = [i for i in where.get(h, []) if i != uid]
    if ids and state.units[ids[0]].side != state.units[uid].side:
        return f"{h.label} holds enemy units: opposing units cannot stack together"
    if len(ids) >= stack_limit(state):
        return f"{h.label} already holds {len(ids)} units: up to {stack_limit(state)} may stack"
    return None


class Bridges(Protocol):
    """What the terrain costs depend on: the bridges blown so far (a PeiperState is one)."""

    @property
    def bridges_down(self) -> list[str]: ...


@dataclass(frozen=True)
class BridgesDown:
    """Bridges down without a whole game state: for searches cached by the bridges alone."""

    bridges_down: list[str] = field(default_factory=list)


def bridge_intact(state: Bridges, gmap: GameMap, side: Hexside) -> bool:
    bridge = gmap.bridge_at.get(side)
    return bridge is not None and bridge.name not in state.bridges_down


def river_between(gmap: GameMap, a: Hex, b: Hex) -> bool:
    return "river" in gmap.features(a, b)


def road_open(state: Bridges, gmap: GameMap, a: Hex, b: Hex) -> bool:
    """A road link that can be followed: a road, and if it crosses a river, its bridge stands."""
    side = Hexside.of(a, b)
    if side not in gmap.road_links:
        return False
    return not river_between(gmap, a, b) or bridge_intact(state, gmap, side)


def mech_step_cost(state: Bridges, gmap: GameMap, a: Hex, b: Hex) -> float | None:
    """Mech MP cost from a to adjacent b; None where a Mech may not go (Terrain Chart)."""
    if b not in gmap:
        return None
    if road_open(state, gmap, a, b):
        return ROAD_COST  # "Negates other terrain"
    if river_between(gmap, a, b) and not bridge_intact(state, gmap, Hexside.of(a, b)):
        return None  # River: cross only at Bridge
    return MECH_COST.get(gmap.terrain_of(b), 1.0)


# Step tables of a map with some bridges down: the same few hundred hexsides are asked about in every
# search, so each answer is worked out once (the map files never change while the program runs).
STEP_TABLES_KEPT = 64
_STEP_TABLES: dict[tuple[int, tuple[str, ...]], tuple[GameMap, StepTable]] = {}


@dataclass(frozen=True)
class StepTable:
    """``mech_step_cost`` and the open road links of one map with one set of bridges down."""

    mech: dict[tuple[Hex, Hex], float | None]  # every step from a map hex to a neighbour (on the map or not)
    roads: dict[Hex, tuple[Hex, ...]]  # the road links each hex may follow (``road_open``); none if absent


def step_table(terrain: Bridges, gmap: GameMap) -> StepTable:
    key = (id(gmap), tuple(sorted(set(terrain.bridges_down))))
    entry = _STEP_TABLES.get(key)
    if entry is not None and entry[0] is gmap:
        return entry[1]
    mech: dict[tuple[Hex, Hex], float | None] = {}
    roads: dict[Hex, tuple[Hex, ...]] = {}
    for a in gmap.terrain:
        for b in a.neighbors():
            mech[(a, b)] = mech_step_cost(terrain, gmap, a, b)
    # a hex on no road follows none: only road hexes are listed
    for a in sorted(set(gmap.terrain) | gmap.road_hexes):
        roads[a] = tuple(b for b in a.neighbors() if road_open(terrain, gmap, a, b))
    table = StepTable(mech, roads)
    if len(_STEP_TABLES) >= STEP_TABLES_KEPT:
        del _STEP_TABLES[next(iter(_STEP_TABLES))]
    _STEP_TABLES[key] = (gmap, table)
    return table


def _near(hexes: set[Hex]) -> set[Hex]:
    """Every hex next to one of ``hexes``."""
    return {n for h in hexes for n in h.neighbors()}


def destinations(state: PeiperState, uid: str, supplied: bool = True, *, enemies_block: bool = True,
                 stops: bool = True, bridges: Bridges | None = None) -> dict[Hex, list[Hex]]:
    """Every hex the unit may move to with one ACT, with the path it takes (Movement).

    The keyword arguments lift one restriction at a time, so a refusal can name the one that bars a hex:
    ``enemies_block`` (enemy-held hexes), ``stops`` (stopping next to an enemy), ``bridges`` (the
    bridges down, ``BridgesDown()`` for none)."""
    terrain: Bridges = bridges if bridges is not None else state
    gmap = game_map()
    start = hex_of(state, uid)
    if start is None:
        return {}
    where = occupants(state)
    side = state.units[uid].side
    enemy = other(side)
    steps = step_table(terrain, gmap)
    # side_at(h) == enemy, and enemy_adjacent(h), as sets for this one position
    enemy_held = {h for h, ids in where.items() if state.units[ids[0]].side == enemy}
    near_enemy = _near(enemy_held)

    on_map = gmap.terrain
    blocked = enemy_held if enemies_block else set()

    def passable(h: Hex) -> bool:
        return h in on_map and h not in blocked

    # Movement: "Units may not move if adjacent to an enemy unit, except to a new hex not adjacent to
    # an enemy unit". Read hex by hex (ruling 23), a unit stops on entering a hex next to an enemy: it
    # moves on only from its start or from a hex next to no enemy.
    hex_by_hex = stops and state.options.get("adjacent_movement", "hex_by_hex") == "hex_by_hex"

    stuck = near_enemy if hex_by_hex else set()

    def leaves(h: Hex) -> bool:
        return h == start or h not in stuck

    def road(a: Hex, b: Hex) -> bool:
        return b in steps.roads.get(a, ())

    paths: dict[Hex, list[Hex]] = {}
    if spec(uid).mech and supplied:
        mech = steps.mech
        best, came = search(
            # an off-map step costs None in the table already
            start, lambda a, b: mech[(a, b)] if b not in blocked and (a not in stuck or a == start) else None,
            budget=MECH_MP,
        )
        paths = {h: path_to(came, start, h) for h in best if h != start}
    else:
        for n in start.neighbors():
            if not passable(n):
                continue
            if spec(uid).mech:
                # Out of supply, a Mech moves one hex, still paying its terrain (German Supply).
                if steps.mech[(start, n)] is None:
                    continue
            paths[n] = [start, n]
        if not spec(uid).mech and supplied:
            # Infantry: or 2 hexes along roads.
            for mid in start.neighbors():
                if not passable(mid) or not road(start, mid) or not leaves(mid):
                    continue
                for end in mid.neighbors():
                    if end != start and passable(end) and road(mid, end) and end not in paths:
                        paths[end] = [start, mid, end]
    # Stacking at the end of the move, and the rule against moving while adjacent to an enemy.
    starts_adjacent = start in near_enemy
    legal = {}
    for h, path in paths.items():
        if can_stop(state, where, h, uid) is not None:
            continue
        if starts_adjacent and h in near_enemy:
            continue
        legal[h] = path
    return legal


def supply_network(state: PeiperState) -> set[Hex]:
    """Road hexes connected back to the east map edge by roads clear of US units (German Supply).

    Read it, never change it: within a listing it is shared (``engine.listing``)."""
    return remember(("peiper-supply", id(state)), lambda: _supply_network(state))


def _supply_network(state: PeiperState) -> set[Hex]:
    gmap = game_map()
    where = occupants(state)
    us_held = {h for h, ids in where.items() if state.units[ids[0]].side == "us"}
    barred = us_held | _near(us_held)  # a US unit on it or next to it
    roads = step_table(state, gmap).roads

    starts = [h for h in gmap.edges["east"] if h in gmap.road_hexes and h not in barred]
    seen = set(starts)
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        for nxt in roads.get(here, ()):
            if nxt not in seen and nxt not in barred:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def in_supply(state: PeiperState, uid: str, network: set[Hex] | None = None) -> bool:
    """A German unit is in supply if on, or adjacent to, a supplied road; always once the FD is taken."""
    if state.units[uid].side != "ge" or state.fuel_depot == "captured":
        return True
    h = hex_of(state, uid)
    if h is None:
        return True
    net = supply_network(state) if network is None else network
    if h in net:
        return True
    # Ruling 17: "nor cross an un-bridged river hexside" holds for the last step too: a unit next to a
    # supplied road across a river, with no bridge standing there, is cut off (option supply_over_river).
    gmap, over_river = game_map(), bool(state.options.get("supply_over_river", True))
    return any(n in net and (over_river or not river_between(gmap, h, n) or bridge_intact(state, gmap, Hexside.of(h, n)))
               for n in h.neighbors())
