"""The Scream, Aim, Fire! order table, declared once: each order's slash command (typed options, rule
section), the phases in which it exists, its candidates, what it does and why it is refused. The
American orders come from one listing (``american.legal_orders``); ``refusals.refusal`` only
explains, with its section, why an order that is not listed is refused."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engine.contract import Order
from engine.errors import IllegalAction
from engine.events import Event, performed
from engine.game import Action, CommandSpec, OptionSpec
from engine.hexgrid import Hex

from . import american, refusals, setup, turn
from .state import SafState, Unit
from .table import Table

UNIT = OptionSpec("unit", "Your unit (its id, such as I2 or SH1)", "unit")
COMMANDS: dict[str, CommandSpec] = {c.name: c for c in (
    CommandSpec("place", "Set up a unit elsewhere in its zone (before the first roll)",
                (UNIT, OptionSpec("to", "Hex", "hex")), "/saf place unit:I2 to:0205", "8.1.1 A"),
    CommandSpec("roll", "Roll the order dice (5d6)", (), "/saf roll", "6.2 A"),
    CommandSpec("adjust", "Turn one die by one pip (once per turn)",
                (OptionSpec("die", "Pip value of the die", "int", minimum=1, maximum=6),
                 OptionSpec("to", "New pip", "int", minimum=1, maximum=6)),
                "/saf adjust die:5 to:4", "6.2 C"),
    CommandSpec("order", "Spend order dice on a unit",
                (OptionSpec("die", "Pip value", "int", minimum=1, maximum=6), UNIT,
                 OptionSpec("type", "Order", "choice", choices=tuple(american.ORDER_DICE)),
                 OptionSpec("to", "Destination hex", "hex", required=False),
                 OptionSpec("target", "German unit to fire at or assault", "unit", required=False),
                 OptionSpec("mover", "Covering fire: the adjacent unit that moves", "unit", required=False),
                 OptionSpec("second", "Mortar double 6: second target", "unit", required=False)),
                "/saf order die:3 unit:V5 type:move_fire to:0605 target:R2", "6.2 A"),
    CommandSpec("supply", "Replenish a unit with a Supply counter", (UNIT,),
                "/saf supply unit:I1", "6.5.1 C"),
    CommandSpec("end", "End the American turn; the Germans act", (), "/saf end", "5.0"),
    CommandSpec("german", "The next step of the German turn, played by the rules' own AI", (), "/saf german",
                "5.0 B"),
)}


# --- the orders -------------------------------------------------------------------------------------
def _placed_once(t: Table, u: Unit) -> bool:
    """Option setup_place "once" (rulings 3.0 / 8.x): a unit the player has set up is not set up again,
    so the set-up ends (a layout never comes round again)."""
    return t.option("setup_place") == "once" and u.id in t.s.placed


def _place_candidates(state: SafState, side: str, only: Any) -> Iterator[Action]:
    t = Table(state)
    for u in state.on_map("us"):
        if u.kind == "us_lt" or only not in (None, u.id) or _placed_once(t, u):
            continue
        need = 2 if t.lt_of(u) else 1
        for h in setup.zone_hexes(t, u.arrive_zone):
            if h.label != u.hex and t.room(h, u.kind, need):
                yield Action("place", {"unit": u.id, "to": h.label})


def _place_refusal(state: SafState, side: str, a: Action) -> IllegalAction:
    t = Table(state)
    rule = turn.setup_rule(t)
    u = t.unit(a.args["unit"])
    if u is None or u.side != "us" or u.status != "on_map":
        return IllegalAction(f"{a.args['unit']} is not an American unit on the map", rule)
    if u.kind == "us_lt":
        return IllegalAction("The 1st Lieutenant goes with his unit: place the unit", "6.5.3 A")
    if _placed_once(t, u):
        return IllegalAction(f"{t.name(u)} has already been set up (at {u.hex}): each unit is set up once before the "
                             "first roll; undo that place to set it up elsewhere (option setup_place)", rule)
    h = Hex.parse(a.args["to"])
    if h.label == u.hex:
        return IllegalAction(f"{t.name(u)} is already at {h.label}", rule)
    if h not in setup.zone_hexes(t, u.arrive_zone):
        return IllegalAction(f"{t.name(u)} sets up in zone '{u.arrive_zone}', and {h.label} is not in it", rule)
    here = state.at(h)
    tanks = [x for x in here if t.is_tank(x)]
    if t.is_tank(u) and tanks:
        return IllegalAction(f"{h.label} already holds {t.name(tanks[0])}: tanks have a stacking limit of one",
                             "6.3.2 C")
    if tanks or (t.is_tank(u) and here):
        return IllegalAction(f"{h.label} holds {t.name(here[0])}: tanks and non-tank units may not share a hex",
                             "6.3.2 B")
    return IllegalAction(f"{h.label} has no room for {t.name(u)}" + (" and the 1st Lieutenant" if t.lt_of(u) else "")
                         + ": no more than two units may be in a hex", "6.3.2 A")


@performed
def _place(state: SafState, events: list[Event], side: str, a: Action) -> None:
    t = Table(state, events)
    u = t.unit(a.args["unit"])
    assert u is not None
    h = Hex.parse(a.args["to"])
    state.overlays = []
    u.hex = h.label
    lt = t.lt_of(u)
    if lt is not None:
        lt.hex = h.label
    if t.option("setup_place") == "once":
        state.placed.append(u.id)
    t.events.append(Event("setup", f"{t.name(u)} sets up at {h.label}", "8.1.1", "us"))
    t.panic_check()


def _one(kind: str) -> Callable[[SafState, str, Any], list[Action]]:
    return lambda state, side, only: [Action(kind)]


def _step(step: Callable[[Table], None]) -> Callable[[SafState, str, Action], list[Event]]:
    """An order that starts a step of the turn (roll, end, a German step): its map shows only its own
    moves and fire, so the overlays restart."""
    def start(state: SafState, events: list[Event], side: str, a: Action) -> None:
        state.overlays = []
        step(Table(state, events))
    return performed(start)


def _adjust_candidates(state: SafState, side: str, only: Any) -> list[Action]:
    if state.adjusted:
        return []
    return [Action("adjust", {"die": pip, "to": p}) for pip in sorted(set(state.dice))
            for p in (pip - 1, pip + 1) if 1 <= p <= 6]


def _adjust_refusal(state: SafState, side: str, a: Action) -> IllegalAction:
    pip, to = a.args["die"], a.args["to"]
    if state.adjusted:
        return IllegalAction("You may adjust only one die, once per turn", "6.2 C")
    if pip not in state.dice:
        return IllegalAction(f"No die shows {pip}: the dice are {' '.join(map(str, state.dice)) or 'all used'}",
                             "6.2 C")
    return IllegalAction(f"A die turns by one pip only: a {pip} becomes a {pip - 1 if pip > 1 else 2}"
                         + (f" or a {pip + 1}" if 1 < pip < 6 else "") + f", not a {to}", "6.2 C")


@performed
def _adjust(state: SafState, events: list[Event], side: str, a: Action) -> None:
    t = Table(state, events)
    pip, to = int(a.args["die"]), int(a.args["to"])
    state.dice.remove(pip)
    state.dice = sorted([*state.dice, to])
    state.adjusted = True
    t.events.append(Event("dice", f"Die {pip} turned to {to}: dice now {' '.join(map(str, state.dice))}",
                          "6.2 C", "us"))


def _order_candidates(state: SafState, side: str, only: Any) -> list[Action]:
    return american.legal_orders(Table(state), only)


def _order_refusal(state: SafState, side: str, a: Action) -> IllegalAction:
    return refusals.refusal(Table(state), a)


@performed
def _order(state: SafState, events: list[Event], side: str, a: Action) -> None:
    t = Table(state, events)
    plan = american.plan_of(t, a)
    state.overlays = []
    american.do_order(t, plan)


def _supply_candidates(state: SafState, side: str, only: Any) -> list[Action]:
    if state.supply <= 0:
        return []
    return [Action("supply", {"unit": u.id}) for u in state.on_map("us") if u.supply and only in (None, u.id)]


def _supply_refusal(state: SafState, side: str, a: Action) -> IllegalAction:
    if state.supply <= 0:
        return IllegalAction("You have no Supply counters (one for every two German units destroyed)", "6.5.1 B")
    t = Table(state)
    u = t.unit(a.args["unit"])
    if u is None or u.side != "us" or u.status != "on_map":
        return IllegalAction(f"{a.args['unit']} is not an American unit on the map", "6.5.1 C")
    return IllegalAction(f"{t.name(u)} is not low on ammunition or supply", "6.5.1 C")


@performed
def _supply(state: SafState, events: list[Event], side: str, a: Action) -> None:
    t = Table(state, events)
    u = t.unit(a.args["unit"])
    assert u is not None
    state.supply -= 1
    u.supply = ""
    t.events.append(Event("supply", f"Supply counter used: {t.name(u)} is replenished ({state.supply} left)",
                          "6.5.1 C", "us"))


ORDERS: tuple[Order, ...] = (
    Order(COMMANDS["place"], ("setup",), _place_candidates, _place, _place_refusal, narrow_by="unit"),
    Order(COMMANDS["roll"], ("setup", "roll"), _one("roll"), _step(turn.roll_orders)),
    Order(COMMANDS["adjust"], ("orders",), _adjust_candidates, _adjust, _adjust_refusal),
    Order(COMMANDS["order"], ("orders",), _order_candidates, _order, _order_refusal, narrow_by="unit"),
    Order(COMMANDS["supply"], ("setup", "roll", "orders"), _supply_candidates, _supply, _supply_refusal,
          narrow_by="unit"),
    Order(COMMANDS["end"], ("orders",), _one("end"), _step(turn.end_turn)),
    Order(COMMANDS["german"], ("german",), _one("german"), _step(turn.german)),
)
