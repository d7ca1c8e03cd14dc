"""The contract every game module fulfils, and the pieces they share.

A game is a state machine in rulebook order. The service, the console, the Discord cogs, the
renderer and the AI all go through this one interface:

- ``new_state(scenario, seed, options)``: the opening position.
- ``to_act(state)``: the side whose decision is pending, or None when the game is over.
- ``legal_actions(state, side)``: every action that side may take now. Validation,
  autocomplete, buttons and bots all read it.
- ``apply(state, side, action)``: mutate the state and return the events, or raise an
  ``UmpireError`` naming the reason and rule. The service applies to a copy, so a refused action
  never changes a stored game.
- ``view(state, side)``: what one side (or a spectator, side None) may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.events import Event


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
    """One option of a slash command."""

    name: str
    description: str
    kind: str = "str"  # "str", "int", "unit", "hex", "choice", "bridge"
    required: bool = True
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class CommandSpec:
    """A game's order, as a slash command: ``/peiper move unit:<unit> to:<hex>``."""

    name: str
    description: str
    options: tuple[OptionSpec, ...] = ()
    example: str = ""
    rule: str = ""


@dataclass(frozen=True)
class ScenarioInfo:
    key: str
    title: str
    summary: str


@dataclass(frozen=True)
class GameOptionSpec:
    """A per-game option a GM may set at creation: a number or switch the rulebook leaves open."""

    name: str
    default: Any
    description: str
    ruling: str = ""  # the section in docs/rulings that explains it


class GameRules(Protocol):
    key: str  # "peiper", "saf", "pl"
    title: str
    sides: tuple[str, ...]

    def scenarios(self) -> list[ScenarioInfo]: ...

    def option_specs(self) -> list[GameOptionSpec]: ...

    def commands(self) -> list[CommandSpec]: ...

    def new_state(self, scenario: str, seed: int, options: dict[str, Any]) -> Any: ...

    def to_act(self, state: Any) -> str | None: ...

    def legal_actions(self, state: Any, side: str) -> list[Action]: ...

    def apply(self, state: Any, side: str, action: Action) -> list[Event]: ...

    def gm_apply(self, state: Any, action: Action) -> list[Event]: ...

    def view(self, state: Any, side: str | None) -> dict[str, Any]: ...

    def dump(self, state: Any) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> Any: ...

    def is_over(self, state: Any) -> bool: ...

    def winner(self, state: Any) -> str | None: ...

    def status_line(self, state: Any) -> str: ...

    def bot_action(self, state: Any, side: str, level: str = "normal") -> tuple[Action, str]:
        """A legal action for a side the bot holds, with a one-line reason for the log.

        Deterministic for a given state. It may sample hidden things with ``state``'s RNG forked
        (``Rng(state.rng.state).fork(...)``), never by peeking and never advancing the game's RNG.
        """
        ...

    def invariants(self, state: Any) -> list[str]:
        """Broken invariants (empty when all hold); selfplay checks them after every action."""
        ...
