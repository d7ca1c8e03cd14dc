"""Randomness for decisions, without peeking and without touching the game's RNG.

An AI that needs chance (a random pick, the order of an undrawn deck, dice in a rollout) forks a
generator from the state's: ``Rng(state.rng.state).fork(label)``. The label holds a fingerprint of
what the deciding side may see (its view of the state), so the same state gives the same choice,
and two states that differ only in hidden things (the order of the undrawn deck) give the same
choice too.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from engine.game import Action, GameRules
from engine.maps import map_file
from engine.rng import Rng

Resample = Callable[[Any, Rng], None]


def public_fingerprint(rules: GameRules, state: Any, side: str) -> str:
    """A digest of what ``side`` may see (its view): never the seed or the undrawn order."""
    view = rules.view(state, side)
    view = {k: v for k, v in view.items() if k not in ("overlays",)}
    if isinstance(view.get("map"), str):  # the map file by name: as the fingerprints always held it, so the
        view["map"] = map_file(view["map"])  # bots choose alike whether a view holds a key or an old path
    text = json.dumps(view, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def decision_rng(rules: GameRules, state: Any, side: str, label: str, fingerprint: str | None = None) -> Rng:
    """An RNG for one decision, forked from the state's; the state's RNG does not move."""
    base = getattr(state, "rng", None)
    seed = base.state if isinstance(base, Rng) else 0
    key = fingerprint if fingerprint is not None else public_fingerprint(rules, state, side)
    return Rng(seed).fork((label, rules.key, side, key))


def hasty(rules: GameRules, state: Any, side: str, share: float, label: str, fingerprint: str | None = None
          ) -> tuple[Action, str] | None:
    """An easy level's slip: with chance ``share`` (a decision RNG, so the same state slips alike) a
    legal order picked at random, with its reason; None when it does not slip."""
    rng = decision_rng(rules, state, side, label, fingerprint)
    if rng.below(1000) >= share * 1000:
        return None
    legal = rules.legal_actions(state, side)
    if not legal:
        return None
    action = rng.choice(legal)
    return action, f"easy: a hasty {action.kind}, one of {len(legal)} orders picked without much thought"


def clone(rules: GameRules, state: Any) -> Any:
    """An independent copy through the game's own dump/load."""
    return rules.load(rules.dump(state))


def determinise(rules: GameRules, state: Any, rng: Rng, resample: Resample | None) -> Any:
    """A copy whose hidden parts are redrawn with ``rng`` (``resample`` knows the game's secrets).

    The copy's own RNG is reseeded from ``rng`` too, so later shuffles and dice in a rollout are
    samples, not the real future.
    """
    copy = clone(rules, state)
    if resample is not None:
        resample(copy, rng)
    inner = getattr(copy, "rng", None)
    if isinstance(inner, Rng):
        inner.state = rng.next64()
    return copy
