"""Fortifications (optional rule): units IN a fortification and enemy units ON it, the automatic
attack on the units IN it that follows every attack on the units ON it, and demolition by the
placing side. A unit in a fortification hex is IN it unless its ``on_fort`` flag is set; the flag is
set when a unit moves into a fortification held by the enemy (see docs/rulings/pl.md#fortifications).
"""

from __future__ import annotations

from engine.events import Event
from engine.refusal import FINE, Why

from .board import STACK_LIMIT, fort_at, own_unit, utype
from .combat import Attack, direct_strength, fort_element, roll_and_apply, total
from .movement import move_refusal
from .state import PlState, Unit

R_FORT = "Fortifications (optional)"
R_CROSSFIRE = R_FORT + ": attacks on units ON a fortification also attack the units IN it"
R_DEMOLISH = R_FORT + ": only the placing player may destroy a fortification"


def inside(state: PlState, label: str) -> list[Unit]:
    return [u for u in state.at(label) if not u.on_fort] if fort_at(state, label) else []


def settle(state: PlState, events: list[Event]) -> None:
    """Units ON a fortification go IN it once no enemy is left in it (an abandoned fortification may
    be used by either player); a unit outside any fortification is never ON one."""
    for u in state.units.values():
        if u.on_fort and (u.status != "on_map" or not fort_at(state, u.hex or "")):
            u.on_fort = False
    for label in sorted({u.hex for u in state.on_map() if u.on_fort and u.hex}):
        on = [u for u in state.at(label) if u.on_fort]
        if not any(u.side != on[0].side for u in inside(state, label)):
            for u in on:
                u.on_fort = False
            events.append(Event("note", f"{', '.join(u.id for u in on)} now hold the fortification at {label} "
                                "(no enemy left in it)", R_FORT, on[0].side, {"hex": label}))


def crossfire(state: PlState, events: list[Event], side: str, att: Attack, direct: bool) -> None:
    """After side's attack on enemy units ON a fortification side holds: the same units attack the
    fortification (the units IN it) at once, with their own die roll. Direct fire is recomputed
    against the fortification (an armoured target); close assault keeps its shift and -2."""
    target = att.target
    garrison = [u for u in inside(state, target) if u.side == side]
    attackers = [u for u in att.attackers if u.status == "on_map"]
    if not garrison or not attackers:
        return
    el = fort_element(state, target, garrison)
    if direct:
        strengths = [direct_strength(state, u, target, True)[0] for u in attackers]
    else:
        strengths = [float(utype(u).attack) for u in attackers]
    auto = Attack(attackers, strengths, target, [el], True, total(strengths), el.defense, None,
                  shift=att.shift, modifier=att.modifier, notes=["automatic: it follows the attack on the units ON it"])
    head = f"{', '.join(u.id for u in attackers)} ({auto.attack:g}) against their own {el.label} at {target} " \
           f"(defense {el.defense:g}, armoured)"
    roll_and_apply(state, events, auto, side, R_CROSSFIRE, head)


def demolish_refusal(state: PlState, u: Unit) -> Why:
    """Why u may not demolish the fortification it is in (FINE if it may)."""
    if not state.options.get("fortifications"):
        return Why("the fortifications optional rule is not in play", R_DEMOLISH)
    label = u.hex or ""
    if label not in state.forts:
        return Why(f"there is no fortification at {label}", R_DEMOLISH)
    if state.forts[label] != u.side:
        return Why(f"the fortification at {label} was not placed by your side: only the placing player may destroy it", R_DEMOLISH)
    if u.on_fort or any(o.side != u.side for o in state.at(label)):
        return Why(f"enemy units are in {label}", R_DEMOLISH)
    if u.moved:
        return Why(f"{u.id} has moved this phase", R_DEMOLISH)
    why = move_refusal(state, u, state.phase)
    if why:
        return Why(why.reason, R_DEMOLISH)  # (the move's refusal, under the demolition rule)
    if sum(1 for o in state.at(label) if not o.carrier) + state.wrecks.get(label, 0) > STACK_LIMIT:
        return Why(f"without the fortification {label} would hold more than {STACK_LIMIT} units", R_DEMOLISH)
    return FINE


def do_demolish(state: PlState, events: list[Event], side: str, uid: str) -> None:
    """``demolish_fort unit:<id>``: a unit IN its own side's fortification destroys it in its
    Movement phase, spending its movement for the phase; no wreck is left."""
    u = own_unit(state, side, uid, R_DEMOLISH)
    demolish_refusal(state, u).raise_if()
    label = u.hex or ""
    del state.forts[label]
    u.moved = True
    u.mp_left = 0
    events.append(Event("demolish", f"{u.id} demolishes the fortification at {label}", R_DEMOLISH, side, {"hex": label}))
