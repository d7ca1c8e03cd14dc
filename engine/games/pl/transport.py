"""Transport (II. Loading and unloading): a carrier taking a unit aboard or setting it down, in the
vehicle movement step, for half or all of its movement."""

from __future__ import annotations

import math

from engine.errors import IllegalAction
from engine.events import Event
from engine.refusal import FINE, Why

from .board import STACK_LIMIT, own_unit, stack_count, utype
from .combat import R_TRANSPORT
from .movement import R_STACK
from .state import PlState, Unit


def load_cost(carrier: Unit, cargo: Unit) -> float:
    mv = utype(carrier).movement
    return float(mv) if utype(cargo).load == "full" else float(math.ceil(mv / 2))


def transport_refusal(state: PlState, carrier: Unit, cargo: Unit, loading: bool) -> Why:
    cu = utype(carrier)
    if state.phase != "move_vehicles":
        return Why("loading and unloading take place in the vehicle movement step", R_TRANSPORT)
    if cu.carrier == "none":
        return Why(f"{carrier.id} may not carry (no C on the counter)", R_TRANSPORT)
    for u in (carrier, cargo):
        if u.dispersed:
            return Why(f"{u.id} is dispersed and may not load or unload this turn", R_TRANSPORT)
        if u.fired:
            return Why(f"{u.id} engaged in combat this turn and may not load or unload", R_TRANSPORT)
    if loading:
        if carrier.cargo:
            return Why(f"{carrier.id} already carries {carrier.cargo}", R_TRANSPORT)
        if utype(cargo).vehicle:
            return Why(f"{cargo.id} is a vehicle and may not be carried", R_TRANSPORT)
        if cargo.carrier:
            return Why(f"{cargo.id} is already loaded", R_TRANSPORT)
        if cargo.hex != carrier.hex:
            return Why(f"{cargo.id} must be in {carrier.id}'s hex to load", R_TRANSPORT)
        if cargo.unloaded_turn == state.turn:
            return Why(f"{cargo.id} unloaded this turn", R_TRANSPORT)
    need = load_cost(carrier, cargo)
    if need >= utype(carrier).movement and carrier.moved:
        return Why(f"{carrier.id} must spend its full movement to {'load' if loading else 'unload'} {cargo.id}", R_TRANSPORT)
    if carrier.moved and carrier.mp_left < need - 1e-9:
        return Why(f"{carrier.id} needs {need:g} MP to {'load' if loading else 'unload'}; {carrier.mp_left:g} left", R_TRANSPORT)
    return FINE


def do_load(state: PlState, events: list[Event], side: str, cid: str, uid: str) -> tuple[str, float]:
    """Load uid onto cid; the cargo and the MP it cost."""
    carrier = own_unit(state, side, cid, R_TRANSPORT)
    cargo = own_unit(state, side, uid, R_TRANSPORT)
    transport_refusal(state, carrier, cargo, True).raise_if()
    need = load_cost(carrier, cargo)
    _spend_transport(carrier, need)
    carrier.cargo = cargo.id
    cargo.carrier = carrier.id
    cargo.loaded_turn = state.turn
    events.append(Event("load", f"{cargo.id} loads onto {carrier.id} at {carrier.hex} ({need:g} MP)", R_TRANSPORT,
                        side, {"carrier": carrier.id, "cargo": cargo.id, "mp": need}))
    return cargo.id, need


def do_unload(state: PlState, events: list[Event], side: str, cid: str) -> tuple[str, float]:
    """Unload cid's cargo; the cargo and the MP it cost."""
    carrier = own_unit(state, side, cid, R_TRANSPORT)
    if not carrier.cargo:
        raise IllegalAction(f"{carrier.id} carries nothing", R_TRANSPORT)
    cargo = state.units[carrier.cargo]
    transport_refusal(state, carrier, cargo, False).raise_if()
    if stack_count(state, carrier.hex or "") + 1 > STACK_LIMIT:
        raise IllegalAction(f"unloading {cargo.id} would put more than {STACK_LIMIT} units in {carrier.hex}", R_STACK)
    need = load_cost(carrier, cargo)
    _spend_transport(carrier, need)
    carrier.cargo = ""
    cargo.carrier = ""
    cargo.unloaded_turn = state.turn
    cargo.hex = carrier.hex
    cargo.on_fort = carrier.on_fort
    events.append(Event("unload", f"{cargo.id} unloads from {carrier.id} at {carrier.hex} ({need:g} MP)",
                        R_TRANSPORT, side, {"carrier": carrier.id, "cargo": cargo.id, "mp": need}))
    return cargo.id, need


def transport_left(carrier: Unit, need: float) -> float:
    """The carrier's MP after loading or unloading for ``need``: load or unload first (then move on) or
    last (the move ends, nothing is left): never move-load-move."""
    return 0.0 if carrier.moved else max(0.0, carrier.mp_left - need)


def _spend_transport(carrier: Unit, need: float) -> None:
    carrier.mp_left = transport_left(carrier, need)
    carrier.moved = True

