"""One state shape (engine.gamestate) and one view shape (engine.view) for every game."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine import registry
from engine.view import check_view

GAMES = list(registry.GAME_PACKAGES)


@pytest.mark.parametrize("key", GAMES)
def test_ending_a_game_is_one_call_and_every_derived_answer_agrees(key: str) -> None:
    rules = registry.get(key)
    state = rules.new_state(rules.scenarios()[0].key, 4, {})
    assert not state.over and rules.result(state) is None and rules.to_act(state) is not None
    side = rules.sides[0]
    state.end(side, "a test ending", "Test 1.1")
    result = rules.result(state)
    assert state.over and state.phase == "over" and result is not None
    assert (result.winner, result.reason, result.rule) == (side, "a test ending", "Test 1.1")
    assert rules.is_over(state) and rules.winner(state) == side and rules.to_act(state) is None
    assert rules.legal_actions(state, side) == []
    view = rules.view(state, None)
    check_view(view)
    assert view["phase"] == "over" and view["result"]["reason"] == "a test ending"


def test_a_panzer_leader_state_stored_before_the_common_shape_reads_the_same() -> None:
    """Stored rows named the result `result_text`, the overlays `last_overlays` and kept `over` apart."""
    rules = registry.get("pl")
    state = rules.new_state(rules.scenarios()[0].key, 3, {})
    state.end("us", "objective held", "")
    state.overlays = [{"kind": "artillery", "hex": "0505"}]
    now = rules.dump(state)
    old = {k: v for k, v in now.items() if k not in ("result", "overlays", "result_rule")}
    old.update(result_text="objective held", last_overlays=now["overlays"], over=True)
    again = rules.load(old)
    assert rules.dump(again) == now
    result = rules.result(again)
    assert result is not None and result.rule == rules.victory_rule  # a stored result cites the victory rule


@pytest.mark.parametrize("missing", ["units", "phase", "to_act", "last_random"])
def test_a_view_without_a_documented_key_is_refused(missing: str) -> None:
    rules = registry.get("peiper")
    view = rules.view(rules.new_state("historical", 1, {}), None)
    check_view(view)
    del view[missing]
    with pytest.raises(ValidationError, match=missing):
        check_view(view)


def test_a_view_with_a_wrongly_typed_unit_is_refused() -> None:
    rules = registry.get("saf")
    view = rules.view(rules.new_state(rules.scenarios()[0].key, 1, {}), None)
    view["units"][0]["reduced"] = "no"
    with pytest.raises(ValidationError, match="reduced"):
        check_view(view)
