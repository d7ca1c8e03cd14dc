"""A throwaway game for the tests, outside engine/games: two counters racing to a bridge. It is the
smallest game the contract allows (docs/architecture.md "Adding a game"): its data files (``data/``:
map, scenarios, rules summary) and one rules module (``rules.py``, with its ``ORDERS`` table).

It is not one of Umpire's games: a test registers it for itself with ``registered()`` and forgets it
after, so the registry of every other test holds the three games only."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engine import registry
from engine.game import GameRules

from .rules import RULES, TinyRules

KEY = "tiny"


@contextmanager
def registered() -> Iterator[GameRules]:
    """The tiny game known to the registry (so to the service, the table and a bot started now)."""
    rules = registry.register(KEY, __name__)
    try:
        yield rules
    finally:
        registry.unregister(KEY)


__all__ = ["KEY", "RULES", "TinyRules", "registered"]
