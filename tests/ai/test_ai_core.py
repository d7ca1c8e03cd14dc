"""The game-independent AI parts: policy names, sampling, rollouts, and selfplay's figures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bot.selfplay import main, percentile, run, wilson
from engine.ai.policy import PolicySpec, UnknownPolicy, parse_policy
from engine.ai.random_policy import RandomPolicy
from engine.ai.rollout import RolloutConfig, rollout_values
from engine.ai.sampling import decision_rng, determinise
from engine.events import Event
from engine.game import Action
from engine.rng import Rng


@dataclass
class RaceState:
    total: int
    side: str
    rng: Rng
    winner: str | None = None


class Race:
    """A toy game for the generic code: add 1 or 2 in turn; whoever reaches 10 wins."""

    key = "race"
    sides = ("a", "b")

    def legal_actions(self, state: RaceState, side: str) -> list[Action]:
        if state.winner or side != state.side:
            return []
        return [Action("add", {"n": n}) for n in (1, 2) if state.total + n <= 10]

    def apply(self, state: RaceState, side: str, action: Action) -> list[Event]:
        state.total += int(action.args["n"])
        if state.total == 10:
            state.winner = side
        state.side = "b" if side == "a" else "a"
        return []

    def dump(self, state: RaceState) -> dict[str, Any]:
        return {"total": state.total, "side": state.side, "rng": state.rng.state, "winner": state.winner}

    def load(self, data: dict[str, Any]) -> RaceState:
        return RaceState(data["total"], data["side"], Rng(data["rng"]), data["winner"])

    def is_over(self, state: RaceState) -> bool:
        return state.winner is not None

    def winner(self, state: RaceState) -> str | None:
        return state.winner

    def to_act(self, state: RaceState) -> str | None:
        return None if state.winner else state.side

    def view(self, state: RaceState, side: str | None) -> dict[str, Any]:
        return {"total": state.total, "side": state.side}


def test_ai_parse_policy_names_and_levels() -> None:
    assert parse_policy("ge=ai:normal") == PolicySpec("ge", "normal")
    assert parse_policy("us=greedy") == PolicySpec("us", "greedy")
    assert parse_policy("ge=ai") == PolicySpec("ge", "normal")
    assert parse_policy("us=random").label == "random"
    assert parse_policy("us=ai:hard").label == "ai:hard"
    for bad in ("ge=ai:expert", "ge", "ge=greedy:hard", "ge=smart"):
        with pytest.raises(UnknownPolicy):
            parse_policy(bad, ("ge", "us"))
    with pytest.raises(UnknownPolicy, match="Unknown side"):
        parse_policy("fr=greedy", ("ge", "us"))


def test_ai_random_policy_is_legal_deterministic_and_leaves_the_rng() -> None:
    game = Race()
    state = RaceState(3, "a", Rng(42))
    first = RandomPolicy().choose(game, state, "a")  # type: ignore[arg-type]
    assert first[0] in game.legal_actions(state, "a") and first[1]
    assert RandomPolicy().choose(game, state, "a") == first  # type: ignore[arg-type]
    assert state.rng.state == 42


def test_ai_decision_rng_is_forked_not_advanced() -> None:
    game = Race()
    state = RaceState(3, "a", Rng(42))
    one = decision_rng(game, state, "a", "x").next64()  # type: ignore[arg-type]
    assert decision_rng(game, state, "a", "x").next64() == one  # type: ignore[arg-type]
    assert decision_rng(game, state, "a", "y").next64() != one  # type: ignore[arg-type]
    assert state.rng.state == 42


def test_ai_determinise_copies_and_resamples_without_touching_the_original() -> None:
    game = Race()
    state = RaceState(3, "a", Rng(42))
    seen: list[int] = []

    def resample(copy: RaceState, rng: Rng) -> None:
        seen.append(copy.total)
        copy.total = 5

    copy = determinise(game, state, Rng(1), resample)  # type: ignore[arg-type]
    assert seen == [3] and copy.total == 5 and state.total == 3
    assert copy.rng.state != 42 and state.rng.state == 42


def test_ai_rollouts_find_the_winning_move_in_any_game() -> None:
    """From 8 the side to move wins by adding 2; adding 1 lets the other side win at once."""
    game = Race()
    state = RaceState(8, "a", Rng(7))
    candidates = game.legal_actions(state, "a")

    def evaluate(s: RaceState, side: str) -> float:
        return 0.0 if s.winner is None else (1.0 if s.winner == side else -1.0)

    # The rollout policy is random; after adding 1 the only legal reply (add 1) wins for "b".
    values = rollout_values(game, state, "a", candidates, lambda _s: RandomPolicy(), evaluate, Rng(3), None,  # type: ignore[arg-type]
                            RolloutConfig(samples=8, depth=10))
    assert values[1] == 1.0
    assert values[0] == -1.0


def test_ai_wilson_interval_and_percentiles() -> None:
    lo, hi = wilson(50, 100)
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.28
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50) == 3.0
    assert percentile([float(i) for i in range(1, 101)], 95) == 95.0


def test_ai_selfplay_pairing_reports_rates_intervals_and_times() -> None:
    first = run("peiper", games=1, seed=3, policies=["ge=ai:easy"], timing=True)
    second = run("peiper", games=1, seed=3, policies={"ge": "easy", "us": "greedy"}, timing=True)
    assert first["errors"] == [] and first["policies"] == {"ge": "ai:easy", "us": "greedy"}
    for r in (first, second):
        r.pop("seconds")
        timing = r.pop("timing")
        for side in ("ge", "us"):
            assert timing[side]["turn_ms"]["count"] <= timing[side]["decision_ms"]["count"]
            assert timing[side]["decision_ms"]["p95"] >= timing[side]["decision_ms"]["median"]
    assert first == second
    rates = first["win_rates"]
    assert rates["ge"]["wins"] + rates["us"]["wins"] == 1
    assert rates["us"]["ci95"][0] <= rates["us"]["rate"] <= rates["us"]["ci95"][1]


def test_ai_selfplay_refuses_an_unknown_policy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main("peiper", 1, 1, True, "", ["ge=ai:expert"]) == 2
    assert "Unknown AI level" in capsys.readouterr().err


def test_ai_selfplay_workers_give_the_same_games_as_one_process() -> None:
    alone = run("peiper", games=2, seed=5, policies=["ge=random", "us=greedy"])
    spread = run("peiper", games=2, seed=5, policies=["ge=random", "us=greedy"], workers=2)  # a game each
    for r in (alone, spread):
        r.pop("seconds")
    assert alone == spread and alone["finished"] == 2


def test_ai_selfplay_match_swaps_the_seats_on_every_deal() -> None:
    result = run("peiper", games=1, seed=5, match="greedy,ai:easy")  # one deal, played from both seats
    pairing = run("peiper", games=1, seed=5, policies=["ge=greedy", "us=ai:easy"])
    swapped = run("peiper", games=1, seed=5, policies=["ge=ai:easy", "us=greedy"])
    match = result["match"]
    assert result["games"] == 2 and result["policies"] == {"a": "greedy", "b": "ai:easy"}
    # each seat of the match is exactly the plain pairing with the same deals
    assert match["a"]["seats"]["ge"]["wins"] == pairing["win_rates"]["ge"]["wins"]
    assert match["a"]["seats"]["us"]["wins"] == swapped["win_rates"]["us"]["wins"]
    assert match["b"]["seats"]["ge"]["wins"] == swapped["win_rates"]["ge"]["wins"]
    assert match["a"]["wins"] + match["b"]["wins"] == result["finished"] == 2
    assert match["a"]["games"] == match["b"]["games"] == 2
    lo, hi = match["a"]["ci95"]
    assert lo <= match["a"]["rate"] <= hi


@pytest.mark.parametrize("text", ["greedy", "greedy,greedy", "greedy,ai:expert", "a,b,c"])
def test_ai_selfplay_match_refuses_a_bad_pairing(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main("peiper", 1, 1, True, "", None, match=text) == 2
    assert "selfplay:" in capsys.readouterr().err


def test_public_fingerprint_names_the_map_by_file_not_host_path() -> None:
    """A view carries its map as a path on this machine; the random policy's choices (and selfplay's
    figures) must not change with where Umpire is installed."""
    from engine.ai.sampling import public_fingerprint
    from engine.games.saf import RULES as SAF

    state = SAF.new_state("1", 5, {})
    view = SAF.view(state, "us")

    class Moved:
        def view(self, s: object, side: str) -> dict:
            return {**view, "map": "/elsewhere/umpire/data/" + view["map"].rsplit("/", 1)[-1]}

    class Renamed:
        def view(self, s: object, side: str) -> dict:
            return {**view, "map": "/elsewhere/umpire/data/another_map.yaml"}

    here = public_fingerprint(SAF, state, "us")
    assert public_fingerprint(Moved(), state, "us") == here  # type: ignore[arg-type]
    assert public_fingerprint(Renamed(), state, "us") != here  # type: ignore[arg-type]
