"""Direct fire, indirect fire and close assault orders: validation, queues and resolution.

Why one module of about 600 lines: the three are one rule family (Combat, 9.x-11.x) sharing the
fire-group checks, the queue of plotted fire and the CRT resolution; split, each file would import
the others' halves.
"""

from __future__ import annotations

from engine.chance import Chance
from engine.contract import MAX_UNITS
from engine.errors import IllegalAction
from engine.events import Event
from engine.listing import remember
from engine.refusal import FINE, Why

from .board import (
    distance,
    elevation,
    enemies_at,
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
    R_CAT,
    R_DF,
    R_IF,
    R_WEC,
    Attack,
    Element,
    bridge_element,
    direct_strength,
    element_of,
    elements_at,
    neighbour_by_die,
    odds_text,
    roll_and_apply,
    stack_class,
    total,
    wec_factor,
)
from .forts import crossfire
from .state import AttackOrder, IndirectOrder, PlState, Unit

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
    attackers = [state.units[i] for i in order.units]
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
        head = _head(att)
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


def _head(att: Attack) -> str:
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


# --- indirect fire --------------------------------------------------------------------------------
def indirect_refusal(state: PlState, u: Unit, target: str) -> Why:
    ut = utype(u)
    if not ut.indirect:
        return Why(f"{u.id} ({ut.weapon}) may not fire indirectly: only M and (H) units", R_IF)
    if u.dispersed or u.carrier:
        return Why(f"{u.id} is {'dispersed' if u.dispersed else 'loaded'}", R_IF)
    assert u.hex is not None
    if terrain(u.hex) == "stream":
        return Why(f"{u.id} is in a stream hex and may not attack", R_IF)
    d = distance(u.hex, target)
    if d > ut.range:
        return Why(f"{target} is {d} hexes away, beyond {u.id}'s range {ut.range}", R_IF)
    if ut.weapon == "(H)" and d * 4 <= ut.range:
        return Why(f"an (H) unit must be over a quarter of its range ({ut.range / 4:g}) from the target; {target} is {d}", R_IF)
    return FINE


def indirect_estimate(state: PlState, side: str, uid: str, target: str) -> tuple[str, bool]:
    """The odds the indirect fire on ``target`` next turn would have as the hex stands now, with the
    orders already plotted on it for that turn and this unit's (in words), and whether any counter
    there could be hit at all (odds on the table). The hex may change before it lands."""
    from .board import crt

    firers = [state.units[o.unit] for o in state.indirect if o.target == target and o.turn == state.turn + 1
              and state.units[o.unit].side == side and o.unit != uid] + [state.units[uid]]
    elements = elements_at(state, target, skip_dispersed=True, enemy_of=side)
    if not elements:
        return "nothing there to hit", False
    n = len(elements_at(state, target, skip_dispersed=True))
    bits, any_on = [], False
    for el in elements:
        share = total([utype(f).attack * wec_factor(state, utype(f).weapon, el.armoured, 0, direct=False)
                       for f in firers]) / n
        col = crt(state).column(share, el.defense)
        any_on = any_on or col is not None
        bits.append(f"{share:.3g} against {el.label} ({el.defense:g}): {odds_text(state, col)}")
    return "; ".join(bits), any_on


def order_indirect(state: PlState, events: list[Event], side: str, uid: str, target: str) -> None:
    u = own_unit(state, side, uid, R_IF)
    if any(o.unit == u.id and o.turn == state.turn + 1 for o in state.indirect):
        raise IllegalAction(f"{u.id} already has an indirect fire order for turn {state.turn + 1}", R_IF)
    indirect_refusal(state, u, target).raise_if()
    live = [e for e in enemies_at(state, side, target) if not e.carrier and not e.dispersed]
    if not live:
        raise IllegalAction(f"no enemy at {target} that may be targeted (loaded and dispersed units may not)", R_IF)
    spot = spotters(state, side, target)
    if not spot:
        raise IllegalAction(f"no friendly unit spots {target} (adjacent, or LOS to an enemy that fired or "
                            "moved in the open; wagons and trucks never spot)", R_SPOT)
    odds, hits = indirect_estimate(state, side, u.id, target)
    state.indirect.append(IndirectOrder(u.id, target, state.turn + 1, [s.id for s in spot],
                                        [s.hex or "" for s in spot]))
    warning = "" if hits else " - WARNING: below the table as the hex stands, it cannot succeed unless more fire joins"
    # Plotted in secret: only the side that gave it sees the order until it lands (secret_key).
    events.append(Event("order", f"{u.id} will fire indirectly at {target} in turn {state.turn + 1} "
                        f"(spotted by {', '.join(s.id for s in spot)}); as the hex stands now: {odds}{warning}",
                        R_IF, side, {"unit": u.id, "target": target}, only=side,
                        until=secret_key(u.id, state.turn + 1)))


def secret_key(uid: str, turn: int) -> str:
    """The secret an indirect-fire order is until it lands (``PanzerLeader.secrets``)."""
    return f"indirect:{uid}:{turn}"


def resolve_indirect(state: PlState, events: list[Event], side: str) -> None:
    """Indirect fire ordered last turn: scatter if the spotters are gone, then divide and resolve."""
    due = [o for o in state.indirect if o.turn == state.turn and state.units[o.unit].side == side]
    state.indirect = [o for o in state.indirect if o not in due]
    by_target: dict[str, list[IndirectOrder]] = {}
    for o in due:
        u = state.units[o.unit]
        why = "" if u.status == "on_map" else f"{u.id} is gone"
        if not why and u.fired:
            why = f"{u.id} already fired"
        why = why or indirect_refusal(state, u, o.target).reason
        if why:
            text = f"{u.id}'s indirect fire at {o.target} does not take place: {why}"
            if u.status == "on_map" and not u.fired:
                u.no_fire_turn = state.turn
                text += "; it may not fire at all this turn"
            events.append(Event("attack", text, R_IF, side))
            continue
        by_target.setdefault(o.target, []).append(o)
    for target, orders in by_target.items():
        firers = [state.units[o.unit] for o in orders]
        for f in firers:
            f.fired = True
            f.fired_target = target
        kept = any(
            state.units[s].status == "on_map" and not state.units[s].dispersed and state.units[s].hex == h
            for o in orders
            for s, h in zip(o.spotters, o.spotter_hexes, strict=False)
        )
        where = target
        if not kept:
            chance = Chance(state, events)
            die = chance.die()
            if die <= 2:
                chance.tell(Event("dice", f"Spotters for {target} lost: scatter die {die}: on target", R_IF, side,
                                  {"die": die}))
            elif die <= 5:
                d2 = chance.die()
                from .board import gmap

                nb = neighbour_by_die(target, d2)
                on_map = nb in gmap()
                chance.tell(Event("dice", f"Spotters for {target} lost: scatter die {die}, direction die {d2}: "
                                  f"lands on {nb.label if on_map else 'off the board'}", R_IF, side,
                                  {"die": die, "direction": d2}), f"die {die}")
                if not on_map:
                    continue
                where = nb.label
            else:
                chance.tell(Event("dice", f"Spotters for {target} lost: scatter die {die}: ineffective", R_IF, side,
                                  {"die": die}))
                continue
        indirect_attack(state, events, side, firers, where)


def indirect_attack(state: PlState, events: list[Event], side: str, firers: list[Unit], where: str) -> None:
    """Add the firers' strength, divide by the counters in the hex, resolve each counter alone."""
    state.indirect_hexes.append(where)
    elements = elements_at(state, where, skip_dispersed=True)
    state.overlays.append({"kind": "artillery", "hex": where})
    bridge = enemy_bridge(state, side, where)
    if not elements and not bridge:
        events.append(Event("attack", f"Indirect fire lands on {where}: nothing there to hit", R_IF, side))
        return
    counts_bridge = bool(state.options.get("if_bridge_share"))
    n = len(elements) + (1 if bridge and counts_bridge else 0)
    raw = total([utype(f).attack for f in firers])
    if n:
        events.append(Event("attack", f"Indirect fire on {where}: {raw:g} factors / {n} unit{'s' if n > 1 else ''} = "
                            f"{raw / n:.4g} each", R_IF, side))
    for el in elements:
        share = total([utype(f).attack * wec_factor(state, utype(f).weapon, el.armoured, 0, direct=False) for f in firers]) / n
        share = round(share, 6)
        att = Attack(firers, [share], where, [el], el.armoured, share, el.defense, None)
        head = f"{', '.join(f.id for f in firers)} (indirect, {share:.4g} each) against {el.label} " \
               f"(defense {el.defense:g}, {'armoured' if el.armoured else 'soft'})"
        roll_and_apply(state, events, att, side, R_IF, head)
    if bridge:
        # "Attacks against temporary bridges by Indirect Fire are always at half strength": half the
        # fire's whole strength; the bridge is no unit, so it takes no share of the division
        # (option if_bridge_share: it counts as one more counter and takes half its share).
        el = bridge_element(state, where)
        # Half strength is the bridge's one factor: the WEC's halving of H and M against armoured
        # targets is not applied on top (option if_bridge_wec: it was, a quarter in all).
        wec_too = bool(state.options.get("if_bridge_wec"))
        full = total([utype(f).attack * (wec_factor(state, utype(f).weapon, True, 0, direct=False) if wec_too else 1)
                      for f in firers])
        share = round(full / (n if counts_bridge else 1) / 2, 6)
        att = Attack(firers, [share], where, [el], True, share, el.defense, None)
        roll_and_apply(state, events, att, side, R_IF + " (half strength against a temporary bridge)",
                       f"{', '.join(f.id for f in firers)} (indirect, {share:.4g}) against {el.label} "
                       f"(defense {el.defense:g})")


# --- close assault -------------------------------------------------------------------------------
def assault_refusal(state: PlState, u: Unit, target: str) -> Why:
    ut = utype(u)
    if ut.kind not in ("infantry", "engineer", "mg"):
        return Why(f"{u.id} ({ut.kind}) may not close assault: only infantry and engineers", R_CAT)
    if u.dispersed:
        return Why(f"{u.id} is dispersed (only face-up units close assault)", R_CAT)
    if u.carrier:
        return Why(f"{u.id} is loaded", R_CAT)
    if u.unloaded_turn == state.turn:
        return Why(f"{u.id} unloaded this turn and may not close assault", R_CAT)
    if u.fired or u.assaulted:
        return Why(f"{u.id} has fired this turn", R_CAT)
    assert u.hex is not None
    if terrain(u.hex) == "stream":
        return Why(f"{u.id} is in a stream hex: close assaults may not start from one", R_CAT)
    if distance(u.hex, target) != 1:
        return Why(f"{u.id} is not adjacent to {target}", R_CAT)
    if terrain(target) == "sea":
        return Why(f"{target} is a sea hex: close assaults may not target one", R_CAT)
    if ut.kind == "mg" and u.side == "us" and not any(
        utype(o).kind in ("infantry", "engineer", "recon") and o.id != u.id and not o.carrier
        for o in state.at(u.hex)
    ):
        return Why(f"Allied MG {u.id} may close assault only when stacked with an infantry, engineer or scout unit", R_CAT)
    return FINE


def assault_problem(state: PlState, side: str, ids: list[str], target: str) -> IllegalAction | None:
    """Why these units may not close assault target together now; None if they may."""
    if not ids:
        return IllegalAction("name at least one unit to assault", R_CAT)
    queued = {i for o in state.assault_queue for i in o.units}
    for i in ids:
        try:
            u = own_unit(state, side, i, R_CAT)
        except IllegalAction as exc:
            return exc
        if u.id in queued:
            return IllegalAction(f"{u.id} already has an assault order this phase", R_CAT)
        if not has_enemy(state, side, target):
            return IllegalAction(f"no enemy unit at {target}", R_CAT)
        why = assault_refusal(state, u, target)
        if why:
            return why.error()
    return None


def assault_group(state: PlState, side: str, target: str) -> list[str]:
    """The units that may close assault ``target`` now, as one group order (one line of narration for
    the group): offered when there are two or more and none of them may assault another hex, so the
    group is the one way they assault together and the listing names it exactly."""
    queued = {i for o in state.assault_queue for i in o.units}
    if not has_enemy(state, side, target):
        return []
    group = [u for u in sorted(state.on_map(side), key=lambda x: x.id) if u.id not in queued and u.hex
             and distance(u.hex, target) == 1 and not assault_refusal(state, u, target)]
    if not 2 <= len(group) <= MAX_UNITS:  # past what one order may name, each unit assaults by its own order
        return []
    for u in group:
        assert u.hex is not None
        for other in enemy_hexes_near(state, side, u.hex):
            if other != target and not assault_refusal(state, u, other):
                return []
    return [u.id for u in group]


def enemy_hexes_near(state: PlState, side: str, label: str) -> list[str]:
    from .board import adjacent

    return [n for n in adjacent(label) if has_enemy(state, side, n)]


def order_assault(state: PlState, events: list[Event], side: str, ids: list[str], target: str) -> None:
    problem = assault_problem(state, side, ids, target)
    if problem is not None:
        raise problem
    ids = [unit_or_error(state, i).id for i in ids]
    existing = next((o for o in state.assault_queue if o.target == target), None)
    if existing:
        existing.units += list(ids)
    else:
        existing = AttackOrder(list(ids), target)
        state.assault_queue.append(existing)
    att = build_assault(state, existing)
    events.append(Event("order", f"Close assault on {target} by {', '.join(existing.units)}: {att.attack:g} "
                        f"against {att.defense:g}, now {state_column(state, att)}{below_warning(state, att)}; "
                        "resolved when the phase ends", R_CAT, side, {"units": existing.units, "target": target}))


def build_assault(state: PlState, order: AttackOrder) -> Attack:
    attackers = [state.units[i] for i in order.units]
    elements = elements_at(state, order.target, enemy_of=attackers[0].side if attackers else "")
    strengths = [float(utype(u).attack) for u in attackers]
    kinds = {utype(u).kind for u in attackers}
    shift = 1 if "engineer" in kinds and "infantry" in kinds else 0
    notes = ["engineer with infantry: one column right"] if shift else []
    armoured = any(e.armoured for e in elements)
    return Attack(attackers, strengths, order.target, elements, armoured, total(strengths),
                  total([e.defense for e in elements]), None, shift=shift, modifier=-2, notes=notes)


def resolve_assaults(state: PlState, events: list[Event], side: str) -> None:
    for order in state.assault_queue:
        live = [i for i in order.units if state.units[i].status == "on_map" and not state.units[i].dispersed]
        if not live or not has_enemy(state, side, order.target):
            continue
        order.units = live
        att = build_assault(state, order)
        for u in att.attackers:
            u.assaulted = True
            u.fired = True
        roll_and_apply(state, events, att, side, R_CAT + " (-2 to the die)", _head(att))
        crossfire(state, events, side, att, direct=False)
    state.assault_queue = []
