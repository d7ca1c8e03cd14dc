"""Panzer Leader's orders, declared once (engine.contract.Order): the slash command, the phases it
exists in, the candidates it offers a side, what it does, and the one test that refuses it.

Orders naming one unit are listed in full and accepted exactly when listed. Orders naming a group
(``units:A,B``: a fire group, a stack moving or overrunning together, a combined close assault)
would list every subset of every stack, so they are ``unlisted``: every single-unit form is listed,
and one problem function (``fire_problem``, ``move_problem``, ``overrun_problem``,
``assault_problem``, ``of_problem``) decides both what is listed and what ``apply`` accepts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engine.contract import Order
from engine.errors import IllegalAction, UmpireError
from engine.events import Event, performed
from engine.game import Action, CommandSpec, OptionSpec
from engine.listing import remember

from . import engineers, forts, opportunity, sequence
from .assault import assault_group, assault_problem, order_assault
from .board import STACK_LIMIT, adjacent, board_labels, gmap, hx, stack_count, tec, terrain, utype
from .engineers import block_refusal, clear_refusal, demolish_refusal, do_clear
from .fire import fire_problem, fire_refusal_now, order_fire, target_refusal_now
from .forts import demolish_refusal as fort_demolish_refusal
from .indirect import order_indirect
from .legal import enemy_hexes, indirect_targets, move_targets
from .movement import R_MOVE, do_move, move_problem, move_refusal
from .opportunity import of_problem
from .overrun import do_overrun, overrun_problem
from .state import PlState, Unit
from .transport import do_load, do_unload, transport_refusal

SETUP, COMBAT, VEHICLES, INFANTRY, ASSAULT, OPPORTUNITY, OVER = (
    "setup", "combat", "move_vehicles", "move_infantry", "assault", "opportunity", "over")
PLAYING = (SETUP, COMBAT, VEHICLES, INFANTRY, ASSAULT, OPPORTUNITY)

UNITS = OptionSpec("units", "your unit ids, comma-separated (a fire group, a stack)", "units")
UNIT = OptionSpec("unit", "your unit id", "unit")
TARGET = OptionSpec("target", "target hex", "hex")
_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("place", "Set up a counter in your area (once each)", (UNIT, OptionSpec("at", "hex", "hex")),
                "/pl place unit:R1 at:0204", "Situation set-up"),
    CommandSpec("fire", "Direct fire at a hex (or one unit there)",
                (UNITS, TARGET, OptionSpec("at_unit", "one enemy unit in the hex (or 'bridge')", "target_unit",
                                           required=False),
                 OptionSpec("when", "opportunity fire at a load or unload: before or after it (after if left out)",
                            "choice", required=False, choices=("before", "after"))),
                "/pl fire units:P1,P2 target:1006", "I.ii Direct Fire"),
    CommandSpec("indirect", "Indirect fire, resolved next turn", (UNIT, TARGET),
                "/pl indirect unit:GM1 target:0410", "I.i Indirect Fire"),
    CommandSpec("move", "Move a unit or a stack to a hex", (UNITS, OptionSpec("to", "hex", "hex"), OptionSpec(
                    "via", "a route: hexes to pass through in order, comma-separated", "hexes", required=False)),
                "/pl move units:S1 to:1106", "II. Movement Phase"),
    CommandSpec("overrun", "Overrun an adjacent clear hex, moving through it", (UNITS, TARGET),
                "/pl overrun units:P1 target:1305", "II.ii Overrun"),
    CommandSpec("load", "Load a unit onto a carrier in its hex", (UNIT, OptionSpec("cargo", "unit", "unit")),
                "/pl load unit:HT1 cargo:GR1", "II. Transporting Units"),
    CommandSpec("unload", "Unload a carrier's cargo", (UNIT,), "", "II. Transporting Units"),
    CommandSpec("assault", "Close assault an adjacent hex", (UNITS, TARGET),
                "/pl assault units:R1,E1 target:0811", "III. Close Assault Tactics"),
    CommandSpec("clear", "Engineers: invert, then remove, a minefield or block",
                (UNIT, TARGET), "/pl clear unit:E1 target:1412", "Engineers (optional)"),
    CommandSpec("demolish", "Engineers: blow the bridge it has held",
                (UNIT,), "", "Engineers (optional)"),
    CommandSpec("block", "Engineers: place its one block on the road hex it has held",
                (UNIT,), "", "Engineers (optional)"),
    CommandSpec("demolish_fort", "Destroy your own fortification the unit is in",
                (UNIT,), "", "Fortifications (optional)"),
    CommandSpec("end", "Resolve this phase's orders and close it", (), "", "Basic Turn Sequence of Play"),
)
COMMANDS: dict[str, CommandSpec] = {c.name: c for c in _COMMANDS}

def _ids(value: Any) -> list[str]:
    return [p for p in str(value or "").split(",") if p]


def _mine(state: PlState, side: str, only: Any = None) -> list[Unit]:
    return sorted((u for u in state.on_map(side) if only in (None, u.id)), key=lambda x: x.id)


def _reachable(state: PlState, u: Unit) -> list[str]:
    return remember(("move", id(state), u.id), lambda: move_targets(state, u))


# --- place ------------------------------------------------------------------------------------------
def _place_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    lo, hi = sequence.setup_area(state, side)
    area = [label for label, h in board_labels().items() if lo <= h.col <= hi]
    counts: dict[str, int] = {}
    for u in _mine(state, side, only):
        if u.hex is None or u.placed or u.carrier:
            continue
        for label in area:
            if label not in counts:
                counts[label] = stack_count(state, label)
            if not sequence.place_problem(state, side, u, label, counts[label]):
                yield Action("place", {"unit": u.id, "at": label})


@performed
def _place(state: PlState, events: list[Event], side: str, a: Action) -> None:
    sequence.do_place(state, events, side, a.args["unit"], a.args["at"])


# --- fire -------------------------------------------------------------------------------------------
def _fire_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    """Every single-unit fire order worth asking about: each unit at each enemy hex in reach, at the
    hex and at each unit there (and at an enemy temporary bridge); fire_problem decides."""
    if state.phase == OPPORTUNITY:
        win = state.of_window
        if win is None:
            return
        whens: tuple[str, ...] = ("", "before", "after") if win.transport else ("",)
        for fid in win.firers:
            for when in whens:
                for m in opportunity.targets(state, when):
                    if m.hex:
                        at = opportunity.fire_hex(win, fid, m)
                        yield Action("fire", {"units": fid, "target": at, "at_unit": m.id} | (
                            {"when": when} if when else {}))
        return
    queued = {i for o in state.fire_queue for i in o.units}
    hexes = enemy_hexes(state, side)
    bridges = sorted(h for h, s in state.temp_bridges.items() if s != side)
    towns = {k for k, e in tec(state).terrain.items() if e.armoured_target}
    for u in _mine(state, side):
        if u.hex is None or u.id in queued or u.dispersed or u.fired or u.carrier or utype(u).attack <= 0:
            continue
        reach = 2 * utype(u).range + 1
        for label in hexes:
            if hx(u.hex).distance(hx(label)) > reach:
                continue
            if fire_refusal_now(state, u, label) or target_refusal_now(state, side, label):
                continue  # (refused at the hex and at every unit in it alike)
            yield Action("fire", {"units": u.id, "target": label})
            if terrain(label) not in towns:
                for e in sorted(state.at(label), key=lambda x: x.id):
                    if e.side != side:
                        yield Action("fire", {"units": u.id, "target": label, "at_unit": e.id})
        for label in bridges:
            if hx(u.hex).distance(hx(label)) <= reach:
                yield Action("fire", {"units": u.id, "target": label, "at_unit": "bridge"})


def _fire_refusal(state: PlState, side: str, a: Action) -> UmpireError | None:
    ids = _ids(a.args.get("units"))
    target = str(a.args.get("target", ""))
    at_unit = str(a.args.get("at_unit", "") or "")
    when = str(a.args.get("when", "") or "")
    if state.phase == OPPORTUNITY:
        return of_problem(state, side, ids, target, at_unit, when)
    if when:
        return IllegalAction("when (before or after a load or unload) is for opportunity fire at a load or "
                             "unload only", "Optional rule: Opportunity Fire")
    return fire_problem(state, side, ids, target, at_unit)


@performed
def _fire(state: PlState, events: list[Event], side: str, a: Action) -> None:
    ids = _ids(a.args["units"])
    at_unit = str(a.args.get("at_unit", "") or "")
    if state.phase == OPPORTUNITY:
        opportunity.do_opportunity_fire(state, events, side, ids, a.args["target"], at_unit,
                                        str(a.args.get("when", "") or ""))
    else:
        order_fire(state, events, side, ids, a.args["target"], at_unit)


# --- indirect ----------------------------------------------------------------------------------------
def _indirect_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    for u in _mine(state, side, only):
        if utype(u).indirect:
            for t in indirect_targets(state, u):
                yield Action("indirect", {"unit": u.id, "target": t})


@performed
def _indirect(state: PlState, events: list[Event], side: str, a: Action) -> None:
    order_indirect(state, events, side, a.args["unit"], a.args["target"])


# --- move, overrun -------------------------------------------------------------------------------------
def _move_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    for u in _mine(state, side):
        for t in _reachable(state, u):
            yield Action("move", {"units": u.id, "to": t})


def _via(a: Action) -> tuple[str, ...]:
    return tuple(_ids(a.args.get("via")))


def _move_refusal(state: PlState, side: str, a: Action) -> UmpireError | None:
    ids = _ids(a.args.get("units"))
    goal = str(a.args.get("to", ""))
    if _via(a):
        return move_problem(state, side, ids, goal, _via(a))
    if len(ids) == 1:
        u = state.units.get(ids[0])
        if u is not None and u.side == side and u.status == "on_map" and goal in _reachable(state, u):
            return None
        problem = move_problem(state, side, ids, goal)
        return problem or IllegalAction(f"{ids[0]} may not reach {goal} this phase", R_MOVE)
    return move_problem(state, side, ids, goal)


@performed
def _move(state: PlState, events: list[Event], side: str, a: Action) -> None:
    ids = _ids(a.args["units"])
    path = do_move(state, events, side, ids, a.args["to"], _via(a))
    opportunity.open_window(state, events, side, ids, path)


def _overrun_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    for u in _mine(state, side):
        if u.hex is None:
            continue
        for n in gmap().neighbors(hx(u.hex)):
            if any(e.side != side for e in state.at(n.label)):
                yield Action("overrun", {"units": u.id, "target": n.label})


def _overrun_refusal(state: PlState, side: str, a: Action) -> UmpireError | None:
    return overrun_problem(state, side, _ids(a.args.get("units")), str(a.args.get("target", "")))


@performed
def _overrun(state: PlState, events: list[Event], side: str, a: Action) -> None:
    units, path = do_overrun(state, events, side, _ids(a.args["units"]), a.args["target"])
    if state.options.get("of_no_overrun") or len(path) < 2:
        return
    # "Units engaging in an Overrun Attack cannot be attacked while in the hex of the Overrun Attack":
    # they may be where it ends (the first group's path, when groups came from several hexes).
    opportunity.open_window(state, events, side, units, path)


# --- transport -------------------------------------------------------------------------------------------
def _carriers(state: PlState, side: str, only: Any) -> Iterator[Unit]:
    for u in _mine(state, side, only):
        if u.hex is not None and utype(u).carrier != "none" and not move_refusal(state, u, state.phase):
            yield u


def _load_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    for u in _carriers(state, side, only):
        if not u.cargo:
            for c in state.at(u.hex or ""):
                if c.side == side and not transport_refusal(state, u, c, True):
                    yield Action("load", {"unit": u.id, "cargo": c.id})


def _unload_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    for u in _carriers(state, side, only):
        if u.cargo and not transport_refusal(state, u, state.units[u.cargo], False) and \
                stack_count(state, u.hex or "") + 1 <= STACK_LIMIT:
            yield Action("unload", {"unit": u.id})


def _transport(loading: bool) -> Callable[[PlState, str, Action], list[Event]]:
    def step(state: PlState, events: list[Event], side: str, a: Action) -> None:
        carrier = state.units[a.args["unit"]]
        if loading:
            cargo, cost = do_load(state, events, side, carrier.id, a.args["cargo"])
        else:
            cargo, cost = do_unload(state, events, side, carrier.id)
        opportunity.open_window(state, events, side, [carrier.id, cargo], [carrier.hex or ""], cost, transport={
            "kind": "load" if loading else "unload", "carrier": carrier.id, "cargo": cargo})
    return performed(step)


# --- close assault ------------------------------------------------------------------------------------------
def _assault_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    queued = {i for o in state.assault_queue for i in o.units}
    for u in _mine(state, side):
        if u.id in queued or u.hex is None:
            continue
        for n in gmap().neighbors(hx(u.hex)):
            if any(e.side != side for e in state.at(n.label)):
                yield Action("assault", {"units": u.id, "target": n.label})
    if only is None:
        for target in sorted({n for u in _mine(state, side) if u.hex for n in adjacent(u.hex)}):
            group = assault_group(state, side, target)
            if group:
                yield Action("assault", {"units": ",".join(group), "target": target})


def _assault_refusal(state: PlState, side: str, a: Action) -> UmpireError | None:
    return assault_problem(state, side, _ids(a.args.get("units")), str(a.args.get("target", "")))


@performed
def _assault(state: PlState, events: list[Event], side: str, a: Action) -> None:
    order_assault(state, events, side, _ids(a.args["units"]), a.args["target"])


# --- engineers and fortifications ----------------------------------------------------------------------------
def _engineers(state: PlState, side: str, only: Any) -> Iterator[Unit]:
    if state.options.get("engineers"):
        for u in _mine(state, side, only):
            if u.hex is not None and utype(u).kind == "engineer":
                yield u


def _clear_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    for u in _engineers(state, side, only):
        for h in [hx(u.hex or "")] + gmap().neighbors(hx(u.hex or "")):
            if not clear_refusal(state, u, h.label):
                yield Action("clear", {"unit": u.id, "target": h.label})


def _ready_engineers(state: PlState, side: str, only: Any) -> Iterator[Unit]:
    for u in _engineers(state, side, only):
        if not (u.dispersed or u.fired or u.carrier or u.moved):
            yield u


def _demolish_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    for u in _ready_engineers(state, side, only):
        if not demolish_refusal(state, u):
            yield Action("demolish", {"unit": u.id})


def _block_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    for u in _ready_engineers(state, side, only):
        if not block_refusal(state, u):
            yield Action("block", {"unit": u.id})


def _demolish_fort_candidates(state: PlState, side: str, only: Any) -> Iterator[Action]:
    for u in _mine(state, side, only):
        if u.hex in state.forts and not fort_demolish_refusal(state, u):
            yield Action("demolish_fort", {"unit": u.id})


def _one_unit(fn: Callable[[PlState, list[Event], str, str], None]) -> Callable[[PlState, str, Action], list[Event]]:
    def step(state: PlState, events: list[Event], side: str, a: Action) -> None:
        fn(state, events, side, a.args["unit"])
    return performed(step)


@performed
def _clear(state: PlState, events: list[Event], side: str, a: Action) -> None:
    do_clear(state, events, side, a.args["unit"], a.args["target"])


# --- end ------------------------------------------------------------------------------------------------------
def _end_candidates(state: PlState, side: str, only: Any) -> list[Action]:
    return [Action("end")]


@performed
def _end(state: PlState, events: list[Event], side: str, a: Action) -> None:
    if state.phase == OPPORTUNITY:
        opportunity.close_window(state, events)
    else:
        sequence.end_phase(state, events, side)


_WHY_UNLISTED = "groups (units:A,B) would list every subset of every stack; every single-unit form is listed"

ORDERS: tuple[Order, ...] = (
    Order(COMMANDS["place"], (SETUP,), _place_candidates, _place, narrow_by="unit"),
    Order(COMMANDS["fire"], (COMBAT, OPPORTUNITY), _fire_candidates, _fire, _fire_refusal, unlisted=_WHY_UNLISTED),
    Order(COMMANDS["indirect"], (COMBAT,), _indirect_candidates, _indirect, narrow_by="unit"),
    Order(COMMANDS["move"], (VEHICLES, INFANTRY), _move_candidates, _move, _move_refusal, unlisted=_WHY_UNLISTED),
    Order(COMMANDS["overrun"], (VEHICLES,), _overrun_candidates, _overrun, _overrun_refusal, unlisted=_WHY_UNLISTED),
    Order(COMMANDS["load"], (VEHICLES,), _load_candidates, _transport(True), narrow_by="unit"),
    Order(COMMANDS["unload"], (VEHICLES,), _unload_candidates, _transport(False), narrow_by="unit"),
    Order(COMMANDS["assault"], (ASSAULT,), _assault_candidates, _assault, _assault_refusal, unlisted=_WHY_UNLISTED),
    Order(COMMANDS["clear"], (VEHICLES,), _clear_candidates, _clear, narrow_by="unit"),
    Order(COMMANDS["demolish"], (VEHICLES,), _demolish_candidates, _one_unit(engineers.do_demolish), narrow_by="unit"),
    Order(COMMANDS["block"], (VEHICLES,), _block_candidates, _one_unit(engineers.do_block), narrow_by="unit"),
    Order(COMMANDS["demolish_fort"], (VEHICLES, INFANTRY), _demolish_fort_candidates, _one_unit(forts.do_demolish),
          narrow_by="unit"),
    Order(COMMANDS["end"], PLAYING, _end_candidates, _end),
)

# The order legal_actions has always listed in (the random and easy bots pick from it by index):
# per unit, in id order; in the movement phases moves and fortification demolitions first, then the
# engineers' work, overruns and transport; end last.
_RANK = {"fire": 0, "indirect": 1, "move": 0, "demolish_fort": 1, "clear": 0, "demolish": 1, "block": 2,
         "overrun": 3, "unload": 4, "load": 4, "place": 0, "assault": 0}
_GROUP = {"clear": 1, "demolish": 1, "block": 1, "overrun": 1, "unload": 1, "load": 1, "end": 2}


def listing_key(a: Action) -> tuple[int, str, int]:
    unit = str(a.args.get("unit") or a.args.get("units") or "")
    return _GROUP.get(a.kind, 0), unit, _RANK.get(a.kind, 0)


__all__ = ["COMMANDS", "ORDERS", "listing_key"]
