"""Movement (6.3.1) and the German movement choices (7.2.1, 7.2.6, 7.4)."""

from __future__ import annotations

from collections.abc import Callable

from engine.events import Event
from engine.hexgrid import Hex, reachable

from .los import cover_rank
from .state import Unit
from .table import Table

INFANTRY_COST = {"clear": 1, "woods": 2, "hill": 2, "building": 3}


def occupancy(t: Table) -> dict[str, list[Unit]]:
    occ: dict[str, list[Unit]] = {}
    for x in t.s.units.values():
        if x.status == "on_map" and x.hex:
            occ.setdefault(x.hex, []).append(x)
    return occ


def step_cost(t: Table, u: Unit, a: Hex, b: Hex, occ: dict[str, list[Unit]] | None = None) -> float | None:
    """6.3.1 A; tanks may not enter woods or buildings (6.3.6.7 B). Enemy hexes block. Units may pass
    through hexes with friendly units, tanks too (rulings 6.3.1; stacking, 6.3.2, is checked where a
    move ends); with the option pass_friendly off (games stored before it) a tank could not pass
    through any unit and infantry could not pass through a tank."""
    if b not in t.m.terrain:
        return None
    kind = t.m.terrain[b]
    here = occ.get(b.label, []) if occ is not None else t.s.at(b)
    if any(x.side != u.side for x in here):
        return None
    through = bool(t.option("pass_friendly"))
    if t.is_tank(u):
        if kind in ("woods", "building") or (here and not through):
            return None
        return 2 if kind == "hill" else 1
    if not through and any(t.is_tank(x) for x in here):
        return None
    return INFANTRY_COST[kind]


ROAD = "road"  # a move within the allowance +1, all along a road (6.3.1 A)
ADJACENT = "adjacent"  # the one hex a unit may always enter (6.3.1 B)


def move_costs(t: Table, u: Unit) -> dict[Hex, tuple[float, str]]:
    """Every hex the unit may reach (6.3.1 A-B), each with the least MP it costs and the rule that lets it
    go there: "" (within its MP), ``ROAD`` (+1 MP along a road) or ``ADJACENT`` (always one hex). Stacking
    at the end of the move is ``destinations``'."""
    key = ("costs", u.id, u.hex)
    if t.memo is not None and key in t.memo:
        return dict(t.memo[key])
    start = t.hex(u)
    mp = t.spec(u).mp
    out: dict[Hex, tuple[float, str]] = {}
    if mp > 0:
        occ = occupancy(t)

        def cost(a: Hex, b: Hex) -> float | None:
            return step_cost(t, u, a, b, occ)

        def road_cost(a: Hex, b: Hex) -> float | None:
            return cost(a, b) if t.m.road_between(a, b) else None

        for n in t.m.neighbors(start):  # B: always one hex
            c = cost(start, n)
            if c is not None:
                out[n] = (float(c), ADJACENT)
        for h, c in reachable(start, mp + 1, road_cost).items():  # A: road +1
            out[h] = (float(c), ROAD)
        for h, c in reachable(start, mp, cost).items():
            out[h] = (float(c), "")
        out.pop(start, None)
    if t.memo is not None:
        t.memo[key] = dict(out)
    return out


def destinations(t: Table, u: Unit, max_hexes: int = 0) -> list[Hex]:
    """Every hex the unit may end a move in (6.3.1 A-B, 6.3.2), sorted; ``max_hexes`` caps distance."""
    key = ("dest", u.id, u.hex, max_hexes)
    if t.memo is not None and key in t.memo:
        return list(t.memo[key])
    start = t.hex(u)
    need = 2 if t.lt_of(u) is not None else 1
    out = [h for h in move_costs(t, u) if t.room(h, u.kind, need, u.side)]
    if max_hexes:
        out = [h for h in out if h.distance(start) <= max_hexes]
    out.sort()
    if t.memo is not None:
        t.memo[key] = list(out)
    return out


def hex_steps(t: Table, u: Unit, n: int) -> list[Hex]:
    """Hexes a German unit reaches moving up to n hexes (7.2.1 A: cards count hexes, not MPs)."""

    def cost(a: Hex, b: Hex) -> float | None:
        return 1 if step_cost(t, u, a, b) is not None else None

    start = t.hex(u)
    return sorted(h for h in reachable(start, n, cost) if h == start or t.room(h, u.kind, 1, u.side))


def step_counts(t: Table, u: Unit, n: int) -> dict[Hex, int]:
    """The hexes a German unit may end in moving up to n hexes (its own hex too), each with the number
    of hexes its route takes (7.2.1 A counts hexes): a breadth-first search over the hexes it may enter."""
    occ = occupancy(t)
    start = t.hex(u)
    count = {start: 0}
    frontier = [start]
    for k in range(1, n + 1):
        nxt: list[Hex] = []
        for a in frontier:
            for b in t.m.neighbors(a):
                if b not in count and step_cost(t, u, a, b, occ) is not None:
                    count[b] = k
                    nxt.append(b)
        frontier = nxt
    return {h: k for h, k in count.items() if h == start or t.room(h, u.kind, 1, u.side)}


def card_count(t: Table, u: Unit, n: int, wanted: Callable[[Hex], bool]) -> list[Hex]:
    """7.2.1 A "they move the number of hexes listed on the action card": the wanted hexes (nearer the
    goal, farther from the Americans) that take the full n hexes; fewer only where no wanted hex is
    that far (7.2 D: "do not do any part that is not possible"). Empty when no wanted hex is in reach."""
    counts = step_counts(t, u, n)
    for k in range(n, 0, -1):
        hexes = sorted(h for h, c in counts.items() if c == k and wanted(h))
        if hexes:
            return hexes
    return []


def route_lengths(t: Table, u: Unit, goal: Hex) -> dict[Hex, int]:
    """Hexes from which the unit could drive to the goal (or next to it), with the number of hexes:
    a breadth-first search out from the goal over the hexes the unit may enter (its own hex too)."""
    occ = occupancy(t)
    if u.hex in occ:
        occ[u.hex] = [x for x in occ[u.hex] if x.id != u.id]
    out = {goal: 0}
    frontier = [goal]
    while frontier:
        nxt: list[Hex] = []
        for a in frontier:
            for b in t.m.neighbors(a):
                if b not in out and step_cost(t, u, a, b, occ) is not None:
                    out[b] = out[a] + 1
                    nxt.append(b)
        frontier = nxt
    return out


def choose_hex(t: Table, u: Unit, n: int, key: Callable[[Hex], tuple[object, ...]]) -> Hex:
    """The best hex within n hexes by ``key`` (ties: lowest label); the start hex if nothing is better."""
    options = hex_steps(t, u, n)
    return min(options, key=lambda h: (*key(h), h.col, h.row))


def away(t: Table, u: Unit, threat: Hex, n: int) -> Hex:
    """Fall back: as far from the nearest American as n hexes allow, best cover first among equals."""
    return choose_hex(t, u, n, lambda h: (-h.distance(threat), -cover_rank(t.m, h)))


def move_unit(t: Table, u: Unit, to: Hex, rule: str, verb: str = "moves") -> None:
    frm = u.hex
    u.hex = to.label
    u.moved = True
    u.exempt = False
    lt = t.lt_of(u)
    if lt is not None:
        lt.hex = to.label
    t.s.overlays.append({"kind": "move", "side": u.side, "unit": u.id, "path": [frm, to.label]})
    t.events.append(Event("move", f"{t.name(u)} {verb} {frm} -> {to.label}",
                          rule, u.side, {"unit": u.id, "to": to.label}))
    t.panic_check()
