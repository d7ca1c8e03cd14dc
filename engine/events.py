"""Events: what happened, in words, with the rule that made it happen.

Every die roll, card draw, move, hit and GM override is an event. An action produces a list of
events; the game log is the actions in order, each with the events it produced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
