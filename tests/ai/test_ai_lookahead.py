"""The hard German's look-ahead past the US answer (issue 30, engine/games/peiper/ai_lookahead.py)."""

from __future__ import annotations

import functools

import pytest

from engine.game import Action
from engine.games.peiper import RULES, ai_escape, ai_lookahead, ai_search
from engine.games.peiper.ai_policy import ranked
from engine.games.peiper.ai_search import reshuffle_undrawn, value
from engine.games.peiper.state import ACTIVATE, DECIDE, PeiperState
from engine.games.peiper.units import scenario_map
from engine.rng import Rng
from tests.ai.test_ai_activation import _activate, _board, _put

COMMIT = Action("move", {"unit": "3FJ/KG1", "to": "0803"})  # next to both US units
ASIDE = Action("move", {"unit": "3FJ/KG1", "to": "0904"})  # clear of them


def _exposed() -> PeiperState:
    """The last ACT of a German card: a flipped 3FJ/KG1 at 0903 may step to 0803 (the best step west,
    but next to 2/23/2 and 99 BG) or to 0904 (clear of them). The cards left are the red ace to 3
    (public: which cards are left is known, not their order), so the US takes the next card and its
    AI 3 shot cannot miss: the one-step score cannot see that, a look-ahead through the US answer can."""
    state = _board()
    for u in state.units.values():
        u.status = "eliminated"
    for uid, label in (("3FJ/KG1", "0903"), ("2/23/2", "0702"), ("99 BG", "0703")):
        _put(state, uid, label)
    state.units["3FJ/KG1"].reduced = True
    state.units["3/2 LAH"].status = "exited"  # the game is not over
    _activate(state, 1)
    state.deck.draw_pile = ["AH", "2H", "3H", "AD", "2D", "3D"]
    return state


def test_ai_lookahead_sees_the_us_answer_the_one_step_plan_misses(monkeypatch: pytest.MonkeyPatch) -> None:
    # The escape term (ai_escape) weighs the fire at 0803 too and steps aside by itself (below): with it
    # off, the one-step plan walks into the shot, and the look-ahead alone must see the US answer.
    monkeypatch.setattr(ai_escape, "ESCAPE_WEIGHT", 0.0)
    state = _exposed()
    with scenario_map(state.scenario):
        legal = RULES.legal_actions(state, "ge")
        assert COMMIT in legal and ASIDE in legal
        order = ranked(state, "ge", legal)
        scores = {a: s for s, _, a, _ in order}
        assert scores[COMMIT] > scores[ASIDE] > 0  # one step: 0803 is the better step west
        assert ai_lookahead.commits(state, COMMIT) and not ai_lookahead.commits(state, ASIDE)
        values, _ = ai_lookahead.compare(RULES, state, [COMMIT, ASIDE], value, reshuffle_undrawn)
        assert values[1] > values[0] + 10  # the US shot eliminates the unit at 0803: worse than an ACT
        verdict = ai_lookahead.choose(RULES, state, [(COMMIT, "plan"), (ASIDE, "alt")], value, reshuffle_undrawn)
        assert verdict.action == ASIDE and "looked ahead past the US answer" in verdict.why
        # the options the hard German looks at here hold the plan's order and the step aside
        options = ai_lookahead.activation_options(state, (COMMIT, "plan"), order)
        assert options[0] == (COMMIT, "plan") and ASIDE in [a for a, _ in options]
    # the whole hard German on this position steps aside; without the look-ahead it walks into the shot
    assert RULES.bot_action(state, "ge", "hard")[0] == ASIDE


def test_ai_lookahead_off_is_the_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _exposed()
    monkeypatch.setattr(ai_search, "LOOKAHEAD", False)
    monkeypatch.setattr(ai_escape, "ESCAPE_WEIGHT", 0.0)
    with scenario_map(state.scenario):
        plan = ai_search._ge_plan(RULES, state)
    assert RULES.bot_action(state, "ge", "hard")[0] == plan[0] == COMMIT


def test_ai_escape_and_lookahead_together_keep_the_unit_out_of_the_shot() -> None:
    """As merged: the escape term and the look-ahead both on; the hard German does not walk into it."""
    state = _exposed()
    assert RULES.bot_action(state, "ge", "hard")[0] != COMMIT


def test_ai_lookahead_only_at_the_last_act_and_near_choices() -> None:
    state = _exposed()
    with scenario_map(state.scenario):
        order = ranked(state, "ge", RULES.legal_actions(state, "ge"))
        state.acts = 3  # ACTs follow: the German moves on before the US can answer, nothing to look at
        assert ai_lookahead.activation_options(state, (COMMIT, "plan"), order) == [(COMMIT, "plan")]
        state.acts = 1
        end = (Action("end"), "end")
        assert ai_lookahead.activation_options(state, end, order) == [end]


def test_ai_lookahead_work_is_bounded_in_rollout_decisions() -> None:
    state = _exposed()
    state.deck.draw_pile = ["AH", "2S", "3C", "4S", "5C", "AD", "2D", "3D"]  # black cards: the German plays on
    with scenario_map(state.scenario):
        for cap in (1, 4, 12, ai_lookahead.STEP_CAP):
            _, steps = ai_lookahead.compare(RULES, state, [COMMIT, ASIDE], value, reshuffle_undrawn, samples=2,
                                            step_cap=cap)
            assert 0 < steps <= max(cap, 4)  # at least one decision a rollout (4 rollouts here)
            assert steps <= 4 * ai_lookahead.HORIZON


@functools.cache
def _looked_at() -> list[PeiperState]:
    """German decisions along a hard-German game (contest) where the look-ahead compares options."""
    state = RULES.new_state("contest", 12, {})
    out: list[PeiperState] = []
    for _ in range(260):
        if RULES.is_over(state) or len(out) >= 8:
            break
        side = RULES.to_act(state)
        assert side is not None
        if side == "ge" and state.phase in (DECIDE, ACTIVATE) and len(state.deck) > 1:
            with RULES.ground(state):
                face = state.phase == DECIDE and state.card[:-1] in ("J", "Q", "K")
                last = state.phase == ACTIVATE and ai_lookahead.acts_left(state) == 1
            if face or last:
                out.append(RULES.load(RULES.dump(state)))
        action, _ = RULES.bot_action(state, side, "hard" if side == "ge" else "normal")
        RULES.apply(state, side, action)
    return out


def test_ai_lookahead_never_reads_the_undrawn_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Face cards and last ACTs, where the look-ahead plays out samples: the same choice for any order
    of the undrawn cards."""
    states = _looked_at()
    assert len(states) >= 6
    calls = []
    real = ai_lookahead.choose

    def counted(*args: object) -> ai_lookahead.Verdict:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ai_lookahead, "choose", counted)
    for i, state in enumerate(states):
        mine = RULES.bot_action(state, "ge", "hard")
        other = RULES.load(RULES.dump(state))
        reshuffle_undrawn(other, Rng(9100 + i))
        assert other.deck.draw_pile != state.deck.draw_pile or len(state.deck) < 3
        assert RULES.bot_action(other, "ge", "hard") == mine
    assert len(calls) >= len(states)  # the look-ahead compared options at (most of) them


def test_ai_lookahead_card_options_are_take_or_pass() -> None:
    state = _exposed()
    state.phase, state.card = DECIDE, "8S"
    take = (Action("take"), "take")
    assert [a.kind for a, _ in ai_lookahead.card_options(state, take)] == ["take", "pass"]
    state.card = "QS"  # a face card has its own options (ai_search)
    assert ai_lookahead.card_options(state, take) == [take]
    assert ai_lookahead.card_options(state, (Action("pass"), "pass")) == [(Action("pass"), "pass")]


def test_ai_lookahead_is_off_where_it_measured_worse(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the layouts of LOOKAHEAD_IN look ahead (historical, seed 2030: fewer wins with it, docs/ai.md)."""
    assert "historical" not in ai_search.LOOKAHEAD_IN and "contest" in ai_search.LOOKAHEAD_IN
    monkeypatch.setattr(ai_escape, "ESCAPE_WEIGHT", 0.0)  # so that the plan alone commits (see above)
    state = _exposed()
    calls: list[int] = []
    real = ai_lookahead.choose

    def counted(*args: object) -> ai_lookahead.Verdict:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ai_lookahead, "choose", counted)
    assert RULES.bot_action(state, "ge", "hard")[0] == ASIDE and calls  # contest: looked ahead
    calls.clear()
    monkeypatch.setattr(ai_search, "LOOKAHEAD_IN", ("historical",))  # the same position, its layout switched off
    assert RULES.bot_action(state, "ge", "hard")[0] == COMMIT and not calls
