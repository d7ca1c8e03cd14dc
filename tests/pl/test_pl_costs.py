"""II. Movement Phase, what an order costs before it is given (``RULES.order_cost``, the board's and /odds'
words): each cost here is what the order then spends of its units' movement points."""

from __future__ import annotations

import pytest
from pl_helpers import build, rig

from engine.game import Action
from engine.games.pl import RULES


def cost_then_spent(state, kind: str, mover: str, **args: str) -> tuple[str | None, float, float]:  # type: ignore[no-untyped-def]
    """The cost said before the order, and the mover's MP before and after it is given."""
    action = Action(kind, dict(args))
    said = RULES.order_cost(state, state.side, action)
    before = state.units[mover].mp_left
    RULES.apply(state, state.side, action)
    return said, before, state.units[mover].mp_left


def test_ii_movement_phase_cost_is_the_mp_the_move_spends_road_bonus_included() -> None:
    s = build([("S1", "m4", "1011")], phase="move_vehicles")
    said, before, after = cost_then_spent(s, "move", "S1", units="S1", to="1412")
    assert said == f"{before - after:g} MP of {before:g}" == "2 MP of 8"  # four road hexes at 1/2 (II. Road Bonus)


def test_ii_movement_phase_cost_of_a_second_move_is_of_what_is_left() -> None:
    s = build([("S1", "m4", "1009")], phase="move_vehicles")
    RULES.apply(s, "us", Action("move", {"units": "S1", "to": "1109"}))
    said, before, after = cost_then_spent(s, "move", "S1", units="S1", to="1008")
    assert (said, before - after) == ("2 MP of 7", 2)  # the cheapest way round, of the 7 left


def test_ii_movement_phase_a_first_hex_costing_more_than_the_allowance_takes_all() -> None:
    s = build([("R1", "us_rifle", "1212")], phase="move_infantry")
    said, before, after = cost_then_spent(s, "move", "R1", units="R1", to="1213")  # woods cost 2, allowance 1
    assert said == "all 1 MP left (2 needed)" and after == 0


def test_ii_overrun_cost_is_the_mp_spent_through_the_target_hex() -> None:
    s = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "1010")], phase="move_vehicles")
    rig(s, [3])
    said, before, after = cost_then_spent(s, "overrun", "S1", units="S1", target="1010")
    assert said == f"{before - after:g} MP of {before:g}"


@pytest.mark.parametrize(("cargo", "kind"), [("R1", "us_rifle"), ("A1", "pak88")])
def test_ii_transporting_units_cost_is_the_carriers_mp_spent(cargo: str, kind: str) -> None:
    side = "ge" if kind == "pak88" else "us"
    truck = "ge_truck" if side == "ge" else "us_truck"
    s = build([("T1", truck, "1009"), (cargo, kind, "1009")], side=side, phase="move_vehicles")
    said, before, after = cost_then_spent(s, "load", "T1", unit="T1", cargo=cargo)
    assert said == f"{before - after:g} MP of {before:g}"


def test_ii_transporting_units_after_a_move_loading_ends_it() -> None:
    s = build([("T1", "us_truck", "1008"), ("R1", "us_rifle", "1009")], phase="move_vehicles")
    RULES.apply(s, "us", Action("move", {"units": "T1", "to": "1009"}))
    said, before, after = cost_then_spent(s, "load", "T1", unit="T1", cargo="R1")
    assert said == f"all {before:g} MP left (6 needed)" and after == 0


def test_orders_that_spend_no_movement_and_orders_not_open_have_no_cost() -> None:
    s = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "1010")], phase="move_vehicles")
    assert RULES.order_cost(s, "us", Action("end")) is None
    assert RULES.order_cost(s, "ge", Action("move", {"units": "G1", "to": "1011"})) is None  # not its turn
    assert RULES.order_cost(s, "us", Action("move", {"units": "S1", "to": "1009"})) is None  # already there
    assert RULES.order_cost(s, "us", Action("move", {"units": "G1", "to": "1008"})) is None  # not its unit
