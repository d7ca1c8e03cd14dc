"""The American turn (6.0): order dice, every order type, supply, and the list of legal orders."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.errors import IllegalAction, UnknownHex, UnknownUnit
from engine.game import Action
from engine.hexgrid import Hex

from . import combat
from .movement import destinations, move_unit
from .state import Unit
from .table import GERMAN_INFANTRY, US_INFANTRY, Table

# 6.2 A, Issuing Orders Table: order type -> (pip, dice needed)
ORDER_DICE: dict[str, tuple[int, int]] = {
    "medic": (1, 1), "assault": (1, 2), "move": (2, 1), "fire": (2, 1), "move_fire": (3, 1),
    "mortar": (4, 2), "tank": (5, 1), "he": (5, 1), "cover": (6, 1), "sniper": (6, 2), "spot": (6, 2),
}
MOVERS = (*US_INFANTRY, "us_mortar")  # "Infantry Move" (6.2 A); mortars count as infantry (6.3.2 A)
MORTAR_TARGETS = (*GERMAN_INFANTRY, "mg42", "at_gun")  # 6.3.6.4 D


def order_types(pip: int) -> list[str]:
    out = [k for k, (p, _) in ORDER_DICE.items() if p == pip]
    if pip == 3:
        out += ["move", "fire"]  # a 3 allows move and/or fire (6.2 D example)
    return out


def _unit(t: Table, uid: Any, side: str = "us") -> Unit:
    u = t.unit(str(uid))
    if u is None or u.side != side or u.status != "on_map":
        who = "American" if side == "us" else "German"
        raise UnknownUnit(f"No {who} unit '{uid}' on the map")
    return u


def _hex(t: Table, label: Any) -> Hex:
    if not label:
        raise UnknownHex("Give a destination hex: to:<hex>, such as to:0503")
    return t.m.hex(str(label))


def can_move(t: Table, u: Unit) -> str:
    """Empty when the unit may move now, else the reason."""
    if u.kind not in MOVERS:
        return f"{t.name(u)} cannot take an infantry move order"
    if u.moved:
        return f"{t.name(u)} has already moved this turn (6.3.1 C)"
    if u.supply:
        return f"{t.name(u)} is low on supply/ammunition and cannot move (6.5.1 A)"
    if u.state == "panic":
        return f"{t.name(u)} is Panicked and cannot move (7.2.3 A)"
    return ""


def can_fire(t: Table, u: Unit) -> str:
    if u.fired:
        return f"{t.name(u)} has already fired this turn (6.3.5 H)"
    if u.supply:
        return f"{t.name(u)} is low on supply/ammunition and cannot fire (6.3.5 G)"
    return ""


def rifle_targets(t: Table, u: Unit, frm: Hex | None = None) -> list[Unit]:
    if u.kind not in US_INFANTRY:
        return []
    return combat.fire_targets(t, u, frm)


def check_order(t: Table, a: Action) -> dict[str, Any]:
    """Validate an order against the dice and the rules; return what to execute. Raises on error."""
    s = t.s
    if s.phase != "orders":
        raise IllegalAction("Roll the order dice first: /saf roll", "6.2 A")
    kind = str(a.args.get("type", ""))
    if kind not in ORDER_DICE:
        raise IllegalAction(f"Unknown order type '{kind}': use one of {', '.join(ORDER_DICE)}", "6.2 A")
    try:
        pip = int(a.args.get("die", 0))
    except ValueError:
        raise IllegalAction("die must be a pip value 1-6", "6.2 A") from None
    if kind not in order_types(pip):
        types = ", ".join(order_types(pip)) or "nothing"
        raise IllegalAction(f"A {pip} orders {types}, not '{kind}'", "6.2 A")
    need = ORDER_DICE[kind][1] if pip == ORDER_DICE[kind][0] else 1
    if s.dice.count(pip) < need:
        raise IllegalAction(f"'{kind}' needs {need} dice showing {pip}; you have {s.dice.count(pip)}", "6.2 A")
    u = _unit(t, a.args.get("unit", ""))
    if u.acted:
        raise IllegalAction(f"{t.name(u)} has already acted this turn", "6.2 E")
    plan: dict[str, Any] = {"kind": kind, "pip": pip, "need": need, "unit": u}
    to = a.args.get("to")
    target_id = a.args.get("target")
    if kind == "medic":
        if u.state != "panic" or t.is_tank(u):
            raise IllegalAction(f"A Medic only treats a Panicked unit; {t.name(u)} is {u.state}", "6.3.6.3 C")
        return plan
    if kind in ("move", "fire", "move_fire"):
        if kind != "move" and target_id and u.kind not in US_INFANTRY:
            raise IllegalAction(f"{t.name(u)} is not a rifle unit: only infantry fire with a 2 or 3", "6.2 A")
        if kind == "move_fire" and not to and not target_id:
            raise IllegalAction("Move and/or fire: give to:<hex>, target:<id> or both", "6.3.6.1")
        frm = t.hex(u)
        if kind in ("move", "move_fire") and to:
            why = can_move(t, u)
            if why:
                raise IllegalAction(why, "6.3.1")
            dest = _hex(t, to)
            if dest not in destinations(t, u):
                raise IllegalAction(f"{t.name(u)} cannot reach {dest.label} (MPs, terrain or stacking)", "6.3.1 A")
            plan["to"], frm = dest, dest
        elif kind == "move":
            raise IllegalAction("A move order needs to:<hex>", "6.3.1")
        if kind in ("fire", "move_fire") and target_id:
            why = can_fire(t, u)
            if why:
                raise IllegalAction(why, "6.3.5")
            g = _unit(t, target_id, "ge")
            if g not in rifle_targets(t, u, frm):
                raise IllegalAction(f"{t.name(u)} has no LOS or range to {t.name(g)}", "6.3.3")
            plan["target"] = g
        elif kind == "fire":
            raise IllegalAction("A fire order needs target:<id>", "6.3.3")
        return plan
    if kind == "assault":
        if u.kind not in US_INFANTRY:
            raise IllegalAction("Only infantry may assault", "6.3.6.6 A")
        if u.supply or u.state == "panic":
            raise IllegalAction(f"{t.name(u)} may not assault (low supply or Panicked)", "6.5.1 A")
        g = _unit(t, target_id, "ge")
        if t.hex(g).distance(t.hex(u)) != 1:
            raise IllegalAction(f"{t.name(g)} is not adjacent to {t.name(u)}", "6.3.6.6 A")
        plan["target"] = g
        return plan
    if kind == "mortar":
        if u.kind != "us_mortar":
            raise IllegalAction(f"{t.name(u)} is not a mortar", "6.3.6.4")
        why = can_fire(t, u)
        if why:
            raise IllegalAction(why, "6.3.5")
        g = _unit(t, target_id, "ge")
        if g not in mortar_targets(t, u):
            raise IllegalAction(f"Neither {t.name(u)} nor the 1st Lieutenant can see {t.name(g)}", "6.3.6.4 A")
        plan["target"] = g
        sec = a.args.get("second")
        plan["second"] = _unit(t, sec, "ge") if sec else None
        return plan
    if kind in ("sniper", "spot"):
        if u.kind != "us_sniper":
            raise IllegalAction(f"{t.name(u)} is not a sniper", "6.3.6.5")
        why = can_fire(t, u)
        if why:
            raise IllegalAction(why, "6.3.5")
        g = _unit(t, target_id, "ge")
        if g not in sniper_targets(t, u, kind):
            raise IllegalAction(f"{t.name(u)} cannot {'spot' if kind == 'spot' else 'snipe'} {t.name(g)}", "6.3.6.5 B")
        plan["target"] = g
        return plan
    if kind in ("tank", "he"):
        if not t.is_tank(u):
            raise IllegalAction(f"{t.name(u)} is not a tank", "6.3.6.7")
        if u.supply:
            raise IllegalAction(f"{t.name(u)} is low on ammunition", "6.3.5 G")
        if kind == "tank" and to and not target_id:
            dest = _hex(t, to)
            if dest not in destinations(t, u):
                raise IllegalAction(f"{t.name(u)} cannot reach {dest.label}", "6.3.6.7 B")
            plan["to"] = dest
            return plan
        if not target_id or to:
            raise IllegalAction("A tank either moves (to:) or fires (target:), not both", "6.3.6.7 A")
        g = _unit(t, target_id, "ge")
        ok = combat.fire_targets(t, u, tanks=(kind == "tank"))
        if g not in ok:
            what = "German tank" if kind == "tank" else "German infantry target"
            raise IllegalAction(f"{t.name(g)} is not a {what} in range 5 and LOS", "6.3.6.7 E")
        plan["target"] = g
        return plan
    # cover (6.3.6.2)
    if u.kind not in US_INFANTRY:
        raise IllegalAction("Covering fire is an infantry order", "6.3.6.2")
    if target_id:
        why = can_fire(t, u)
        if why:
            raise IllegalAction(why, "6.3.5")
        g = _unit(t, target_id, "ge")
        if g not in rifle_targets(t, u):
            raise IllegalAction(f"{t.name(u)} has no LOS or range to {t.name(g)}", "6.3.3")
        plan["target"] = g
    mover_id = a.args.get("mover")
    if to and not mover_id:
        raise IllegalAction("Covering fire moves another unit: give mover:<id> with to:<hex>", "6.3.6.2")
    if not target_id and not mover_id:
        raise IllegalAction("Covering fire needs target:<id>, mover:<id> to:<hex>, or both", "6.3.6.2")
    if mover_id:
        mv = _unit(t, mover_id)
        if mv not in cover_movers(t, u):
            raise IllegalAction(f"{t.name(mv)} is not an unacted infantry unit adjacent to {t.name(u)}", "6.3.6.2")
        why = can_move(t, mv)
        if why:
            raise IllegalAction(why, "6.3.6.2")
        dest = _hex(t, to)
        if dest not in destinations(t, mv, 2):
            raise IllegalAction(f"{t.name(mv)} cannot reach {dest.label} within two hexes", "6.3.6.2")
        plan["mover"], plan["to"] = mv, dest
    return plan


def cover_movers(t: Table, u: Unit) -> list[Unit]:
    h = t.hex(u)
    return [m for m in t.s.on_map("us") if m.id != u.id and not m.acted and m.kind in US_INFANTRY
            and t.hex(m).distance(h) == 1 and not can_move(t, m)]


def mortar_targets(t: Table, u: Unit) -> list[Unit]:
    """6.3.6.4 A-D: any infantry, MG 42 or AT gun the mortar or the 1st Lieutenant can see."""
    a = t.hex(u)
    lt = t.lt()
    out = []
    for g in t.s.on_map("ge"):
        if g.kind not in MORTAR_TARGETS:
            continue
        b = t.hex(g)
        if t.los(u, a, b, mortar=True) or (lt is not None and t.los(lt, t.hex(lt), b)):
            out.append(g)
    return out


def sniper_targets(t: Table, u: Unit, kind: str) -> list[Unit]:
    a = t.hex(u)
    if kind == "spot":  # 6.3.6.5 C: an enemy infantry unit within LOS, any range
        return [g for g in t.s.on_map("ge") if g.kind in GERMAN_INFANTRY and t.los(u, a, t.hex(g))]
    return combat.fire_targets(t, u, rng=5)


def do_order(t: Table, plan: dict[str, Any]) -> None:
    s = t.s
    u: Unit = plan["unit"]
    kind, pip = plan["kind"], plan["pip"]
    for _ in range(plan["need"]):
        s.dice.remove(pip)
    u.acted = True
    t.log("order", f"Order: {'two ' if plan['need'] == 2 else ''}{pip}{'s' if plan['need'] == 2 else ''} -> "
          f"{kind.replace('_', ' ')} for {t.name(u)}", "6.2 A", "us")
    g: Unit | None = plan.get("target")
    if kind == "medic":
        u.medic = True
        roll = t.roll(1, f"Medic treats {t.name(u)} (needs 4+)", "6.3.6.3 C")[0]
        if roll >= 4:
            u.state = "alert"
            t.log("status", f"{t.name(u)} steadies: Panic -> Alert", "6.3.6.3 C", "us")
        u.medic = False
        u.acted = False  # the Medic acted, not the treated unit (rulings 6.3.6.3)
        return
    if kind in ("move", "fire", "move_fire"):
        if "to" in plan:
            move_unit(t, u, plan["to"], "6.3.1")
        if g is not None:
            combat.us_fire(t, u, g)
        return
    if kind == "assault":
        assert g is not None
        combat.assault(t, u, t.hex(g))
        return
    if kind == "mortar":
        assert g is not None
        second = plan.get("second") or auto_second(t, g)
        combat.mortar_fire(t, u, g, second)
        return
    if kind in ("sniper", "spot"):
        assert g is not None
        sniper(t, u, g, kind)
        return
    if kind in ("tank", "he"):
        if "to" in plan:
            move_unit(t, u, plan["to"], "6.3.6.7 B")
        elif kind == "tank":
            assert g is not None
            combat.us_tank_fire(t, u, g)
        else:
            assert g is not None
            combat.us_fire(t, u, g, "he")
        return
    # covering fire
    if g is not None:
        combat.us_fire(t, u, g)
    mv: Unit | None = plan.get("mover")
    if mv is not None:
        mv.acted = True
        move_unit(t, mv, plan["to"], "6.3.6.2")


def auto_second(t: Table, g: Unit) -> Unit | None:
    """6.3.6.4 G default: the nearest other German within two hexes of the first target, then lowest id."""
    h = t.hex(g)
    near = [x for x in t.s.on_map("ge") if x.id != g.id and t.hex(x).distance(h) <= 2]
    return min(near, key=lambda x: (t.hex(x).distance(h), x.id)) if near else None


def sniper(t: Table, u: Unit, g: Unit, kind: str) -> None:
    u.fired = True
    roll = t.roll(1, f"{t.name(u)} {'spots' if kind == 'spot' else 'scopes in on'} {t.name(g)} (needs 3+)",
                  "6.3.6.5 B")[0]
    if roll < 3:
        t.log("fire", f"{t.name(u)} cannot get a shot", "6.3.6.5 B", "ge")
        return
    if kind == "spot":
        g.spotted = True
        t.log("status", f"{t.name(g)} is spotted: +1 to fire at it this turn (not mortars)", "6.3.6.5 C", "us")
        return
    if roll == 6:
        if t.roll(1, f"{t.name(u)} has an officer in his sights (needs 4+)", "6.3.6.5 B")[0] >= 4:
            t.morale(10, "the sniper kills a German officer", "6.3.6.5 B")
            return
    combat.us_fire(t, u, g, "sniper")


# --- legal orders ---------------------------------------------------------------------------------
def legal_orders(t: Table) -> list[Action]:
    s = t.s
    t.memo = {}  # nothing changes while orders are listed
    out: list[Action] = []
    counts = Counter(s.dice)
    units = [u for u in s.on_map("us") if not u.acted]
    for pip in sorted(counts):
        for kind in order_types(pip):
            need = ORDER_DICE[kind][1] if pip == ORDER_DICE[kind][0] else 1
            if counts[pip] < need:
                continue
            for u in units:
                out.extend(_orders_for(t, u, pip, kind))
    t.memo = None
    return out


def _act(pip: int, u: Unit, kind: str, **kw: Any) -> Action:
    return Action("order", {"die": pip, "unit": u.id, "type": kind, **{k: v for k, v in kw.items() if v}})


def _orders_for(t: Table, u: Unit, pip: int, kind: str) -> list[Action]:
    out: list[Action] = []
    if kind == "medic":
        return [_act(pip, u, kind)] if u.state == "panic" and not t.is_tank(u) else []
    if kind == "move":
        if not can_move(t, u):
            out += [_act(pip, u, kind, to=h.label) for h in destinations(t, u)]
        return out
    if kind == "fire":
        if u.kind in US_INFANTRY and not can_fire(t, u):
            out += [_act(pip, u, kind, target=g.id) for g in rifle_targets(t, u)]
        return out
    if kind == "move_fire":
        if u.kind not in US_INFANTRY or can_move(t, u):
            return []
        fire_ok = not can_fire(t, u)
        for h in destinations(t, u):
            for g in rifle_targets(t, u, h) if fire_ok else []:
                out.append(_act(pip, u, kind, to=h.label, target=g.id))
        return out
    if kind == "assault":
        if u.kind in US_INFANTRY and not u.supply and u.state != "panic":
            h = t.hex(u)
            seen: set[str] = set()
            for g in t.s.on_map("ge"):
                if t.hex(g).distance(h) == 1 and g.hex not in seen:
                    seen.add(g.hex or "")
                    out.append(_act(pip, u, kind, target=g.id))
        return out
    if kind == "mortar":
        if u.kind == "us_mortar" and not can_fire(t, u):
            out += [_act(pip, u, kind, target=g.id) for g in mortar_targets(t, u)]
        return out
    if kind in ("sniper", "spot"):
        if u.kind == "us_sniper" and not can_fire(t, u):
            out += [_act(pip, u, kind, target=g.id) for g in sniper_targets(t, u, kind)]
        return out
    if kind in ("tank", "he"):
        if not t.is_tank(u) or u.supply:
            return []
        if kind == "tank":
            out += [_act(pip, u, kind, to=h.label) for h in destinations(t, u)]
        out += [_act(pip, u, kind, target=g.id) for g in combat.fire_targets(t, u, tanks=(kind == "tank"))]
        return out
    # cover
    if u.kind not in US_INFANTRY:
        return []
    shots: list[str] = [""]
    if not can_fire(t, u):
        shots += [g.id for g in rifle_targets(t, u)]
    moves: list[tuple[str, str]] = [("", "")]
    for mv in cover_movers(t, u):
        moves += [(mv.id, h.label) for h in destinations(t, mv, 2)]
    for target in shots:
        for mover, to in moves:
            if target or mover:
                out.append(_act(pip, u, kind, target=target, mover=mover, to=to))
    return out

