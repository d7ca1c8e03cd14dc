"""Opportunity fire (optional rule): after a unit moves, loads or unloads in LOS of enemy units,
the enemy may fire at it, one unit at one unit, before the move goes on."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import Hex
from engine.refusal import FINE, Why

from .board import distance, line_of_sight, own_unit, unit_or_error, utype
from .combat import R_TRANSPORT, Attack, direct_strength, element_of, roll_and_apply, total
from .fire import fire_refusal, unload_rider_for_attack
from .forts import crossfire
from .movement import step_cost
from .state import OfWindow, PlState, Unit

R_OF = "Optional rule: Opportunity Fire"


def in_play(state: PlState) -> bool:
    return bool(state.options.get("opportunity_fire"))


def of_refusal(state: PlState, firer: Unit, target: Unit, public: bool = False, at: str = "") -> Why:
    """Why firer may not fire opportunity fire at target (FINE if it may). ``public``: as the other
    side may know it: an indirect-fire order is a secret until it lands, so the window opened (and
    the public line naming who may fire) does not depend on one; the firer is refused when it tries,
    in a reply to its own side."""
    if firer.of_marker:
        return Why(f"{firer.id} already fired opportunity fire", R_OF)
    if not public and any(o.unit == firer.id for o in state.indirect):
        return Why(f"{firer.id} is under orders for indirect fire (Units under orders for Indirect Fire may not "
                   "Opportunity Fire)", R_OF)
    if target.hex is None:
        return Why(f"{target.id} is not on the board", R_OF)
    where = at or target.hex
    was_fired = firer.fired
    firer.fired = False  # opportunity fire happens in the enemy's turn
    try:
        why = fire_refusal(state, firer, where)
    finally:
        firer.fired = was_fired
    if why:
        return Why(why.reason, R_OF)  # (fire's own refusal, under the opportunity-fire rule)
    el = element_of(state, target, alone=bool(target.carrier), at=where)
    if direct_strength(state, firer, where, el.armoured)[0] <= 0:
        return Why(f"{firer.id} has no effect on {target.id}", R_OF)
    return FINE


def _spent_in_sight(state: PlState, firer: Unit, movers: list[Unit], path: list[str], extra: float) -> tuple[float, float]:
    """The longest continuous run of MP the movers spent in the firer's LOS this phase (a run carried
    over from their earlier orders counts), and the run still going when this order ends."""
    assert firer.hex is not None
    return _runs(state, firer, movers, path, extra)[:2]


def _runs(state: PlState, firer: Unit, movers: list[Unit], path: list[str], extra: float) -> tuple[float, float, str]:
    """_spent_in_sight, and the last hex of the longest run (where the movers were seen spending it)."""
    assert firer.hex is not None
    run = 0.0 if state.options.get("of_per_order") else min(m.of_runs.get(firer.id, 0.0) for m in movers)
    best, best_hex = run, path[0] if run else ""
    for a, b in zip(path, path[1:], strict=False):
        c = step_cost(state, movers, Hex.parse(a), Hex.parse(b)) or 1.0
        if line_of_sight(state, firer.hex, b)[0]:
            run += c
            if run >= best:
                best, best_hex = run, b
        else:
            run = 0.0
    if extra:
        if line_of_sight(state, firer.hex, path[-1])[0]:
            run += extra
            if run >= best:
                best, best_hex = run, path[-1]
        else:
            run = 0.0
    return best, run, best_hex


def open_window(state: PlState, events: list[Event], side: str, ids: list[str], path: list[str], extra: float = 0.0,
                transport: dict[str, str] | None = None) -> None:
    """After a move (path), an overrun (its path) or a load/unload (extra MP spent in place): may the
    enemy fire? The quarter of the allowance counts the whole move through a firer's LOS this phase."""
    if not in_play(state) or state.over:
        return
    movers = [state.units[i] for i in ids if state.units[i].status == "on_map"]
    if not movers:
        return
    need = min(utype(u).movement for u in movers) / 4
    public = not state.options.get("of_indirect_unlisted")  # (legacy: the secret order kept it off the list)
    firers: list[str] = []
    seen: dict[str, str] = {}
    for f in sorted(state.on_map(state.enemy(side)), key=lambda u: u.id):
        if f.hex is None:
            continue
        best, going, best_hex = _runs(state, f, movers, path, extra)
        for m in movers:
            m.of_runs[f.id] = going
        if best < need:
            continue
        # The fire takes place during the move: at the movers where they ended, if the firer sees
        # them there; else where it saw them spend the quarter (option of_end_hex: the end hex only).
        places = [path[-1]] if state.options.get("of_end_hex") else list(dict.fromkeys([path[-1], best_hex]))
        for at in places:
            if at and distance(f.hex, at) <= 2 * utype(f).range and \
                    any(not of_refusal(state, f, m, public, at) for m in _targets(state, movers)):
                firers.append(f.id)
                if at != path[-1]:
                    seen[f.id] = at
                break
    if not firers:
        return
    state.of_window = OfWindow([u.id for u in movers], path[-1], firers, side, state.phase, dict(transport or {}),
                               seen)
    state.phase = "opportunity"
    state.side = state.enemy(side)
    when = f", declared before or after the {transport['kind']} (when:before, or after)" if transport else ""
    names = [f"{f} (at {seen[f]}, where it saw them move)" if f in seen else f for f in firers]
    events.append(Event("phase", f"Opportunity fire: {', '.join(names)} may fire at {', '.join(ids)} in {path[-1]} "
                        f"(one unit at one unit{when}), or end", R_OF, state.side))


def fire_hex(win: OfWindow, firer: str, target: Unit) -> str:
    """Where firer fires at target in the window: where it saw the movers, or where target stands."""
    return win.seen.get(firer, "") if target.hex == win.hex and win.seen.get(firer) else (target.hex or "")


def _set_loaded(state: PlState, carrier: Unit, cargo: Unit, loaded: bool) -> None:
    """Put the carrier and its cargo as they stand before or after a load or unload."""
    if loaded:
        carrier.cargo, cargo.carrier, cargo.hex = cargo.id, carrier.id, carrier.hex
    else:
        carrier.cargo, cargo.carrier = "", ""


def _before(state: PlState, win: OfWindow) -> tuple[Unit, Unit, bool]:
    """The carrier, its cargo, and whether the cargo is aboard before the window's un/load."""
    tr = win.transport
    return state.units[tr["carrier"]], state.units[tr["cargo"]], tr["kind"] == "unload"


def _targets(state: PlState, movers: list[Unit]) -> list[Unit]:
    """The units that may be fired on: the movers, and riders on a German AFV among them ("Units
    loaded on German AFVs may be attacked by OF independently of the AFV")."""
    # Transporter and transported are one unit for defense: cargo aboard anything but a German AFV
    # is fired on with its carrier, not alone.
    out = [m for m in movers if not m.carrier or utype(state.units[m.carrier]).carrier == "afv"]
    for m in movers:
        if m.cargo and utype(m).carrier == "afv" and state.units[m.cargo] not in out:
            out.append(state.units[m.cargo])
    return out


def targets(state: PlState, when: str = "") -> list[Unit]:
    """The units that may be fired on in the window (``when``: "before" the un/load, as they stood then)."""
    win = state.of_window
    if win is None:
        return []
    movers = [state.units[i] for i in win.movers if state.units[i].status == "on_map"]
    if when != "before" or not win.transport:
        return _targets(state, movers)
    carrier, cargo, aboard = _before(state, win)
    was = bool(cargo.carrier)
    _set_loaded(state, carrier, cargo, aboard)
    try:
        got = _targets(state, [m for m in movers if not (aboard and m.id == cargo.id)])
    finally:
        _set_loaded(state, carrier, cargo, was)
    return got


def of_problem(state: PlState, side: str, firer_ids: list[str], target_hex: str, at_unit: str,
               when: str = "") -> IllegalAction | None:
    """Why this opportunity fire may not be given now; None if it may (one unit at one moving unit;
    at a load or unload, ``when`` "before" it fires at the units as they stood before it)."""
    win = state.of_window
    if win is None or state.phase != "opportunity":
        return IllegalAction("there is no opportunity to fire now", R_OF)
    if when and not win.transport:
        return IllegalAction("when (before or after) is declared only for opportunity fire at a load or unload; "
                             "this is a move", R_OF)
    if when == "before":
        carrier, cargo, aboard = _before(state, win)
        was = bool(cargo.carrier)
        _set_loaded(state, carrier, cargo, aboard)
        try:
            if aboard and at_unit == cargo.id and utype(carrier).carrier != "afv":
                return IllegalAction(f"before the unload {cargo.id} is aboard {carrier.id}: fire at {carrier.id} "
                                     "(transporter and transported are one unit for defense)", R_OF)
            return _of_problem(state, side, win, firer_ids, target_hex, at_unit, when)
        finally:
            _set_loaded(state, carrier, cargo, was)
    return _of_problem(state, side, win, firer_ids, target_hex, at_unit, when)


def _of_problem(state: PlState, side: str, win: OfWindow, firer_ids: list[str], target_hex: str, at_unit: str,
                when: str) -> IllegalAction | None:
    if len(firer_ids) != 1:
        return IllegalAction("opportunity fire is one unit at one unit: units may not attack as stacks", R_OF)
    try:
        firer = own_unit(state, side, firer_ids[0], R_OF)
        target = unit_or_error(state, at_unit) if at_unit and at_unit != "bridge" else None
    except IllegalAction as exc:
        return exc
    if firer.id not in win.firers:
        return IllegalAction(f"{firer.id} has no opportunity to fire now (LOS to 1/4 of the move)", R_OF)
    if target is None:
        return IllegalAction("name the moving unit to attack with at_unit: units may not be attacked as stacks", R_OF)
    if target.id not in {u.id for u in targets(state, when)}:
        if target.id in win.movers and target.carrier:
            return IllegalAction(f"{target.id} is aboard {target.carrier}: fire at {target.carrier} (transporter and "
                                 "transported are one unit for defense; only riders on a German AFV are "
                                 "attacked alone)", R_OF)
        return IllegalAction(f"{target.id} did not move, load or unload: only those (and riders on a German AFV "
                             "that did) may be attacked", R_OF)
    at = fire_hex(win, firer.id, target)
    if target.status != "on_map" or at != target_hex:
        seen = f" ({firer.id} fires at it in {at}, where it saw it move)" if at != target.hex else ""
        return IllegalAction(f"{target.id} is not at {target_hex}{seen}", R_OF)
    why = of_refusal(state, firer, target, at=at)
    return why.error() if why else None


def do_opportunity_fire(state: PlState, events: list[Event], side: str, firer_ids: list[str], target_hex: str,
                        at_unit: str, when: str = "") -> None:
    problem = of_problem(state, side, firer_ids, target_hex, at_unit, when)
    if problem is not None:
        raise problem
    win = state.of_window
    assert win is not None
    if when != "before":
        _fire_at(state, events, side, win, firer_ids, at_unit, "")
        return
    # Declared before the un/load: fired at as they stood; a carrier or cargo dispersed or destroyed
    # may not un/load that turn, so the un/load then does not happen (its MP stay spent).
    carrier, cargo, aboard = _before(state, win)
    kind = win.transport["kind"]
    _set_loaded(state, carrier, cargo, aboard)
    _fire_at(state, events, side, win, firer_ids, at_unit, f" before the {kind}")
    if carrier.status != "on_map" or cargo.status != "on_map" or carrier.dispersed or cargo.dispersed:
        win.transport = {}  # settled: it did not happen; later fire sees the units as they stand
        if cargo.status == "on_map" and not (carrier.status == "on_map" and aboard):
            _set_loaded(state, carrier, cargo, False)
        events.append(Event("note", f"The {kind} of {cargo.id} {'onto' if kind == 'load' else 'from'} {carrier.id} "
                            "does not happen: a unit dispersed or destroyed may not un/load that turn "
                            f"({cargo.id} {'stays aboard' if aboard and cargo.status == 'on_map' else 'is not aboard'})",
                            R_TRANSPORT, carrier.side))
        if kind == "unload" and cargo.status == "on_map" and carrier.status == "on_map":
            cargo.unloaded_turn = 0
        if kind == "load" and cargo.status == "on_map":
            cargo.loaded_turn = 0
    elif cargo.status == "on_map" and carrier.status == "on_map":
        _set_loaded(state, carrier, cargo, not aboard)  # the un/load goes ahead


def _fire_at(state: PlState, events: list[Event], side: str, win: OfWindow, firer_ids: list[str], at_unit: str,
             when: str) -> None:
    firer = unit_or_error(state, firer_ids[0])
    target = unit_or_error(state, at_unit)
    assert target.hex is not None
    at = fire_hex(win, firer.id, target)
    el = element_of(state, target, alone=bool(target.carrier), at=at)
    s, notes = direct_strength(state, firer, at, el.armoured)
    att = Attack([firer], [s], at, [el], el.armoured, total([s]), el.defense, None, notes=notes)
    firer.of_marker = True
    firer.revealed = True
    win.firers.remove(firer.id)
    where = f"in {at}" if at == target.hex else f"as it moved through {at} (it ended in {target.hex})"
    plain = f"defense {el.defense:g}"
    said = plain if not el.source or el.source == plain or el.label.endswith(plain) else f"{el.source} = {el.defense:g}"
    head = f"Opportunity fire{when}: {firer.id} ({s:g} {utype(firer).weapon}) against {el.label} {where} " \
           f"({said}, {'armoured' if el.armoured else 'soft'})"
    if target.carrier:
        unload_rider_for_attack(state, events, target.id)
    roll_and_apply(state, events, att, side, R_OF, head)
    if at == target.hex:
        crossfire(state, events, side, att, direct=True)
    if not win.firers:
        close_window(state, events)


def close_window(state: PlState, events: list[Event]) -> None:
    win = state.of_window
    if win is None:
        return
    state.of_window = None
    state.side = win.mover_side
    state.phase = win.phase
    events.append(Event("phase", "Opportunity fire over: movement goes on", R_OF, win.mover_side))
