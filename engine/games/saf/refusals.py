"""Why an American order that is not listed is refused: the condition that fails, with its one section.

The listing (``american.legal_orders``) decides what is legal; this module only explains. Each
refusal names one failed condition of the order and cites that condition's section alone (a Panicked
mover 7.2.3 A, a sniper's move 2.0 G, a tank into a full hex 6.3.2 C, a building in the line of sight
6.3.3 C): the message itself carries no further section numbers, so a player reads one reason and one
rule. ``tests/saf/test_saf_refusals.py`` checks this against random playouts.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction, UnknownHex, UnknownUnit
from engine.game import Action
from engine.hexgrid import Hex, shortest_path
from engine.refusal import FINE, Why, first

from . import american as us
from .american import fire_problem, move_problem, panic_problem, supply_problem
from .movement import INFANTRY_COST, destinations, step_cost
from .state import Unit
from .table import GERMAN_INFANTRY, US_INFANTRY, Table


def destination_problem(t: Table, u: Unit, dest: Hex, max_hexes: int = 0, rule_far: str = "6.3.6.2") -> Why:
    """Why the unit may not end a move in ``dest``: the hex itself (enemy-held, terrain a tank may not
    enter, stacking), the distance a covering-fire move allows, or its movement points."""
    start = t.hex(u)
    tank = t.is_tank(u)
    move_rule = "6.3.6.7 B" if tank else "6.3.1 A"
    if dest == start:
        return Why(f"{t.name(u)} is already at {dest.label}", move_rule)
    here = t.s.at(dest)
    if any(x.side != u.side for x in here):
        return Why(f"{dest.label} is held by German units: take it by assault, not by a move", "6.3.6.6 A")
    kind = t.m.terrain.get(dest, "clear")
    if tank and kind in ("woods", "building"):
        return Why(f"Tanks may not move into {kind} hexes, and {dest.label} is {kind}", "6.3.6.7 B")
    tanks_here = [x for x in here if t.is_tank(x)]
    if tank and tanks_here:
        return Why(f"{dest.label} already holds {t.name(tanks_here[0])}: tanks have a stacking limit of one",
                   "6.3.2 C")
    if tank and here:
        return Why(f"{dest.label} holds {t.name(here[0])}: a tank may not share a hex with non-tank units", "6.3.2 B")
    if tanks_here:
        return Why(f"{dest.label} holds {t.name(tanks_here[0])}: non-tank units may not be in a tank's hex", "6.3.2 B")
    need = 2 if t.lt_of(u) is not None else 1
    if not tank and not t.room(dest, u.kind, need, u.side):
        lt = " with the 1st Lieutenant" if need == 2 else ""
        return Why(f"{dest.label} holds {t.stack(dest)} units: {t.name(u)}{lt} would make more than two", "6.3.2 A")
    if max_hexes and dest.distance(start) > max_hexes:
        return Why(f"{dest.label} is {dest.distance(start)} hexes from {t.name(u)}: a covering-fire move goes up to "
                   f"{max_hexes}", rule_far)
    if dest not in destinations(t, u, max_hexes):
        mp = t.spec(u).mp
        route = shortest_path(start, dest, lambda a, b: step_cost(t, u, a, b))
        cost = (f"the cheapest route costs {route[1]:g} MPs" if route else
                "no route reaches it (German-held hexes cannot be passed)")
        return Why(f"{t.name(u)} cannot reach {dest.label} with its {mp} MPs: {cost}"
                   + ("" if tank else f" (entering {kind} costs {INFANTRY_COST[kind]}; a road all the way gives +1)"),
                   move_rule)
    return FINE


def _shot(t: Table, u: Unit, frm: Hex, g: Unit, rng: int | None = None, range_rule: str = "6.3.3 K") -> Why:
    """Why the unit at ``frm`` cannot fire at ``g``: a tank for rifles, the range, or the line of sight."""
    if t.is_tank(g) and not t.is_tank(u):
        return Why(f"{t.name(g)} is a tank: infantry fire needs a target number (infantry targets); assault it", "6.3.3 K")
    return t.shot_why(u, frm, t.hex(g), rng, range_rule) or Why("not a target it may fire at", range_rule)


def refusal(t: Table, a: Action) -> IllegalAction:
    """Why an order that is not among the listed ones is refused: the first failed condition found,
    with its section; failing all, the order's own section."""
    s = t.s
    kind = str(a.args.get("type", ""))
    pip = int(a.args.get("die", 0))
    if kind not in us.order_types(pip):
        types = ", ".join(us.order_types(pip)) or "nothing"
        return IllegalAction(f"A {pip} orders {types}, not '{kind}'", "6.2 A")
    need = us.ORDER_DICE[kind][1] if pip == us.ORDER_DICE[kind][0] else 1
    if s.dice.count(pip) < need:
        return IllegalAction(f"'{kind}' needs {need} {'dice' if need > 1 else 'die'} showing {pip}; you have "
                             f"{s.dice.count(pip)} (dice {' '.join(map(str, s.dice)) or 'all used'})", "6.2 A")
    extra = [k for k in ("to", "target", "mover", "second") if a.args.get(k) and k not in us.TYPE_ARGS[kind]]
    if extra:
        takes = ", ".join(f"{k}:" for k in us.TYPE_ARGS[kind]) or "nothing more"
        return IllegalAction(f"type:{kind} takes {takes}; not {extra[0]}:", us.TYPE_RULE[kind])
    try:
        why = _why_not(t, a, kind)
    except (UnknownUnit, UnknownHex) as exc:
        return IllegalAction(exc.message, exc.rule or us.TYPE_RULE[kind])
    return why or IllegalAction(f"That {kind.replace('_', ' ')} order is not one the rules offer now",
                                us.TYPE_RULE[kind])


NEEDS_TARGET = ("assault", "mortar", "sniper", "spot", "he")


def _unit(t: Table, uid: Any, side: str, rule: str) -> Unit:
    u = t.unit(str(uid))
    if u is None or u.side != side or u.status != "on_map":
        who = "American" if side == "us" else "German"
        raise UnknownUnit(f"No {who} unit '{uid}' on the map", rule)
    return u


def _why_not(t: Table, a: Action, kind: str) -> IllegalAction | None:
    u = _unit(t, a.args.get("unit", ""), "us", "6.2 A")
    if u.acted:
        return IllegalAction(f"{t.name(u)} has already acted this turn", "6.2 E")
    target_id = a.args.get("target")
    rule = us.TYPE_RULE[kind]
    if kind in NEEDS_TARGET and not target_id:
        return IllegalAction(f"type:{kind} needs target:<id>, the German unit it is aimed at", rule)
    if kind == "medic":
        if u.state != "panic" or t.is_tank(u):
            return IllegalAction(f"A Medic only treats a Panicked infantry unit; {t.name(u)} is "
                                 f"{'a tank' if t.is_tank(u) else u.state}", "6.3.6.3 C")
        return None
    if kind in ("move", "fire", "move_fire"):
        return _rifle(t, a, u, kind)
    if kind == "assault":
        if u.kind not in US_INFANTRY:
            return IllegalAction(f"Only infantry may assault, and {t.name(u)} is not infantry", "6.3.6.6 A")
        p = first(supply_problem(t, u, "assault"), panic_problem(t, u, "assault"))
        if p:
            return p.error()
        g = _unit(t, target_id, "ge", rule)
        if t.hex(g).distance(t.hex(u)) != 1:
            return IllegalAction(f"{t.name(g)} is not adjacent to {t.name(u)}", "6.3.6.6 A")
        return None
    if kind == "mortar":
        return _mortar(t, a, u)
    if kind in ("sniper", "spot"):
        if u.kind != "us_sniper":
            return IllegalAction(f"{t.name(u)} is not a sniper: type:{kind} is the sniper's order", "6.3.6.5 A")
        p = fire_problem(t, u)
        if p:
            return p.error()
        g = _unit(t, target_id, "ge", rule)
        if g not in us.sniper_targets(t, u, kind):
            if kind == "spot" and g.kind not in GERMAN_INFANTRY:
                return IllegalAction(f"A sniper spots enemy infantry only, not {t.name(g)}", "6.3.6.5 C")
            verb = "spot" if kind == "spot" else "snipe"
            p = _shot(t, u, t.hex(u), g, rng=0 if kind == "spot" else 5, range_rule="6.3.6.5 B")
            return p.error(f"{t.name(u)} cannot {verb} {t.name(g)}: ")
        return None
    if kind in ("tank", "he"):
        return _tank(t, a, u, kind)
    return _cover(t, a, u)


def _rifle(t: Table, a: Action, u: Unit, kind: str) -> IllegalAction | None:
    to, target_id = a.args.get("to"), a.args.get("target")
    if kind != "move" and u.kind not in US_INFANTRY:
        return IllegalAction(f"{t.name(u)} is not a rifle unit: type:{kind} is an infantry order"
                             + (" (a mortar moves with type:move)" if u.kind in us.MOVERS else ""), "6.2 A")
    if kind == "move_fire" and not to and not target_id:
        return IllegalAction("Move and/or fire: give to:<hex>, target:<id> or both", "6.3.6.1")
    frm = t.hex(u)
    if to:
        p = move_problem(t, u)
        if p:
            return p.error()
        dest = t.m.hex(str(to))
        p = destination_problem(t, u, dest)
        if p:
            return p.error()
        frm = dest
    elif kind == "move":
        return IllegalAction("A move order needs to:<hex>", "6.3.1")
    if target_id:
        p = fire_problem(t, u)
        if p:
            return p.error()
        g = _unit(t, target_id, "ge", us.TYPE_RULE[kind])
        if g not in us.rifle_targets(t, u, frm):
            return _shot(t, u, frm, g).error(f"{t.name(u)} cannot fire at {t.name(g)}"
                           + (f" from {frm.label}" if to else "") + ": ")
    elif kind == "fire":
        return IllegalAction("A fire order needs target:<id>", "6.3.3")
    return None


def _mortar(t: Table, a: Action, u: Unit) -> IllegalAction | None:
    if u.kind != "us_mortar":
        return IllegalAction(f"{t.name(u)} is not a mortar: type:mortar is the mortar's order", "6.3.6.4 A")
    p = fire_problem(t, u)
    if p:
        return p.error()
    g = _unit(t, a.args.get("target"), "ge", "6.3.6.4 D")
    if g not in us.mortar_targets(t, u):
        if g.kind not in us.MORTAR_TARGETS:
            return IllegalAction(f"Mortars fire only at infantry, MG 42 teams or AT guns, not {t.name(g)}",
                                 "6.3.6.4 D")
        lt = t.lt()
        lt_why = (f"; the 1st Lieutenant's is blocked by {t.los_why(lt, t.hex(lt), t.hex(g))[0]}"
                  if lt is not None else "; the 1st Lieutenant has been killed")
        return IllegalAction(f"Neither {t.name(u)} nor the 1st Lieutenant can see {t.name(g)}: the mortar's line "
                             f"of sight is blocked by {t.los_why(u, t.hex(u), t.hex(g), mortar=True)[0]}{lt_why}",
                             "6.3.6.4 A")
    sec = a.args.get("second")
    if sec:
        x = _unit(t, sec, "ge", "6.3.6.4 G")
        return IllegalAction(f"The second target must be another German within two hexes of {t.name(g)}; "
                             f"{t.name(x)} is not", "6.3.6.4 G")
    return None


def _tank(t: Table, a: Action, u: Unit, kind: str) -> IllegalAction | None:
    to, target_id = a.args.get("to"), a.args.get("target")
    if not t.is_tank(u):
        return IllegalAction(f"{t.name(u)} is not a tank: type:{kind} is a tank's order", "6.3.6.7 A")
    if to and target_id:
        return IllegalAction("A tank either moves (to:) or fires (target:), not both", "6.3.6.7 A")
    if kind == "tank" and to:
        p = supply_problem(t, u, "move")
        if p:
            return p.error()
        p = destination_problem(t, u, t.m.hex(str(to)))
        return p.error() if p else None
    if not target_id:
        return IllegalAction("Give target:<id> (or to:<hex> to move a tank with type:tank)", "6.3.6.7 A")
    p = supply_problem(t, u, "fire")
    if p:
        return p.error()
    g = _unit(t, target_id, "ge", "6.3.6.7 E" if kind == "tank" else "6.3.6.7 I")
    if g not in us.combat.fire_targets(t, u, tanks=(kind == "tank")):
        if kind == "tank" and not t.is_tank(g):
            return IllegalAction(f"{t.name(g)} is not a German tank: fire HE at infantry with type:he", "6.3.6.7 E")
        if kind == "he" and t.is_tank(g):
            return IllegalAction(f"{t.name(g)} is a tank: HE fire is against infantry; fire with type:tank",
                                 "6.3.6.7 I")
        why = t.shot_why(u, t.hex(u), t.hex(g), range_rule="6.3.6.7 E")
        return IllegalAction(f"{t.name(u)} cannot fire at {t.name(g)}: {why.reason or 'not a target it may fire at'}",
                             why.rule or "6.3.6.7 E")
    return None


def _cover(t: Table, a: Action, u: Unit) -> IllegalAction | None:
    """6.3.6.2: the firer fires if it will, and one infantry unit adjacent to it moves up to two hexes."""
    to, target_id, mover_id = a.args.get("to"), a.args.get("target"), a.args.get("mover")
    if u.kind not in US_INFANTRY:
        return IllegalAction(f"Covering fire is an infantry order, and {t.name(u)} is not infantry", "6.3.6.2")
    if bool(to) != bool(mover_id):
        return IllegalAction("Covering fire moves another unit: give mover:<id> with to:<hex>", "6.3.6.2")
    if target_id:
        p = fire_problem(t, u)
        if p:
            return p.error()
        g = _unit(t, target_id, "ge", "6.3.6.2")
        if g not in us.rifle_targets(t, u):
            return _shot(t, u, t.hex(u), g).error(f"{t.name(u)} cannot fire at {t.name(g)}: ")
    if not mover_id:
        return None
    mv = _unit(t, mover_id, "us", "6.3.6.2")
    if mv.id == u.id:
        return IllegalAction(f"Covering fire moves another unit, not {t.name(u)} itself", "6.3.6.2")
    if mv.kind not in US_INFANTRY and mv.kind not in ("us_sniper", "us_lt") and not t.is_tank(mv):
        return IllegalAction(f"Only an infantry unit moves under covering fire, not {t.name(mv)}", "6.3.6.2")
    if t.hex(mv).distance(t.hex(u)) != 1:
        return IllegalAction(f"{t.name(mv)} is not adjacent to {t.name(u)}", "6.3.6.2")
    if mv.acted:
        return IllegalAction(f"{t.name(mv)} has already acted this turn", "6.2 E")
    p = move_problem(t, mv)
    if p:
        return p.error()
    if mv.kind not in US_INFANTRY:
        return IllegalAction(f"Only an infantry unit moves under covering fire, not {t.name(mv)}", "6.3.6.2")
    p = destination_problem(t, mv, t.m.hex(str(to)), 2)
    return p.error() if p else None
