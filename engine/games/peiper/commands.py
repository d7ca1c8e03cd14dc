"""The Peiper order table, declared once: the /peiper slash commands (names, options, examples and the
rule each applies), and each order's phases, candidates and what it does."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engine import cards
from engine.contract import Order
from engine.events import Event, performed
from engine.game import Action, CommandSpec, OptionSpec
from engine.hexgrid import Hex

from . import combat, orders
from .board import destinations, hex_of, in_supply, occupants, spec, supply_network
from .state import ACTIVATE, DECIDE, DRAW, FACE, SETUP, UNIT_AWAITING, UNIT_ON_MAP, PeiperState
from .units import game_map, unit_specs

UNIT = OptionSpec("unit", "Your unit (its id, such as Spitze or 30/117/1)", "unit")
_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("place", "Set up a US unit (Set-Up)", (UNIT, OptionSpec("at", "Hex, such as 0804", "hex")),
                "/peiper place unit:CCR/3/1 at:0404", "Set-Up"),
    CommandSpec("ready", "Finish the US set-up (unplaced units take the scenario's hexes)", (),
                "/peiper ready", "Set-Up"),
    CommandSpec("draw", "German card draw: the card's colour decides who may activate", (),
                "/peiper draw", "Turn Begins"),
    CommandSpec("take", "Take the activations the card offers (a face card: name the hex)",
                (OptionSpec("hex", "Face card only: the hex whose units activate", "hex", required=False),),
                "/peiper take", "Turn Begins"),
    CommandSpec("pass", "Pass on the card", (), "/peiper pass", "Turn Begins"),
    CommandSpec("oba", "Face card: use your OBA marker on a hex",
                (OptionSpec("target", "Hex with enemy units", "hex"),
                 OptionSpec("mode", "attack (strength 4 on each unit) or support (-1 to your attacks there)",
                            "choice", required=False, choices=("attack", "support"), default="attack")),
                "/peiper oba target:0705 mode:attack", "Off Board Artillery (OBA) Markers"),
    CommandSpec("move", "Spend 1 ACT: move a unit", (UNIT, OptionSpec("to", "Destination hex", "hex")),
                "/peiper move unit:Spitze to:1308", "Movement"),
    CommandSpec("attack", "Spend 1 ACT: fire on an adjacent enemy unit",
                (UNIT, OptionSpec("target", "Adjacent enemy unit", "unit")),
                "/peiper attack unit:Spitze target:106 BG", "Combat"),
    CommandSpec("enter", "Spend 1 ACT: bring a unit onto the map at an edge hex",
                (UNIT, OptionSpec("at", "Edge hex", "hex")),
                "/peiper enter unit:Spitze at:1409", "Set-Up"),
    CommandSpec("exit", "Spend 1 ACT: a German unit on the west edge leaves the map", (UNIT,),
                "/peiper exit unit:Spitze", "Who Wins"),
    CommandSpec("demolish", "Spend 1 ACT: try to blow a bridge (US, after turn 2)",
                (OptionSpec("bridge", "Bridge name, such as Cheneux", "bridge"),),
                "/peiper demolish bridge:Cheneux", "Bridge Demolition"),
    CommandSpec("redraw", "A face card came up when you fired: draw again", (), "/peiper redraw", "Combat"),
    CommandSpec("miss", "A face card came up when you fired: take it as a miss", (), "/peiper miss", "Combat"),
    CommandSpec("end", "End your activations now (unused ACTs are lost)", (), "/peiper end", "Turn Begins"),
)
COMMANDS: dict[str, CommandSpec] = {c.name: c for c in _COMMANDS}


def _hex(a: Action, name: str) -> Hex:
    return game_map().hex(a.args[name])


# The steps are orders.py's and combat.py's, each appending to the order's collector (engine.events).
_perform: Callable[[Callable[[PeiperState, list[Event], str, Action], None]],
                   Callable[[PeiperState, str, Action], list[Event]]] = performed
_place = _perform(lambda s, ev, side, a: orders.place(s, ev, a.args["unit"], _hex(a, "at")))
_ready = _perform(lambda s, ev, side, a: orders.ready(s, ev))
_draw = _perform(lambda s, ev, side, a: orders.draw_card(s, ev))
_take = _perform(lambda s, ev, side, a: orders.take(s, ev, side, a.args.get("hex")))
_pass = _perform(lambda s, ev, side, a: orders.pass_card(s, ev, side))
_oba = _perform(lambda s, ev, side, a: orders.use_oba(s, ev, side, a.args["target"], a.args["mode"]))
_move = _perform(lambda s, ev, side, a: orders.move(s, ev, side, a.args["unit"], _hex(a, "to")))
_attack = _perform(lambda s, ev, side, a: orders.attack(s, ev, side, a.args["unit"], a.args["target"]))
_enter = _perform(lambda s, ev, side, a: orders.enter(s, ev, side, a.args["unit"], _hex(a, "at")))
_exit = _perform(lambda s, ev, side, a: orders.exit_map(s, ev, side, a.args["unit"]))
_demolish = _perform(lambda s, ev, side, a: orders.demolish(s, ev, side, a.args["bridge"]))
_redraw = _perform(lambda s, ev, side, a: combat.face_choice(s, ev, redraw=True))
_miss = _perform(lambda s, ev, side, a: combat.face_choice(s, ev, redraw=False))
_end = _perform(lambda s, ev, side, a: orders.end_activations(s, ev, side))


# --- candidates: what each order offers a side now ----------------------------------------------
def _one(kind: str) -> Callable[[PeiperState, str, Any], list[Action]]:
    return lambda state, side, only: [Action(kind)]


def _place_candidates(state: PeiperState, side: str, only: Any) -> Iterator[Action]:
    occ = occupants(state)  # the same for every hex asked about
    for uid, s in unit_specs().items():
        if s.arrives == "setup" and only in (None, uid):
            for h in game_map().hexes():
                if not orders.setup_hex_problem(state, uid, h, occ):
                    yield Action("place", {"unit": uid, "at": h.label})


def _own_hexes(state: PeiperState, side: str, own: bool) -> list[str]:
    return sorted({u.hex for u in state.units.values()
                   if (u.side == side) == own and u.status == UNIT_ON_MAP and u.hex})


def _take_candidates(state: PeiperState, side: str, only: Any) -> list[Action]:
    if cards.is_face(state.card):
        return [Action("take", {"hex": h}) for h in _own_hexes(state, side, True)]
    return [Action("take")]


def _oba_candidates(state: PeiperState, side: str, only: Any) -> Iterator[Action]:
    if cards.is_face(state.card) and not state.oba_used[side]:
        for label in _own_hexes(state, side, False):
            yield Action("oba", {"target": label, "mode": "attack"})
            yield Action("oba", {"target": label, "mode": "support"})


def _movers(state: PeiperState, side: str, only: Any) -> list[str]:
    movers = [u.id for u in state.units.values() if u.side == side and u.status == UNIT_ON_MAP
              and only in (None, u.id)]
    return movers if state.acts > 0 else [u for u in movers if u in state.act_units]


def _move_candidates(state: PeiperState, side: str, only: Any) -> Iterator[Action]:
    network = supply_network(state) if side == "ge" else set()
    for uid in _movers(state, side, only):
        for h in sorted(destinations(state, uid, in_supply(state, uid, network))):
            yield Action("move", {"unit": uid, "to": h.label})


def _attack_candidates(state: PeiperState, side: str, only: Any) -> Iterator[Action]:
    for uid in _movers(state, side, only):
        here = hex_of(state, uid)
        assert here is not None
        for t in state.units.values():
            if t.side != side and t.status == UNIT_ON_MAP and t.hex and Hex.parse(t.hex).distance(here) == 1:
                yield Action("attack", {"unit": uid, "target": t.id})


def _exit_candidates(state: PeiperState, side: str, only: Any) -> Iterator[Action]:
    if side == "ge":
        for uid in _movers(state, side, only):
            here = hex_of(state, uid)
            if here is not None and game_map().on_edge(here, "west"):
                yield Action("exit", {"unit": uid})


def _enter_candidates(state: PeiperState, side: str, only: Any) -> Iterator[Action]:
    if state.acts <= 0:
        return
    gmap = game_map()
    for u in state.units.values():
        if u.side == side and u.status == UNIT_AWAITING and spec(u.id).arrives == "reinforcement" \
                and only in (None, u.id):
            edges = {h for e in spec(u.id).edges for h in gmap.edges[e]}
            for h in sorted(edges):
                if not orders.enter_problem(state, u.id, h):
                    yield Action("enter", {"unit": u.id, "at": h.label})


def _demolish_candidates(state: PeiperState, side: str, only: Any) -> Iterator[Action]:
    if state.acts > 0 and side == "us" and state.turn >= int(state.options["demolition_from_turn"]) and \
            len(state.bridges_down) < int(state.options["bridge_down_markers"]):
        for name, b in game_map().bridges.items():
            if b.demolishable and name not in state.bridges_down:
                yield Action("demolish", {"bridge": name})


ORDERS: tuple[Order, ...] = (
    Order(COMMANDS["place"], (SETUP,), _place_candidates, _place, narrow_by="unit"),
    Order(COMMANDS["ready"], (SETUP,), _one("ready"), _ready),
    Order(COMMANDS["draw"], (DRAW,), _one("draw"), _draw),
    Order(COMMANDS["take"], (DECIDE,), _take_candidates, _take),
    Order(COMMANDS["oba"], (DECIDE,), _oba_candidates, _oba),
    Order(COMMANDS["pass"], (DECIDE,), _one("pass"), _pass),
    Order(COMMANDS["move"], (ACTIVATE,), _move_candidates, _move, narrow_by="unit"),
    Order(COMMANDS["attack"], (ACTIVATE,), _attack_candidates, _attack, narrow_by="unit"),
    Order(COMMANDS["enter"], (ACTIVATE,), _enter_candidates, _enter, narrow_by="unit"),
    Order(COMMANDS["exit"], (ACTIVATE,), _exit_candidates, _exit, narrow_by="unit"),
    Order(COMMANDS["demolish"], (ACTIVATE,), _demolish_candidates, _demolish),
    Order(COMMANDS["end"], (ACTIVATE,), _one("end"), _end),
    Order(COMMANDS["redraw"], (FACE,), _one("redraw"), _redraw),
    Order(COMMANDS["miss"], (FACE,), _one("miss"), _miss),
)
