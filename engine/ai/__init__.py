"""The one AI interface every game uses: policies that pick a legal action with a reason.

- ``policy``: the ``Policy`` protocol, level names, ``parse_policy`` for ``side=name[:level]``.
- ``sampling``: an RNG forked from the state's (never advancing it), a public fingerprint of a
  state, and determinised copies whose hidden parts are resampled.
- ``random_policy``: uniform over the legal actions.
- ``rollout``: determinised rollouts through the real rules, for any ``GameRules``.
"""

from engine.ai.policy import LEVELS, Policy, PolicySpec, UnknownPolicy, parse_policy
from engine.ai.random_policy import RandomPolicy
from engine.ai.rollout import RolloutConfig, rollout_values
from engine.ai.sampling import clone, decision_rng, determinise, public_fingerprint

__all__ = [
    "LEVELS", "Policy", "PolicySpec", "UnknownPolicy", "parse_policy", "RandomPolicy", "RolloutConfig",
    "rollout_values", "clone", "decision_rng", "determinise", "public_fingerprint",
]
