"""Random playouts: the bot plays the Americans to the end; invariants hold after every action."""

from __future__ import annotations

import pytest

from engine.games.saf import RULES

# The first scenario plays to the end in the default run (two seeds; the conformance test plays the
# opening of every scenario there); three more seeds and every other scenario to the end in make test-slow.
SLOW = pytest.mark.slow
GAMES = [("1", 0), ("1", 1), *(pytest.param("1", seed, marks=SLOW) for seed in (2, 3, 4))] + \
    [pytest.param(key, 100, marks=SLOW) for key in "23456"]


def play(scenario: str, seed: int) -> tuple[dict, int]:
    state = RULES.new_state(scenario, seed, {})
    actions = 0
    while not RULES.is_over(state):
        side = RULES.to_act(state)
        action, reason = RULES.bot_action(state, side)
        assert reason and "\n" not in reason
        RULES.apply(state, side, action)
        broken = RULES.invariants(state)
        assert not broken, f"{scenario}/{seed} after {action.command('saf')}: {broken}"
        actions += 1
        assert actions < 2000, "the game does not end"
    assert RULES.winner(state) in ("us", "ge") and state.turn <= 13
    return RULES.dump(state), actions


@pytest.mark.parametrize("scenario,seed", GAMES)
def test_random_playout_ends_with_invariants_holding(scenario: str, seed: int) -> None:
    _, actions = play(scenario, seed)
    assert actions > 12


def test_same_seed_same_final_dump() -> None:
    first, _ = play("1", 42)
    second, _ = play("1", 42)
    assert first == second
    other, _ = play("1", 43)
    assert other != first
