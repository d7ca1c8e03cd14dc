"""The hard German takes a unit out of the US fire (ai_escape; issue 30)."""

from __future__ import annotations

import pytest

from engine.games.peiper import RULES, ai_escape
from engine.games.peiper.ai_policy import ranked
from engine.games.peiper.units import scenario_map
from tests.ai.test_ai_activation import _activate, _board, _duel, _put


def test_ai_hard_german_steps_a_unit_out_of_the_us_fire_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """3/2 LAH next to 2/23/2 (a 30% shot at it each US ACT) can step clear; Spitze, free on the road,
    has a move worth as much. Without the rule the tie goes to Spitze and 3/2 LAH waits under fire;
    with it the step out of the fire comes first, and its reason says so."""
    state = _duel()
    _activate(state, 3)
    legal = RULES.legal_actions(state, "ge")
    with scenario_map(state.scenario):
        order = ranked(state, "ge", legal)
        best = order[0][0]
        assert any(a.args.get("unit") == "3/2 LAH" for s, _, a, _ in order if s == best)  # a tie
        adjusted = ai_escape.adjust(state, order)
    first = adjusted[0]
    assert first[2].kind == "move" and first[2].args["unit"] == "3/2 LAH" and "out of the US fire" in first[3]
    action, why = RULES.bot_action(state, "ge", "hard")
    assert action.kind == "move" and action.args["unit"] == "3/2 LAH" and "out of the US fire" in why
    monkeypatch.setattr(ai_escape, "ESCAPE_WEIGHT", 0.0)
    assert RULES.bot_action(state, "ge", "hard")[0].args.get("unit") != "3/2 LAH"


def test_ai_hard_german_escape_leaves_units_clear_of_fire_alone() -> None:
    """Turn 1 (no US reinforcement can enter yet) and no US unit within two hexes of a German unit:
    every score stays as it was."""
    state = _board()
    state.turn = 1
    _put(state, "3/2 LAH", "1102")
    _put(state, "Spitze", "1306")
    _put(state, "2/23/2", "0404")
    _activate(state, 3)
    legal = RULES.legal_actions(state, "ge")
    with scenario_map(state.scenario):
        order = ranked(state, "ge", legal)
        assert ai_escape.adjust(state, order) == order


def test_ai_hard_german_escape_is_off_on_the_layouts_where_it_measured_worse(monkeypatch: pytest.MonkeyPatch
                                                                             ) -> None:
    """The same duel scored on a layout of ESCAPE_OFF_IN (historical, as measured on seed 2030: docs/ai.md)
    is left as normal scores it; on contest the step out of the fire is added."""
    assert "historical" in ai_escape.ESCAPE_OFF_IN and "contest" not in ai_escape.ESCAPE_OFF_IN
    state = _duel()
    _activate(state, 3)
    legal = RULES.legal_actions(state, "ge")
    with scenario_map(state.scenario):
        order = ranked(state, "ge", legal)
        assert ai_escape.adjust(state, order) != order  # contest: the term is added
        monkeypatch.setattr(ai_escape, "ESCAPE_OFF_IN", (state.scenario,))
        assert ai_escape.adjust(state, order) == order
