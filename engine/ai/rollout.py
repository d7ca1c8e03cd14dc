"""Determinised rollouts through the real rules, for any game that fulfils ``GameRules``.

For each sample the hidden parts of a copy of the state are redrawn once (``determinise``); every
candidate is then tried on its own copy of that same sample (common random numbers, so candidates
are compared on equal luck) and the game is played on by a rollout policy for a few decisions or to
a stopping point, and the result scored by ``evaluate`` from the deciding side's point of view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.policy import Policy
from engine.ai.sampling import Resample, clone, determinise
from engine.errors import UmpireError
from engine.game import Action, GameRules
from engine.rng import Rng

Evaluate = Callable[[Any, str], float]
Stop = Callable[[Any, Any], bool]  # (start state, current state) -> stop here


@dataclass(frozen=True)
class RolloutConfig:
    samples: int = 4  # determinisations
    depth: int = 30  # decisions played after the candidate, at most
    stop: Stop | None = None


def play_on(rules: GameRules, start: Any, sim: Any, policies: Callable[[str], Policy], config: RolloutConfig) -> None:
    steps = 0
    while not rules.is_over(sim) and steps < config.depth:
        if config.stop is not None and config.stop(start, sim):
            return
        who = rules.to_act(sim)
        if who is None:
            return
        action, _ = policies(who).choose(rules, sim, who)
        rules.apply(sim, who, action)
        steps += 1


def rollout_values(
    rules: GameRules,
    state: Any,
    side: str,
    candidates: Sequence[Action],
    policies: Callable[[str], Policy],
    evaluate: Evaluate,
    rng: Rng,
    resample: Resample | None,
    config: RolloutConfig,
) -> list[float]:
    """The mean value of each candidate over ``config.samples`` determinised rollouts."""
    totals = [0.0] * len(candidates)
    for s in range(config.samples):
        sample = determinise(rules, state, rng.fork(("sample", s)), resample)
        for i, action in enumerate(candidates):
            sim = clone(rules, sample)
            try:
                rules.apply(sim, side, action)
            except UmpireError:
                totals[i] = float("-inf")
                continue
            play_on(rules, sample, sim, policies, config)
            totals[i] += evaluate(sim, side)
    return [t / max(1, config.samples) for t in totals]
