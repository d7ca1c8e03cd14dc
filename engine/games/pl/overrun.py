"""Overrun (II. Overrun): armoured vehicles moving through an enemy hex in clear terrain and attacking
it on the way, one column right and -2 to the die. The step costs and the minefield's attack are
movement.py's."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import Hex
from engine.refusal import FINE, Why

from .board import (
    STACK_LIMIT,
    cliff_between,
    elevation,
    fort_at,
    gmap,
    has_enemy,
    hx,
    label_of,
    own_unit,
    stack_count,
    tec,
    terrain,
    utype,
)
from .combat import R_OVERRUN, Attack, elements_at, roll_and_apply, total
from .movement import R_MINES, R_MOVE, block_at, mine_at, mine_attack, mine_known, move_refusal, step_cost
from .state import PlState, Unit


def overrun_refusal(state: PlState, side: str, movers: list[Unit], target: str) -> Why:
    start = hx(movers[0].hex or "")
    t = hx(target)
    d = start.direction_to(t)
    if d is None:
        return Why(f"{target} is not adjacent to {start.label}: move next to it first", R_OVERRUN)
    exit_hex = t.neighbor(d)
    for u in movers:
        ut = utype(u)
        if not (ut.armoured and ut.vehicle):
            return Why(f"{u.id} is not an armoured vehicle: only armoured vehicles overrun", R_OVERRUN)
        if ut.kind == "spa" and u.side == "ge":
            return Why(f"{u.id} is a German SPA and may not overrun", R_OVERRUN)
    if not has_enemy(state, side, target):
        return Why(f"no enemy unit at {target}", R_OVERRUN)
    if terrain(target) != "clear":
        return Why(f"{target} is {terrain(target)}: overruns only against units in clear hexes", R_OVERRUN)
    if state.wrecks.get(target) or mine_known(state, target, side) or block_at(state, target) or fort_at(state, target):
        return Why(f"{target} holds a wreck, block, fortification or minefield, which prevent overruns", R_OVERRUN)
    if target in state.overrun_hexes:
        return Why(f"{target} has already been overrun this phase", R_OVERRUN)
    if any(u.halftrack for u in (utype(m) for m in movers)) and any(e.armoured for e in elements_at(state, target)):
        return Why("halftracks may not overrun armoured units", R_OVERRUN)
    if exit_hex not in gmap():
        return Why(f"the exit hex beyond {target} is off the board", R_OVERRUN)
    if has_enemy(state, side, exit_hex.label):
        return Why(f"the exit hex {exit_hex.label} holds enemy units", R_OVERRUN)
    ids = {u.id for u in movers}
    if stack_count(state, exit_hex.label, exclude=ids) + len(movers) > STACK_LIMIT:
        return Why(f"the exit hex {exit_hex.label} would hold more than {STACK_LIMIT} units", R_OVERRUN)
    need = overrun_cost(state, movers, target)
    if need is None:
        return Why(f"the group may not move straight through {target} to {exit_hex.label}", R_OVERRUN)
    have = min(u.mp_left for u in movers)
    if need > have + 1e-9:
        return Why(f"moving through {target} to {exit_hex.label} costs {need:g} MP; {have:g} left", R_OVERRUN)
    return FINE


def overrun_cost(state: PlState, movers: list[Unit], target: str) -> float | None:
    """MP a group spends moving straight through target to the hex beyond (no road bonus), or None where it
    may not: the refusal's count and the MP the overrun then spends."""
    start, t = hx(movers[0].hex or ""), hx(target)
    d = start.direction_to(t)
    if d is None:
        return None
    c1 = _overrun_step(state, movers, start, t)
    c2 = step_cost(state, movers, t, t.neighbor(d), road_bonus=False)
    return None if c1 is None or c2 is None else c1 + c2


def _overrun_step(state: PlState, movers: list[Unit], a: Hex, b: Hex) -> float | None:
    """Entering the target hex: its terrain cost (no road bonus), ignoring the enemy there."""
    t = tec(state)
    base = t.terrain[gmap().terrain[b]].vehicle
    if base is None or cliff_between(label_of(a), label_of(b)):
        return None
    if elevation(b.label) > elevation(a.label):
        base += t.climb_cost
    return float(base)


def overrun_groups(state: PlState, side: str, ids: list[str]) -> list[list[Unit]]:
    """The overrunning units by the hex they start from (each group moves through the target hex
    from its own side; "All units engaging in Overrun Attacks will be moved through the target hex
    first, then resolving the attack"). Raises IllegalAction."""
    units = [own_unit(state, side, i, R_MOVE) for i in ids]
    if not units:
        raise IllegalAction("name at least one unit to overrun", R_OVERRUN)
    groups: dict[str, list[Unit]] = {}
    for u in units:
        groups.setdefault(u.hex or "", []).append(u)
    if len(groups) > 1 and state.options.get("overrun_one_hex"):
        raise IllegalAction("units overrunning together must start in the same hex (option overrun_one_hex)", R_OVERRUN)
    for group in groups.values():
        for u in group:
            move_refusal(state, u, state.phase).raise_if()
    return list(groups.values())


def overrun_problem(state: PlState, side: str, ids: list[str], target: str) -> IllegalAction | None:
    """Why these units may not overrun target now; None if they may."""
    try:
        groups = overrun_groups(state, side, ids)
    except IllegalAction as exc:
        return exc
    if state.phase != "move_vehicles":
        return IllegalAction("overruns take place in the vehicle movement step", R_OVERRUN)
    for group in groups:
        why = overrun_refusal(state, side, group, target)
        if why:
            return why.error("" if len(groups) == 1 else f"{', '.join(u.id for u in group)}: ")
    return None



def do_overrun(state: PlState, events: list[Event], side: str, ids: list[str],
               target: str) -> tuple[list[str], list[str]]:
    """The overrun and its attack; the first group's units and path (one hex when it is halted)."""
    problem = overrun_problem(state, side, ids, target)
    if problem is not None:
        raise problem
    groups = overrun_groups(state, side, ids)
    movers = [u for g in groups for u in g]
    if mine_at(state, target):
        # An unseen minefield in the target hex halts the overrun at its edge: found, not entered.
        state.mines_seen.append(target)
        for u in movers:
            u.mp_left = 0
            u.moved = True
        halted = [movers[0].hex or ""]
        events.append(Event("move", f"{', '.join(ids)} find a minefield at {target}: the overrun is halted, "
                            "no movement left", R_MINES, side, {"units": ids, "path": halted, "hex": target}))
        return ids, halted
    t = hx(target)
    first: tuple[list[str], list[str]] | None = None
    exits: list[tuple[list[Unit], str]] = []
    for group in groups:
        start = hx(group[0].hex or "")
        d = start.direction_to(t)
        assert d is not None
        exit_hex = t.neighbor(d)
        cost = overrun_cost(state, group, target) or 0.0
        for u in group:
            u.mp_left -= cost
            u.moved = True
            u.overran = True
            u.revealed = True
            u.hex = exit_hex.label
            u.on_fort = False
            if u.cargo:
                state.units[u.cargo].hex = exit_hex.label
        path = [start.label, target, exit_hex.label]
        state.overlays.append({"kind": "move", "side": side, "path": path})
        names = [u.id for u in group]
        events.append(Event("move", f"{', '.join(names)} overrun: {' > '.join(path)} ({cost:g} MP, no road bonus)",
                            R_OVERRUN, side, {"units": names, "path": path}))
        first = first or (names, path)
        exits.append((group, exit_hex.label))
    state.overrun_hexes.append(target)
    elements = elements_at(state, target)
    strengths = [float(utype(u).attack) for u in movers]
    att = Attack(movers, strengths, target, elements, any(e.armoured for e in elements), total(strengths),
                 total([e.defense for e in elements]), None, shift=1, modifier=-2,
                 notes=["overrun: one column right, -2 to the die, weapon effects ignored"])
    head = f"{', '.join(ids)} overrun ({att.attack:g}) against {target} ({', '.join(e.label for e in elements)}, " \
           f"defense {att.defense:g})"
    roll_and_apply(state, events, att, side, R_OVERRUN, head)
    for group, exit_label in exits:
        if mine_at(state, exit_label):
            mine_attack(state, events, group, exit_label)
    assert first is not None  # an overrun has at least one group (overrun_problem)
    return first

