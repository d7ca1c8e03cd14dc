"""The fast paths of the Peiper rules and AI answer exactly what the plain computations answer (issue 30,
faster selfplay): the step tables of ``board.destinations`` and ``board.supply_network``, the fields
``ai_field.exit_field`` keeps, and the hex caches of ``engine.hexgrid``. Each is checked against the
former code, kept here as the reference, on every position of seeded random games on both layouts.

A game played with the fast paths is the same game move for move: ``tools/selfplay_digest.py`` writes
every order and event of selfplay deals, to diff before and after a change."""

from __future__ import annotations

import random
from collections import deque

import pytest

from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper import ai_field as af
from engine.games.peiper.board import (
    BridgesDown,
    destinations,
    enemy_adjacent,
    hex_of,
    mech_step_cost,
    occupants,
    other,
    road_open,
    side_at,
    spec,
    supply_network,
)
from engine.games.peiper.board import can_stop as board_can_stop
from engine.games.peiper.state import UNIT_ON_MAP, PeiperState
from engine.games.peiper.units import game_map, scenario_map
from engine.hexgrid import DIRECTIONS, Hex, Hexside, path_to, search
from engine.listing import listing


def reference_destinations(state: PeiperState, uid: str, supplied: bool = True, *, enemies_block: bool = True,
                           stops: bool = True, bridges: BridgesDown | None = None) -> dict[Hex, list[Hex]]:
    """``board.destinations`` as it was before the step tables."""
    terrain = bridges if bridges is not None else state
    gmap = game_map()
    start = hex_of(state, uid)
    if start is None:
        return {}
    where = occupants(state)
    side = state.units[uid].side
    enemy = other(side)

    def passable(h: Hex) -> bool:
        return h in gmap and (not enemies_block or side_at(state, where, h) != enemy)

    hex_by_hex = stops and state.options.get("adjacent_movement", "hex_by_hex") == "hex_by_hex"

    def leaves(h: Hex) -> bool:
        return h == start or not hex_by_hex or not enemy_adjacent(state, where, h, side)

    paths: dict[Hex, list[Hex]] = {}
    if spec(uid).mech and supplied:
        best, came = search(
            start, lambda a, b: mech_step_cost(terrain, gmap, a, b) if passable(b) and leaves(a) else None,
            budget=2.0,
        )
        paths = {h: path_to(came, start, h) for h in best if h != start}
    else:
        for n in start.neighbors():
            if not passable(n):
                continue
            if spec(uid).mech and mech_step_cost(terrain, gmap, start, n) is None:
                continue
            paths[n] = [start, n]
        if not spec(uid).mech and supplied:
            for mid in start.neighbors():
                if not passable(mid) or not road_open(terrain, gmap, start, mid) or not leaves(mid):
                    continue
                for end in mid.neighbors():
                    if end != start and passable(end) and road_open(terrain, gmap, mid, end) and end not in paths:
                        paths[end] = [start, mid, end]
    starts_adjacent = enemy_adjacent(state, where, start, side)
    return {h: path for h, path in paths.items() if board_can_stop(state, where, h, uid) is None
            and not (starts_adjacent and enemy_adjacent(state, where, h, side))}


def reference_supply_network(state: PeiperState) -> set[Hex]:
    """``board.supply_network`` as it was before the step tables."""
    gmap = game_map()
    where = occupants(state)

    def usable(h: Hex) -> bool:
        return side_at(state, where, h) != "us" and not any(side_at(state, where, n) == "us" for n in h.neighbors())

    starts = [h for h in gmap.edges["east"] if h in gmap.road_hexes and usable(h)]
    seen = set(starts)
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        for nxt in here.neighbors():
            if nxt in seen or nxt not in gmap.road_hexes:
                continue
            if road_open(state, gmap, here, nxt) and usable(nxt):
                seen.add(nxt)
                queue.append(nxt)
    return seen


def positions(scenario: str, seed: int, steps: int) -> list[PeiperState]:
    """Copies of every position of a game of random legal orders (a GM blows a bridge now and then)."""
    rnd = random.Random(f"speed:{scenario}:{seed}")
    state = RULES.new_state(scenario, seed, {})
    seen: list[PeiperState] = []
    for step in range(steps):
        side = RULES.to_act(state)
        if side is None:
            break
        if step % 37 == 20:
            with scenario_map(scenario):
                up = [b for b in game_map().bridges if b not in state.bridges_down]
            if up:
                RULES.gm_apply(state, Action("bridge", {"bridge": rnd.choice(up), "state": "down"}))
        legal = RULES.legal_actions(state, side)
        kinds = sorted({a.kind for a in legal})
        kind = rnd.choice(kinds)
        RULES.apply(state, side, rnd.choice([a for a in legal if a.kind == kind]))
        seen.append(RULES.load(RULES.dump(state)))
    return seen


@pytest.mark.parametrize("scenario", ["historical", "contest"])
def test_movement_and_supply_tables_answer_as_the_rules_did(scenario: str) -> None:
    checked = 0
    for state in positions(scenario, 5, 160):
        with scenario_map(scenario):
            assert supply_network(state) == reference_supply_network(state)
            for u in state.units.values():
                if u.status != UNIT_ON_MAP:
                    continue
                for supplied in (True, False):
                    for kwargs in ({}, {"enemies_block": False}, {"stops": False}, {"bridges": BridgesDown()}):
                        fast = destinations(state, u.id, supplied, **kwargs)  # type: ignore[arg-type]
                        slow = reference_destinations(state, u.id, supplied, **kwargs)  # type: ignore[arg-type]
                        assert list(fast.items()) == list(slow.items()), (u.id, supplied, kwargs)
                        checked += 1
            with listing():  # shared within a listing: the same answers
                assert occupants(state) is occupants(state)
                assert supply_network(state) == reference_supply_network(state)
    assert checked > 1000


def test_kept_fields_are_the_fields_worked_out_afresh() -> None:
    for scenario in ("historical", "contest"):
        for state in positions(scenario, 8, 120)[::6]:
            with scenario_map(scenario):
                t = af.table_for(state)
                us = af.us_hexes(state, t)
                adj = af.adjacent_set(t, us)
                for zone in (None, af.supply_zone(t, us, adj)):
                    for mech in (True, False):
                        for targets in (None, set(list(t.east)[:2])):
                            kept = af.exit_field(t, mech, us, adj, zone, targets)
                            fresh = af._exit_field(t, mech, us, adj, zone, targets)
                            assert (kept.dist, kept.nxt) == (fresh.dist, fresh.nxt)
                            assert af.exit_field(t, mech, set(us), set(adj), zone, targets) is kept
                for partial in (False, True):
                    for captured in (False, True):
                        sit = af.situation(state, set(us), depot_captured=captured, t=t, partial=partial)
                        assert sit.us_adj == adj
                        assert sit.zone == (None if captured else af.supply_zone(t, us, adj))
                        again = af.situation(state, set(us), depot_captured=captured, t=t, partial=partial)
                        assert again.mech is sit.mech and again.inf is sit.inf
                        if not partial:
                            fresh = af._exit_field(t, True, us, adj, sit.zone, None)
                            assert (sit.mech.dist, sit.mech.nxt) == (fresh.dist, fresh.nxt)
    t = af.tables(())
    assert len(t.fields) <= af.FIELDS_KEPT and len(t.around) <= af.FIELDS_KEPT


def test_hex_caches_answer_as_the_arithmetic_does() -> None:
    for q in range(-3, 30):
        for r in range(-20, 20):
            h = Hex(q, r)
            assert h.neighbors() == [Hex(q + d.q, r + d.r) for d in DIRECTIONS]
            ns = h.neighbors()
            ns.append(h)  # a caller's list is its own
            assert len(h.neighbors()) == 6
            assert h.label == f"{h.col:02d}{h.row:02d}" and h.label == h.label
            if h.col >= 1 and h.row >= 1 and h.col < 100 and h.row < 100:
                assert Hex.parse(h.label) == h and Hex.parse(f" {h.label}") == h
            for n in ns[:6]:
                side = Hexside.of(h, n)
                assert side == (Hexside(h, n) if h < n else Hexside(n, h)) and Hexside.of(n, h) == side
    with pytest.raises(ValueError, match="not a hex label"):
        Hex.parse("05x3")
    with pytest.raises(ValueError, match="not adjacent"):
        Hexside.of(Hex(0, 0), Hex(2, 0))
