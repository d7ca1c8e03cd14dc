"""What every game's state has, in one shape.

Each game's state is a dataclass deriving from ``GameState``: the scenario, the seed, the options it
was made with, the RNG, the phase key, the side whose decision is pending, the result once it has
ended, the overlays the map draws for the phase in progress and the last random draw the header shows.
The game adds its own fields after these. ``over`` is the one way to say a game has ended (the phase
key ``over``), and ``end`` the one way to end it; ``last_random`` is set only by ``engine.chance``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.rng import Rng

SETUP = "setup"
OVER = "over"


@dataclass(kw_only=True)
class GameState:
    scenario: str
    seed: int
    rng: Rng
    options: dict[str, Any] = field(default_factory=dict)
    phase: str = SETUP  # the phase key; OVER once the game has ended
    side: str = ""  # the side whose decision is pending
    winner: str | None = None
    result: str = ""  # why the game ended (Result.reason)
    result_rule: str = ""  # the rule that decided it (Result.rule)
    last_random: str = ""  # the last die, card or chit shown in the header (engine.chance sets it)
    overlays: list[dict[str, Any]] = field(default_factory=list)  # drawn on the map since the phase began

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def end(self, winner: str | None, reason: str, rule: str) -> None:
        """End the game: the phase becomes OVER and the result is recorded."""
        self.phase, self.winner, self.result, self.result_rule = OVER, winner, reason, rule
