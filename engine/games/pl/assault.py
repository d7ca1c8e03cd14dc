"""Close assault (III. Close Assault Tactics): infantry and engineers attacking an adjacent hex at the end
of the phase, -2 to the die, and the one group order offered when the group is the only way."""

from __future__ import annotations

from engine.contract import MAX_UNITS
from engine.errors import IllegalAction
from engine.events import Event
from engine.refusal import FINE, Why

from .board import distance, has_enemy, own_unit, terrain, unit_or_error, utype
from .combat import R_CAT, Attack, elements_at, roll_and_apply, total
from .fire import attack_head, below_warning, state_column
from .forts import crossfire
from .state import AttackOrder, PlState, Unit


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
        roll_and_apply(state, events, att, side, R_CAT + " (-2 to the die)", attack_head(att))
        crossfire(state, events, side, att, direct=False)
    state.assault_queue = []
