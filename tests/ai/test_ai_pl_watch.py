"""Panzer Leader bots that are sensible to watch (issue 17): no move that undoes the unit's move of
the same phase, no order that cannot succeed, a decided game ends. Counted by tools/pl_watch.py."""

from __future__ import annotations

import pytest

from bot.selfplay import play_one
from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.ai_attacks import indirect_options
from engine.games.pl.ai_policy import ranked
from engine.games.pl.ai_value import attacker_side
from engine.games.pl.fire import build_direct
from engine.games.pl.state import AttackOrder, PlState
from engine.rng import seed_from
from tests.pl.pl_helpers import build
from tools.pl_watch import Tally, watch_game


def _overrun_position() -> PlState:
    """Utah, German vehicle movement: the armoured car AC1 at 0609, Pouppeville 0810 empty, a US rifle
    in the clear at 0710 (between them, so an overrun of 0710 from 0810 ends at 0609)."""
    return build([("AC1", "sdkfz234", "0609"), ("R1", "us_rifle", "0710"), ("R2", "us_rifle", "0611"),
                  ("GR1", "ge_rifle", "0811")], side="ge", phase="move_vehicles", turn=4, board="utah_beach")


def test_2_ii_overrun_does_not_undo_the_move_onto_an_objective() -> None:
    """Before the fix normal drove AC1 0609 -> 0810 (onto Pouppeville), then overran 0710 from there and
    ended back at 0609 (seen in Utah selfplay: 'AC1 back to 0609 (0609 -> 0810 -> 0609)')."""
    state = _overrun_position()
    hexes = [state.units["AC1"].hex]
    for _ in range(4):
        action, _why = RULES.bot_action(state, "ge", "normal")
        if action.kind == "end":
            break
        assert action in RULES.legal_actions(state, "ge")
        RULES.apply(state, "ge", action)
        hexes.append(state.units["AC1"].hex)
    assert hexes == ["0609", "0810"]  # it takes Pouppeville and stays (before: 0609, 0810, 0609)


def test_2_ii_overrun_before_moving_is_judged_as_before() -> None:
    """The fix touches only a unit that moved onto an objective: from 0810 unmoved the overrun of 0710
    is still normal's choice, at the same value as before (its exit, 0609, is not counted)."""
    state = _overrun_position()
    state.units["AC1"].hex = "0810"
    value, action, why = ranked(state, "ge")[0]
    assert action == Action("overrun", {"units": "AC1", "target": "0710"})
    assert "2-1 (one column up)" in why and value > 3
    state.units["AC1"].moved = True  # the same hex reached by a move this phase: now it holds
    assert ranked(state, "ge")[0][1].kind == "end"


def _mortar(targets: list[tuple[str, str, str]], turn: int) -> PlState:
    return build([("GM1", "ge_mortar", "1107"), ("GR1", "ge_rifle", "0810")] + targets, side="ge", phase="combat",
                 turn=turn, board="utah_beach")


def test_1_i_indirect_fire_plotted_only_where_it_can_succeed() -> None:
    # 3 factors on one rifle (defense 6): 1-2, a D on a 1 or 2: plotted
    one = indirect_options(_mortar([("R1", "us_rifle", "0710")], 3), "ge")
    assert [a for _v, a, _w in one] == [Action("indirect", {"unit": "GM1", "target": "0710"})]
    # on two rifles each gets 1.5: 1-4, on the table but no result on any die unmodified: never plotted
    two = _mortar([("R1", "us_rifle", "0710"), ("R2", "us_rifle", "0710")], 3)
    assert indirect_options(two, "ge") == []
    assert RULES.bot_action(two, "ge", "normal")[0].kind != "indirect"
    assert RULES.bot_action(two, "ge", "greedy")[0].kind != "indirect"


def test_1_i_no_indirect_fire_plotted_in_the_last_turn() -> None:
    """Plotted in turn 10 of 10, it would land in turn 11: after the game."""
    last = _mortar([("R1", "us_rifle", "0710")], 10)
    assert last.turn == last.turns
    assert indirect_options(last, "ge") == []
    assert RULES.bot_action(last, "ge", "normal")[0].kind != "indirect"
    assert RULES.bot_action(last, "ge", "greedy")[0].kind != "indirect"


# Deals of seed 1 in which normal against normal shuttled or plotted fire that could not succeed
# before the fixes (utah 7: AC1 0609 -> 0810 -> 0609 twice and 6 futile plots; utah_inland 3: 5 returns).
@pytest.mark.parametrize("scenario,deal", [("utah", 7), ("utah_inland", 3), ("hill30_v2", 0), ("crossing", 0)])
def test_normal_playout_no_return_no_order_that_cannot_succeed(scenario: str, deal: int) -> None:
    tally = Tally()
    watch_game(scenario, seed_from("pl", scenario, 1, deal) & ((1 << 63) - 1), {"us": "normal", "ge": "normal"}, tally)
    assert tally.moves > 20
    assert tally.returns == 0 and tally.overrun_returns == 0, tally.examples
    assert tally.indirect_plotted_futile == 0, tally.examples
    # fire, close assault, overrun, opportunity fire: never below the table or without a possible result
    # (indirect fire may still land below it: the rules divide it among the counters there when it lands)
    assert all(n == 0 for kind, n in tally.futile.items() if kind != "indirect"), tally.futile
    assert sum(tally.attacks.values()) > 20


def _last_us_segment(us_hex: str) -> PlState:
    state = build([("R1", "us_rifle", us_hex), ("G1", "ge_rifle", "1704")], side="us", phase="assault", turn=10)
    state.options["end_when_decided"] = True
    return state


def test_victory_conditions_game_ends_when_the_attacker_has_played_its_last_segment() -> None:
    state = _last_us_segment("0101")
    events = RULES.apply(state, "us", Action("end"))
    assert RULES.is_over(state) and RULES.winner(state) == "ge"
    over = [e for e in events if e.kind == "game_over"]
    assert len(over) == 1 and over[0].data["early"] is True
    assert "in turn 10" in over[0].text and "played its last segment" in over[0].text


def test_victory_conditions_attacker_holding_an_objective_lets_the_defender_play() -> None:
    state = _last_us_segment("1512")  # the La Fiere bridge held: the Germans may still retake it
    RULES.apply(state, "us", Action("end"))
    assert not RULES.is_over(state) and state.side == "ge" and state.phase == "combat"


def test_victory_conditions_end_when_decided_off_or_stored_games_play_on() -> None:
    state = _last_us_segment("0101")
    state.options["end_when_decided"] = False
    RULES.apply(state, "us", Action("end"))
    assert not RULES.is_over(state) and state.side == "ge"
    assert RULES.upgrade_options({"mines": False})["end_when_decided"] is False  # legacy
    assert RULES.new_state("utah", 1, {}).options["end_when_decided"] is True
    assert "ends as soon as the Allied side has played its last segment" in RULES.help_notes(
        RULES.new_state("utah", 1, {}))[0]
    assert "ends as soon as" not in RULES.help_notes(state)[0]
    earlier = _last_us_segment("0101")
    earlier.turn = 9
    RULES.apply(earlier, "us", Action("end"))
    assert not RULES.is_over(earlier)


@pytest.mark.parametrize("scenario,deal,defender_wins", [("crossing", 2, True), ("utah", 0, False)])
def test_victory_conditions_ending_decided_games_keeps_the_winner(scenario: str, deal: int,
                                                                   defender_wins: bool) -> None:
    """The same game with and without the early end: the same winner; the defender's last segment
    is not played when the attacker has not met its conditions (and nothing changes when it has)."""
    seed = seed_from("pl", scenario, 1, deal) & ((1 << 63) - 1)
    levels = {"us": "normal", "ge": "normal"}
    on = play_one(RULES, scenario, seed, levels)
    off = play_one(RULES, scenario, seed, levels, options={"end_when_decided": "false"})
    assert not on[2] and not off[2]
    assert on[0] == off[0]
    assert (on[0] != attacker_side(RULES.new_state(scenario, seed, {}))) is defender_wins
    assert on[1] < off[1] if defender_wins else on[1] == off[1]


def test_fire_reason_says_what_the_one_unit_adds_to_the_group() -> None:
    """A fire order names one unit; the odds quoted are the group's once all have joined: the reason
    says what this unit adds (its own factors, as build_direct counts them) and who is to join, and
    the factors of the orders on a hex add up to the fire group the rules resolve."""
    state = RULES.new_state("hill30", 1, {})
    while state.phase != "combat":
        side = RULES.to_act(state)
        assert side is not None
        RULES.apply(state, side, RULES.bot_action(state, side, "normal")[0])
    side = state.side
    added: dict[str, float] = {}
    grouped = 0
    for _ in range(20):
        action, why = RULES.bot_action(state, side, "normal")
        if action.kind != "fire":
            break
        target, unit = action.args["target"], action.args["units"]
        ids = why.split(" with ")[1].split(" (")[0].split(", ")
        whole = build_direct(state, side, AttackOrder(ids, target))
        own = whole.strengths[ids.index(unit)]
        if len(ids) > 1:
            grouped += 1
            assert f"({own:g} of the group's {whole.attack:g} factors" in why
        added[target] = added.get(target, 0.0) + own
        RULES.apply(state, side, action)
    assert grouped >= 2  # the position has a group of three
    for order in state.fire_queue:
        assert build_direct(state, side, order).attack == pytest.approx(added[order.target])
