"""The hard German's Mech units first while the bridges stand (ai_plan.MECH_FIRST, the original
layout only).

Traced on seed 12, historical, against the demolisher (deal 6): 3/2 LAH took the depot in Stavelot on
turn 1, which put the Mech units (in supply for the rest of the game) 5.75 ACTs from the exit against
its own 7.5; the plan walked 3/2 LAH on first, and by the time it was off the US had walled every
Mech way west (CCR/3/1 on the Neufmoulin bridge, 106 BG and 99 BG on the north roads); no Mech unit
ever entered and the game was lost with two units off. The same on seed 11, deal 14 (the depot taken,
the infantry off in turn 1, the Mech units walled off, every card of turn 2 passed)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engine.game import Action
from engine.games.peiper import RULES, ai_plan
from engine.games.peiper.ai_search import _ge_ranking
from engine.games.peiper.state import ACTIVATE, PeiperState
from engine.games.peiper.units import scenario_map


def _depot_taken(turn: int = 1, scenario: str = "historical") -> PeiperState:
    """3/2 LAH in Stavelot with the depot just taken; the Mech units still to enter."""
    state = RULES.new_state(scenario, 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    for uid, at in (("3/2 LAH", "1308"), ("2/23/2", "1201"), ("CCR/3/1", "1310"), ("106 BG", "0707"),
                    ("99 BG", "0304")):
        state.units[uid].status, state.units[uid].hex = "on_map", at
    state.fuel_depot = "captured"
    state.turn = turn
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "ge", 4, []
    return state


@contextmanager
def _mech_first(points: float) -> Iterator[None]:
    old = ai_plan.MECH_FIRST
    ai_plan.MECH_FIRST = points
    try:
        yield
    finally:
        ai_plan.MECH_FIRST = old


def _best(state: PeiperState) -> Action:
    return _ge_ranking(state, RULES.legal_actions(state, "ge"), "plan")[0][2]


def test_ai_mech_units_go_first_while_the_bridges_stand() -> None:
    """With the rule a Mech unit enters first; switched off, 3/2 LAH walks on from Stavelot."""
    with scenario_map("historical"):
        state = _depot_taken()
        with _mech_first(12.0):
            on = _best(state)
        with _mech_first(0.0):
            off = _best(state)
        assert on.kind == "enter" and on.args["unit"] in ("Spitze", "1/1 LAH", "501")
        assert off.kind == "move" and off.args["unit"] == "3/2 LAH"


def test_ai_bridge_demolition_mech_first_ends_when_demolitions_begin() -> None:
    """From the turn the US may blow bridges ("After Turn 2") the Mech units have no such claim."""
    with scenario_map("historical"):
        state = _depot_taken(turn=3)
        with _mech_first(12.0):
            planner = ai_plan.Planner(state)
            assert planner.mech_first("Spitze", "1407") == 0.0
            state.turn = 2
            assert ai_plan.Planner(state).mech_first("Spitze", "1407") == 12.0


def test_ai_mech_first_only_for_a_gaining_step_on_the_original_layout() -> None:
    """The depot still held counts the same; a step that gains nothing (1/1 LAH into a dead end or
    back) has no claim; the contest layout is untouched."""
    with scenario_map("historical"):
        state = _depot_taken()
        state.fuel_depot = "held"
        with _mech_first(12.0):
            planner = ai_plan.Planner(state)
            assert planner.mech_first("Spitze", "1407") == 12.0
            assert planner.mech_first("3/2 LAH", "1208") == 0.0  # infantry
            state.units["Spitze"].status, state.units["Spitze"].hex = "on_map", "1108"
            planner = ai_plan.Planner(state)
            assert planner.mech_first("Spitze", "1208") == 0.0  # a step back east
    with scenario_map("contest"):
        state = _depot_taken(scenario="contest")
        with _mech_first(12.0):
            assert ai_plan.Planner(state).mech_first("Spitze", "1407") == 0.0
