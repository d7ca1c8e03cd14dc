"""Distance fields for the Peiper AI: how many ACTs each German unit still needs to leave west.

The whole AI of both sides turns on one number, the German *potential*: the ACTs the best German
units still need to get off the west edge, given where the US units stand (they block hexes, slow
the units that stop next to them and cut the supply roads), which bridges are down and whether the
Fuel Depot is taken. The Germans play to lower it, the US to raise it.

Hexes are small integers here (the map has 140) so a field is a plain list, fast enough to
recompute for every US candidate move.
"""

from __future__ import annotations

import heapq
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from operator import mul

from engine.hexgrid import Hex

from .board import mech_step_cost, road_open, spec
from .state import UNIT_AWAITING, UNIT_ELIMINATED, UNIT_EXITED, UNIT_ON_MAP, PeiperState
from .units import game_map, map_key, unit_specs

FAR = 40.0  # ACTs standing for "cannot get out"
ADJ_PENALTY = 0.35  # stopping next to a US unit: it may fire, and the next move must break contact
WEIGHTS = (1.0, 1.0, 1.0, 1.0, 0.35, 0.15)  # the four nearest German units count; the rest a little
# Ruling 23 in the fields: no step from a hex next to a US unit to another hex next to one (a unit that
# starts its ACT next to an enemy must end it next to none). False for every level but the hard German,
# which sets it for its own decisions (ai_stops.strict); False plays exactly as before. A context
# variable, like the active map (units.scenario_map), so a decision in one thread never sets another's.
STRICT_STOPS: ContextVar[bool] = ContextVar("peiper_strict_stops", default=False)
# What the strict fields charge instead of forbidding (ai_stops.strict, the hard German on the original
# layout): (a step from a hex next to a US unit to another such hex, a step into a US-held hex), in ACTs;
# 0.0 forbids the step, as the strict fields did at first. A unit every way of which is closed (the US
# holds the chokes, or its units stand so that every way runs from one hex next to them to another) is
# then still given a way: the one that needs the fewest blockers to move or fall.
STRICT_COSTS: ContextVar[tuple[float, float]] = ContextVar("peiper_strict_costs", default=(0.0, 0.0))


@dataclass(frozen=True)
class Tables:
    hexes: tuple[Hex, ...]
    index: dict[Hex, int]
    nbrs: tuple[tuple[int, ...], ...]
    # ACT cost of a step a->b, by [a][k] for b = nbrs[a][k]; None: not allowed.
    mech_sup: tuple[tuple[float | None, ...], ...]
    mech_out: tuple[tuple[float | None, ...], ...]
    inf_sup: tuple[tuple[float, ...], ...]
    road_nbrs: tuple[tuple[int, ...], ...]  # open road links
    west: tuple[int, ...]
    east: tuple[int, ...]
    east_roads: tuple[int, ...]
    road: frozenset[int]
    # Reverse steps for the backward search: rev[b] = ((a, supplied cost, unsupplied cost), ...).
    rev_mech: tuple[tuple[tuple[int, float, float], ...], ...] = ()
    rev_inf: tuple[tuple[tuple[int, float, float], ...], ...] = ()
    # Fields already worked out on these tables (``exit_field``): the AI asks for the same position
    # again and again (a candidate's reply, the look-ahead's replays), and a field is a pure function
    # of its inputs. Bounded by FIELDS_KEPT.
    fields: dict[tuple[object, ...], Field] = field(default_factory=dict, compare=False, repr=False)
    by_label: dict[str, int] = field(default_factory=dict, compare=False, repr=False)  # "0503" -> index
    # What ``situation`` derives from the US hexes alone (the hexes next to them, the supply zone), by
    # (US hexes, depot captured): (us_adj, zone, and both frozen for the keys of ``fields``). Bounded by
    # FIELDS_KEPT.
    around: dict[tuple[frozenset[int], bool], Around] = field(default_factory=dict, compare=False, repr=False)

    def at(self, label: str) -> int:
        """``index[Hex.parse(label)]``, by the label itself (the AI asks it for every unit it weighs)."""
        i = self.by_label.get(label)
        return self.index[Hex.parse(label)] if i is None else i


def tables(bridges_down: tuple[str, ...]) -> Tables:
    """The step tables of the active map (the scenario's) with these bridges down."""
    return _tables(map_key(), bridges_down)


@lru_cache(maxsize=32)
def _tables(_map: str, bridges_down: tuple[str, ...]) -> Tables:
    gmap = game_map()
    probe = PeiperState(scenario="historical", seed=0, options={}, rng=None)  # type: ignore[arg-type]
    probe.bridges_down = list(bridges_down)
    hexes = tuple(sorted(gmap.hexes()))
    index = {h: i for i, h in enumerate(hexes)}
    nbrs, mech_sup, mech_out, inf_sup, road_nbrs = [], [], [], [], []
    for h in hexes:
        ns = [n for n in h.neighbors() if n in index]
        nbrs.append(tuple(index[n] for n in ns))
        ms, mo, inf, rn = [], [], [], []
        for n in ns:
            mp = mech_step_cost(probe, gmap, h, n)
            ms.append(None if mp is None else mp / 2.0)  # 2 MPs per ACT
            mo.append(None if mp is None else 1.0)  # out of supply: one hex per ACT
            is_road = road_open(probe, gmap, h, n)
            inf.append(0.5 if is_road else 1.0)  # Infantry: 1 hex, or 2 along roads
            if is_road:
                rn.append(index[n])
        mech_sup.append(tuple(ms))
        mech_out.append(tuple(mo))
        inf_sup.append(tuple(inf))
        road_nbrs.append(tuple(rn))
    east = tuple(index[h] for h in gmap.edges["east"])
    rev_mech: list[list[tuple[int, float, float]]] = [[] for _ in hexes]
    rev_inf: list[list[tuple[int, float, float]]] = [[] for _ in hexes]
    for a, ns_a in enumerate(nbrs):
        for k, b in enumerate(ns_a):
            cost = mech_sup[a][k]
            if cost is not None:
                rev_mech[b].append((a, cost, 1.0))
            rev_inf[b].append((a, inf_sup[a][k], 1.0))
    made = Tables(
        hexes, index, tuple(nbrs), tuple(mech_sup), tuple(mech_out), tuple(inf_sup), tuple(road_nbrs),
        tuple(index[h] for h in gmap.edges["west"]), east,
        tuple(i for i in east if hexes[i] in gmap.road_hexes),
        frozenset(index[h] for h in gmap.road_hexes),
        tuple(tuple(r) for r in rev_mech), tuple(tuple(r) for r in rev_inf),
    )
    made.by_label.update({h.label: i for i, h in enumerate(hexes)})
    return made


def table_for(state: PeiperState) -> Tables:
    return tables(tuple(sorted(state.bridges_down)))


def adjacent_set(t: Tables, occupied: set[int]) -> set[int]:
    out: set[int] = set()
    for i in occupied:
        out.update(t.nbrs[i])
    return out


def supply_zone(t: Tables, us: set[int], us_adj: set[int]) -> set[int]:
    """Hexes where a German unit is in supply: on or next to a road traced clear to the east edge."""
    blocked = us | us_adj
    seen = {i for i in t.east_roads if i not in blocked}
    stack = list(seen)
    while stack:
        here = stack.pop()
        for n in t.road_nbrs[here]:
            if n not in seen and n not in blocked:
                seen.add(n)
                stack.append(n)
    return seen | adjacent_set(t, seen)


@dataclass(frozen=True)
class Around:
    """What a position's US hexes make of the map: the hexes next to them, the German supply zone."""

    us_adj: set[int]
    zone: set[int] | None
    adj_key: frozenset[int]
    zone_key: frozenset[int] | None


@dataclass
class Field:
    dist: list[float]
    nxt: list[int]  # the next hex on the way out (-1: exit from here, or none)


FIELDS_KEPT = 4096  # fields remembered per table (a field is two lists of ~140 numbers)


def exit_field(t: Tables, mech: bool, us: set[int], us_adj: set[int], zone: set[int] | None,
               targets: set[int] | None = None) -> Field:
    """Least ACTs from each hex to leaving by the west edge (exit included). zone None: all supplied.

    With ``targets`` the search stops once every target hex is settled (other hexes may be left
    unfinished): enough to score a position, and much faster late in the game. The field returned may
    be shared with earlier callers: read it, never change it."""
    return _kept_field(t, mech, us, us_adj, zone, targets, frozenset(us), frozenset(us_adj),
                       None if zone is None else frozenset(zone))


def _kept_field(t: Tables, mech: bool, us: set[int], us_adj: set[int], zone: set[int] | None,
                targets: set[int] | None, us_key: frozenset[int], adj_key: frozenset[int],
                zone_key: frozenset[int] | None) -> Field:
    """The field of these inputs, worked out once (the keys: the same sets frozen, kept by ``situation``)."""
    key = (mech, us_key, adj_key, zone_key, None if targets is None else frozenset(targets),
           STRICT_STOPS.get(), STRICT_COSTS.get())  # strict fields kept apart from the others
    known = t.fields.get(key)
    if known is None:
        known = _exit_field(t, mech, us, us_adj, zone, targets)
        if len(t.fields) >= FIELDS_KEPT:
            del t.fields[next(iter(t.fields))]  # the oldest
        t.fields[key] = known
    return known


def _exit_field(t: Tables, mech: bool, us: set[int], us_adj: set[int], zone: set[int] | None,
                targets: set[int] | None) -> Field:
    n = len(t.hexes)
    dist = [FAR] * n
    nxt = [-1] * n
    heap: list[tuple[float, int]] = []
    strict = STRICT_STOPS.get()
    # the strict fields' charges (0.0: the step is forbidden; always so when not strict)
    adj_step, through = STRICT_COSTS.get() if strict else (0.0, 0.0)
    for i in t.west:
        if i not in us or through:
            dist[i] = 1.0
            heap.append((1.0, i))
    heapq.heapify(heap)
    rev = t.rev_mech if mech else t.rev_inf
    pop, push = heapq.heappop, heapq.heappush
    left = set(targets) if targets is not None else None
    while heap:
        d, here = pop(heap)
        if d > dist[here]:
            continue
        if left is not None:
            left.discard(here)
            if not left:
                break
        base = d + ADJ_PENALTY if here in us_adj else d
        if through and here in us:
            base += through  # the blocker must move or fall first
        # ruling 23, read strictly (the hard German's own activation, ai_stops): from a hex next to a
        # US unit no step to another such hex (or one at the charge ``adj_step``)
        stop_here = strict and here in us_adj
        for prev, sup, out in rev[here]:
            if prev in us and not through:
                continue
            step = sup if zone is None or prev in zone else out
            if stop_here and prev in us_adj:
                if not adj_step:
                    continue
                total = base + adj_step + step
            else:
                total = base + step
            if total < dist[prev] - 1e-9:
                dist[prev] = total
                nxt[prev] = here
                push(heap, (total, prev))
    return Field(dist, nxt)


@dataclass
class Situation:
    """Where everyone stands, in the AI's terms, for one decision."""

    t: Tables
    us: set[int]
    us_adj: set[int]
    zone: set[int] | None
    mech: Field
    inf: Field
    # the least ACTs to a free east-edge entry hex, by Mech (True) or Infantry field: asked for every unit
    # waiting to enter, each time the position is weighed (``unit_distance``)
    entry: dict[bool, float] = field(default_factory=dict, compare=False, repr=False)

    def field(self, uid: str) -> Field:
        return self.mech if spec(uid).mech else self.inf


def situation(state: PeiperState, us: set[int] | None = None, depot_captured: bool | None = None,
              t: Tables | None = None, partial: bool = False) -> Situation:
    """Fields for a position. ``partial``: only as far as the German units' hexes (and the east
    edge while some wait to enter), enough for ``distances`` but not for paths or landmarks."""
    t = t or table_for(state)
    if us is None:
        us = us_hexes(state, t)
    captured = state.fuel_depot == "captured" if depot_captured is None else depot_captured
    us_key = frozenset(us)
    near = t.around.get((us_key, captured))
    if near is None:
        near_adj = adjacent_set(t, us)
        near_zone = None if captured else supply_zone(t, us, near_adj)
        near = Around(near_adj, near_zone, frozenset(near_adj), None if near_zone is None else frozenset(near_zone))
        if len(t.around) >= FIELDS_KEPT:
            del t.around[next(iter(t.around))]  # the oldest
        t.around[(us_key, captured)] = near
    us_adj, zone = near.us_adj, near.zone
    mech_t: set[int] | None = None
    inf_t: set[int] | None = None
    if partial:
        mech_t, inf_t = set(), set()
        for g in german_ids():
            u = state.units[g]
            goal = mech_t if spec(g).mech else inf_t
            if u.status == UNIT_ON_MAP and u.hex:
                goal.add(t.at(u.hex))
            elif u.status == UNIT_AWAITING:
                goal.update(t.east)
    keys = (us_key, near.adj_key, near.zone_key)  # frozen once, kept with the zone
    return Situation(t, us, us_adj, zone, _kept_field(t, True, us, us_adj, zone, mech_t, *keys),
                     _kept_field(t, False, us, us_adj, zone, inf_t, *keys))


def us_hexes(state: PeiperState, t: Tables) -> set[int]:
    return {t.at(u.hex) for u in state.units.values()
            if u.side == "us" and u.status == UNIT_ON_MAP and u.hex}


def unit_distance(state: PeiperState, sit: Situation, uid: str, at: int | None = None) -> float:
    """ACTs this German unit needs to leave west (0 if it has)."""
    u = state.units[uid]
    if u.status == UNIT_EXITED:
        return 0.0
    if u.status == UNIT_ELIMINATED:
        return FAR
    f = sit.field(uid)
    if at is not None:
        return f.dist[at]
    if u.status == UNIT_AWAITING:
        s = spec(uid)
        entry = sit.entry.get(s.mech)
        if entry is None:
            entry = sit.entry[s.mech] = min((f.dist[i] for i in sit.t.east if i not in sit.us), default=FAR)
        delay = max(0, s.from_turn - max(1, state.turn)) * 6.0  # KG2 comes on turn 4
        return min(FAR, entry + 1.0 + delay)
    assert u.hex is not None
    return f.dist[sit.t.at(u.hex)]


def potential(distances: list[float]) -> float:
    """The German task: weighted ACTs of the nearest units still to leave (lower is better for GE)."""
    return sum(map(mul, WEIGHTS, sorted(distances)))  # the same sum as w * d pair by pair, in order


def german_ids() -> list[str]:
    return list(_german_ids())


@lru_cache(maxsize=1)
def _german_ids() -> tuple[str, ...]:
    return tuple(uid for uid, s in unit_specs().items() if s.side == "ge")


def distances(state: PeiperState, sit: Situation, override: dict[str, float] | None = None) -> list[float]:
    override = override or {}
    return [override[g] if g in override else unit_distance(state, sit, g) for g in german_ids()]


def landmark(sit: Situation, uid: str, start: int, steps: int = 10) -> str:
    """The next named place or bridge on the unit's way out, for the reason line."""
    gmap = game_map()
    f = sit.field(uid)
    here = start
    for _ in range(steps):
        nxt = f.nxt[here]
        if nxt < 0:
            return "the west edge"
        a, b = sit.t.hexes[here], sit.t.hexes[nxt]
        bridge = gmap.bridge_between(a, b)
        if bridge is not None:
            return f"the {bridge.name} bridge"
        place = gmap.place_at.get(b)
        if place:
            return place
        here = nxt
    return "the west edge"
