"""Direct fire (I.ii Direct Fire): a fire group's checks, its queue and its resolution on the CRT when
the phase ends, and the words every attack's line shares (``attack_head``, ``defense_text``).

The other two combat orders build on these and live beside it: indirect.py (plotted fire landing
next turn) and assault.py (close assault).
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.listing import remember
from engine.refusal import FINE, Why

from .board import (
    distance,
    elevation,
    fort_at,
    has_enemy,
    line_of_sight,
    own_unit,
    spotters,
    tec,
    terrain,
    unit_or_error,
    utype,
)
from .combat import (
    R_DF,
    R_WEC,
    Attack,
    Element,
    bridge_element,
    direct_strength,
    element_of,
    elements_at,
    odds_text,
    roll_and_apply,
    stack_class,
    total,
)
from .forts import crossfire
from .state import AttackOrder, PlState, Unit

R_STREAM = "II. Streams"
R_SPOT = "Spotting"
R_LOS = "Line of Sight Clarifications"


# --- direct fire ----------------------------------------------------------------------------------
def fire_refusal(state: PlState, u: Unit, target: str) -> Why:
    """Why u may not fire directly at target now (FINE if it may)."""
    ut = utype(u)
    if u.dispersed:
        return Why(f"{u.id} is dispersed", R_DF)
    if u.fired:
        return Why(f"{u.id} has already fired this turn (one target hex per turn)", R_DF)
    if u.no_fire_turn and u.no_fire_turn == state.turn:
        return Why(f"{u.id}'s indirect fire order could not take place as written: it may not fire at all this turn", R_DF)
    if u.of_marker:
        return Why(f"{u.id} fired opportunity fire and may not fire until the end of its own next turn", R_DF)
    if u.carrier:
        return Why(f"{u.id} is loaded and may not fire", R_DF)
    if ut.attack <= 0:
        return Why(f"{u.id} has no attack factor", R_DF)
    assert u.hex is not None
    if terrain(u.hex) == "stream":
        return Why(f"{u.id} is in a stream hex and may not attack", R_DF)
    d = distance(u.hex, target)
    if d == 0 and not (fort_at(state, target) and not u.on_fort
                       and any(o.side != u.side and o.on_fort for o in state.at(target))):
        return Why(f"{u.id} is in the target hex", R_DF)  # (units IN a fortification may fire at enemy units ON it)
    limit = ut.range * 2 if ut.star else ut.range
    if d > limit:
        star = " (double range with *)" if ut.star else ""
        return Why(f"{target} is {d} hexes from {u.id}, beyond its range {ut.range}{star}", R_DF)
    if terrain(target) == "stream" and d > 1 and elevation(u.hex) == 0:
        return Why(f"{u.id} is at ground level and not adjacent: it may not attack into stream hex {target}", R_DF)
    clear, why = line_of_sight(state, u.hex, target)
    if not clear:
        return Why(f"no line of sight from {u.hex} to {target}: {why}", R_LOS)
    return FINE


def enemy_bridge(state: PlState, side: str, target: str) -> bool:
    return state.temp_bridges.get(target, side) != side


def target_refusal(state: PlState, side: str, target: str, unit_id: str = "") -> Why:
    if unit_id == "bridge":
        return FINE if enemy_bridge(state, side, target) else Why(f"no enemy temporary bridge at {target}", R_DF)
    if not has_enemy(state, side, target):
        return Why(f"no enemy unit at {target}", R_DF)
    if target in state.indirect_hexes:
        return Why(f"{target} was hit by indirect fire this phase: no direct fire at it in the same phase", R_DF)
    t = tec(state).terrain[terrain(target)]
    if t.low_obstacle and not spotters(state, side, target):
        return Why(f"the enemy in {terrain(target)} at {target} is not spotted (adjacent unit, or it fired or moved in the open)", R_SPOT)
    return FINE


def _target_elements(state: PlState, side: str, target: str, unit_id: str) -> list[Element]:
    if not unit_id:
        return elements_at(state, target, enemy_of=side)
    if unit_id == "bridge":
        if not enemy_bridge(state, side, target):
            raise IllegalAction(f"no enemy temporary bridge at {target}", "Engineer vehicles (optional)")
        return [bridge_element(state, target)]
    tu = unit_or_error(state, unit_id)
    if tu.side == side or tu.hex != target or tu.status != "on_map":
        raise IllegalAction(f"{unit_id} is not an enemy unit at {target}", R_DF)
    if tec(state).terrain[terrain(target)].armoured_target:
        raise IllegalAction(f"{target} is a town: units in towns must be attacked as a stack", R_WEC)
    if fort_at(state, target) and not tu.on_fort:
        raise IllegalAction(f"{tu.id} is in a fortification, which protects it: attack the fortification",
                            "Fortifications (optional)")
    if tu.carrier:
        carrier = state.units[tu.carrier]
        if utype(carrier).carrier != "afv":
            raise IllegalAction(f"{tu.id} is loaded on {carrier.id}: attack the carrier", "II. Transporting Units")
        return [element_of(state, tu, alone=True)]
    return [element_of(state, tu)]


def build_direct(state: PlState, side: str, order: AttackOrder) -> Attack:
    # A unit of a queued group that left the map since (a GM removed it) no longer adds to the attack;
    # the phase's end leaves it out too (resolve_fire_queue).
    attackers = [state.units[i] for i in order.units if state.units[i].hex is not None]
    elements = _target_elements(state, side, order.target, order.unit)
    armoured = stack_class(state, attackers, order.target, elements)
    strengths: list[float] = []
    notes: list[str] = []
    for u in attackers:
        s, n = direct_strength(state, u, order.target, armoured)
        strengths.append(s)
        notes += n
    defense = total([e.defense for e in elements])
    att = Attack(attackers, strengths, order.target, elements, armoured, total(strengths), defense, None, notes=notes)
    return att


def fire_group(state: PlState, target: str, unit_id: str) -> AttackOrder | None:
    """The fire group already ordered against target (the whole stack, or the one unit named)."""
    return next((o for o in state.fire_queue if o.target == target and o.unit == unit_id), None)


def _fire_clash(state: PlState, target: str, unit_id: str) -> str:
    """Units in a stack may be attacked singly or collectively (I. Combat), each unit once a phase:
    a group against the whole stack excludes groups against single units there, and the reverse."""
    if unit_id == "bridge":
        return ""
    if not state.options.get("one_group_per_hex"):
        for o in state.fire_queue:
            if o.target != target or o.unit == "bridge" or o.unit == unit_id:
                continue
            if not o.unit:
                return (f"the stack at {target} is already attacked collectively by {', '.join(o.units)}: "
                        "join that group (no target unit), or attack singly in another phase")
            if not unit_id:
                return (f"{o.unit} at {target} is already attacked singly by {', '.join(o.units)}: "
                        "attack the other units there singly too (at_unit)")
        return ""
    existing = next((o for o in state.fire_queue if o.target == target), None)
    if existing and existing.unit != unit_id:
        return (f"a fire group already attacks {target}{' (' + existing.unit + ')' if existing.unit else ''}: "
                "units attacking a common target fire together; name the same target unit")
    return ""


def fire_refusal_now(state: PlState, u: Unit, target: str) -> Why:
    """fire_refusal, asked once per listing (engine/listing.py)."""
    return remember(("fire", id(state), u.id, target), lambda: fire_refusal(state, u, target))


def target_refusal_now(state: PlState, side: str, target: str, unit_id: str = "") -> Why:
    """target_refusal, asked once per listing."""
    return remember(("target", id(state), side, target, unit_id), lambda: target_refusal(state, side, target, unit_id))


def fire_problem(state: PlState, side: str, ids: list[str], target: str, unit_id: str = "") -> IllegalAction | None:
    """Why these units may not fire together at target (or at one unit there) now; None if they may.

    The one test for direct fire orders: a group is allowed when every unit in it may fire at the
    target and adds to the attack (a unit with no effect is refused, not carried along)."""
    if not ids:
        return IllegalAction("name at least one unit to fire", R_DF)
    units: list[Unit] = []
    queued = {i for o in state.fire_queue for i in o.units}
    for i in ids:
        try:
            u = own_unit(state, side, i, R_DF)
        except IllegalAction as exc:
            return exc
        if u.id in queued:
            return IllegalAction(f"{u.id} already has a fire order this phase (one target hex per turn)", R_DF)
        why = fire_refusal_now(state, u, target)
        if why:
            return why.error()
        units.append(u)
    why = target_refusal_now(state, side, target, unit_id)
    if why:
        return why.error()
    existing = fire_group(state, target, unit_id)
    clash = _fire_clash(state, target, unit_id)
    if clash:
        return IllegalAction(clash, R_DF)
    trial = AttackOrder((existing.units if existing else []) + [u.id for u in units], target, unit_id)
    try:
        att = build_direct(state, side, trial)
    except IllegalAction as exc:
        return exc
    if att.attack <= 0:
        return IllegalAction(
            f"the fire group has no effect on {target} ({'armoured' if att.armoured else 'soft'}): "
            "infantry weapons attack armour only by close assault", R_WEC
        )
    named = {u.id for u in units}
    for u, s in zip(att.attackers, att.strengths, strict=True):
        if u.id in named and s <= 0:
            return IllegalAction(f"{u.id} has no effect on {target} ({'armoured' if att.armoured else 'soft'})", R_WEC)
    return None


def order_fire(state: PlState, events: list[Event], side: str, ids: list[str], target: str, unit_id: str = "") -> None:
    problem = fire_problem(state, side, ids, target, unit_id)
    if problem is not None:
        raise problem
    ids = [unit_or_error(state, i).id for i in ids]
    existing = fire_group(state, target, unit_id)
    trial = AttackOrder((existing.units if existing else []) + ids, target, unit_id)
    att = build_direct(state, side, trial)
    if existing:
        existing.units = trial.units
    else:
        state.fire_queue.append(trial)
    col = state_column(state, att)
    notes = f" ({'; '.join(dict.fromkeys(att.notes))})" if att.notes else ""
    events.append(Event("order", f"Fire group {', '.join(trial.units)} against {target}: {att.attack:g} against "
                        f"{att.defense:g}{notes}, now {col}{below_warning(state, att)}; resolved when the phase ends",
                        R_DF, side, {"units": trial.units, "target": target}))


def below_warning(state: PlState, att: Attack) -> str:
    """A warning when the odds are below the table: the order cannot succeed unless more units join."""
    from .board import crt

    if crt(state).column(att.attack, att.defense) is not None:
        return ""
    return f" - WARNING: below {crt(state).columns[0]}, it cannot succeed unless more units join"


def state_column(state: PlState, att: Attack) -> str:
    from .board import crt

    return odds_text(state, crt(state).column(att.attack, att.defense))


def resolve_fire_queue(state: PlState, events: list[Event], side: str) -> None:
    for order in state.fire_queue:
        live = [i for i in order.units if state.units[i].status == "on_map" and not state.units[i].dispersed]
        there = enemy_bridge(state, side, order.target) if order.unit == "bridge" else has_enemy(state, side, order.target)
        if not live or not there:
            events.append(Event("attack", f"Fire at {order.target} cancelled: no firers or no target left", R_DF, side))
            continue
        order.units = live
        if order.unit and order.unit != "bridge" and state.units[order.unit].status != "on_map":
            continue
        att = build_direct(state, side, order)
        for u in att.attackers:
            u.fired = True
            u.fired_target = order.target
            u.revealed = True
        if order.unit and order.unit != "bridge":
            unload_rider_for_attack(state, events, order.unit)
        head = attack_head(att)
        roll_and_apply(state, events, att, side, R_DF, head)
        if order.unit != "bridge":
            crossfire(state, events, side, att, direct=True)
    state.fire_queue = []


def unload_rider_for_attack(state: PlState, events: list[Event], uid: str) -> None:
    """A rider attacked alone on a German AFV is unloaded first, if stacking allows."""
    from .board import STACK_LIMIT, stack_count

    u = state.units[uid]
    if not u.carrier or not u.hex:
        return
    carrier = state.units[u.carrier]
    if stack_count(state, u.hex) + 1 > STACK_LIMIT:
        events.append(Event("note", f"{u.id} stays loaded (stacking): if dispersed, {carrier.id} is dispersed too",
                            "II. Transporting Units", u.side))
        return
    carrier.cargo = ""
    u.carrier = ""
    events.append(Event("unload", f"{u.id} is unloaded from {carrier.id} to be attacked alone",
                        "II. Transporting Units", u.side))


def attack_head(att: Attack) -> str:
    names = ", ".join(u.id for u in att.attackers)
    weapons = "/".join(sorted({utype(u).weapon for u in att.attackers}))
    cls = "armoured" if att.armoured else "soft"
    return f"{names} ({att.attack:g} {weapons}) against {att.target} ({defense_text(att)}, {cls})"


def defense_text(att: Attack) -> str:
    """Each target counter with where its defense comes from, and the total, each said once:
    "R1: defense 6", "R1: defense 6 x2 in woods (TEC) = 12", "R1: defense 6, R2: defense 4; 10 in all"."""
    plain = f"defense {att.defense:g}"
    if len(att.elements) == 1:
        e = att.elements[0]
        if not e.source:
            return f"{e.label}, {plain}"
        return f"{e.label}: {e.source}" + ("" if e.source == plain else f" = {att.defense:g}")
    parts = ", ".join(f"{e.label}: {e.source}" if e.source else e.label for e in att.elements)
    return f"{parts}; {plain} in all"
