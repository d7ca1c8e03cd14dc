"""Combat arithmetic: weapons effectiveness, elevation, stacks, odds, the CRT and its results.

Every attack is narrated with its arithmetic and table row, e.g.
"P1, P2 (28 A) against 0507 (S1, defense 9, armoured): 28/9 = 3-1; die 3: X".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.chance import Chance
from engine.events import Event
from engine.hexgrid import Hex

from .board import MAX_WRECKS, crt, distance, elevation, fort_at, gmap, hx, tec, utype, wec
from .state import PlState, Unit

# Rule names used in narration and errors.
R_COMBAT = "I. Combat Phase"
R_IF = "I.i Indirect Fire"
R_DF = "I.ii Direct Fire"
R_WEC = "I.ii Weapons Effectiveness Chart"
R_HILL = "Hill/Slope Defense Exceptions"
R_OVERRUN = "II.ii Overrun"
R_CAT = "III. Close Assault Tactics"
R_TRANSPORT = "II. Transporting Units"


@dataclass
class Element:
    """One target counter: a unit, or a carrier with its cargo (they count as one unit)."""

    units: list[Unit]
    defense: float
    armoured: bool
    label: str
    fort: bool = False
    bridge: str = ""  # a temporary bridge (engineer vehicles): its hex
    source: str = ""  # where its defense comes from, in words

    @property
    def head(self) -> Unit:
        return self.units[0]


@dataclass
class Attack:
    attackers: list[Unit]
    strengths: list[float]
    target: str
    elements: list[Element]
    armoured: bool
    attack: float
    defense: float
    column: int | None
    shift: int = 0
    modifier: int = 0
    notes: list[str] = field(default_factory=list)


def element_of(state: PlState, u: Unit, alone: bool = False, at: str = "") -> Element:
    """The target counter holding u. ``alone``: a rider on a German AFV attacked by itself (def 1);
    ``at``: as it stood in that hex (opportunity fire at a unit seen during its move)."""
    kind = gmap().terrain[hx(at or u.hex or "0101")]
    t = tec(state).terrain[kind]
    in_town = t.armoured_target
    ut = utype(u)
    terrain_note = f" x{t.defense_multiplier:g} in {kind} (TEC)" if t.defense_multiplier != 1 else ""
    if alone:
        return Element([u], 1 * t.defense_multiplier, in_town or ut.armoured, f"{u.id} alone, defense 1",
                       source=f"a rider attacked alone: defense 1{terrain_note}")
    units = [u]
    defense: float = ut.defense
    source = f"defense {ut.defense:g}"
    if u.cargo:
        cargo = state.units[u.cargo]
        units.append(cargo)
        if ut.carrier == "soft":
            defense = 1
            source = "a soft carrier with cargo: defense 1"
    return Element(units, defense * t.defense_multiplier, in_town or ut.armoured, "+".join(x.id for x in units),
                   source=source + terrain_note + (", a town: armoured target" if in_town and not ut.armoured else ""))


def fort_element(state: PlState, label: str, inside: list[Unit]) -> Element:
    """Fortifications (optional): an armoured target; the units IN it use its defense."""
    mult = tec(state).terrain[gmap().terrain[hx(label)]].defense_multiplier
    ids = "+".join(u.id for u in inside)
    return Element(inside, tec(state).fortification_defense * mult, True, f"fortification ({ids})", fort=True,
                   source=f"the fortification's defense {tec(state).fortification_defense:g}"
                   + (f" x{mult:g} (TEC)" if mult != 1 else ""))


def elements_at(state: PlState, label: str, skip_dispersed: bool = False, enemy_of: str = "") -> list[Element]:
    """The target counters in a hex (only those of enemy_of's enemies, when given). In a fortification
    hex the units IN it are one counter; enemy units ON it are counters of their own."""
    here = [u for u in state.at(label) if not enemy_of or u.side != enemy_of]
    out: list[Element] = []
    if fort_at(state, label):
        inside = [u for u in here if not u.on_fort]
        if inside and not (skip_dispersed and all(u.dispersed for u in inside)):
            out.append(fort_element(state, label, inside))
        here = [u for u in here if u.on_fort]
    return out + [element_of(state, u) for u in here if not u.carrier and not (skip_dispersed and u.dispersed)]


def wec_factor(state: PlState, weapon: str, armoured: bool, dist: int, direct: bool) -> float:
    w = wec(state)
    if armoured and weapon in ("H", "(H)") and direct and dist <= w.h_direct_full_range:
        return 1.0
    entry = w.weapons[weapon]  # type: ignore[index]
    return entry.armoured if armoured else entry.soft


def elevation_halves(attacker_hex: str, target_hex: str, any_hexside: bool = False) -> bool:
    """Hill/Slope Defense Exceptions: fire at a unit on a slope or hilltop is halved, except
    hilltop to hilltop, and an adjacent attacker against a slope with no slope hexside between ("If
    there is a slope hex side (dark brown) between..."; a cliff, steeper, halves as a slope does; a
    hilltop hexside does not halve;
    ``any_hexside``: the old reading, where it did)."""
    lt = elevation(target_hex)
    if lt == 0 or attacker_hex == target_hex:
        return False  # the same hex: units IN a fortification firing at enemy units ON it
    la = elevation(attacker_hex)
    if lt == 2:
        return la != 2
    if distance(attacker_hex, target_hex) == 1:
        feats = gmap().features(hx(attacker_hex), hx(target_hex))
        if not (feats if any_hexside else ("slope" in feats or "cliff" in feats)):
            return False
    return True


def direct_strength(state: PlState, u: Unit, target: str, armoured: bool) -> tuple[float, list[str]]:
    """The attack a unit brings by direct fire to a target hex of the given class, with notes."""
    ut = utype(u)
    assert u.hex is not None
    d = distance(u.hex, target)
    s = float(ut.attack)
    notes: list[str] = []
    if d > ut.range:
        s /= 2
        notes.append(f"{u.id} beyond range {ut.range} at half")
    f = wec_factor(state, ut.weapon, armoured, d, direct=True)
    if f != 1:
        notes.append(f"{u.id} {ut.weapon} x{f:g} against {'armoured' if armoured else 'soft'} (WEC)")
    s *= f
    if s and elevation_halves(u.hex, target, bool(state.options.get("slope_any_side"))):
        s /= 2
        high = "hilltop" if elevation(target) == 2 else "slope"
        notes.append(f"{u.id} halved for elevation: the target is on a {high} (Hill/Slope Defense)")
    return s, notes


def stack_class(state: PlState, attackers: list[Unit], target: str, elements: list[Element]) -> bool:
    """Armoured or not, by predominance; a tie goes the way that helps the defender."""
    arm = sum(1 for e in elements if e.armoured)
    soft = len(elements) - arm
    if arm != soft:
        return arm > soft
    as_arm = sum(direct_strength(state, u, target, True)[0] for u in attackers)
    as_soft = sum(direct_strength(state, u, target, False)[0] for u in attackers)
    return as_arm <= as_soft


def odds_text(state: PlState, column: int | None) -> str:
    return "below the table" if column is None else crt(state).columns[column]


def shifted(state: PlState, column: int | None, shift: int) -> int | None:
    if column is None:
        return None
    return max(0, min(len(crt(state).columns) - 1, column + shift))


def roll_and_apply(state: PlState, events: list[Event], att: Attack, side: str, rule: str, head: str) -> None:
    """Roll on the CRT for one attack and apply the result to every element attacked."""
    table = crt(state)
    base = table.column(att.attack, att.defense)
    col = shifted(state, base, att.shift)
    ratio = f"{num(att.attack)}/{num(att.defense)}"
    if col is None:
        why = f" ({'; '.join(dict.fromkeys(att.notes))})" if att.notes else ""
        events.append(Event("attack", f"{head}: {ratio} is below {table.columns[0]}: no attack{why}", rule, side))
        return
    chance = Chance(state, events)
    die = chance.die()
    mod = max(table.modifier_min, min(table.modifier_max, att.modifier))
    row = die + mod
    result = table.result(col, row)
    col_text = table.columns[col]
    if att.shift and base is not None:
        col_text = f"{table.columns[base]}, shifted to {col_text}"
    die_text = f"die {die}" + (f"{mod:+d} = {row}" if mod else "")
    text = f"{head}: {ratio} = {col_text}; {die_text}: {result}"
    if att.notes:
        text += f" ({'; '.join(att.notes)})"
    chance.tell(Event("attack", text, f"{rule}; CRT {col_text} row {row}", side,
                      {"target": att.target, "odds": table.columns[col], "die": die, "row": row, "result": result}))
    state.overlays.append({"kind": "fire", "from": (att.attackers[0].hex if att.attackers else None) or att.target,
                                "to": att.target, "hit": result != "-"})
    for el in att.elements:
        apply_result(state, events, el, result, rule)


def apply_result(state: PlState, events: list[Event], el: Element, result: str, rule: str) -> None:
    if result == "-":
        return
    if el.bridge:
        bridge_result(state, events, el.bridge, result, rule)
        return
    head = el.head
    destroy = result == "X" or (result == "DD" and head.dispersed)
    if destroy and el.fort:
        label = head.hex or ""
        for u in el.units:
            if u.status == "on_map":
                destroy_unit(state, events, u, rule, wreck=False)
        state.forts.pop(label, None)
        state.wrecks[label] = min(MAX_WRECKS, state.wrecks.get(label, 0) + 1)
        events.append(Event("wreck", f"The fortification at {label} is destroyed with all inside; one wreck is left",
                            "Fortifications (optional)", head.side, {"hex": label}))
        return
    if destroy:
        for u in el.units:
            destroy_unit(state, events, u, rule)
        return
    units = list(el.units)
    if len(units) == 1 and units[0].carrier:
        # A rider attacked alone that could not be unloaded (stacking): both are dispersed together.
        units.append(state.units[units[0].carrier])
    for u in units:
        u.dispersed = True
    el = Element(units, el.defense, el.armoured, "+".join(u.id for u in units) if len(units) > 1 else el.label)
    events.append(Event("result", f"{el.label} dispersed", rule, head.side, {"units": [u.id for u in el.units]}))


def bridge_element(state: PlState, label: str) -> Element:
    return Element([], tec(state).temporary_bridge_defense, True, f"temporary bridge at {label}", bridge=label)


def bridge_result(state: PlState, events: list[Event], label: str, result: str, rule: str) -> None:
    """Only X destroys a temporary bridge (it is never dispersed); vehicles on it go with it."""
    if result != "X" or label not in state.temp_bridges:
        if result != "-":
            events.append(Event("result", f"The temporary bridge at {label} holds", rule))
        return
    side = state.temp_bridges.pop(label)
    events.append(Event("result", f"The temporary bridge at {label} is destroyed", rule, side, {"hex": label}))
    for u in state.at(label):
        if utype(u).vehicle:
            destroy_unit(state, events, u, "Engineer vehicles (optional): vehicles on a destroyed bridge")


def destroy_unit(state: PlState, events: list[Event], u: Unit, rule: str, wreck: bool = True) -> None:
    """Remove a unit (its cargo goes with it); armoured units leave a wreck, at most 3 a hex."""
    if u.status != "on_map":
        return
    label = u.hex or ""
    events.append(Event("result", f"{u.id} ({utype(u).name}) destroyed", rule, u.side, {"unit": u.id, "hex": label}))
    u.status = "eliminated"
    if u.carrier:
        state.units[u.carrier].cargo = ""
        u.carrier = ""
    if u.cargo:
        cargo = state.units[u.cargo]
        u.cargo = ""
        cargo.carrier = ""
        destroy_unit(state, events, cargo, R_TRANSPORT + ": carried units share their carrier's fate", wreck)
    u.hex = None
    if wreck and utype(u).armoured and state.wrecks.get(label, 0) < MAX_WRECKS:
        state.wrecks[label] = state.wrecks.get(label, 0) + 1
        events.append(Event("wreck", f"A wreck is left at {label}", "Wreckage", u.side, {"hex": label}))


def num(x: float) -> str:
    """A factor as narrated: whole numbers plain, fractions to two decimals (never rounded in play)."""
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0")


def total(values: list[float]) -> float:
    s = math.fsum(values)
    return round(s, 6)


def hex_names(labels: list[str]) -> str:
    return ", ".join(labels)


def neighbour_by_die(label: str, die: int) -> Hex:
    """Scatter: 1-6 clockwise with 1 due north (engine.hexgrid directions 0-5, clockwise from N)."""
    return hx(label).neighbor(die - 1)
