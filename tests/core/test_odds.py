"""Odds before an order (engine.odds): the chances shown are the frequencies of the order's own resolution
over many seeded resolutions, in every game; they read no secret (the pile's order, the game's RNG)."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine import registry
from engine.errors import IllegalAction
from engine.game import Action
from engine.odds import decks, odds, outcome, units
from engine.rng import Rng

# orders with a chance in each game, found in a seeded random playout
CHANCY = {"peiper": ("attack", "oba", "demolish"), "saf": ("order",), "pl": ("fire", "assault")}
SCENARIO = {"peiper": "contest", "saf": "1", "pl": "utah"}


def chancy_orders(game: str, seed: int, wanted: int) -> Iterator[tuple[Any, str, Action]]:
    """States of a random playout with an order whose odds draw something, and that order."""
    import copy

    rules = registry.get(game)
    state = rules.new_state(SCENARIO[game], seed, {})
    rnd = random.Random(seed)
    found = 0
    for _ in range(4000):
        side = rules.to_act(state)
        if side is None or found >= wanted:
            return
        actions = rules.legal_actions(state, side)
        chancy = [a for a in actions if a.kind in CHANCY[game]
                  and (game != "saf" or a.args.get("type") in ("fire", "move_fire"))]
        if chancy and rnd.random() < 0.5:
            action = rnd.choice(chancy)
            if odds(rules, state, side, action).draws:
                found += 1
                yield copy.deepcopy(state), side, action
        rules.apply(state, side, rnd.choice(actions))


def frequencies(rules: Any, state: Any, side: str, action: Action, runs: int) -> dict[str, float]:
    """The order resolved ``runs`` times for real: the game's RNG reseeded and every pile shuffled anew."""
    import copy

    then = rules.odds_follow(state, side, action)
    before = units(rules, state, side)
    seen: dict[str, float] = {}
    for n in range(runs):
        work = copy.deepcopy(state)
        work.rng = Rng.seeded(1_000_003 * n + 17)
        for deck in decks(work):
            work.rng.shuffle(deck.draw_pile)
        for label in set(outcome(rules, work, side, action, then, before)):
            seen[label] = seen.get(label, 0) + 1 / runs
    return seen


def close(p: float, f: float, runs: int) -> bool:
    return abs(p - f) <= 4.5 * math.sqrt(max(p * (1 - p), 0.01) / runs) + 0.02


@pytest.mark.parametrize(("game", "seed"), [("peiper", 3), ("saf", 4), ("pl", 5)])
def test_the_odds_shown_are_the_frequencies_of_the_resolution(game: str, seed: int) -> None:
    rules = registry.get(game)
    runs = 120
    cases = list(chancy_orders(game, seed, 1))
    assert cases, f"the playout offered {game} an order with a chance"
    for state, side, action in cases:
        shown = odds(rules, state, side, action)
        assert shown.draws and shown.outcomes
        seen = frequencies(rules, state, side, action, runs)
        for label in set(seen) | {t for t, _ in shown.outcomes}:
            p, f = shown.chance_of(label), seen.get(label, 0.0)
            assert close(p, f, runs), (action.command(game), label, p, f, shown.text())


@pytest.mark.slow
@pytest.mark.parametrize("game", ["peiper", "saf", "pl"])
def test_the_odds_of_every_kind_of_chancy_order_match_their_frequencies(game: str) -> None:
    rules = registry.get(game)
    runs = 300
    for seed in (11, 12, 13):
        for state, side, action in chancy_orders(game, seed, 3):
            shown = odds(rules, state, side, action)
            seen = frequencies(rules, state, side, action, runs)
            for label in set(seen) | {t for t, _ in shown.outcomes}:
                assert close(shown.chance_of(label), seen.get(label, 0.0), runs), (action.command(game), label)


def test_odds_read_neither_the_piles_order_nor_the_games_rng() -> None:
    """Peiper: the undrawn cards permuted and the RNG changed, the odds shown stay the same."""
    rules = registry.get("peiper")
    state, side, action = next(chancy_orders("peiper", 3, 1))
    first = odds(rules, state, side, action)
    for n in range(2):
        state.rng = Rng.seeded(n + 99)
        for deck in decks(state):
            random.Random(n).shuffle(deck.draw_pile)
        again = odds(rules, state, side, action)
        assert again.outcomes == first.outcomes


def test_odds_of_an_order_that_draws_nothing_say_so() -> None:
    rules = registry.get("peiper")
    state = rules.new_state("contest", 1, {})
    shown = odds(rules, state, "us", Action("place", {"unit": "99 BG", "at": "0404"}))
    assert not shown.draws and "nothing is drawn" in shown.text() and shown.short() == ""


def test_odds_of_an_illegal_order_are_refused_as_the_order_would_be() -> None:
    rules = registry.get("peiper")
    state = rules.new_state("contest", 1, {})
    with pytest.raises(IllegalAction):
        odds(rules, state, "us", Action("attack", {"unit": "99 BG", "target": "Spitze"}))


def test_pl_fire_odds_follow_the_group_to_the_phases_end() -> None:
    rules = registry.get("pl")
    state, side, action = next(chancy_orders("pl", 5, 1))
    shown = odds(rules, state, side, action)
    assert shown.note == "resolved at /pl end" and shown.draws
    assert sum(p for label, p in shown.outcomes if label != "no unit changes") > 0
