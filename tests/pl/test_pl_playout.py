"""Random playouts: bot_action on both sides, invariants after every action, reproducible."""

from __future__ import annotations

import pytest

from engine.games.pl import RULES


def playout(scenario: str, seed: int, options: dict[str, bool]) -> tuple[dict[str, object], int]:
    state = RULES.new_state(scenario, seed, options)
    steps = 0
    while not RULES.is_over(state):
        side = RULES.to_act(state)
        assert side is not None
        action, reason = RULES.bot_action(state, side)
        assert reason
        RULES.apply(state, side, action)
        bad = RULES.invariants(state)
        assert not bad, f"{scenario} seed {seed} step {steps} {action}: {bad}"
        steps += 1
        assert steps < 5000, "the game does not end"
    assert RULES.winner(state) in ("us", "ge")
    return RULES.dump(state), steps


@pytest.mark.parametrize("scenario", ["utah", "hill30"])
def test_playout_bots_finish_games_with_invariants_holding(scenario: str) -> None:
    every = {"mines": True, "blocks": True, "fortifications": True, "engineers": True, "opportunity_fire": True,
             "engineer_vehicles": True}
    for seed, opts in ((1, {}), (2, every)):
        playout(scenario, seed, opts)


def test_playout_same_seed_same_final_dump() -> None:
    a, n = playout("hill30", 11, {"mines": True})
    b, m = playout("hill30", 11, {"mines": True})
    assert a == b and n == m
    c, _ = playout("hill30", 12, {"mines": True})
    assert c != a


def test_playout_bot_orders_are_among_the_legal_actions() -> None:
    state = RULES.new_state("hill30", 3, {"opportunity_fire": True})
    steps = 0
    while not RULES.is_over(state):
        side = RULES.to_act(state)
        assert side is not None
        action, _ = RULES.bot_action(state, side)
        assert action in RULES.legal_actions(state, side), (steps, action)
        RULES.apply(state, side, action)
        steps += 1


def test_playout_random_level_plays_legal_orders_deterministically() -> None:
    def run() -> dict[str, object]:
        state = RULES.new_state("utah", 4, {"mines": True})
        for _ in range(120):
            side = RULES.to_act(state)
            assert side is not None
            action, _ = RULES.bot_action(state, side, "random")
            assert action in RULES.legal_actions(state, side)
            RULES.apply(state, side, action)
            assert not RULES.invariants(state)
        return RULES.dump(state)

    assert run() == run()


def test_playout_bot_infantry_next_to_an_enemy_held_objective_holds_fire_for_the_close_assault() -> None:
    from pl_helpers import build

    from engine.games.pl import RULES

    # R1, R2 next to Pouppeville (0810, held by G1) could shoot the wagon at 0709 at 2-1 ...
    s = build([("R1", "us_rifle", "0710"), ("R2", "us_rifle", "0710"), ("G1", "ge_rifle", "0810"),
               ("W1", "ge_wagon", "0709")])
    action, _ = RULES.bot_action(s, "us")
    assert action.kind == "end"  # ... but firing would forbid their close assault on 0810
    # A rifle not next to an enemy-held objective takes the shot.
    s = build([("R1", "us_rifle", "0608"), ("G1", "ge_rifle", "0810"), ("W1", "ge_wagon", "0709")])
    action, _ = RULES.bot_action(s, "us")
    assert action.kind == "fire" and action.args["target"] == "0709"


def test_optional_rules_switched_on_in_selfplay_with_option_name_value() -> None:
    """Issue 13: optional rules can be switched on in selfplay (--option name=value)."""
    from bot.selfplay import play_one, run
    from engine.options import BadOption

    seen: list[dict[str, object]] = []

    class Spy:
        def __getattr__(self, name: str) -> object:
            return getattr(RULES, name)

        def new_state(self, scenario: str, seed: int, options: dict[str, object]) -> object:
            state = RULES.new_state(scenario, seed, options)
            seen.append(state.options)
            return state

    winner, actions, errors = play_one(Spy(), "hill30", 3, options={"opportunity_fire": "true"})  # type: ignore[arg-type]
    assert errors == [] and seen[0]["opportunity_fire"] is True
    with pytest.raises(BadOption, match="opportunity_fire"):
        run("pl", 1, 1, scenario="hill30", options=["opportunity_fire=maybe"])


def test_optional_rules_switched_on_at_the_table_with_option_name_value(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 13: optional rules can be switched on at the table (umpire play pl --option name=value)."""
    from bot.table_start import run_table
    from engine.service import GameService

    script = tmp_path / "s.txt"
    script.write_text("/game status\n")
    db = f"sqlite:///{tmp_path / 'u.db'}"
    assert run_table("pl", "both", 1, script, db, None, "hill30", None, images=False,
                     options=["opportunity_fire=true", "mines=on"]) == 0
    state = GameService(db).state(1)
    assert state.options["opportunity_fire"] is True and state.options["mines"] is True
    assert run_table("pl", "both", 1, script, db, None, "hill30", None, images=False,
                     options=["opportunity_fire=maybe"]) == 2
