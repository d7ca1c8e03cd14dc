"""Turn Sequence and Movement, what an order costs before it is given (``RULES.order_cost``, the board's and
/odds' words): "Each ACT spent allows: a) a unit to move ... OR b) a unit to attack ... OR c) a bridge
demolition attempt"; each cost here is the ACT the order then takes."""

from __future__ import annotations

from peiper_helpers import activate, do, empty_board, facing, put

from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper.state import ACTIVATE


def cost(state, side: str, kind: str, **args: str) -> str | None:  # type: ignore[no-untyped-def]
    return RULES.order_cost(state, side, Action(kind, dict(args)))


def test_movement_a_mech_move_costs_one_act_and_its_mps_of_two() -> None:
    state = empty_board()
    state.fuel_depot = "captured"
    put(state, "Spitze", "1409")
    activate(state, "ge", 3)
    assert cost(state, "ge", "move", unit="Spitze", to="1108") == "1 ACT of 3; 2 of 2 MP"  # four road hexes at 1/2
    assert cost(state, "ge", "move", unit="Spitze", to="1309") == "1 ACT of 3; 0.5 of 2 MP"
    do(state, "ge", "move", unit="Spitze", to="1108")
    assert state.acts == 2  # the one ACT said
    assert cost(state, "ge", "move", unit="Spitze", to="1208") == "1 ACT of 2; 0.5 of 2 MP"  # back along the road


def test_movement_infantry_moves_one_hex_or_two_along_roads_for_one_act() -> None:
    state = empty_board()
    state.fuel_depot = "captured"
    put(state, "3/2 LAH", "1409")
    activate(state, "ge", 2)
    assert cost(state, "ge", "move", unit="3/2 LAH", to="1308") == "1 ACT of 2; 2 hexes by road"
    assert cost(state, "ge", "move", unit="3/2 LAH", to="1309") == "1 ACT of 2; 1 hex"
    do(state, "ge", "move", unit="3/2 LAH", to="1308")
    assert state.acts == 1


def test_turn_begins_a_face_card_move_spends_the_units_own_act() -> None:
    state = empty_board()
    state.fuel_depot = "captured"
    put(state, "3/2 LAH", "1409")
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "ge", 0, ["3/2 LAH"]
    state.spent = {"ge": True, "us": True}
    assert cost(state, "ge", "move", unit="3/2 LAH", to="1309") == "its face-card ACT; 1 hex"
    do(state, "ge", "move", unit="3/2 LAH", to="1309")
    assert state.act_units == [] and state.acts == 0


def test_set_up_entering_costs_one_act_of_the_cards() -> None:
    state = empty_board()
    activate(state, "ge", 2)
    assert cost(state, "ge", "enter", unit="Spitze", at="1409") == "1 ACT of 2"
    do(state, "ge", "enter", unit="Spitze", at="1409")
    assert state.acts == 1


def test_combat_an_attack_costs_one_act_and_by_ruling_12_ends_the_activations() -> None:
    state = facing(acts=3, combat_ends_activations=True)
    assert cost(state, "ge", "attack", unit="3/2 LAH", target="2/23/2") == "1 ACT of 3; ends the activations (2 more lost)"
    do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert state.acts == 0
    kept = facing(acts=3, combat_ends_activations=False)
    assert cost(kept, "ge", "attack", unit="3/2 LAH", target="2/23/2") == "1 ACT of 3"
    do(kept, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert kept.acts == 2


def test_orders_that_spend_no_act_and_units_without_one_have_no_cost() -> None:
    state = empty_board()
    put(state, "Spitze", "1409")
    activate(state, "ge", 2)
    assert cost(state, "ge", "end") is None
    assert cost(state, "us", "move", unit="2/23/2", to="0101") is None  # not the side to act
    assert cost(state, "ge", "move", unit="Spitze", to="0101") is None  # out of its reach
    assert cost(state, "ge", "move", unit="Nobody", to="1309") is None
    state.acts, state.act_units = 0, ["3/2 LAH"]
    assert cost(state, "ge", "move", unit="Spitze", to="1309") is None  # the face card activated another
