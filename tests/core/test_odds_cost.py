"""/odds and /game odds say what a move costs: the game's ``order_cost`` beside the order (engine.odds),
the same words the board shows on the hex the move goes to."""

from __future__ import annotations

from engine import registry
from engine.game import Action
from engine.odds import odds


def _pl_move_state():  # type: ignore[no-untyped-def]
    from engine.games.pl.state import Unit

    rules = registry.get("pl")
    state = rules.new_state("utah", 7, {})
    state.board, state.mines, state.blocks = "", {}, []
    state.units = {"S1": Unit("S1", "m4", "us", hex="1011", mp_left=8.0)}
    state.side, state.phase, state.turn = "us", "move_vehicles", 1
    return rules, state


def test_odds_of_a_move_say_its_cost_in_the_boards_words() -> None:
    rules, state = _pl_move_state()
    action = Action("move", {"units": "S1", "to": "1412"})
    shown = odds(rules, state, "us", action)
    assert shown.cost == rules.order_cost(state, "us", action) == "2 MP of 8"
    assert shown.text().startswith("/pl move units:S1 to:1412 (costs 2 MP of 8): nothing is drawn;")


def test_odds_of_an_order_with_no_cost_say_none() -> None:
    rules = registry.get("peiper")
    state = rules.new_state("contest", 1, {})
    shown = odds(rules, state, "us", Action("place", {"unit": "99 BG", "at": "0404"}))
    assert shown.cost == "" and "costs" not in shown.text()


def test_a_cost_is_bounded_and_a_refused_order_has_none(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A game's words are cut to MAX_COST (80) wherever they are read; a cost its rules refuse is None."""
    from engine.contract import MAX_COST
    from engine.errors import IllegalAction
    from engine.games.pl import costs

    rules, state = _pl_move_state()
    action = Action("move", {"units": "S1", "to": "1412"})
    monkeypatch.setattr(costs, "cost", lambda *_: "<b>" + "x" * 500)
    said = rules.order_cost(state, "us", action)
    assert said is not None and len(said) == MAX_COST == 80
    assert len(odds(rules, state, "us", action).cost) == 80

    def refuse(*_: object) -> str:
        raise IllegalAction("no")

    monkeypatch.setattr(costs, "cost", refuse)
    assert rules.order_cost(state, "us", action) is None


def test_a_game_without_a_costs_module_has_no_cost() -> None:
    from tests.core.tinygame import registered

    with registered() as rules:
        state = rules.new_state(rules.scenarios()[0].key, 1, {})
        side = rules.to_act(state)
        assert side is not None
        listed = rules.legal_actions(state, side)
        assert listed and all(rules.order_cost(state, side, a) is None for a in listed)
