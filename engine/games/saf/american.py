"""The American turn (6.0): order dice, every order type, supply, and the list of legal orders."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.errors import UnknownHex, UnknownUnit
from engine.events import Event
from engine.game import Action
from engine.hexgrid import Hex
from engine.refusal import FINE, Why, first

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


def move_problem(t: Table, u: Unit) -> Why:
    """Why the unit may not take an infantry move now (6.2 A, 2.0 G, 6.3.1 C, 6.3.5 G, 6.5.1 A, 7.2.3 A)."""
    if u.kind == "us_sniper":
        return Why(f"Snipers do not move after placement: {t.name(u)} stays where it set up", "2.0 G")
    if u.kind == "us_lt":
        return Why("The 1st Lieutenant moves with the unit he is attached to: move that unit", "6.5.3 A")
    if t.is_tank(u):
        return Why(f"{t.name(u)} is a tank: a tank moves with a 5 (type:tank to:<hex>)", "6.3.6.7 A")
    if u.kind not in MOVERS:
        return Why(f"{t.name(u)} cannot take an infantry move order", "6.2 A")
    if u.moved:
        return Why(f"{t.name(u)} has already moved this turn", "6.3.1 C")
    return first(supply_problem(t, u, "move"), panic_problem(t, u, "move"))


def supply_problem(t: Table, u: Unit, what: str) -> Why:
    if u.supply == "low_ammo":
        return Why(f"{t.name(u)} is low on ammunition and cannot {what} until a Supply counter replenishes it", "6.3.5 G")
    if u.supply:
        return Why(f"{t.name(u)} has a Low Supply counter and cannot {what}", "6.5.1 A")
    return FINE


def panic_problem(t: Table, u: Unit, what: str) -> Why:
    if u.state == "panic":
        return Why(f"{t.name(u)} is Panicked and cannot {what}", "7.2.3 A")
    return FINE


def fire_problem(t: Table, u: Unit) -> Why:
    if u.fired:
        return Why(f"{t.name(u)} has already fired this turn", "6.3.5 H")
    return supply_problem(t, u, "fire")


def can_move(t: Table, u: Unit) -> str:
    """Empty when the unit may move now, else the reason (``move_problem`` gives its section too)."""
    return move_problem(t, u).reason


def can_fire(t: Table, u: Unit) -> str:
    return fire_problem(t, u).reason


def rifle_targets(t: Table, u: Unit, frm: Hex | None = None) -> list[Unit]:
    if u.kind not in US_INFANTRY:
        return []
    key = ("rifle", u.id, u.hex, frm)
    if t.memo is not None and key in t.memo:
        return list(t.memo[key])
    out = combat.fire_targets(t, u, frm)
    if t.memo is not None:
        t.memo[key] = list(out)
    return out


# The arguments each order type takes besides die, unit and type (6.2 A).
TYPE_ARGS: dict[str, tuple[str, ...]] = {
    "medic": (), "assault": ("target",), "move": ("to",), "fire": ("target",), "move_fire": ("to", "target"),
    "mortar": ("target", "second"), "tank": ("to", "target"), "he": ("target",), "cover": ("target", "mover", "to"),
    "sniper": ("target",), "spot": ("target",),
}
TYPE_RULE = {
    "medic": "6.3.6.3", "assault": "6.3.6.6", "move": "6.3.1", "fire": "6.3.3", "move_fire": "6.3.6.1",
    "mortar": "6.3.6.4", "tank": "6.3.6.7", "he": "6.3.6.7 I", "cover": "6.3.6.2", "sniper": "6.3.6.5",
    "spot": "6.3.6.5 C",
}


def plan_of(t: Table, a: Action) -> dict[str, Any]:
    """What a listed order does: its dice, unit, target, mover and destination (no checks: legality is
    the listing, ``legal_orders``)."""
    args = a.args
    kind, pip = str(args["type"]), int(args["die"])
    need = ORDER_DICE[kind][1] if pip == ORDER_DICE[kind][0] else 1
    plan: dict[str, Any] = {"kind": kind, "pip": pip, "need": need, "unit": _unit(t, args["unit"])}
    if args.get("to"):
        plan["to"] = _hex(t, args["to"])
    if args.get("target"):
        plan["target"] = _unit(t, args["target"], "ge")
    if args.get("mover"):
        plan["mover"] = _unit(t, args["mover"])
    if args.get("second"):
        plan["second"] = _unit(t, args["second"], "ge")
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
    t.events.append(Event("order", f"Order: {'two ' if plan['need'] == 2 else ''}{pip}{'s' if plan['need'] == 2 else ''} -> "
                          f"{kind.replace('_', ' ')} for {t.name(u)}", "6.2 A", "us"))
    g: Unit | None = plan.get("target")
    if kind == "medic":
        u.medic = True
        roll = t.roll(1, f"Medic treats {t.name(u)} (needs 4+)", "6.3.6.3 C")[0]
        if roll >= 4:
            u.state = "alert"
            t.events.append(Event("status", f"{t.name(u)} steadies: Panic -> Alert", "6.3.6.3 C", "us"))
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


def second_targets(t: Table, g: Unit) -> list[Unit]:
    """6.3.6.4 G: another German (a tank too) within two hexes of the first target."""
    h = t.hex(g)
    return [x for x in t.s.on_map("ge") if x.id != g.id and t.hex(x).distance(h) <= 2]


def auto_second(t: Table, g: Unit) -> Unit | None:
    """6.3.6.4 G default: the nearest other German within two hexes of the first target, then lowest id."""
    h = t.hex(g)
    near = second_targets(t, g)
    return min(near, key=lambda x: (t.hex(x).distance(h), x.id)) if near else None


def sniper(t: Table, u: Unit, g: Unit, kind: str) -> None:
    u.fired = True
    roll = t.roll(1, f"{t.name(u)} {'spots' if kind == 'spot' else 'scopes in on'} {t.name(g)} (needs 3+)",
                  "6.3.6.5 B")[0]
    if roll < 3:
        t.events.append(Event("fire", f"{t.name(u)} cannot get a shot", "6.3.6.5 B", "ge"))
        return
    if kind == "spot":
        g.spotted = True
        t.events.append(Event("status", f"{t.name(g)} is spotted: +1 to fire at it this turn (not mortars)",
                              "6.3.6.5 C", "us"))
        return
    if roll == 6:
        if t.roll(1, f"{t.name(u)} has an officer in his sights (needs 4+)", "6.3.6.5 B")[0] >= 4:
            t.morale(10, "the sniper kills a German officer", "6.3.6.5 B")
            return
    combat.us_fire(t, u, g, "sniper")


# --- legal orders ---------------------------------------------------------------------------------
def legal_orders(t: Table, only: str | None = None) -> list[Action]:
    """Every order the dice and the rules allow now (``only``: one unit's): the one place that decides
    which orders are legal (the contract accepts exactly these)."""
    s = t.s
    t.memo = {}  # nothing changes while orders are listed
    out: list[Action] = []
    counts = Counter(s.dice)
    units = [u for u in s.on_map("us") if not u.acted and only in (None, u.id)]
    for pip in sorted(counts):
        for kind in order_types(pip):
            need = ORDER_DICE[kind][1] if pip == ORDER_DICE[kind][0] else 1
            if counts[pip] < need:
                continue
            for u in units:
                out.extend(_orders_for(t, u, pip, kind))
        if pip == 3:  # 6.3.6.1: "one, the other, or both" (listed after the plain move and fire)
            for u in units:
                out.extend(_move_or_fire(t, u, pip))
    t.memo = None
    return out


def _move_or_fire(t: Table, u: Unit, pip: int) -> list[Action]:
    if u.kind not in US_INFANTRY:
        return []
    out: list[Action] = []
    if not can_move(t, u):
        out += [_act(pip, u, "move_fire", to=h.label) for h in destinations(t, u)]
    if not can_fire(t, u):
        out += [_act(pip, u, "move_fire", target=g.id) for g in rifle_targets(t, u)]
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
            h = t.hex(u)  # any unit names its hex (rulings 6.3.6.6): the whole hex is assaulted
            out += [_act(pip, u, kind, target=g.id) for g in t.s.on_map("ge") if t.hex(g).distance(h) == 1]
        return out
    if kind == "mortar":
        if u.kind == "us_mortar" and not can_fire(t, u):
            targets = mortar_targets(t, u)
            out += [_act(pip, u, kind, target=g.id) for g in targets]
            for g in targets:  # 6.3.6.4 G: the second target on a double 6, named beforehand
                out += [_act(pip, u, kind, target=g.id, second=x.id) for x in second_targets(t, g)]
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

