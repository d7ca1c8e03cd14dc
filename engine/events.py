"""Events: what happened, in words, with the rule that made it happen.

Every die roll, card draw, move, hit and GM override is an event. An action produces a list of
events; the game log is the actions in order, each with the events it produced.

Events are gathered one way in every game: an order's ``perform`` (``performed`` below) or a GM
override makes one list, the collector, and hands it down; every rules helper that tells something
takes it as ``events`` and appends to it, in the order things happen (``engine.chance.Chance(state,
events)`` is handed the same list). No helper returns events to be joined, and no game keeps a log of
its own (tests/core/test_events_one_way.py holds the games to it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

S = TypeVar("S")  # a game's state
A = TypeVar("A")  # engine.game.Action (not imported: events sit below the game contract)


@dataclass
class Event:
    kind: str  # "card", "dice", "move", "attack", "hit", "phase", "turn", "gm", ...
    text: str  # one line a player reads
    rule: str = ""  # rulebook section or table row applied
    side: str = ""  # the side that acted or benefited, if any
    data: dict[str, Any] = field(default_factory=dict)
    # Random events reveal hidden information (the top card, a die); undo may not pass them.
    random: bool = False
    # True on the event that closes a phase: the renderer draws a map after it.
    phase_end: bool = False
    # A secret (an indirect-fire order until it lands): only this side may see the event while the game
    # still holds the secret named ``until`` (``rules.secrets(state)``); everyone once it is revealed.
    only: str = ""
    until: str = ""

    def hidden_from(self, viewer: str | None, pending: set[str] | frozenset[str]) -> bool:
        """Whether ``viewer`` (a side; None for the table at large) may not see this event yet."""
        return bool(self.only) and viewer != self.only and self.until in pending

    def line(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text


def performed(step: Callable[[S, list[Event], str, A], None]) -> Callable[[S, str, A], list[Event]]:
    """An order's ``perform(state, side, action) -> events`` from a step ``(state, events, side, action)``
    that appends what it does to the collector it is handed: the one place a collector is made."""
    def perform(state: S, side: str, action: A) -> list[Event]:
        events: list[Event] = []
        step(state, events, side, action)
        return events

    perform.__name__ = perform.__qualname__ = getattr(step, "__name__", "perform")
    perform.__doc__ = step.__doc__
    return perform
