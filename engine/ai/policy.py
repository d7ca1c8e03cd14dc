"""What a policy is, and the names of the levels a seat or a selfplay pairing may ask for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from engine.errors import IllegalAction
from engine.game import Action, GameRules

# Every game's bot accepts these levels (``GameRules.bot_action(state, side, level)``).
# random: uniform over the legal actions; greedy: the one-step heuristic; easy/normal/hard: the AI.
LEVELS = ("random", "greedy", "easy", "normal", "hard")
AI_LEVELS = ("easy", "normal", "hard")


class UnknownPolicy(IllegalAction):
    """A policy or level name that no bot knows."""


class Policy(Protocol):
    """Picks an action from ``rules.legal_actions(state, side)`` with a one-line reason.

    Deterministic for a given state; it never changes the state or advances its RNG.
    """

    name: str

    def choose(self, rules: GameRules, state: Any, side: str) -> tuple[Action, str]: ...


@dataclass(frozen=True)
class PolicySpec:
    """A side's bot: ``greedy``, ``random``, ``ai`` at a level (``level`` is what bot_action takes), or a
    selfplay style of the game (``style:NAME``, the game's ``ai_styles``)."""

    side: str
    level: str

    @property
    def label(self) -> str:
        if self.level in ("random", "greedy") or self.level.startswith("style:"):
            return self.level
        return f"ai:{self.level}"


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise UnknownPolicy(f"Unknown bot level '{level}': choose one of {', '.join(LEVELS)}", "AI levels")
    return level


def parse_policy(text: str, sides: tuple[str, ...] = ()) -> PolicySpec:
    """``side=name[:level]``: ``ge=ai:normal``, ``us=greedy``, ``ge=random``, ``us=ai`` (normal)."""
    side, eq, rest = text.partition("=")
    side, rest = side.strip().lower(), rest.strip().lower()
    if not eq or not side or not rest:
        raise UnknownPolicy(f"'{text}' is not side=name[:level] (for example ge=ai:normal or us=greedy)")
    if sides and side not in sides:
        raise UnknownPolicy(f"Unknown side '{side}': sides are {', '.join(sides)}")
    name, _, level = rest.partition(":")
    if name == "ai":
        level = level or "normal"
        if level not in AI_LEVELS:
            raise UnknownPolicy(f"Unknown AI level '{level}': choose one of {', '.join(AI_LEVELS)}")
        return PolicySpec(side, level)
    if level:
        raise UnknownPolicy(f"Policy '{name}' takes no level (only ai:easy, ai:normal, ai:hard do)")
    return PolicySpec(side, check_level(name))
