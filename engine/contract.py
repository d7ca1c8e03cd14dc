"""One contract for every game: orders declared once, legality from one place.

A game is a ``Contract`` subclass with a table of ``Order``s. Each order declares its slash command
(name, typed options, rule section), the phases in which it exists, the candidates it offers a side,
what it does, and optionally one refusal function. Everything else derives from that table:

- ``legal_actions(state, side)``: the candidates of the orders of the current phase.
- ``apply(state, side, action)``: the typed arguments are parsed once into canonical values (so an
  order typed by a player equals the legal action it names), then the order is accepted exactly when
  it is among the candidates. A refused order names the reason and the rule: the order's refusal
  function, or else the reason its own checks give on a scratch copy of the state.
- ``commands()``: the slash commands, for the console, the cogs, autocomplete and /help.

Where listing every candidate would be too large, the order says so in ``unlisted`` (with the
reason); its candidates are then a bounded part of what it allows, and its refusal function alone
decides both what ``apply`` accepts and which candidates ``legal_actions`` lists.
"""

from __future__ import annotations

import copy
import importlib
import sys
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, ClassVar

from engine.ai.policy import LEVELS, UnknownPolicy
from engine.chance import accounted
from engine.charts import Chart
from engine.codec import StateCodec
from engine.errors import GameOver, IllegalAction, NotYourTurn, UmpireError
from engine.events import Event
from engine.game import Action, CommandSpec, GameRules, OptionSpec, Order, Refusal, Result, ScenarioInfo
from engine.listing import active, listing, outside
from engine.options import GameOptionSpec, empty_table, parse_options, shorten
from engine.rulebook import SUMMARY_FILE, GameSummary, load_summary

MAX_UNITS = 12  # units named in one order ("units:A,B,C")
MAX_TEXT = 200
MAX_COST = 80  # characters of an order's cost ("3 MP of 6")

__all__ = ["MAX_COST", "MAX_TEXT", "MAX_UNITS", "Contract", "Order", "Refusal"]

class Contract(GameRules):
    """``GameRules`` implemented once for every game: legality, parsing, options, levels and the
    game's facts derive from its order table; a game supplies what is marked so below."""

    key: ClassVar[str]
    title: ClassVar[str]
    short_name: ClassVar[str]
    sides: tuple[str, ...]
    side_names: ClassVar[dict[str, str]]
    levels: ClassVar[tuple[str, ...]] = LEVELS
    default_level: ClassVar[str] = "normal"  # a bot seat's level when nobody chose one (one of ``levels``)
    # Orders a notice may offer as a one-click standing order, and buttons shown grey (giving up something).
    standing_orders: ClassVar[tuple[str, ...]] = ()
    quiet_orders: ClassVar[tuple[str, ...]] = ()
    solitaire: ClassVar[bool] = False
    # Orders given in secret (answered privately; their events carry Event.only until ``secrets`` reveals them).
    secret_orders: ClassVar[tuple[str, ...]] = ()
    # The rule a result cites when the state recorded none (games ended before results named theirs).
    victory_rule: ClassVar[str] = ""

    # --- what each game supplies ---------------------------------------------------------------
    def orders(self) -> tuple[Order, ...]:
        raise NotImplementedError

    def new_state(self, scenario: str, seed: int, options: dict[str, Any] | None = None) -> Any:
        raise NotImplementedError

    # The game's state to JSON-safe data and back (snapshots, the database, exports): its StateCodec.
    codec: ClassVar[StateCodec[Any]]

    def dump(self, state: Any) -> dict[str, Any]:
        return self.codec.dump(state)

    def load(self, data: dict[str, Any]) -> Any:
        return self.codec.load(data)

    def gm_apply(self, state: Any, action: Action) -> list[Event]:
        raise NotImplementedError

    def status_line(self, state: Any) -> str:
        raise NotImplementedError

    def invariants(self, state: Any) -> list[str]:
        raise NotImplementedError

    def phase(self, state: Any) -> str:
        """The key of the current phase (the ``phases`` an order names)."""
        return state.phase

    def phase_name(self, state: Any) -> str:
        return self.phase(state).replace("_", " ")

    def side_to_act(self, state: Any) -> str:
        """The side whose decision is pending (the game is not over)."""
        return state.side

    def result(self, state: Any) -> Result | None:
        """The result once the game is over, else None: the one way to say the game has ended."""
        if not state.over:
            return None
        return Result(state.winner, state.result, state.result_rule or self.victory_rule)

    def option_specs(self) -> list[GameOptionSpec]:
        return []

    def secrets(self, state: Any) -> set[str]:
        """The secrets (``Event.until`` keys) the game still keeps from the other sides: none by default."""
        return set()

    def help_notes(self, state: Any | None) -> list[str]:
        """Lines /help adds for a game: for the game in play (``state``), or for any (None)."""
        return []

    def scenarios(self) -> list[ScenarioInfo]:
        raise NotImplementedError

    def unit_id(self, state: Any, text: str) -> str:
        """A unit named by a player, as its canonical id (or UnknownUnit)."""
        raise NotImplementedError

    def hex_label(self, state: Any, text: str) -> str:
        """A hex named by a player, as its canonical label (or UnknownHex)."""
        raise NotImplementedError

    def parse_other(self, state: Any, kind: str, text: str) -> Any:
        """Arguments of a game's own kinds (a bridge name, say)."""
        raise IllegalAction(f"Cannot read a {kind}")

    def choose(self, state: Any, side: str, level: str) -> tuple[Action, str]:
        """The game's bot at a checked level: ``choose(rules, state, side, level)`` in the package's
        ``bot`` module. The bot imports the rules, never the other way round (no circle)."""
        module = self._part("bot")
        if module is None:
            raise NotImplementedError(f"{self.title} has no bot module")
        choice: tuple[Action, str] = module.choose(self, state, side, level)
        return choice

    # --- derived: the game's facts ---------------------------------------------------------------
    def commands(self) -> list[CommandSpec]:
        return [o.command for o in self.orders()]

    def order(self, name: str) -> Order | None:
        return self._table().get(name)

    def _table(self) -> dict[str, Order]:
        table: dict[str, Order] | None = self.__dict__.get("_order_table")
        if table is None:
            table = {o.name: o for o in self.orders()}
            self.__dict__["_order_table"] = table
        return table

    def orders_now(self, state: Any) -> list[Order]:
        phase = self.phase(state)
        return [o for o in self._table().values() if phase in o.phases]

    def ground(self, state: Any) -> AbstractContextManager[object]:
        """The context in which the rules answer for ``state``: the board or map layout it is played on
        (PL's boards, Peiper's layouts). The contract's entry points given a state (legal_actions,
        check, apply, view, bot_action) run inside it; a game's own entry points use it too."""
        return nullcontext()

    def rules_summary(self) -> GameSummary:
        """Umpire's summaries of this game's rules (data/rules_summary.yaml in the game's package)."""
        package = Path(sys.modules[type(self).__module__].__file__ or "").parent
        return load_summary(package / "data" / SUMMARY_FILE)

    def charts(self, state: Any | None = None) -> list[Chart]:
        """The game's charts as played in ``state`` (its defaults for None): ``charts`` in its package."""
        module = self._charts_module()
        return list(module.charts(state)) if module is not None else []

    def terrain_notes(self, state: Any | None = None) -> dict[str, str]:
        """A terrain kind's effects in a line (a hex's hover on the board)."""
        module = self._charts_module()
        return dict(module.terrain_notes(state)) if module is not None else {}

    def odds_follow(self, state: Any, side: str, action: Action) -> tuple[str, Action] | None:
        """The order whose resolution tells an order's odds, when it draws nothing itself (engine.odds):
        ``follow`` in the game's ``odds`` module (PL: a fire group is resolved at the phase's end)."""
        module = self._part("odds")
        return module.follow(state, side, action) if module is not None else None

    def order_cost(self, state: Any, side: str, action: Action) -> str | None:
        """What ``action`` would spend now, in a few words ("3 MP of 6", "1 ACT of 3"): ``cost`` in the
        game's ``costs`` module, which counts it with the functions the order's own check uses (one truth);
        None where the game counts no cost for it, or the order is not one the side may give now."""
        module = self._part("costs")
        if module is None or self.is_over(state) or side != self.side_to_act(state):
            return None
        try:  # within the caller's listing where one is open (a unit's many orders costed on one state)
            with self.ground(state), (nullcontext() if active() else listing()):
                text = module.cost(state, side, action)
        except UmpireError:
            return None
        return str(text)[:MAX_COST] if text else None

    def _charts_module(self) -> Any:
        return self._part("charts")

    def _part(self, name: str) -> Any:
        """The game package's module ``name``, or None when it has none."""
        package = type(self).__module__.rsplit(".", 1)[0]
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise
            return None

    def side_name(self, side: str | None) -> str:
        return self.side_names.get(side or "", str(side))

    def parse_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        return parse_options(self.title, self.option_specs(), options)

    def upgrade_options(self, stored: dict[str, Any] | None) -> dict[str, Any]:
        """A stored game's options: one it predates reads as what the game was played with (``legacy``)."""
        out = dict(stored or {})
        for spec in self.option_specs():
            if spec.name not in out and spec.legacy is not None:
                out[spec.name] = spec.legacy
            elif spec.type == "table" and spec.name in out and empty_table(out[spec.name]):
                out[spec.name] = spec.default  # an empty table, accepted once, was read as the game's own
        return out

    def build_view(self, state: Any, side: str | None) -> dict[str, Any]:
        """The game's own part of the view (units, markers, overlays, score)."""
        raise NotImplementedError

    def view(self, state: Any, side: str | None) -> dict[str, Any]:
        """What one side (or a spectator, side None) may see, in the shape of ``engine.view.View`` (documented there)."""
        with self.ground(state):
            view = self.build_view(state, side)
        result = self.result(state)
        view.update(
            game=self.key, title=self.title, phase=self.phase(state), phase_name=self.phase_name(state),
            to_act=self.to_act(state), sides=dict(self.side_names),
            winner=result.winner if result else None,
            result=None if result is None else {"winner": result.winner, "reason": result.reason,
                                                 "rule": result.rule, "text": result.text(self.side_names)},
        )
        view.setdefault("overlays", [])
        view.setdefault("markers", [])
        view.setdefault("last_random", "")
        return view

    # --- derived: the game's course --------------------------------------------------------------
    def is_over(self, state: Any) -> bool:
        return self.result(state) is not None

    def winner(self, state: Any) -> str | None:
        r = self.result(state)
        return r.winner if r is not None else None

    def to_act(self, state: Any) -> str | None:
        return None if self.is_over(state) else self.side_to_act(state)

    # --- derived: legality ------------------------------------------------------------------------
    def legal_actions(self, state: Any, side: str) -> list[Action]:
        if self.is_over(state) or side != self.side_to_act(state):
            return []
        out: list[Action] = []
        with self.ground(state), listing():  # the state holds still: answers may be remembered
            for order in self.orders_now(state):
                for action in order.candidates(state, side, None):
                    if order.unlisted and order.refusal is not None and order.refusal(state, side, action) is not None:
                        continue
                    out.append(action)
        return out

    def apply(self, state: Any, side: str, action: Action) -> list[Event]:
        """Check the order, then carry it out between the game's two hooks, every draw accounted for."""
        with listing():
            order, parsed = self.check(state, side, action)
        with self.ground(state), accounted():
            self.before_order(state, side)
            events = order.perform(state, side, parsed)
            self.after_order(state, side, events)
            return events

    def before_order(self, state: Any, side: str) -> None:
        """What the game does before any accepted order is carried out (PL: the map's overlays restart)."""

    def after_order(self, state: Any, side: str, events: list[Event]) -> None:
        """What follows every accepted order (PL: fortifications settle), appended to the order's events."""

    def check(self, state: Any, side: str, action: Action) -> tuple[Order, Action]:
        """The order and its canonical form if the side may give it now; else the refusal, raised."""
        with self.ground(state):
            return self._check(state, side, action)

    def _check(self, state: Any, side: str, action: Action) -> tuple[Order, Action]:
        result = self.result(state)
        if result is not None:
            raise GameOver(f"The game is over: {result.text(self.side_names)}", result.rule)
        if side not in self.sides:
            raise IllegalAction(f"Unknown side '{shorten(side, 12)}': the sides are {', '.join(self.sides)}")
        if side != self.side_to_act(state):
            raise NotYourTurn(f"It is the {self.side_name(self.side_to_act(state))} player's "
                              f"{self.phase_name(state)}, not yours", self.sequence_rule)
        order = self.order(str(action.kind))
        now = self.orders_now(state)
        if order is None or order not in now:
            names = ", ".join(o.name for o in now) or "nothing"
            what = f"'{shorten(action.kind, 20)}' is not an order now" if order is not None else \
                f"{self.title} has no order '{shorten(action.kind, 20)}'"
            raise IllegalAction(f"{what} ({self.phase_name(state)}): you may {names}", self.sequence_rule)
        parsed = self.parse_action(state, order, action)
        self._check_legal(state, side, order, parsed)
        return order, parsed

    sequence_rule: ClassVar[str] = "Sequence of Play"

    def _check_legal(self, state: Any, side: str, order: Order, action: Action) -> None:
        if order.unlisted:
            assert order.refusal is not None, f"{order.name} is unlisted without a refusal function"
            refusal = order.refusal(state, side, action)
            if refusal is not None:
                raise refusal
            return
        narrowed = action.args.get(order.narrow_by) if order.narrow_by else None
        if action in set(order.candidates(state, side, narrowed)):
            return
        refusal = order.refusal(state, side, action) if order.refusal else None
        if refusal is None:
            refusal = self._dry_run(state, side, order, action)
        raise refusal or IllegalAction(f"{action.command(self.key)} is not among the orders the rules offer now",
                                       order.command.rule)

    def _dry_run(self, state: Any, side: str, order: Order, action: Action) -> UmpireError | None:
        """The reason the order's own checks give, found on a scratch copy (the real state is untouched)."""
        try:
            with outside():
                order.perform(copy.deepcopy(state), side, action)
        except UmpireError as exc:
            return exc
        return None

    # --- parsing: typed, canonical arguments, once --------------------------------------------------
    def canonical(self, state: Any, action: Action) -> Action:
        """The order as the rules read it (the unit's id, the hex's label: "99bg" is "99 BG"), as the log
        keeps it and every later reader shows it; the order as given where it does not parse (``apply``
        then refuses it, naming why). Read on the state before the order is carried out."""
        order = self.order(str(action.kind))
        if order is None:
            return action
        try:
            with self.ground(state):
                return self.parse_action(state, order, action)
        except UmpireError:
            return action

    def parse_action(self, state: Any, order: Order, action: Action) -> Action:
        spec = order.command
        given = dict(action.args)
        known = {o.name: o for o in spec.options}
        unknown = [k for k in given if k not in known]
        if unknown:
            raise IllegalAction(f"/{self.key} {spec.name} has no option {shorten(unknown[0], 20)}: "
                                f"it takes {spec.usage() or 'no options'}", spec.rule)
        args: dict[str, Any] = {}
        for opt in spec.options:
            value = given.get(opt.name)
            if value is None or (isinstance(value, str) and not value.strip()):
                value = opt.default
            if value is None:
                if opt.required:
                    raise IllegalAction(f"/{self.key} {spec.name} needs {opt.name}: ({opt.description}). "
                                        f"Usage: {spec.usage()}", spec.rule)
                continue
            args[opt.name] = self.parse_arg(state, opt, value)
        return Action(spec.name, args)

    def parse_arg(self, state: Any, opt: OptionSpec, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise IllegalAction(f"{opt.name} must be text or a whole number")
        text = str(value).strip()
        if len(text) > MAX_TEXT:
            raise IllegalAction(f"{opt.name} is too long ({len(text)} characters; at most {MAX_TEXT})")
        if any(ord(c) < 32 for c in text):  # a NUL or a line break is no unit, hex or word a player means
            raise IllegalAction(f"{opt.name} holds control characters")
        kind = opt.kind
        if kind == "int":
            if isinstance(value, int):
                number = value
            elif text.lstrip("+-").isdigit() and len(text) <= 6:
                number = int(text)
            else:
                raise IllegalAction(f"{opt.name} is a whole number, not '{shorten(text, 12)}'")
            if not opt.minimum <= number <= opt.maximum:
                raise IllegalAction(f"{opt.name} is a whole number from {opt.minimum} to {opt.maximum}, not {number}")
            return number
        if kind == "choice":
            word = text.lower()
            if word not in opt.choices:
                raise IllegalAction(f"{opt.name} must be one of {', '.join(opt.choices)}, not '{shorten(text, 20)}'")
            return word
        if kind == "unit":
            return self.unit_id(state, text)
        if kind == "units":
            parts = [p.strip() for p in text.split(",") if p.strip()]
            if not parts:
                raise IllegalAction(f"{opt.name} names one or more units, comma-separated")
            if len(parts) > MAX_UNITS:
                raise IllegalAction(f"{opt.name} names {len(parts)} units; an order takes at most {MAX_UNITS}")
            ids = [self.unit_id(state, p) for p in parts]
            if len(set(ids)) != len(ids):
                raise IllegalAction(f"{opt.name} names a unit twice")
            return ",".join(ids)
        if kind == "hex":
            return self.hex_label(state, text)
        if kind == "str":
            return text
        return self.parse_other(state, kind, text)

    # --- bots --------------------------------------------------------------------------------------
    def check_level(self, level: str) -> str:
        word = str(level).strip().lower()
        if word not in self.levels:
            raise UnknownPolicy(f"Unknown bot level '{shorten(level, 20)}': {self.title}'s bot plays at "
                                f"{', '.join(self.levels)}", "AI levels")
        return word

    def bot_action(self, state: Any, side: str, level: str = "normal") -> tuple[Action, str]:
        """A legal action for a side the bot holds, with a one-line reason for the log.

        Deterministic for a given state; hidden things are sampled with a fork of the state's RNG,
        never by peeking and never advancing the game's RNG.
        """
        level = self.check_level(level)
        with self.ground(state):
            return self.choose(state, side, level)
