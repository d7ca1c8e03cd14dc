"""The hard German's plan over turns (ai_crossings): Mech units over the bridges before they may be blown.

Bridge Demolition: the US may attempt one "After Turn 2"; the Terrain Chart: a Mech unit may not
cross a river off a bridge. So in turns 1-2 a Mech move over a demolishable bridge is worth more than
an equal move that stays behind the river."""

from __future__ import annotations

from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper.ai_crossings import Crossings, active, adjust, threatened
from engine.games.peiper.state import ACTIVATE, PeiperState
from engine.games.peiper.units import game_map, scenario_map


def _stavelot_east_bank(turn: int) -> PeiperState:
    """1/1 LAH (Mech) at 1309, across the Stavelot bridge (1308/1309) from the town; no one else on the map."""
    state = RULES.new_state("contest", 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    state.units["1/1 LAH"].status, state.units["1/1 LAH"].hex = "on_map", "1309"
    state.turn = turn
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "ge", 2, []
    return state


def _equal_order(state: PeiperState) -> tuple[Action, Action, list[tuple[float, int, Action, str]]]:
    legal = RULES.legal_actions(state, "ge")
    stay = next(a for a in legal if a.kind == "move" and a.args["to"] == "1210")  # east bank, south
    cross = next(a for a in legal if a.kind == "move" and a.args["to"] == "1208")  # over the bridge
    # Equal scores, the move that stays behind the river listed first (it wins the tie unadjusted).
    return stay, cross, [(12.0, 0, stay, "stay"), (12.0, -1, cross, "cross"), (0.0, -2, Action("end"), "")]


def test_ai_bridge_demolition_threat_is_the_maps_demolishable_bridges() -> None:
    with scenario_map("contest"):
        state = _stavelot_east_bank(1)
        names = threatened(state)
        assert "Stavelot" in names and "Trois-Ponts (Amblève)" in names
        assert set(names) == {b.name for b in game_map().bridges.values() if b.demolishable}
        state.bridges_down = ["Stavelot"]
        assert "Stavelot" not in threatened(state)


def test_ai_bridge_demolition_plan_crosses_a_key_bridge_in_turns_1_2() -> None:
    """Turns 1 and 2: the move over the Stavelot bridge beats an equal move that stays on the east bank."""
    with scenario_map("contest"):
        for turn in (1, 2):
            state = _stavelot_east_bank(turn)
            stay, cross, order = _equal_order(state)
            assert order[0][2] == stay
            cr = Crossings.build(state)
            assert cr.gain(state, cross) > 0 >= cr.gain(state, stay)
            first = adjust(state, order)[0]
            assert first[2] == cross and "before the bridges may be blown" in first[3]


def test_ai_bridge_demolition_plan_ends_when_demolition_is_allowed() -> None:
    """Turn 3 ("After Turn 2"; option demolition_from_turn): the order is left as it was."""
    with scenario_map("contest"):
        state = _stavelot_east_bank(3)
        _stay, _cross, order = _equal_order(state)
        assert not active(state)
        assert adjust(state, order) == order
        state = _stavelot_east_bank(3)
        state.options["demolition_from_turn"] = 4
        assert active(state)
