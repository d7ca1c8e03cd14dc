"""Every refusal names the condition that actually failed, with one section (issue 28).

The orders come from random playouts, perturbed off the list as tests/test_conformance.py perturbs
them (one argument swapped, added or dropped, another order's arguments). For each refused order the
test works out, from the rulebook and independently of the rules' own refusal code, which of that
order's conditions fail and under which section each falls; the section the refusal cites must be one
of them, and its message must cite no other section.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from engine.errors import UmpireError
from engine.games.saf import RULES
from engine.games.saf.los import los_blockers
from engine.games.saf.movement import destinations
from engine.games.saf.state import SafState, Unit
from engine.games.saf.table import Table
from engine.hexgrid import Hex
from tests.test_conformance import canonical, perturbed

SECTION_IN_TEXT = re.compile(r"\d+\.\d")
ONE_SECTION = re.compile(r"^\d+(\.\d+)+( [A-Z])?$")

# 6.2 A, the Issuing Orders Table: what each pip orders and how many dice of it (a 3 also a plain move or fire).
ISSUING = {1: {"medic": 1, "assault": 2}, 2: {"move": 1, "fire": 1}, 3: {"move_fire": 1, "move": 1, "fire": 1},
           4: {"mortar": 2}, 5: {"tank": 1, "he": 1}, 6: {"cover": 1, "sniper": 2, "spot": 2}}
# The section describing each order (its form: the arguments it takes).
FORM = {"medic": "6.3.6.3", "assault": "6.3.6.6", "move": "6.3.1", "fire": "6.3.3", "move_fire": "6.3.6.1",
        "mortar": "6.3.6.4", "tank": "6.3.6.7", "he": "6.3.6.7 I", "cover": "6.3.6.2", "sniper": "6.3.6.5",
        "spot": "6.3.6.5 C"}
TAKES = {"medic": set(), "assault": {"target"}, "move": {"to"}, "fire": {"target"}, "move_fire": {"to", "target"},
         "mortar": {"target", "second"}, "tank": {"to", "target"}, "he": {"target"}, "cover": {"target", "mover", "to"},
         "sniper": {"target"}, "spot": {"target"}}
RIFLES = ("us_infantry", "us_veteran")
GERMAN_INFANTRY = ("ge_infantry", "ge_veteran", "ge_elite")
LOS_SECTION = {"woods": "6.3.3 C", "building": "6.3.3 C", "hill": "6.3.3 F", "infantry": "6.3.3 I",
               "tank": "6.3.3 J"}


def _american(s: SafState, uid: Any) -> Unit | None:
    u = s.units.get(str(uid))
    return u if u is not None and u.side == "us" and u.status == "on_map" else None


def _german(s: SafState, uid: Any) -> Unit | None:
    u = s.units.get(str(uid))
    return u if u is not None and u.side == "ge" and u.status == "on_map" else None


def _los(t: Table, firer: Unit, a: Hex, b: Hex, *, mortar: bool = False) -> set[str]:
    """The sections under which the LOS from a to b is blocked (empty when it is clear)."""
    inf = [t.hex(x) for x in t.s.on_map(firer.side) if x.id != firer.id and not t.is_tank(x)]
    tanks = [t.hex(x) for x in t.s.on_map(firer.side) if x.id != firer.id and t.is_tank(x)]
    found = los_blockers(t.m, a, b, inf, tanks, tank=t.is_tank(firer), mortar=mortar)
    return {"6.3.3 D"} | {LOS_SECTION[c] for _, c in found} if len(found) > 1 else {LOS_SECTION[c] for _, c in found}


def _unit_state(u: Unit, *, moving: bool = False, firing: bool = False) -> set[str]:
    out = set()
    if u.supply == "low_ammo":
        out.add("6.3.5 G")
    if u.supply == "low_supply":
        out.add("6.5.1 A")
    if moving and u.moved:
        out.add("6.3.1 C")
    if moving and u.state == "panic":
        out.add("7.2.3 A")
    if firing and u.fired:
        out.add("6.3.5 H")
    return out


def _mover_kind(t: Table, u: Unit) -> set[str]:
    if u.kind == "us_sniper":
        return {"2.0 G"}  # snipers do not move after placement
    if u.kind == "us_lt":
        return {"6.5.3 A"}  # he moves with his unit
    if t.is_tank(u):
        return {"6.3.6.7 A"}  # a tank's move is a tank order
    return set()


def _destination(t: Table, u: Unit, dest: Hex, max_hexes: int = 0) -> set[str]:
    """6.3.1 A-B, 6.3.2 A-C, 6.3.6.7 B, 6.3.6.2: why u may not end a move in dest."""
    out = set()
    tank = t.is_tank(u)
    here = t.s.at(dest)
    kind = t.m.terrain.get(dest, "clear")
    start = t.hex(u)
    if dest == start or dest not in destinations(t, u, max_hexes):
        out.add("6.3.6.7 B" if tank else "6.3.1 A")
    if any(x.side != u.side for x in here):
        out.add("6.3.6.6 A")  # an enemy hex is taken by assault
    if tank and kind in ("woods", "building"):
        out.add("6.3.6.7 B")
    if tank and any(t.is_tank(x) for x in here):
        out.add("6.3.2 C")
    if (tank and any(not t.is_tank(x) for x in here)) or (not tank and any(t.is_tank(x) for x in here)):
        out.add("6.3.2 B")
    stack = sum(1 for x in here if not t.is_tank(x))
    if not tank and stack + (2 if t.lt_of(u) else 1) > 2:
        out.add("6.3.2 A")
    if max_hexes and dest.distance(start) > max_hexes:
        out.add("6.3.6.2")
    return out


def _rifle_shot(t: Table, u: Unit, frm: Hex, g: Unit) -> set[str]:
    if t.is_tank(g):
        return {"6.3.3 K"}  # the target number is an infantry target's
    out = {"6.3.3 K"} if frm.distance(t.hex(g)) > t.spec(u).range else set()
    return out | _los(t, u, frm, t.hex(g))


def order_failures(s: SafState, args: dict[str, Any]) -> set[str]:
    """The sections of the conditions this order breaks, read from the rulebook (6.2-6.3.6.7)."""
    t = Table(s)
    out: set[str] = set()
    pip, kind = int(args.get("die", 0)), str(args.get("type", ""))
    if kind not in ISSUING.get(pip, {}) or s.dice.count(pip) < ISSUING[pip][kind]:
        out.add("6.2 A")
    if kind not in FORM:
        return out
    given = {k for k in ("to", "target", "mover", "second") if args.get(k)}
    if given - TAKES[kind]:
        out.add(FORM[kind])
    u = _american(s, args.get("unit"))
    if u is None:
        return out | {"6.2 A"}
    if u.acted:
        out.add("6.2 E")
    to = t.m.hex(str(args["to"])) if args.get("to") else None
    g = _german(s, args.get("target")) if args.get("target") else None
    if (args.get("target") and g is None) or (kind in ("assault", "mortar", "sniper", "spot", "he") and g is None):
        out.add(FORM[kind])  # these orders are aimed at a German unit
    if kind == "medic" and (u.state != "panic" or t.is_tank(u)):
        out.add("6.3.6.3 C")
    if kind in ("move", "fire", "move_fire"):
        if kind != "move" and u.kind not in RIFLES:
            out.add("6.2 A")
        if (kind == "move" and not to) or (kind == "fire" and not g) or (kind == "move_fire" and not to and not g):
            out.add(FORM[kind])
        frm = t.hex(u)
        if to is not None:
            out |= _mover_kind(t, u) | _unit_state(u, moving=True) | _destination(t, u, to)
            frm = to
        if g is not None:
            out |= _unit_state(u, firing=True) | _rifle_shot(t, u, frm, g)
    if kind == "assault":
        if u.kind not in RIFLES or (g is not None and t.hex(g).distance(t.hex(u)) != 1):
            out.add("6.3.6.6 A")
        out |= _unit_state(u)
        if u.state == "panic":
            out.add("7.2.3 A")
    if kind == "mortar":
        if u.kind != "us_mortar":
            out.add("6.3.6.4 A")
        out |= _unit_state(u, firing=True)
        if g is not None:
            if g.kind not in (*GERMAN_INFANTRY, "mg42", "at_gun"):
                out.add("6.3.6.4 D")
            lt = t.lt()
            if _los(t, u, t.hex(u), t.hex(g), mortar=True) and (lt is None or _los(t, lt, t.hex(lt), t.hex(g))):
                out.add("6.3.6.4 A")
            x = _german(s, args.get("second")) if args.get("second") else None
            if args.get("second") and (x is None or x is g or t.hex(x).distance(t.hex(g)) > 2):
                out.add("6.3.6.4 G")
    if kind in ("sniper", "spot"):
        if u.kind != "us_sniper":
            out.add("6.3.6.5 A")
        out |= _unit_state(u, firing=True)
        if g is not None:
            if kind == "spot" and g.kind not in GERMAN_INFANTRY:
                out.add("6.3.6.5 C")
            if kind == "sniper" and (t.is_tank(g) or t.hex(u).distance(t.hex(g)) > 5):
                out.add("6.3.6.5 B")
            out |= _los(t, u, t.hex(u), t.hex(g))
    if kind in ("tank", "he"):
        if not t.is_tank(u) or (to and g) or (not to and not g):
            out.add("6.3.6.7 A")
        out |= _unit_state(u, firing=g is not None)
        if to is not None and kind == "tank":
            out |= _destination(t, u, to)
        if g is not None:
            if kind == "tank" and not t.is_tank(g):
                out.add("6.3.6.7 E")
            if kind == "he" and t.is_tank(g):
                out.add("6.3.6.7 I")
            if t.hex(u).distance(t.hex(g)) > 5:
                out.add("6.3.6.7 E")
            out |= _los(t, u, t.hex(u), t.hex(g))
    if kind == "cover":
        mover = args.get("mover")
        if u.kind not in RIFLES or bool(to) != bool(mover) or (not g and not mover):
            out.add("6.3.6.2")
        if g is not None:
            out |= _unit_state(u, firing=True) | _rifle_shot(t, u, t.hex(u), g)
        mv = _american(s, mover) if mover else None
        if mover and mv is None:
            out.add("6.3.6.2")
        if mv is not None:
            if mv is u or mv.kind not in RIFLES or t.hex(mv).distance(t.hex(u)) != 1:
                out.add("6.3.6.2")
            if mv.acted:
                out.add("6.2 E")
            out |= _mover_kind(t, mv) | _unit_state(mv, moving=True)
            if to is not None:
                out |= _destination(t, mv, to, 2)
    return out


def place_failures(s: SafState, args: dict[str, Any]) -> set[str]:
    t = Table(s)
    setup = f"8.{s.scenario}.1"
    u = _american(s, args.get("unit"))
    if u is None:
        return {setup}
    out = set()
    if u.kind == "us_lt":
        out.add("6.5.3 A")
    if t.option("setup_place") == "once" and u.id in s.placed:
        out.add(setup)
    h = t.m.hex(str(args.get("to")))
    from engine.games.saf.setup import zone_hexes

    if h.label == u.hex or h not in zone_hexes(t, u.arrive_zone):
        out.add(setup)
    here = [x for x in s.at(h) if x.id != u.id]
    if t.is_tank(u) and any(t.is_tank(x) for x in here):
        out.add("6.3.2 C")
    if any(t.is_tank(x) for x in here) or (t.is_tank(u) and here):
        out.add("6.3.2 B")
    if not t.is_tank(u) and sum(1 for x in here if not t.is_tank(x)) + (2 if t.lt_of(u) else 1) > 2:
        out.add("6.3.2 A")
    return out


def supply_failures(s: SafState, args: dict[str, Any]) -> set[str]:
    u = _american(s, args.get("unit"))
    return ({"6.5.1 B"} if s.supply <= 0 else set()) | ({"6.5.1 C"} if u is None or not u.supply else set())


FAILURES: dict[str, Callable[[SafState, dict[str, Any]], set[str]]] = {
    "order": order_failures, "place": place_failures, "supply": supply_failures,
    "adjust": lambda s, args: {"6.2 C"},
}


def check_refusals(s: SafState, rnd: random.Random, found: list[str]) -> int:
    legal = RULES.legal_actions(s, "us")
    listed = set(legal)
    n = 0
    for action in perturbed(legal, rnd, 6):
        parsed = canonical(RULES, s, action)
        if parsed in listed:
            continue
        with pytest.raises(UmpireError) as err:
            RULES.apply(copy.deepcopy(s), "us", action)
        e = err.value
        where = f"turn {s.turn}, {action.kind} {action.args}: '{e.message}' [{e.rule}]"
        if not ONE_SECTION.match(e.rule or ""):
            found.append(f"{where}: not one section")
        if SECTION_IN_TEXT.search(e.message):
            found.append(f"{where}: the message cites a further section")
        n += 1
        command = RULES.order(action.kind)
        if parsed is None:  # the order's form (an option it does not take, a missing one): its command's rule
            if command is None or e.rule != command.command.rule:
                found.append(f"{where}: a form refusal should cite {command.command.rule if command else '?'}")
            continue
        fails = FAILURES[parsed.kind](s, dict(parsed.args)) if parsed.kind in FAILURES else set()
        if e.rule not in fails:
            found.append(f"{where}: the conditions that fail are {sorted(fails) or 'none found'}")
    return n


@pytest.mark.parametrize("scenario", ["1", "2", "3", "4", "5", "6"])
def test_6_2_every_refusal_names_the_condition_that_failed_with_its_one_section(scenario: str) -> None:
    found: list[str] = []
    tried = 0
    rnd = random.Random(3)
    s = RULES.new_state(scenario, 3, {})
    for step in range(60):
        if RULES.is_over(s):
            break
        side = RULES.to_act(s)
        assert side is not None
        legal = RULES.legal_actions(s, side)
        if side == "us" and step % 3 == 0:
            tried += check_refusals(s, rnd, found)
        RULES.apply(s, side, rnd.choice(legal))
    assert tried > 50
    assert not found, "\n".join(found[:25]) + f"\n({len(found)} in all)"


# --- the refusals the issue names ---------------------------------------------------------------------
def _refused(bench, **args: Any) -> UmpireError:
    with pytest.raises(UmpireError) as err:
        bench.order(**args)
    return err.value


def test_2_0_G_a_snipers_move_is_refused_because_snipers_do_not_move(bench) -> None:
    sn = bench.add("us_sniper", "0303")
    bench.s.dice = [2, 3]
    for die in (2, 3):
        e = _refused(bench, die=die, unit=sn.id, type="move", to="0304")
        assert e.rule == "2.0 G" and "Snipers do not move after placement" in e.message


def test_6_3_2_C_a_tank_refused_a_hex_with_a_tank_is_told_the_stacking_limit(bench) -> None:
    bench.add("m4", "0306")  # the blue hex
    sh = bench.add("m4", "0305")
    bench.s.dice = [5]
    e = _refused(bench, die=5, unit=sh.id, type="tank", to="0306")
    assert e.rule == "6.3.2 C" and "stacking limit of one" in e.message and "woods" not in e.message
    e = _refused(bench, die=5, unit=sh.id, type="tank", to="0303")  # a building: that is 6.3.6.7 B
    assert e.rule == "6.3.6.7 B" and "building" in e.message
    bench.add("us_infantry", "0205")
    e = _refused(bench, die=5, unit=sh.id, type="tank", to="0205")
    assert e.rule == "6.3.2 B"


def test_6_3_6_2_a_panicked_mover_is_refused_as_panicked(bench) -> None:
    firer = bench.add("us_infantry", "0207")
    mover = bench.add("us_infantry", "0208", state="panic")
    bench.s.dice = [6]
    e = _refused(bench, die=6, unit=firer.id, type="cover", mover=mover.id, to="0308")
    assert e.rule == "7.2.3 A" and "Panicked" in e.message
    far = bench.add("us_infantry", "0507")
    e = _refused(bench, die=6, unit=firer.id, type="cover", mover=far.id, to="0508")
    assert e.rule == "6.3.6.2" and "not adjacent" in e.message


def test_6_3_1_C_a_refusal_cites_one_section(bench) -> None:
    inf = bench.add("us_infantry", "0207", moved=True)
    bench.s.dice = [2]
    e = _refused(bench, die=2, unit=inf.id, type="move", to="0307")
    assert e.rule == "6.3.1 C" and not SECTION_IN_TEXT.search(e.message)
    assert str(e).count("6.3.1") == 1
