"""The hard Peiper AI: the normal AI, with determinised look-ahead where its choice is close.

When the best orders of the normal AI score within ``MARGIN`` of each other (or on a face card's
choice between a hex and the OBA), the few best are each played on copies of the state whose
undrawn deck is reshuffled with an RNG forked from the state's (never the real order), the rest
of the side's activations played out by the normal AI through the real rules, and the positions
compared by the German potential and the units' losses. The most valuable on average is played.

The German activations go by the plan on the original layout (``ai_plan``: the next step, the US
fire where a unit stops, the unit nearest the exit first) and by normal's order elsewhere
(``GE_MODE_BY_SCENARIO``: what measured best on each ground), with the fire a move lifts off a unit
added (``ai_escape``, but on the layouts of its ``ESCAPE_OFF_IN``), the fields read by ruling 23 exactly
on the layouts of ``ai_stops.STRICT_IN`` (the original); the look-ahead decides the German face
card. On the layouts of ``LOOKAHEAD_IN`` the German face card and the last ACT of an activation are
looked at past the US answer instead (``ai_lookahead``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import cards
from engine.ai.rollout import RolloutConfig, rollout_values
from engine.ai.sampling import decision_rng
from engine.game import Action, GameRules
from engine.rng import Rng

from . import ai_activation, ai_crossings, ai_escape, ai_fallback, ai_lookahead, ai_stops
from .ai_activation import sequence, worth_taking
from .ai_field import distances, potential, situation
from .ai_plan import ranked_plan
from .ai_policy import best_action, decide, fingerprint, ranked
from .ai_score import POINTS, Context
from .state import ACTIVATE, DECIDE, DRAW, UNIT_ELIMINATED, PeiperState

if TYPE_CHECKING:
    from .rules import PeiperRules

MARGIN = 3.0  # points (a German ACT is 10): closer than this, look ahead
SAMPLES = 2  # determinisations of the undrawn deck
DEPTH = 14  # decisions played on, at most
# The US look-ahead is cut down: the normal US already wins ~99% against the normal German, and the
# full budget made a hard-US game cost about four normal ones (13 s a game on this machine).
US_TOP = 2
US_SAMPLES = 1
# The German activations at hard, by scenario (measured, hard German against the normal US, deals of
# seed 7; docs/ai.md): on the original layout the plan (ai_plan) is worth most (20% against 6% for
# normal's order); on the open contest layout the plan's caution under US fire costs more than it
# saves (plan 27 of 100; normal's order 31 of 60; a look-ahead between the two 24 of 60; the plan
# with half the fire cost 25 of 60). Other scenarios: normal's order. The face card is looked ahead.
GE_MODE_BY_SCENARIO = {"historical": "plan"}
# The plan over turns (ai_crossings) is off: measured on seed 2030 against the demolisher, it left the
# contest layout at 12 of 40 and took the historical one from 9 to 6 of 40 (docs/ai.md). True: on.
CROSSINGS = False
GE_MODE = ""  # set to plan, normal or blend to override the table (experiments)
# The German look-ahead past the US answer (ai_lookahead; its CARD, FACE, ACT say at which decisions), on the
# layouts of LOOKAHEAD_IN: measured on seed 2030 against the demolisher, contest 13 of 40 with it (12 without),
# historical 7 with (9 without) and a turn p95 of 2.3 s, so off there (docs/ai.md). False: off everywhere.
LOOKAHEAD = True
LOOKAHEAD_IN = ("contest",)


def reshuffle_undrawn(state: PeiperState, rng: Rng) -> None:
    """Hidden information in Peiper is the order of the undrawn pile: draw a fresh order for it.

    Sorted first, so the sample depends on which cards are left (public), never on their order."""
    pile = sorted(state.deck.draw_pile)
    rng.shuffle(pile)
    state.deck.draw_pile = pile


def value(state: PeiperState, side: str) -> float:
    """A position's worth to ``side``: the German potential (ten points an ACT) and the losses."""
    if state.winner is not None:
        return 10_000.0 if state.winner == side else -10_000.0
    pot = potential(distances(state, situation(state)))
    ge_value = -POINTS * pot
    for u in state.units.values():
        hurt = 6.0 if u.status == UNIT_ELIMINATED else 2.0 if u.reduced else 0.0
        ge_value += -hurt if u.side == "ge" else hurt
    return ge_value if side == "ge" else -ge_value


class _Normal:
    name = "normal"

    def choose(self, rules: GameRules, state: Any, side: str) -> tuple[Action, str]:
        return best_action(rules, state, side)  # type: ignore[arg-type]


def _run_over(side: str) -> Any:
    def stop(_start: Any, sim: Any) -> bool:
        return bool(sim.phase == DRAW or sim.side != side)

    return stop


def choose_hard(rules: PeiperRules, state: PeiperState, side: str) -> tuple[Action, str]:
    if side == "ge" and state.phase == ACTIVATE:
        plan, order = _ge_planned(rules, state)
        if order is not None and _looking(state) and ai_lookahead.ACT and ai_lookahead.looks_at(state, plan):
            return _looked_ahead(rules, state, ai_lookahead.activation_options(state, plan, order))
        return plan
    if state.phase == ACTIVATE:  # the US
        legal = rules.legal_actions(state, side)
        order = ranked(state, side, legal)
        best_score, _, best, why = order[0]
        if best.kind == "end" or best_score <= 0:
            return Action("end"), "end the activations: no order left improves our position"
        close = [(s, a, w) for s, _, a, w in order[:US_TOP] if s > 0 and best_score - s < MARGIN]
        if len(close) < 2:
            return best, why
        return _search(rules, state, side, close)
    if side == "ge" and state.phase == DECIDE and not cards.is_face(state.card):
        if not worth_taking(rules, state, lambda probe: _ge_plan(rules, probe)):
            return Action("pass"), "pass: no order this card's ACTs could give is worth it (a taken card would go unused)"
        if _looking(state) and ai_lookahead.CARD:
            return _looked_ahead(rules, state, ai_lookahead.card_options(state, best_action(rules, state, side)))
        return best_action(rules, state, side)
    if state.phase == DECIDE and cards.is_face(state.card):
        first, why = decide(state, side, rules.legal_actions(state, side))
        options = _decide_options(rules, state, side, first, why)
        if side == "ge" and ai_activation.PLANNED and all(v <= 0 for v, _, _ in options):
            return Action("pass"), "pass: neither a hex's units nor the OBA have an order worth giving"
        if side == "ge" and _looking(state) and ai_lookahead.FACE:
            best_first = sorted(options, key=lambda o: o[0], reverse=True)
            return _looked_ahead(rules, state, [(a, w) for _, a, w in best_first] + [
                (Action("pass"), "pass: the look-ahead finds neither a hex's units nor the OBA worth it")])
        if len(options) < 2:
            return first, why
        return _search(rules, state, side, options)
    return best_action(rules, state, side)


def _looking(state: PeiperState) -> bool:
    return LOOKAHEAD and state.scenario in LOOKAHEAD_IN


def _looked_ahead(rules: PeiperRules, state: PeiperState, options: list[tuple[Action, str]]) -> tuple[Action, str]:
    options = [o for i, o in enumerate(options) if all(o[0] != p[0] for p in options[:i])]
    if len(options) < 2:
        return options[0]
    verdict = ai_lookahead.choose(rules, state, options, value, reshuffle_undrawn)
    return verdict.action, verdict.why


def _ge_mode(state: PeiperState) -> str:
    return GE_MODE or GE_MODE_BY_SCENARIO.get(state.scenario, "normal")


def _ge_ranking(state: PeiperState, legal: list[Action], mode: str) -> ai_activation.Ranked:
    """The scores the German activation is sequenced by: normal's, or the plan's (ai_plan)."""
    if mode == "normal":
        return _crossing(state, ranked(state, "ge", legal))
    with ai_stops.strict(state):
        return ai_fallback.adjust(state, _crossing(state, ranked_plan(state, legal)))


def _ge_plan(rules: PeiperRules, state: PeiperState) -> tuple[Action, str]:
    """The German activation by the plan (ai_plan): next step and US fire weighed with each order."""
    return _ge_planned(rules, state)[0]


def _ge_planned(rules: PeiperRules, state: PeiperState) -> tuple[tuple[Action, str], ai_activation.Ranked | None]:
    """The German activation's order and the ranking it was sequenced from (the look-ahead's candidates;
    None for the ``blend`` experiment, which compares two orders instead)."""
    legal = rules.legal_actions(state, "ge")
    mode = _ge_mode(state)
    if mode == "blend":
        plan_action, plan_why = sequence(state, legal, _ge_ranking(state, legal, "plan"), spare_shot=True)
        normal_action, normal_why = best_action(rules, state, "ge")
        if plan_action == normal_action:
            return (plan_action, plan_why), None
        return _search(rules, state, "ge", [(0.0, plan_action, plan_why), (0.0, normal_action, normal_why)]), None
    order = _ge_ranking(state, legal, mode)
    # normal's scores are played as they are; the plan spends an ACT that would go unused (lost at the
    # next draw) on the best shot that can hit
    return sequence(state, legal, order, spare_shot=mode != "normal"), order


def _crossing(state: PeiperState, order: ai_activation.Ranked) -> ai_activation.Ranked:
    """The plan over turns (ai_crossings): Mech units over the bridges before they may be blown; and
    a unit under US fire taken out of it (ai_escape)."""
    order = ai_crossings.adjust(state, order) if CROSSINGS else order
    return ai_escape.adjust(state, order)


def _decide_options(rules: PeiperRules, state: PeiperState, side: str, first: Action, why: str
                    ) -> list[tuple[float, Action, str]]:
    """The best hex activation, the best OBA attack and passing: the face card's real choices."""
    from .ai_score import hex_activation_value, oba_value

    ctx = Context.build(state, side)
    best_take: tuple[float, Action, str] | None = None
    best_oba: tuple[float, Action, str] | None = None
    for a in rules.legal_actions(state, side):
        if a.kind == "take":
            v = hex_activation_value(ctx, a.args["hex"])
            if best_take is None or v > best_take[0]:
                best_take = (v, a, f"activate the units in {a.args['hex']}")
        elif a.kind == "oba" and a.args["mode"] == "attack":
            v, targets = oba_value(ctx, a.args["target"])
            if best_oba is None or v > best_oba[0]:
                best_oba = (v, a, f"OBA on {a.args['target']} against {', '.join(targets)}")
    out = [o for o in (best_take, best_oba) if o is not None]
    if not out:
        return [(0.0, first, why)]
    return out


def _search(rules: PeiperRules, state: PeiperState, side: str, options: list[tuple[float, Action, str]]
            ) -> tuple[Action, str]:
    rng = decision_rng(rules, state, side, "hard-lookahead", fingerprint(state, side))
    samples = US_SAMPLES if side == "us" else SAMPLES
    config = RolloutConfig(samples=samples, depth=DEPTH, stop=_run_over(side))
    candidates = [a for _, a, _ in options]
    normal = _Normal()
    values = rollout_values(rules, state, side, candidates, lambda _s: normal, value, rng, reshuffle_undrawn, config)
    i = max(range(len(candidates)), key=lambda j: (values[j], -j))
    others = len(candidates) - 1
    return candidates[i], (f"{options[i][2]} (looked ahead: best of {others + 1} close choices over "
                           f"{samples} reshuffle{'s' * (samples != 1)} of the undrawn cards)")
