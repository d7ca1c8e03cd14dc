"""The game contract (``GameRules``, one definition) and the pieces it speaks in.

A game is a state machine in rulebook order. The service, the console, the Discord cogs, the
renderer and the AI all go through ``GameRules``; ``engine.contract.Contract`` implements it for
every game from the game's order table (``Order``). The heart of it:

- ``new_state(scenario, seed, options)``: the opening position.
- ``to_act(state)``: the side whose decision is pending, or None when the game is over.
- ``legal_actions(state, side)``: every action that side may take now. ``apply`` accepts exactly
  these (``engine.contract``); autocomplete, buttons and bots all read them.
- ``apply(state, side, action)``: mutate the state and return the events, or raise an
  ``UmpireError`` naming the reason and rule. A refused action leaves the state as it was.
- ``view(state, side)``: what one side (or a spectator, side None) may see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.charts import Chart
from engine.errors import UmpireError
from engine.events import Event
from engine.options import GameOptionSpec
from engine.rulebook import GameSummary

__all__ = ["Action", "CommandSpec", "GameOptionSpec", "GameRules", "OptionSpec", "Order", "Refusal", "Result",
           "ScenarioInfo"]


@dataclass(frozen=True)
class Action:
    """An order: a kind and its named arguments, all as plain values (strings, ints)."""

    kind: str
    args: dict[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.kind, tuple(sorted((k, str(v)) for k, v in self.args.items()))))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": dict(self.args)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        return cls(str(data["kind"]), dict(data.get("args", {})))

    def command(self, group: str) -> str:
        """The slash command that gives this order, as typed at the table or in Discord."""
        parts = [f"/{group} {self.kind}"]
        for key, val in self.args.items():
            text = str(val)
            parts.append(f'{key}:"{text}"' if " " in text else f"{key}:{text}")
        return " ".join(parts)


@dataclass(frozen=True)
class OptionSpec:
    """One option of a slash command, typed: the contract parses what a player typed into it once."""

    name: str
    description: str
    kind: str = "str"  # "str", "int", "unit", "units" (comma-separated), "hex", "choice", or a game's own
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int = 0  # "int" options: the range a player may type
    maximum: int = 99
    default: str | int | None = None  # an optional option left out reads as this


@dataclass(frozen=True)
class CommandSpec:
    """A game's order, as a slash command: ``/peiper move unit:<unit> to:<hex>``."""

    name: str
    description: str
    options: tuple[OptionSpec, ...] = ()
    example: str = ""
    rule: str = ""

    def usage(self) -> str:
        """``unit:<unit> to:<hex> [target:<unit>]``"""
        parts = [f"{o.name}:<{o.kind}>" if o.required else f"[{o.name}:<{o.kind}>]" for o in self.options]
        return " ".join(parts)


@dataclass(frozen=True)
class Result:
    """How a game ended: the winner (None for a draw) and why, with the rule that decided it."""

    winner: str | None
    reason: str
    rule: str = ""

    def text(self, side_names: dict[str, str]) -> str:
        who = f"{side_names.get(self.winner, self.winner)} wins" if self.winner else "no winner"
        return f"{who} ({self.reason})" if self.reason else who


@dataclass(frozen=True)
class ScenarioInfo:
    key: str
    title: str
    summary: str


Candidates = Callable[[Any, str, Any], Iterable[Action]]  # (state, side, narrowed-to value or None)
Perform = Callable[[Any, str, Action], list[Event]]
# The one shape of a refusal: None when the order passes, else the error naming the reason and the rule
# (never a bare string, never raised). Every game's order table declares its refusals so.
Refusal = Callable[[Any, str, Action], UmpireError | None]


@dataclass(frozen=True)
class Order:
    """One order of a game, declared once (the rows of ``GameRules.orders``; engine/contract.py)."""

    command: CommandSpec
    phases: tuple[str, ...]
    candidates: Candidates
    perform: Perform
    refusal: Refusal | None = None
    # Non-empty: why the candidates are only a bounded part of what the order allows (refusal decides).
    unlisted: str = ""
    # The option whose value narrows the candidates apply must search (the unit, mostly): passed to
    # ``candidates`` as its third argument. Empty: all candidates.
    narrow_by: str = ""

    @property
    def name(self) -> str:
        return self.command.name


class GameRules(Protocol):
    """The game contract: everything the service, the cogs, the table, the renderer, the odds and the
    bots may ask of a game, declared once with its types.

    ``engine.contract.Contract`` implements it (each game subclasses that and declares its order
    table); nothing outside a game package needs more than this, so callers read these members
    directly (no ``getattr`` with a default).
    """

    # --- the game's facts ---------------------------------------------------------------------
    @property
    def key(self) -> str: ...  # "peiper", "saf", "pl": the package and the slash-command group

    @property
    def title(self) -> str: ...

    @property
    def short_name(self) -> str: ...  # as a thread name or a menu shows it

    @property
    def sides(self) -> tuple[str, ...]: ...

    @property
    def side_names(self) -> dict[str, str]: ...

    @property
    def levels(self) -> tuple[str, ...]: ...  # the bot levels it plays at

    @property
    def default_level(self) -> str: ...  # a bot seat's level when nobody chose one

    @property
    def standing_orders(self) -> tuple[str, ...]: ...  # orders a notice may offer as one click ("pass")

    @property
    def quiet_orders(self) -> tuple[str, ...]: ...  # buttons that give something up (drawn grey)

    @property
    def solitaire(self) -> bool: ...  # one player: the other side is the rules' own

    @property
    def secret_orders(self) -> tuple[str, ...]: ...  # answered privately (their events carry Event.only)

    @property
    def sequence_rule(self) -> str: ...  # the rule a "not now" refusal cites (whose turn, which phase)

    def side_name(self, side: str | None) -> str: ...

    def scenarios(self) -> list[ScenarioInfo]: ...

    def option_specs(self) -> list[GameOptionSpec]: ...

    def parse_options(self, options: dict[str, Any] | None) -> dict[str, Any]: ...

    def upgrade_options(self, stored: dict[str, Any] | None) -> dict[str, Any]: ...

    def rules_summary(self) -> GameSummary: ...

    def charts(self, state: Any | None = None) -> list[Chart]: ...  # the game's tables as played in state

    def terrain_notes(self, state: Any | None = None) -> dict[str, str]: ...  # a terrain kind in a line

    def help_notes(self, state: Any | None) -> list[str]: ...  # lines /help adds (for a game, or any)

    # --- the order table ----------------------------------------------------------------------
    def orders(self) -> tuple[Order, ...]: ...

    def order(self, name: str) -> Order | None: ...

    def orders_now(self, state: Any) -> list[Order]: ...

    def commands(self) -> list[CommandSpec]: ...

    # --- a game's life ------------------------------------------------------------------------
    def new_state(self, scenario: str, seed: int, options: dict[str, Any] | None = None) -> Any: ...

    def dump(self, state: Any) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> Any: ...

    def ground(self, state: Any) -> AbstractContextManager[object]: ...  # the board the state is played on

    def phase(self, state: Any) -> str: ...

    def phase_name(self, state: Any) -> str: ...

    def to_act(self, state: Any) -> str | None: ...

    def result(self, state: Any) -> Result | None: ...

    def is_over(self, state: Any) -> bool: ...

    def winner(self, state: Any) -> str | None: ...

    def secrets(self, state: Any) -> set[str]: ...  # the Event.until keys still kept from the other sides

    def status_line(self, state: Any) -> str: ...

    def view(self, state: Any, side: str | None) -> dict[str, Any]: ...

    # --- orders -------------------------------------------------------------------------------
    def legal_actions(self, state: Any, side: str) -> list[Action]: ...

    def parse_action(self, state: Any, order: Order, action: Action) -> Action: ...

    def canonical(self, state: Any, action: Action) -> Action: ...

    def check(self, state: Any, side: str, action: Action) -> tuple[Order, Action]: ...

    def apply(self, state: Any, side: str, action: Action) -> list[Event]: ...

    def gm_apply(self, state: Any, action: Action) -> list[Event]: ...

    def odds_follow(self, state: Any, side: str, action: Action) -> tuple[str, Action] | None: ...

    # What an order would spend now ("3 MP of 6", "1 ACT of 3"), counted by the rules' own move check;
    # None where it spends nothing counted. For an order in its canonical form (as listed, or as check
    # returns it); at most MAX_COST characters.
    def order_cost(self, state: Any, side: str, action: Action) -> str | None: ...

    # --- bots and checks ----------------------------------------------------------------------
    def check_level(self, level: str) -> str: ...

    def bot_action(self, state: Any, side: str, level: str = "normal") -> tuple[Action, str]: ...

    def invariants(self, state: Any) -> list[str]:
        """Broken invariants (empty when all hold); selfplay and the conformance test check them."""
        ...
