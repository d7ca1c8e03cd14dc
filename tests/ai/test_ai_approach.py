"""The hard German's cut-off units close up (ai_plan.APPROACH, the original layout only).

Traced on seed 12, historical, against the demolisher (deal 6): from the middle of turn 1 the US held
Neufmoulin (CCR/3/1 on the bridge's west end), the Cheneux road (106 BG at 0704), Borgoumont (99 BG
at 0603) and the north road (2/23/2 at 1102), so the fields put every Mech unit at FAR (no way west
by ruling 23). Every entry scored zero and the German passed its cards: Spitze, 1/1 LAH and 501 never
entered in five turns (the bridges went down from turn 3) and the game was lost with two units off.
A cut-off unit's move is now worth a share of the ground it gains on the bare map (no US unit)."""

from __future__ import annotations

from engine.game import Action
from engine.games.peiper import RULES, ai_plan, ai_stops
from engine.games.peiper.ai_field import FAR, situation, unit_distance
from engine.games.peiper.ai_search import _ge_ranking
from engine.games.peiper.state import ACTIVATE, PeiperState
from engine.games.peiper.units import scenario_map


def _walled(scenario: str = "historical") -> PeiperState:
    """Turn 1: the US walls held, 3/2 LAH and 3FJ/KG1 off (the depot taken on the way), the three Mech
    units still to enter."""
    state = RULES.new_state(scenario, 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    for uid in ("3/2 LAH", "3FJ/KG1"):
        state.units[uid].status = "exited"
        state.exited.append(uid)
    for uid, at in (("CCR/3/1", "0310"), ("106 BG", "0704"), ("99 BG", "0603"), ("2/23/2", "1102")):
        state.units[uid].status, state.units[uid].hex = "on_map", at
    state.fuel_depot = "captured"
    state.turn = 1
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "ge", 3, []
    return state


def _best(state: PeiperState) -> tuple[float, Action]:
    legal = RULES.legal_actions(state, "ge")
    score, _, action, _ = _ge_ranking(state, legal, "plan")[0]
    return score, action


def test_ai_movement_walled_mech_units_are_cut_off() -> None:
    """The position: by ruling 23 every Mech unit is cut off, yet the bare ground has a way west."""
    with scenario_map("historical"):
        state = _walled()
        with ai_stops.strict(state):
            sit = situation(state)
            assert all(unit_distance(state, sit, uid) >= FAR for uid in ("Spitze", "1/1 LAH", "501"))
        ground = situation(state, set())
        assert unit_distance(state, ground, "Spitze") < 12.0


def test_ai_movement_hard_german_brings_a_cut_off_unit_on() -> None:
    """With the rule a Mech unit enters (a positive score, so the card is taken); switched off, every
    order scores nothing and the activation ends (the card would be passed)."""
    with scenario_map("historical"):
        state = _walled()
        score, action = _best(state)
        assert action.kind == "enter" and action.args["unit"] in ("Spitze", "1/1 LAH", "501") and score > 0
        old = ai_plan.APPROACH_IN
        try:
            ai_plan.APPROACH_IN = ()
            off_score, off_action = _best(state)
        finally:
            ai_plan.APPROACH_IN = old
        assert off_action.kind == "end" or off_score <= 0


def test_ai_movement_approach_counts_less_than_a_real_gain() -> None:
    """A cut-off unit's step is worth less than an ACT a unit with a way west saves (the plan's
    real gains come first): 3FJ/KG1 back on the map with a way open moves before any Mech entry."""
    with scenario_map("historical"):
        state = _walled()
        state.exited.remove("3FJ/KG1")
        state.units["3FJ/KG1"].status, state.units["3FJ/KG1"].hex = "on_map", "1208"
        score, action = _best(state)
        assert action.kind == "move" and action.args["unit"] == "3FJ/KG1" and score > 3.0


def test_ai_movement_approach_only_on_the_original_layout() -> None:
    """The contest layout's plan is untouched (and its German plays normal's order anyway)."""
    with scenario_map("contest"):
        state = _walled("contest")
        planner = ai_plan.Planner(state)
        assert all(planner.approach(uid, "1405") == 0.0 for uid in ("Spitze", "1/1 LAH", "501"))
