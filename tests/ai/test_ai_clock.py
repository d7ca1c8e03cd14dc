"""The hard German's clock (ai_plan.LAST_TURN_RISK): in the last turn it runs for the exit under fire.

Who Wins: four German units exited "by end of Turn 5". In the last turn a unit that waits out of the
US fire is as lost to the Germans as one eliminated, so the plan weighs the fire where a unit stops at
``LAST_TURN_RISK`` of its cost there. Traced on seed 11 (historical, the thoughtful US): three units
off, a reduced 1/1 LAH in Targnon three ACTs from the exit, 2/23/3 on the west edge at 0104; the plan
counted a step west as risking the unit (one hit eliminates it) and passed every card of turn 5."""

from __future__ import annotations

from engine.game import Action
from engine.games.peiper import RULES, ai_plan
from engine.games.peiper.ai_plan import ranked_plan
from engine.games.peiper.state import ACTIVATE, PeiperState
from engine.games.peiper.units import scenario_map


def _targnon(turn: int) -> PeiperState:
    state = RULES.new_state("historical", 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    for uid in ("3/2 LAH", "3FJ/KG2", "501"):
        state.units[uid].status = "exited"
        state.exited.append(uid)
    for uid in ("Spitze", "3FJ/KG1", "99 BG", "30/117/2", "CCB/3/1"):
        state.units[uid].status = "eliminated"
    for uid, at in (("1/1 LAH", "0304"), ("2/23/3", "0104"), ("30/117/1", "0802"), ("CCR/3/1", "0906"),
                    ("106 BG", "0909"), ("2/23/2", "1308")):
        state.units[uid].status, state.units[uid].hex = "on_map", at
    state.units["1/1 LAH"].reduced = True
    state.bridges_down = ["Cheneux", "Neufmoulin", "Stavelot", "Stoumont station"]
    state.turn = turn
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "ge", 3, []
    return state


def _best(state: PeiperState) -> tuple[float, Action]:
    score, _, action, _ = ranked_plan(state, RULES.legal_actions(state, "ge"))[0]
    return score, action


def test_ai_who_wins_last_turn_the_unit_runs_for_the_exit() -> None:
    with scenario_map("historical"):
        score, action = _best(_targnon(5))
        assert action.kind == "move" and action.args["unit"] == "1/1 LAH" and score > 0


def test_ai_who_wins_clock_off_or_earlier_turn_the_fire_holds_it() -> None:
    """With the clock off (LAST_TURN_RISK 1.0), or in turn 4, the same step is not worth the fire."""
    with scenario_map("historical"):
        old = ai_plan.LAST_TURN_RISK
        try:
            ai_plan.LAST_TURN_RISK = 1.0
            score, action = _best(_targnon(5))
        finally:
            ai_plan.LAST_TURN_RISK = old
        assert action.kind == "end" or score <= 0
        score, action = _best(_targnon(4))
        assert action.kind == "end" or score <= 0
