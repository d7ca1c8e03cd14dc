"""The random policy: uniform over the legal actions, for any game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.ai.sampling import decision_rng
from engine.game import Action, GameRules

Fingerprint = Callable[[Any, str], str]


class RandomPolicy:
    """Uniform over the legal actions, drawn with an RNG forked from the state's.

    ``fingerprint(state, side)``: what the side may see, as a string; by default a digest of its
    view. A game may pass a cheaper one (it must leave out the hidden things, such as the undrawn
    order)."""

    name = "random"

    def __init__(self, fingerprint: Fingerprint | None = None) -> None:
        self.fingerprint = fingerprint

    def choose(self, rules: GameRules, state: Any, side: str) -> tuple[Action, str]:
        legal = rules.legal_actions(state, side)
        if not legal:
            raise ValueError("the random policy was asked to act with no legal action")
        key = self.fingerprint(state, side) if self.fingerprint is not None else None
        rng = decision_rng(rules, state, side, "random", key)
        return rng.choice(legal), f"random: one of {len(legal)} legal orders, drawn uniformly"
