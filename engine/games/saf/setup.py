"""Scenario set-up (3.0, 8.1-8.6) and the scheduled arrivals of both sides."""

from __future__ import annotations

from typing import Any

from engine.cards import Deck
from engine.errors import NotFound
from engine.events import Event
from engine.hexgrid import Hex
from engine.rng import Rng

from .data import Placement, data_for
from .state import SafState, Unit
from .table import Table


def zone_hexes(t: Table, zone: str) -> list[Hex]:
    """The hexes a set-up zone names (8.x.1-8.x.2), in a fixed order."""
    m = t.m
    if zone.startswith("column:") or zone.startswith("columns:"):
        spec = zone.split(":", 1)[1]
        lo, _, hi = spec.partition("-")
        cols = range(int(lo), int(hi or lo) + 1)
        return sorted((h for h in m.hexes() if h.col in cols), key=lambda h: (h.col, h.row))
    if zone == "red_area":
        numbered = list(t.entry_hexes().values())
        if t.option("tiger_zone") == "numbered":  # games stored before the ruling: the five numbered hexes
            return numbered
        # 8.4.2 C, 8.5.2 C "the red hex or surrounding hexes": the red hex and all six around it
        # (rulings 8.4.2 C): the red hex first, the numbered hexes, then the others
        return numbered + sorted(h for h in m.neighbors(numbered[0]) if h in m.terrain and h not in numbered)
    if zone == "east_edge":
        return list(m.edges["east"])
    if zone == "building":
        # Nearest the American (west) edge first: the sniper's default (rulings 8.2.1 D, _place).
        return sorted((h for h, k in m.terrain.items() if k == "building"), key=lambda h: (h.col, h.row))
    if zone in m.markers:
        return list(m.markers[zone])
    raise NotFound(f"Set-up zone '{zone}' is not on map {m.name}")


def spread(t: Table, kind: str, hexes: list[Hex], count: int, pairs: bool, need: int = 1) -> list[Hex]:
    """Hexes for ``count`` units: two per hex with ``pairs``, else evenly distributed (8.0 B)."""
    if pairs:
        return [hexes[(i // 2) % len(hexes)] for i in range(count)]
    ok = [h for h in hexes if t.room(h, kind, need)]
    if not ok:
        return []
    chosen: list[Hex] = []
    for i in range(count):
        start = int((i + 0.5) * len(ok) / count)
        for j in range(len(ok)):
            h = ok[(start + j) % len(ok)]
            if h not in chosen and t.room(h, kind, need):
                chosen.append(h)
                break
    return chosen


def _place(t: Table, p: Placement, side: str) -> None:
    hexes = zone_hexes(t, p.zone)
    if p.zone == "building" and t.option("sniper_hex") == "nearest_us_edge":
        # 8.2.1 D "any building hex": the building nearest the American edge (rulings 8.2.1 D); the
        # option's "middle" is how games before it were set up (spread's middle of the list).
        spots = [h for h in hexes if t.room(h, p.kind)][:p.count]
    else:
        spots = spread(t, p.kind, hexes, p.count, p.pairs)
    for i, h in enumerate(spots):
        kind, number = t.from_pool(p.kind) if side == "ge" else (p.kind, 0)
        u = t.new_unit(kind, number, hex=h.label, exempt=p.pairs and t.d.counters[kind].tank, holds=p.holds)
        u.arrive_zone = p.zone
        if i < p.low_ammo:
            u.supply = "low_ammo"


def new_state(scenario: str, seed: int, options: dict[str, Any]) -> SafState:
    """The opening position; ``options`` are already parsed, GM files copied in (SafRules.new_state)."""
    data = data_for(options)
    key = str(scenario).strip()
    if key not in data.scenarios:
        raise NotFound(f"Scenario '{scenario}' does not exist: choose one of {', '.join(data.scenarios)}")
    sc = data.scenarios[key]
    rng = Rng.seeded(seed)
    state = SafState(scenario=key, seed=seed, rng=rng, options=dict(options), side="us", reserve_at=sc.reserve_at)
    state.pool = {k: list(v) for k, v in data.german_pool.items()}
    t = Table(state)
    state.cover_deck = Deck.shuffled(t.cover_ids(), rng)
    state.action_deck = Deck.shuffled(t.action_ids(), rng)
    state.reserve_deck = Deck.shuffled(list(data.reserves), rng)
    # The 1st Lieutenant's unit goes to his zone first (8.1.1 B), so it is placed before the others.
    lt_unit: list[Unit] = []
    lt_zone = zone_hexes(t, sc.lt_zone)
    for p in sc.american:
        if p.kind in ("us_veteran", "us_infantry") and not lt_unit:
            spot = next(h for h in lt_zone if t.room(h, p.kind, 2))
            u = t.new_unit(p.kind, hex=spot.label)
            u.arrive_zone = sc.lt_zone
            lt_unit.append(u)
            rest = p.model_copy(update={"count": p.count - 1, "low_ammo": max(0, p.low_ammo - 1)})
            if p.low_ammo:
                u.supply = "low_ammo"
            _place(t, rest, "us")
        else:
            _place(t, p, "us")
    lt = t.new_unit("us_lt", hex=lt_unit[0].hex, attached_to=lt_unit[0].id)
    lt.arrive_zone = sc.lt_zone
    for p in sc.german:
        _place(t, p, "ge")
    for a in sc.arrivals:
        for _ in range(a.count):
            u = t.new_unit(a.kind, status="awaiting", arrive_turn=a.turn, arrive_when=a.when, arrive_zone=a.zone,
                           fire_on_entry=a.fire_on_entry)
            u.exempt = a.pairs
    t.panic_check()
    return state


def _nearest_free(t: Table, u: Unit, near: list[Hex], why: str) -> bool:
    """A scheduled arrival whose hex is taken comes on at the nearest hex with room, as the 6.4
    reserves do: American arrivals (rulings 6.4; option arrival_nearest, off in games stored before
    it) and German ones (rulings 8.2.2 C; option german_arrival, "wait" in games stored before it)."""
    if not near:
        return False
    if u.side == "us" and not t.option("arrival_nearest"):
        return False
    if u.side == "ge" and t.option("german_arrival") != "nearest":
        return False
    room = [h for h in t.m.hexes() if t.room(h, u.kind, 1, u.side)]
    if not room:
        return False
    h = min(room, key=lambda x: (min(x.distance(n) for n in near), x.col, x.row))
    u.status, u.hex, u.exempt = "on_map", h.label, False  # off its arrival hex: normal stacking
    rule = "6.4" if u.side == "us" else f"8.{t.s.scenario}.2"
    t.events.append(Event("arrive", f"{t.name(u)} arrives at {h.label}: {why}, so the nearest free hex (as reserves do)",
                          rule, u.side, {"unit": u.id, "hex": h.label}))
    return True


def scheduled_arrivals(t: Table, when: str) -> list[Unit]:
    """Units the scenario brings on this turn at this moment (8.2.2 C, 8.4.1 F-G, 8.5.1 F, 8.6.2 D)."""
    due = [u for u in t.s.units.values()
           if u.status == "awaiting" and u.arrive_turn == t.s.turn and u.arrive_when == when]
    placed = []
    by_zone: dict[str, list[Unit]] = {}
    for u in due:
        by_zone.setdefault(u.arrive_zone, []).append(u)
    for zone, units in by_zone.items():
        hexes = zone_hexes(t, zone)
        pairs = all(u.exempt for u in units)
        if zone == "red_area" and t.option("tiger_zone") != "numbered":
            # the red hex first, then the hexes around it (rulings 8.4.2 C)
            spots = [h for h in hexes if t.room(h, units[0].kind, 1, units[0].side)][:len(units)]
        else:
            spots = spread(t, units[0].kind, hexes, len(units), pairs)
        for u, h in zip(units, spots, strict=False):
            if pairs and t.s.at(h) and any(x.side != u.side or not x.exempt for x in t.s.at(h)):
                if _nearest_free(t, u, [h], f"{h.label} is occupied"):
                    placed.append(u)
                    continue
                t.events.append(Event("arrive", f"{t.name(u)} cannot arrive: {h.label} is occupied; it tries next turn",
                                      "6.3.2", u.side))
                u.arrive_turn += 1
                continue
            u.status, u.hex = "on_map", h.label
            placed.append(u)
            t.events.append(Event("arrive", f"{t.name(u)} arrives at {h.label}",
                                  f"8.{t.s.scenario}", u.side, {"unit": u.id, "hex": h.label}))
        for u in units[len(spots):]:
            if _nearest_free(t, u, hexes, "no room in its zone"):
                placed.append(u)
                continue
            t.events.append(Event("arrive", f"{t.name(u)} cannot arrive this turn: no room in its zone",
                                  "6.3.2", u.side))
            u.arrive_turn += 1
    t.panic_check()
    return placed
