"""Scream, Aim, Fire!'s American levels (issue 30: levels stay distinct): ``easy`` is the greedy American
with a quarter of its decisions a legal order picked at random, through the one slip every game's easy
level shares (``engine.ai.sampling.hasty``); its slips are legal, the same twice, and leave the state and
its RNG as they were."""

from __future__ import annotations

from engine.ai.sampling import hasty
from engine.games.saf import RULES
from engine.games.saf.bot import EASY_SLIP, expected_choose


def _playout(decisions: int = 120) -> list[tuple[object, str, bool]]:
    """(choice, reason, equal to the greedy American's) for each American decision of an easy game."""
    state = RULES.new_state("1", 2030)
    out: list[tuple[object, str, bool]] = []
    while len(out) < decisions and not RULES.is_over(state):
        side = RULES.to_act(state)
        assert side is not None
        if side != "us":
            RULES.apply(state, side, RULES.bot_action(state, side, "normal")[0])
            continue
        before, rng = RULES.dump(state), state.rng.state
        action, why = RULES.bot_action(state, side, "easy")
        assert (action, why) == RULES.bot_action(state, side, "easy")  # the same twice
        assert RULES.dump(state) == before and state.rng.state == rng  # nothing moved
        assert action in RULES.legal_actions(state, side), (action, why)
        out.append((action, why, action == expected_choose(RULES, state)[0]))
        RULES.apply(state, side, action)
    return out


def test_saf_easy_american_slips_about_a_quarter_of_the_time_and_plays_greedy_otherwise() -> None:
    decisions = _playout()
    slips = [d for d in decisions if d[1].startswith("easy: a hasty")]
    assert len(decisions) >= 60
    assert 0.1 <= len(slips) / len(decisions) <= 0.45, (len(slips), len(decisions), EASY_SLIP)
    # every decision that is not a slip is the greedy American's own
    assert all(same for _, why, same in decisions if not why.startswith("easy: a hasty"))


def test_hasty_never_slips_at_share_0_always_at_1_and_leaves_the_rng() -> None:
    state = RULES.new_state("1", 7)
    rng = state.rng.state
    assert hasty(RULES, state, "us", 0.0, "t") is None
    slip = hasty(RULES, state, "us", 1.0, "t")
    assert slip is not None and slip[0] in RULES.legal_actions(state, "us")
    assert f"one of {len(RULES.legal_actions(state, 'us'))} orders" in slip[1]  # the count it picked from
    assert hasty(RULES, state, "us", 1.0, "t") == slip and state.rng.state == rng
