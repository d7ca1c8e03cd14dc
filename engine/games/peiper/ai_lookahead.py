"""The hard German looks ahead past the US answer (issue 30), in the spirit of information-set MCTS.

At the German decisions that matter, the few best candidates of the hard plan are each played on
``SAMPLES`` determinisations of the position (the undrawn pile drawn afresh from the cards left,
never their real order; ``engine.ai.sampling.determinise``) and the game played on through the real
rules by both sides' rollout policies: the rest of the German activation, then the next cards, until
the US has had an activation of its own (or ``CARDS_MAX`` cards have been drawn, or the turn ends),
so the US fire and demolitions that answer a move are seen. The end positions are scored by the
caller's ``evaluate`` (``ai_search.value``: the German potential and the losses) and the best mean
is played; a tie keeps the plan's own choice. Every candidate meets the same samples and, within a
sample, the same RNG (common random numbers).

The decisions looked at:
- **a number card** the plan would take: take or pass (a taken card whose orders walk into the US
  fire can be worse than none); off (``CARD = False``): measured, it won no more games;
- **a face card**: the best hex to activate, the best OBA attack, or pass;
- **the last ACT of an activation**, where its order commits a unit next to US units or into Stavelot, or whose next-best
  alternatives score within ``MARGIN`` of it: the plan's order and its ``TOP - 1`` best alternatives.

Used on the layouts of ``ai_search.LOOKAHEAD_IN`` (contest; on the historical one it measured worse).

The work is bounded in rollout decisions, not wall time (so play stays deterministic): at most
``HORIZON`` decisions a rollout and ``STEP_CAP`` a German decision, all candidates and samples
together. The rollout policies are cheap on purpose: the German plays normal's scores in the hard
sequence (``ai_activation.sequence``), the US is modelled by ``US_MODEL``: ``answer`` (the normal
US's fire and demolitions by normal's scores, no moves: the answer that hurts, at a tenth of the
cost), ``normal`` (the normal US) or a style of ``ai_styles``. Everything is read from what the
German may know: the choice is the same for any order of the undrawn cards (tests/ai).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import cards
from engine.ai.sampling import Resample, clone, decision_rng, determinise
from engine.errors import UmpireError
from engine.game import Action, GameRules
from engine.hexgrid import Hex

from . import ai_styles
from .ai_activation import LONG_SHOT, Ranked, acts_left, chance, sequence
from .ai_policy import best_action, fingerprint, ranked
from .ai_waste import move_toward_exit_open
from .state import ACTIVATE, DECIDE, DRAW, UNIT_ON_MAP, PeiperState
from .units import game_map

if TYPE_CHECKING:
    from .rules import PeiperRules

TOP = 3  # candidates of an activation order compared, the plan's own first
SAMPLES = 2  # determinisations of the undrawn pile
HORIZON = 14  # decisions a rollout plays after its candidate, at most
STEP_CAP = 32  # rollout decisions for one German decision, all candidates and samples together
CARDS_MAX = 3  # cards drawn in a rollout at most (it stops at the first draw after a US activation)
MARGIN = 4.0  # points (a German ACT is 10): alternatives this close to the plan's order are looked at
WIDE = 15.0  # points: alternatives further below the plan's order than this are never candidates
US_MODEL = "answer"  # answer | normal | a style of ai_styles (demolisher, ...)
# Which decisions look ahead (switches for measurement). CARD off: with it 6 of 12 tuning deals, 7 without.
CARD = False
FACE = True
ACT = True

Evaluate = Callable[[Any, str], float]


@dataclass(frozen=True)
class Verdict:
    """What the look-ahead found: the choice, each candidate's mean value, the rollout decisions used."""

    action: Action
    why: str
    values: tuple[float, ...]
    steps: int


class _GermanRollout:
    """The German in a rollout: normal's scores played as the hard sequence (cheap, no look-ahead)."""

    name = "ge-rollout"

    def choose(self, rules: GameRules, state: Any, side: str) -> tuple[Action, str]:
        if state.phase == ACTIVATE:
            legal = rules.legal_actions(state, side)
            return sequence(state, legal, ranked(state, side, legal), spare_shot=False)
        return best_action(rules, state, side)  # type: ignore[arg-type]


class _USAnswer:
    """The US in a rollout, as ``US_MODEL`` says."""

    def __init__(self, model: str) -> None:
        self.name = f"us-{model}"
        self.model = model

    def choose(self, rules: GameRules, state: Any, side: str) -> tuple[Action, str]:
        if self.model == "normal" or state.phase != ACTIVATE:
            return best_action(rules, state, side)  # type: ignore[arg-type]
        if self.model != "answer":
            return ai_styles.choose(rules, state, side, self.model)  # type: ignore[arg-type]
        legal = [a for a in rules.legal_actions(state, side) if a.kind not in ("move", "enter")]
        score, _, best, why = ranked(state, side, legal)[0]
        if best.kind == "end" or score <= 0:
            return Action("end"), "end"
        return best, why


def _play_on(rules: GameRules, sim: PeiperState, depth: int, us: _USAnswer, ge: _GermanRollout) -> int:
    """Play on until the first card draw after a US activation (or CARDS_MAX draws, the turn's end,
    ``depth`` decisions). Returns the decisions played."""
    turn, steps, draws, us_seen = sim.turn, 0, 0, False
    while steps < depth and not rules.is_over(sim) and sim.turn == turn:
        if sim.phase == DRAW:
            if us_seen or draws >= CARDS_MAX:
                break
            draws += 1
        if sim.phase == DECIDE and sim.side == "us":
            us_seen = True
        who = rules.to_act(sim)
        if who is None:
            break
        action, _ = (ge if who == "ge" else us).choose(rules, sim, who)
        rules.apply(sim, who, action)
        steps += 1
    return steps


def compare(rules: PeiperRules, state: PeiperState, candidates: Sequence[Action], evaluate: Evaluate,
            resample: Resample, samples: int = SAMPLES, step_cap: int = STEP_CAP) -> tuple[list[float], int]:
    """The mean value to the German of each candidate over ``samples`` determinised rollouts, and the
    rollout decisions played. Every candidate meets the same samples (common random numbers)."""
    rng = decision_rng(rules, state, "ge", "hard-lookahead-answer", fingerprint(state, "ge"))
    depth = max(1, min(HORIZON, step_cap // max(1, samples * len(candidates))))
    us, ge = _USAnswer(US_MODEL), _GermanRollout()
    totals, steps = [0.0] * len(candidates), 0
    for s in range(samples):
        sample = determinise(rules, state, rng.fork(("sample", s)), resample)
        for i, action in enumerate(candidates):
            sim = clone(rules, sample)
            try:
                rules.apply(sim, "ge", action)
            except UmpireError:
                totals[i] = float("-inf")
                continue
            steps += _play_on(rules, sim, depth, us, ge)
            totals[i] += evaluate(sim, "ge")
    return [t / max(1, samples) for t in totals], steps


def choose(rules: PeiperRules, state: PeiperState, options: Sequence[tuple[Action, str]], evaluate: Evaluate,
           resample: Resample) -> Verdict:
    """The best of ``options`` (the plan's own choice first: it wins a tie) by ``compare``."""
    values, steps = compare(rules, state, [a for a, _ in options], evaluate, resample)
    i = max(range(len(options)), key=lambda j: (values[j], -j))
    action, why = options[i]
    note = (f" (looked ahead past the US answer: best of {len(options)} over {SAMPLES} reshuffles of the "
            f"undrawn cards)")
    return Verdict(action, why + note, tuple(values), steps)


# --- which decisions, which candidates ---------------------------------------------------------
def commits(state: PeiperState, a: Action) -> bool:
    """A move or an entry that ends next to a US unit, or in Stavelot."""
    if a.kind not in ("move", "enter"):
        return False
    to = Hex.parse(a.args["to"] if a.kind == "move" else a.args["at"])
    gmap = game_map()
    stavelot = gmap.places.get("Stavelot")
    if stavelot is not None and to == stavelot:
        return True
    us = {u.hex for u in state.units.values() if u.side == "us" and u.status == UNIT_ON_MAP}
    return any(n.label in us for n in to.neighbors())


def looks_at(state: PeiperState, plan: tuple[Action, str]) -> bool:
    """Whether an activation order may be looked at (before the ranking is worked out for it)."""
    return plan[0].kind not in ("end", "attack") and acts_left(state) <= 1


def activation_options(state: PeiperState, plan: tuple[Action, str], order: Ranked) -> list[tuple[Action, str]]:
    """The plan's order and its best alternatives worth looking at, or just the plan's when none is.

    Only the last ACT of an activation is looked at: before it, the rollout's German plays the other
    orders anyway and the positions the US answers are the same (measured: no earlier choice changed).
    Alternatives score above zero and within ``WIDE`` of the plan's order, and are no shot the plan would
    not fire (10% or less while a way west is open, ``ai_activation``); they are looked at when the
    plan's order commits a unit (``commits``) or an alternative scores within ``MARGIN`` of it."""
    chosen, why = plan
    if not looks_at(state, plan):
        return [plan]
    mine = next((s for s, _, a, _ in order if a == chosen), None)
    if mine is None:
        return [plan]
    way_open = move_toward_exit_open(state, [a for _, _, a, _ in order])
    alts = [(s, a, w) for s, _, a, w in order if a != chosen and a.kind != "end" and s > 0 and mine - s < WIDE
            and not (a.kind == "attack" and way_open and chance(state, a) <= LONG_SHOT)]
    alts = alts[:TOP - 1]
    if not alts or not (commits(state, chosen) or any(mine - s < MARGIN for s, _, _ in alts)):
        return [plan]
    return [plan] + [(a, w) for _, a, w in alts]


def card_options(state: PeiperState, plan: tuple[Action, str]) -> list[tuple[Action, str]]:
    """A number card the plan takes: take or pass."""
    if cards.is_face(state.card) or plan[0].kind != "take":
        return [plan]
    return [plan, (Action("pass"), "pass: the look-ahead finds the card's orders worse than none")]
