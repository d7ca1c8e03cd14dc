"""The hard German takes a unit out of the US fire (ai_escape; issue 30)."""

from __future__ import annotations

import pytest

from engine.game import Action
from engine.games.peiper import RULES, ai_escape
from engine.games.peiper.ai_policy import ranked
from engine.games.peiper.state import ACTIVATE, PeiperState
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


def _chased() -> PeiperState:
    """3/2 LAH, the last German unit needed (three are off), at 1209 next to 106 BG in the forest at 1110;
    every hex clear of 106 BG is a step back east (seed 11, contest, game 2 against `aggressive`)."""
    state = _board()
    for uid, label in (("3/2 LAH", "1209"), ("106 BG", "1110"), ("2/23/2", "1308"), ("99 BG", "1305"),
                       ("CCR/3/1", "1202")):
        _put(state, uid, label)
    for uid in ("Spitze", "501", "1/1 LAH"):
        state.units[uid].status = "exited"
        state.exited.append(uid)
    for uid in ("3FJ/KG1", "3FJ/KG2"):
        state.units[uid].status = "eliminated"
    state.fuel_depot = "held"
    _activate(state, 4)
    return state


def _play_activation(state: PeiperState) -> list[Action]:
    orders = []
    while state.phase == ACTIVATE and state.side == "ge":
        action, _why = RULES.bot_action(state, "ge", "hard")
        orders.append(action)
        RULES.apply(state, "ge", action)
    return orders


def test_ai_hard_german_never_steps_back_out_of_fire_only_to_step_in_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step back (away from the exit) earns its escape only with the activation's last ACT (``BACK =
    "last"``): with it always, 3/2 LAH pinned by 106 BG stepped back to 1310, forward to 1209 (the way
    west), back again, card after card (seed 11, contest: up to 24 of a game's 85 German moves undid
    the one before). Now a 4-ACT activation never moves a unit to a hex it left; with the old weighing
    it does."""
    assert ai_escape.BACK == "last"
    orders = _play_activation(_chased())
    assert not _shuttles(orders), orders
    monkeypatch.setattr(ai_escape, "BACK", "full")
    assert _shuttles(_play_activation(_chased()))


def test_ai_hard_german_steps_back_out_of_fire_with_its_last_act() -> None:
    """With one ACT left the US answer comes next, so the step back out of 106 BG's fire keeps its escape
    (and its reason says so); with four left it is scored as a plain step away from the exit."""
    for acts, escapes in ((1, True), (4, False)):
        state = _chased()
        _activate(state, acts)
        legal = RULES.legal_actions(state, "ge")
        with scenario_map(state.scenario):
            order = ranked(state, "ge", legal)
            back = next(t for t in order if t[2].kind == "move" and t[2].args["to"] == "1310")
            adjusted = next(t for t in ai_escape.adjust(state, order) if t[2] == back[2])
        assert (adjusted[0] > back[0] + 1.0) is escapes and ("out of the US fire" in adjusted[3]) is escapes


def _shuttles(orders: list[Action]) -> bool:
    """Whether a unit moved back to a hex it left (the unit's path is replayed from the orders)."""
    seen: dict[str, list[str]] = {"3/2 LAH": ["1209"]}
    for a in orders:
        if a.kind == "move":
            path = seen.setdefault(a.args["unit"], [])
            if a.args["to"] in path:
                return True
            path.append(a.args["to"])
    return False
