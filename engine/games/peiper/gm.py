"""GM overrides: corrections outside the rules, each an event with what changed.

The service stores the GM's reason and rule reference with the override; this module only
changes the state, checking that what is named exists.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.game import Action

from .board import can_stop, occupants
from .sequence import check_victory, finish, fuel_depot_check
from .state import OVER, UNIT_AWAITING, UNIT_ELIMINATED, UNIT_EXITED, UNIT_ON_MAP, PeiperState
from .units import SIDE_NAMES, game_map, resolve_bridge, resolve_unit

GM_KINDS = ("move", "place", "remove", "flip", "restore", "turn", "bridge", "depot", "end")


def gm_apply(state: PeiperState, action: Action) -> list[Event]:
    a, kind, gmap = action.args, action.kind, game_map()
    if kind not in GM_KINDS:
        raise IllegalAction(f"Unknown GM correction '{kind}': use one of {', '.join(GM_KINDS)}")
    events: list[Event] = []
    if kind in ("move", "place"):
        uid = resolve_unit(str(a.get("unit", "")))
        h = gmap.hex(str(a.get("to") or a.get("at") or ""))
        problem = can_stop(state, occupants(state), h, uid)
        if problem:
            raise IllegalAction(f"GM cannot put {uid} in {h.label}: {problem}", "Set-Up")
        unit = state.units[uid]
        if unit.status == UNIT_EXITED:
            state.exited.remove(uid)
        unit.status, unit.hex = UNIT_ON_MAP, h.label
        events.append(Event("gm", f"GM puts {uid} in {gmap.name_of(h)}.", data={"unit": uid, "hex": h.label}))
    elif kind == "remove":
        uid = resolve_unit(str(a.get("unit", "")))
        unit = state.units[uid]
        if unit.status == UNIT_EXITED:
            state.exited.remove(uid)
        to = str(a.get("status", "eliminated"))
        if to not in (UNIT_ELIMINATED, UNIT_AWAITING):
            raise IllegalAction("A removed unit becomes eliminated or awaiting")
        unit.status, unit.hex = to, None
        events.append(Event("gm", f"GM removes {uid} ({to}).", data={"unit": uid}))
    elif kind in ("flip", "restore"):
        uid = resolve_unit(str(a.get("unit", "")))
        state.units[uid].reduced = kind == "flip"
        events.append(Event("gm", f"GM {'flips' if kind == 'flip' else 'restores'} {uid}.", data={"unit": uid}))
    elif kind == "turn":
        try:
            turn = int(a.get("turn", 0))
        except ValueError:
            raise IllegalAction("turn must be a number") from None
        if not 1 <= turn <= state.turns:
            raise IllegalAction(f"turn must be 1 to {state.turns}")
        state.turn = turn
        events.append(Event("gm", f"GM sets the turn to {turn}."))
    elif kind == "bridge":
        name = str(a.get("bridge", ""))
        name = resolve_bridge(name)
        down = str(a.get("state", "down")) == "down"
        if down and name not in state.bridges_down:
            state.bridges_down.append(name)
        if not down and name in state.bridges_down:
            state.bridges_down.remove(name)
        events.append(Event("gm", f"GM sets the {name} bridge {'down' if down else 'intact'}."))
    elif kind == "depot":
        to = str(a.get("state", ""))
        if to not in ("held", "captured", "destroyed"):
            raise IllegalAction("The Fuel Depot is held, captured or destroyed")
        state.fuel_depot = to
        events.append(Event("gm", f"GM sets the Fuel Depot to {to}."))
    elif kind == "end":
        winner = str(a.get("winner", ""))
        if winner not in SIDE_NAMES:
            raise IllegalAction("winner must be ge or us")
        finish(state, events, winner, str(a.get("result") or "ended by the GM"))
        events[-1].kind = "gm"
    if state.phase != OVER and state.options.get("depot_every_occupation", False):
        fuel_depot_check(state, events)  # ruling 19: after every order that leaves a German in Stavelot
    if state.phase != OVER:
        check_victory(state, events)
    return events
