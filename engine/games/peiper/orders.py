"""The orders a side may give, each checked against its rule before anything changes."""

from __future__ import annotations

import math

from engine import cards
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import Hex
from engine.listing import remember
from engine.refusal import FINE, Why

from .board import (
    can_stop,
    destinations,
    hex_of,
    in_supply,
    occupants,
    spec,
)
from .combat import check_attack, demolition, oba_attacks, resolve_attacks, unit_attack
from .refusals import why_not
from .sequence import (
    after_act,
    announce_entries,
    announce_out,
    back_to_draw,
    barred,
    check_victory,
    closed_entries,
    draw,
    end_turn,
    entry_closed,
    fuel_depot_check,
    out_of_game,
    start_turn,
)
from .state import ACTIVATE, DECIDE, UNIT_AWAITING, UNIT_EXITED, UNIT_ON_MAP, PeiperState
from .units import SIDE_NAMES, game_map, scenarios

R_SETUP = "Set-Up"
R_TURN = "Turn Sequence: Turn Begins"
R_MOVE = "Movement"
R_OBA = "Off Board Artillery (OBA) Markers"
R_BRIDGE = "Bridge Demolition"
R_WIN = "Who Wins"
R_SUPPLY = "German Supply"


# --- Set-Up ---------------------------------------------------------------------------------
def setup_hex_problem(state: PeiperState, uid: str, h: Hex, occ: dict[Hex, list[str]] | None = None) -> Why:
    """Why ``uid`` may not set up in ``h`` (FINE: it may); ``occ``: the occupants, when asked for many hexes."""
    gmap = game_map()
    if h.col == gmap.columns:
        return Why("US set-up units may go anywhere but the easternmost hexrow", R_SETUP)
    # Ruling 30: set-up is no movement, so the Terrain Chart's "may only enter via road" does not bind
    # it (option setup_terrain_free; games stored before it kept the Mech off forest without road).
    if spec(uid).mech and gmap.terrain_of(h) == "forest" and h not in gmap.road_hexes \
            and not state.options.get("setup_terrain_free", False):
        return Why("a Mech unit may only be in a forest hex on a road", R_SETUP)
    stop = can_stop(state, occupants(state) if occ is None else occ, h, uid)
    return Why(stop, R_SETUP) if stop else FINE


def place(state: PeiperState, events: list[Event], uid: str, h: Hex) -> None:
    if spec(uid).arrives != "setup" or spec(uid).side != "us":
        raise IllegalAction(f"{uid} does not set up: it enters later", R_SETUP)
    setup_hex_problem(state, uid, h).raise_if(f"{uid} cannot set up in {h.label}: ")
    unit = state.units[uid]
    unit.status, unit.hex = UNIT_ON_MAP, h.label
    events.append(Event("setup", f"{uid} sets up in {game_map().name_of(h)}.", R_SETUP, side="us"))


def ready(state: PeiperState, events: list[Event]) -> None:
    """End the set-up; units not placed go to the scenario's hexes (or the nearest legal hex)."""
    gmap = game_map()
    defaults = scenarios()[state.scenario].default_setup
    for uid, label in defaults.items():
        if state.units[uid].status == UNIT_ON_MAP:
            continue
        target = gmap.hex(label)
        choices = sorted(gmap.hexes(), key=lambda h: (h.distance(target), h))
        for h in choices:
            if not setup_hex_problem(state, uid, h):
                place(state, events, uid, h)
                break
    depot = gmap.markers["fuel_depot"][0]
    events.append(Event("setup", f"The Fuel Depot marker is in {gmap.name_of(depot)}.", R_SETUP,
                        phase_end=True))
    start_turn(state, events)


# --- Turn Begins: the card draw and its decision ---------------------------------------------
def draw_card(state: PeiperState, events: list[Event]) -> None:
    card = draw(state, events, "German card draw")
    if card is None:
        end_turn(state, events, "all cards are drawn")
        return
    if cards.is_joker(card):
        end_turn(state, events, "the Joker was drawn")
        return
    side = "ge" if cards.colour(card) == "black" else "us"
    state.card, state.phase, state.side = card, DECIDE, side
    name = SIDE_NAMES[side]
    if cards.is_face(card):
        offer = f"{name} may activate all its units in one hex (one ACT each)"
        if not state.oba_used[side]:
            offer += ", use its OBA marker"
        events.append(Event("prompt", f"{cards.describe(card)}: {offer}, or pass.", R_TURN, side=side))
    else:
        n = acts_for(card)
        events.append(
            Event("prompt", f"{cards.describe(card)}: {name} may take {n} activation{'s' * (n != 1)} or pass.",
                  R_TURN, side=side)
        )


def acts_for(card: str) -> int:
    """Half the number printed on the card, rounded up; an ace is 1."""
    return 1 if cards.rank(card) == "A" else math.ceil(cards.value(card) / 2)


def take(state: PeiperState, events: list[Event], side: str, hex_text: str | None) -> None:
    card = state.card
    state.overlays = []
    if cards.is_face(card):
        if not hex_text:
            raise IllegalAction("A face card activates the units in one hex: name the hex (take hex:0503)", R_TURN)
        h = game_map().hex(hex_text)
        ids = [u.id for u in state.units.values() if u.status == UNIT_ON_MAP and u.hex == h.label and u.side == side]
        if not ids:
            raise IllegalAction(f"No {SIDE_NAMES[side]} unit is in {h.label} to activate", R_TURN)
        state.act_units, state.acts = ids, 0
        events.append(
            Event("activation", f"{SIDE_NAMES[side]} activates {', '.join(ids)} in {h.label}: one ACT each.",
                  R_TURN, side=side)
        )
    else:
        if hex_text:
            raise IllegalAction("Only a face card activates a single hex; a number card gives ACTs to spend", R_TURN)
        state.acts, state.act_units = acts_for(card), []
        events.append(
            Event("activation", f"{SIDE_NAMES[side]} takes {state.acts} activation{'s' * (state.acts != 1)}.",
                  R_TURN, side=side)
        )
    state.phase = ACTIVATE
    after_act(state, events)


def pass_card(state: PeiperState, events: list[Event], side: str) -> None:
    events.append(Event("pass", f"{SIDE_NAMES[side]} passes.", R_TURN, side=side))
    back_to_draw(state, events)


def use_oba(state: PeiperState, events: list[Event], side: str, hex_text: str, mode: str) -> None:
    if not cards.is_face(state.card):
        raise IllegalAction("Only a face card of your colour lets you use the OBA marker", R_OBA)
    if state.oba_used[side]:
        raise IllegalAction(f"{SIDE_NAMES[side]} has used its OBA marker this turn (once per turn)", R_OBA)
    if mode not in ("attack", "support"):
        raise IllegalAction(f"OBA mode '{mode}' is unknown: choose attack or support", R_OBA)
    h = game_map().hex(hex_text)
    enemy = [u for u in state.units.values() if u.status == UNIT_ON_MAP and u.hex == h.label and u.side != side]
    if not enemy:
        raise IllegalAction(f"No enemy unit is in {h.label}: the OBA targets a hex holding enemy units", R_OBA)
    state.oba_used[side] = True
    state.overlays = [{"kind": "artillery", "hex": h.label, "side": side, "mode": mode}]
    if mode == "support":
        state.oba_support[side].append(h.label)
        events.append(
            Event("oba", f"{SIDE_NAMES[side]} OBA on {h.label}: -1 to the card draw of friendly attacks on that hex "
                  "for the rest of the turn.", R_OBA, side=side, data={"hex": h.label, "mode": mode})
        )
        back_to_draw(state, events)
        return
    events.append(
        Event("oba", f"{SIDE_NAMES[side]} OBA fires on {h.label}: strength 4 against each enemy unit, terrain ignored.",
              R_OBA, side=side, data={"hex": h.label, "mode": mode})
    )
    state.attacks = oba_attacks(state, side, h)
    resolve_attacks(state, events)


# --- Activations ----------------------------------------------------------------------------
def require_act(state: PeiperState, side: str, uid: str) -> None:
    unit = state.units[uid]
    if unit.side != side:
        raise IllegalAction(f"{uid} is not yours: it is {SIDE_NAMES[unit.side]}", R_TURN)
    if state.acts <= 0 and uid not in state.act_units:
        held = ", ".join(state.act_units)
        raise IllegalAction(f"{uid} has no activation: this face card activated only {held}", R_TURN)


def own_act(state: PeiperState, uid: str | None) -> bool:
    """The unit spends the ACT a face card gave it (else one of the card's ACTs): what ``spend`` takes."""
    return uid is not None and uid in state.act_units


def spend(state: PeiperState, uid: str | None) -> None:
    if own_act(state, uid):
        assert uid is not None
        state.act_units.remove(uid)
    else:
        state.acts -= 1
    state.spent[state.side] = True


def supply_note(state: PeiperState, events: list[Event], uid: str) -> bool:
    """German Supply is checked before every German move or attack; the check is an event."""
    if state.units[uid].side != "ge" or state.fuel_depot == "captured":
        return True
    ok = in_supply(state, uid)
    if not ok:
        events.append(
            Event("supply", f"{uid} is out of supply: one hex per ACT, +1 to its attack draws, no OBA support.",
                  R_SUPPLY, side="ge")
        )
    return ok


def move(state: PeiperState, events: list[Event], side: str, uid: str, to: Hex) -> None:
    require_act(state, side, uid)
    start = hex_of(state, uid)
    if start is None:
        raise IllegalAction(f"{uid} is not on the map: it must enter first", R_MOVE)
    supplied = in_supply(state, uid)
    legal = destinations(state, uid, supplied)
    if to not in legal:
        raise why_not(state, uid, to, supplied).error(f"{uid} cannot move from {start.label} to {to.label}: ")
    supply_note(state, events, uid)
    path = legal[to]
    spend(state, uid)
    closed = closed_entries(state)
    state.units[uid].hex = to.label
    gmap = game_map()
    events.append(
        Event("move", f"{uid} moves {'-'.join(h.label for h in path)} to {gmap.name_of(to)}.", R_MOVE, side=side,
              data={"unit": uid, "path": [h.label for h in path]})
    )
    state.overlays.append({"kind": "move", "side": side, "unit": uid, "path": [h.label for h in path]})
    announce_entries(state, events, closed)
    fuel_depot_check(state, events)
    if not check_victory(state, events):
        after_act(state, events)


def attack(state: PeiperState, events: list[Event], side: str, uid: str, target: str) -> None:
    require_act(state, side, uid)
    check_attack(state, uid, target)
    supply_note(state, events, uid)
    pending = unit_attack(state, uid, target)
    spend(state, uid)
    events.append(
        Event("attack", f"{uid} attacks {target} ({pending.reasons[0]}).", "Combat", side=side,
              data={"attacker": uid, "target": target})
    )
    if state.options.get("combat_ends_activations", False):
        lost = state.acts + len(state.act_units)
        state.acts, state.act_units = 0, []
        if lost:
            events.append(Event("acts_lost", f"The attack ends the {SIDE_NAMES[side]} activations: {lost} unused "
                                f"ACT{'s' * (lost != 1)} lost (ruling 12).", "Combat", side=side,
                                data={"lost": lost, "consequence": True}))
    state.attacks = [pending]
    resolve_attacks(state, events)


def enter_problem(state: PeiperState, uid: str, h: Hex) -> Why:
    s, gmap = spec(uid), game_map()
    # the same for every hex: asked once a unit within a listing (engine.listing)
    problem = remember(("peiper-enter", id(state), uid), lambda: _unit_enter_problem(state, uid))
    if problem:
        return problem
    if not any(gmap.on_edge(h, e) for e in s.edges):
        return Why(f"{uid} enters along the {' or '.join(s.edges)} map edge, and {h.label} is not on it", R_SETUP)
    if s.mech and gmap.terrain_of(h) == "forest" and h not in gmap.road_hexes:
        return Why("a Mech unit may only enter a forest hex by road", R_SETUP)
    stop = can_stop(state, occupants(state), h, uid)
    return Why(stop, R_SETUP) if stop else FINE


def _unit_enter_problem(state: PeiperState, uid: str) -> Why:
    """Why ``uid`` may not enter now, wherever it tries (or FINE)."""
    s = spec(uid)
    unit = state.units[uid]
    if unit.status != UNIT_AWAITING or s.arrives != "reinforcement":
        return Why(f"{uid} is not waiting to enter", R_SETUP)
    if state.turn < s.from_turn:
        return Why(f"{uid} may enter from turn {s.from_turn}", R_SETUP)
    out = barred(state, uid)
    if out:
        return Why(f"{uid} can no longer enter: {out}", R_SETUP)
    closed = entry_closed(state, uid)
    if closed:
        return Why(f"{uid} cannot enter while {closed}", R_SETUP)
    return FINE


def enter(state: PeiperState, events: list[Event], side: str, uid: str, h: Hex) -> None:
    if state.units[uid].side != side:
        raise IllegalAction(f"{uid} is not yours", R_SETUP)
    if state.acts <= 0:
        raise IllegalAction("Entering costs 1 ACT from a number card; a face card activates units on the map only",
                            R_SETUP)
    enter_problem(state, uid, h).raise_if()
    spend(state, None)
    before = out_of_game(state)
    state.units[uid].status, state.units[uid].hex = UNIT_ON_MAP, h.label
    events.append(Event("enter", f"{uid} enters the map at {game_map().name_of(h)} (1 ACT).", R_SETUP, side=side,
                        data={"unit": uid, "hex": h.label}))
    announce_out(state, events, before)
    state.overlays.append({"kind": "move", "side": side, "unit": uid, "path": [h.label]})
    fuel_depot_check(state, events)
    after_act(state, events)


def exit_map(state: PeiperState, events: list[Event], side: str, uid: str) -> None:
    require_act(state, side, uid)
    h = hex_of(state, uid)
    if side != "ge":
        raise IllegalAction("Only German units exit the map (west edge)", R_WIN)
    if h is None or not game_map().on_edge(h, "west"):
        raise IllegalAction(f"{uid} must stand on the west map edge to exit", R_WIN)
    supply_note(state, events, uid)
    spend(state, uid)
    unit = state.units[uid]
    before = out_of_game(state)
    unit.status, unit.hex = UNIT_EXITED, None
    state.exited.append(uid)
    events.append(Event("exit", f"{uid} exits the west map edge from {h.label} ({len(state.exited)} exited).", R_WIN,
                        side=side, data={"unit": uid}))
    announce_out(state, events, before)
    if not check_victory(state, events):
        after_act(state, events)


def demolish(state: PeiperState, events: list[Event], side: str, bridge_name: str) -> None:
    gmap = game_map()
    if side != "us":
        raise IllegalAction("Only the US player may destroy bridges", R_BRIDGE)
    first = int(state.options.get("demolition_from_turn", 3))
    if state.turn < first:
        raise IllegalAction(f"Bridges may be demolished after turn {first - 1} (turn {first} on)", R_BRIDGE)
    if state.acts <= 0:
        raise IllegalAction("A demolition attempt costs 1 ACT from a number card", R_BRIDGE)
    bridge = gmap.bridges.get(bridge_name)
    if bridge is None or not bridge.demolishable:
        raise IllegalAction(f"No demolishable bridge '{bridge_name}'", R_BRIDGE)
    if bridge.name in state.bridges_down:
        raise IllegalAction(f"The {bridge.name} bridge is already down: bridges cannot be repaired", R_BRIDGE)
    markers = int(state.options.get("bridge_down_markers", 4))
    if len(state.bridges_down) >= markers:
        raise IllegalAction(f"All {markers} Bridge Down markers are in use", R_BRIDGE)
    spend(state, None)
    events.append(Event("demolish", f"US attempts to demolish the {bridge.name} bridge (1 ACT).", R_BRIDGE, side=side))
    demolition(state, events, bridge.name)


def end_activations(state: PeiperState, events: list[Event], side: str) -> None:
    left = state.acts + len(state.act_units)
    events.append(Event("pass", f"{SIDE_NAMES[side]} ends its activations ({left} unused).", R_TURN, side=side))
    back_to_draw(state, events)
