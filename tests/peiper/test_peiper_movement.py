"""Movement and the Terrain Chart."""

from __future__ import annotations

import pytest
from peiper_helpers import activate, do, empty_board, put

from engine.errors import IllegalAction, UnknownHex
from engine.games.peiper import RULES
from engine.games.peiper.board import destinations
from engine.hexgrid import Hex


def reach(state: object, uid: str) -> set[str]:
    return {h.label for h in destinations(state, uid)}  # type: ignore[arg-type]


def test_movement_mech_two_mps_with_roads_at_half_an_mp() -> None:
    state = empty_board()
    put(state, "Spitze", "1409")
    got = reach(state, "Spitze")
    # 1409-1309-1308 (Stavelot bridge)-1208-1108 is four road hexes: 2 MPs.
    assert {"1309", "1308", "1208", "1108"} <= got
    assert "1008" not in got


def test_movement_mech_light_forest_costs_two_mps() -> None:
    state = empty_board()
    put(state, "Spitze", "0902")
    got = reach(state, "Spitze")
    assert "0903" in got  # light forest, 2 MPs
    assert "0904" not in got  # a second light forest hex would be 4


def test_movement_forest_may_only_be_entered_by_road() -> None:
    state = empty_board()
    put(state, "Spitze", "1105")
    state.fuel_depot = "captured"
    activate(state, "ge", 2)
    with pytest.raises(IllegalAction, match="forest by road"):
        do(state, "ge", "move", unit="Spitze", to="1106")
    put(state, "3/2 LAH", "1104")
    do(state, "ge", "move", unit="3/2 LAH", to="1105")  # infantry ignores terrain
    do(state, "ge", "move", unit="3/2 LAH", to="1106")
    assert state.units["3/2 LAH"].hex == "1106"


def test_movement_mech_crosses_a_river_only_at_a_bridge() -> None:
    state = empty_board()
    put(state, "Spitze", "1209")
    activate(state, "ge", 2)
    with pytest.raises(IllegalAction, match="only at a bridge"):
        do(state, "ge", "move", unit="Spitze", to="1208")
    put(state, "1/1 LAH", "1309")
    assert "1308" in reach(state, "1/1 LAH")
    state.bridges_down.append("Stavelot")
    assert "1308" not in reach(state, "1/1 LAH")


def test_movement_infantry_one_hex_across_an_unbridged_river() -> None:
    state = empty_board()
    put(state, "3/2 LAH", "1209")
    activate(state, "ge", 1)
    do(state, "ge", "move", unit="3/2 LAH", to="1208")
    assert state.units["3/2 LAH"].hex == "1208"


def test_movement_infantry_two_hexes_along_roads_only() -> None:
    state = empty_board()
    put(state, "3/2 LAH", "1409")
    got = reach(state, "3/2 LAH")
    assert "1308" in got  # 1409-1309-1308 by road
    assert "1208" not in got
    put(state, "3FJ/KG1", "1102")  # no road: one hex only
    assert all(Hex.parse(h).distance(Hex.parse("1102")) == 1 for h in reach(state, "3FJ/KG1"))


def test_movement_a_unit_adjacent_to_an_enemy_may_move_only_to_a_hex_not_adjacent_to_one() -> None:
    state = empty_board()
    put(state, "3/2 LAH", "1102")
    put(state, "99 BG", "1202")
    activate(state, "ge", 2)
    with pytest.raises(IllegalAction, match="not adjacent to an enemy"):
        do(state, "ge", "move", unit="3/2 LAH", to="1201")  # 1201 is adjacent to 1202
    do(state, "ge", "move", unit="3/2 LAH", to="1002")
    assert state.units["3/2 LAH"].hex == "1002"


def test_movement_refused_orders_leave_the_state_unchanged() -> None:
    state = empty_board()
    put(state, "Spitze", "1105")
    activate(state, "ge", 2)
    before = RULES.dump(state)
    for bad in ({"unit": "Spitze", "to": "1106"}, {"unit": "Spitze", "to": "9999"}, {"unit": "Nobody", "to": "1104"}):
        with pytest.raises((IllegalAction, UnknownHex, Exception)):
            do(state, "ge", "move", **bad)
        assert RULES.dump(state) == before


def test_movement_a_unit_stops_on_entering_a_hex_adjacent_to_an_enemy() -> None:
    """Movement: "may not move if adjacent to an enemy unit" read hex by hex (ruling 23): Spitze may not
    drive on from 0205, next to 99 BG in 0305, to 0207."""
    state = empty_board()
    state.fuel_depot = "captured"
    put(state, "Spitze", "0105")
    put(state, "99 BG", "0305")
    activate(state, "ge", 2)
    assert "0205" in reach(state, "Spitze") and "0207" not in reach(state, "Spitze")
    with pytest.raises(IllegalAction, match="passes 0205, next to an enemy unit"):
        do(state, "ge", "move", unit="Spitze", to="0207")
    do(state, "ge", "move", unit="Spitze", to="0205")  # it may enter the hex, and stops there
    assert state.units["Spitze"].hex == "0205"


def test_movement_option_act_ends_allows_passing_next_to_enemies() -> None:
    """Ruling 23's other reading (option adjacent_movement:act_ends): only the ACT's start and end count."""
    state = empty_board(adjacent_movement="act_ends")
    state.fuel_depot = "captured"
    put(state, "Spitze", "0105")
    put(state, "99 BG", "0305")
    activate(state, "ge", 2)
    do(state, "ge", "move", unit="Spitze", to="0207")
    assert state.units["Spitze"].hex == "0207"


def test_movement_refusal_names_an_enemy_held_hex_on_the_only_path() -> None:
    state = empty_board(adjacent_movement="act_ends")
    state.fuel_depot = "captured"
    put(state, "Spitze", "0105")
    put(state, "99 BG", "0206")
    activate(state, "ge", 2)
    with pytest.raises(IllegalAction, match="enemy units in 0206 block the only way there") as err:
        do(state, "ge", "move", unit="Spitze", to="0208")
    assert "2 MPs" not in str(err.value)


def test_movement_refusal_names_a_blown_bridge_on_the_only_path() -> None:
    state = empty_board()
    state.fuel_depot = "captured"
    state.bridges_down = ["Stoumont station"]
    put(state, "Spitze", "0104")
    activate(state, "ge", 2)
    with pytest.raises(IllegalAction, match="Stoumont station bridge is down on the only way there") as err:
        do(state, "ge", "move", unit="Spitze", to="0206")
    assert "2 MPs" not in str(err.value)
