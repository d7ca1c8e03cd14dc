"""Panzer Leader ``hard``: normal, plus determinised rollouts where normal's choice is close.

In the combat and close assault phases, when the best orders are within ``CLOSE`` of each other
(or a group is about to be started that another target nearly matches), the best three (the end of
the phase among them if it is close) are each played on copies of the state whose RNG is reseeded
from a fork of the state's (engine.ai.rollout: common random numbers, dice resampled, never the
real future), the rest of the phase played by normal through the real rules and its resolution
rolled, and the results compared by the worth each side has left. Movement is left to normal
(a move is only judged after the enemy's turn: too slow to play out at a bot's pace).
"""

from __future__ import annotations

from typing import Any, cast

from engine.ai.rollout import RolloutConfig, rollout_values
from engine.game import Action, GameRules
from engine.rng import Rng

from .ai_policy import choose, fingerprint, ranked
from .ai_value import DISPERSED_SHARE, worth
from .state import PlState

CLOSE = 0.75  # the second best within this share of the best
SAMPLES = 3
DEPTH = 24


class NormalPolicy:
    name = "normal"

    def choose(self, rules: GameRules, state: Any, side: str) -> tuple[Action, str]:
        return choose(state, side, "normal")


def material(state: PlState, side: str) -> float:
    """Worth left to side less the enemy's; a dispersed unit counts a little less."""
    v = 0.0
    for u in state.on_map():
        w = worth(u) * (1 - DISPERSED_SHARE if u.dispersed else 1.0)
        v += w if u.side == side else -w
    return v


def _phase_over(start: Any, sim: Any) -> bool:
    return bool(sim.phase != start.phase or sim.side != start.side)


def choose_hard(state: PlState, side: str) -> tuple[Action, str]:
    opts = ranked(state, side)
    best_v, best, why = opts[0]
    if state.phase not in ("combat", "assault") or len(opts) < 2 or best.kind == "end":
        return best, why
    close = [o for o in opts[:3] if o[0] >= CLOSE * best_v or o[1].kind == "end" and best_v < 2.0]
    if len(close) < 2:
        return best, why
    from .rules import PanzerLeader

    rules = cast(GameRules, PanzerLeader())
    rng = Rng(state.rng.state).fork(("pl-hard", fingerprint(state, side)))
    normal = NormalPolicy()
    values = rollout_values(rules, state, side, [o[1] for o in close], lambda _s: normal, material, rng, None,
                            RolloutConfig(samples=SAMPLES, depth=DEPTH, stop=_phase_over))
    i = max(range(len(close)), key=lambda k: (values[k], -k))
    v, action, text = close[i]
    return action, f"{text} (hard: best of {len(close)} close orders over {SAMPLES} rolled-out phases)"
