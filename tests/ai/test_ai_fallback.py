"""A hard German with no good move still plays (issue 42, ``ai_fallback``; the original layout).

The position is traced from a lost game (seed 11, deal 3, historical, the ``careful`` US, turn 3): four
bridges down, Spitze walled in at 0303 (99 BG in Targnon, 2/23/3 in Stoumont, 30/117/1 at 0203), 1/1 LAH
and 501 south of the blown bridges, 3/2 LAH at 0906. No German move gains ground in the strict fields,
so the hard German passed card after card; it now closes 3/2 LAH on a blocker and takes the card."""

from __future__ import annotations

from engine.game import Action
from engine.games.peiper import RULES, ai_fallback
from engine.games.peiper.ai_activation import worth_taking
from engine.games.peiper.ai_search import _ge_plan, _ge_ranking
from engine.games.peiper.state import ACTIVATE, PeiperState
from engine.games.peiper.units import scenario_map

GERMANS = (("Spitze", "0303", False), ("1/1 LAH", "0510", True), ("501", "1009", False), ("3/2 LAH", "0906", True))
AMERICANS = (("CCR/3/1", "0909"), ("2/23/2", "1006"), ("99 BG", "0304"), ("106 BG", "0307"), ("CCB/3/1", "0409"),
             ("30/117/1", "0203"), ("2/23/3", "0404"))


def _walled(scenario: str = "historical") -> PeiperState:
    state = RULES.new_state(scenario, 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    for uid, at, reduced in GERMANS:
        u = state.units[uid]
        u.status, u.hex, u.reduced = "on_map", at, reduced
    state.units["3FJ/KG1"].status = "eliminated"
    for uid, at in AMERICANS:
        state.units[uid].status, state.units[uid].hex = "on_map", at
    state.units["30/117/2"].status = "eliminated"
    state.bridges_down = ["Neufmoulin", "Cheneux", "Trois-Ponts (Amblève)", "Stavelot"]
    state.turn = 3
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "ge", 3, []
    state.spent = {"ge": True, "us": True}
    return state


def _ranking(state: PeiperState) -> list[tuple[float, int, Action, str]]:
    return _ge_ranking(state, RULES.legal_actions(state, "ge"), "plan")


def test_without_the_fallback_no_german_move_scores_and_the_card_is_passed() -> None:
    with scenario_map("historical"):
        state = _walled()
        old = ai_fallback.FALLBACK_IN
        try:
            ai_fallback.FALLBACK_IN = ()
            assert ai_fallback.stuck(_ranking(state))
            state.phase, state.card = "decide", "5C"  # 3 ACTs
            assert not worth_taking(RULES, state, lambda probe: _ge_plan(RULES, probe))
        finally:
            ai_fallback.FALLBACK_IN = old


def test_with_no_move_that_gains_the_hard_german_closes_on_a_blocker_and_takes_the_card() -> None:
    with scenario_map("historical"):
        state = _walled()
        score, _, best, why = _ranking(state)[0]
        assert best.kind == "move" and score > 0
        assert best.args["unit"] == "3/2 LAH" and "closes on" in why
        blockers = {uid for uid, _, _ in ai_fallback.blockers(ai_fallback.Planner(state))}
        assert blockers and "closes on" in why and any(b in why for b in blockers)
        state.phase, state.card = "decide", "5C"
        assert worth_taking(RULES, state, lambda probe: _ge_plan(RULES, probe))


def test_the_fallback_steps_nearer_the_blocker_than_where_it_stood() -> None:
    """The close-up move brings 3/2 LAH a hex nearer the blocker it names."""
    from engine.hexgrid import Hex

    with scenario_map("historical"):
        state = _walled()
        _, _, best, why = _ranking(state)[0]
        named = next(uid for uid, _ in AMERICANS if uid in why.split("closes on ")[1])
        target = Hex.parse(state.units[named].hex or "")
        assert Hex.parse(best.args["to"]).distance(target) < Hex.parse("0906").distance(target)


def test_the_fallback_never_plays_on_the_contest_layout() -> None:
    with scenario_map("contest"):
        state = _walled("contest")
        legal = RULES.legal_actions(state, "ge")
        order = _ge_ranking(state, legal, "plan")
        assert ai_fallback.adjust(state, order) == order


def test_the_fallback_leaves_a_ranking_with_a_gaining_move_alone() -> None:
    """Where the plan has an order that gains (turn 1, the units to enter), nothing is added."""
    with scenario_map("historical"):
        state = RULES.new_state("historical", 1, {})
        RULES.apply(state, "us", Action("ready"))
        state.phase, state.side, state.acts, state.act_units = ACTIVATE, "ge", 3, []
        old = ai_fallback.FALLBACK_IN
        try:
            ai_fallback.FALLBACK_IN = ()
            before = _ranking(state)
        finally:
            ai_fallback.FALLBACK_IN = old
        assert not ai_fallback.stuck(before)
        assert _ranking(state) == before
