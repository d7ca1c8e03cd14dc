"""Components on the Rules Sheet, and Set-Up."""

from __future__ import annotations

import pytest
from peiper_helpers import activate, do, empty_board, fresh, put

from engine.errors import IllegalAction, UnknownUnit
from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper.board import destinations
from engine.games.peiper.units import game_map, resolve_unit, unit_specs

STRIP = {
    "CCR/3/1": (2, 3, 1), "CCB/3/1": (2, 3, 1), "2/23/3": (1, 3, 3), "2/23/2": (1, 3, 3),
    "30/117/2": (1, 3, 3), "30/117/1": (1, 3, 3), "3FJ/KG2": (1, 2, 3), "3FJ/KG1": (1, 2, 3),
    "501": (2, 4, 1), "3/2 LAH": (1, 4, 3), "1/1 LAH": (2, 4, 1), "Spitze": (2, 4, 1),
}


def test_components_printed_values_match_the_counter_strip() -> None:
    specs = unit_specs()
    for uid, printed in STRIP.items():
        assert specs[uid].full == printed, uid


def test_components_mech_units_are_the_tank_counters() -> None:
    mech = {uid for uid, s in unit_specs().items() if s.mech}
    assert mech == {"CCR/3/1", "CCB/3/1", "501", "1/1 LAH", "Spitze"}


def test_components_reduced_side_is_weaker_and_99_106_bg_exist() -> None:
    for s in unit_specs().values():
        assert all(r <= f for r, f in zip(s.reduced, s.full, strict=True))
        assert s.reduced != s.full
    assert "99 BG" in unit_specs() and "106 BG" in unit_specs()


def test_components_30_177_spelling_names_the_30_117_counters() -> None:
    assert resolve_unit("30/177/1") == "30/117/1"
    assert resolve_unit("30-117-2") == "30/117/2"
    assert resolve_unit("spitze") == "Spitze"
    with pytest.raises(UnknownUnit, match="No unit 'Tiger 7'"):
        resolve_unit("Tiger 7")


def test_setup_us_units_anywhere_but_the_easternmost_hexrow() -> None:
    state = RULES.new_state("historical", 1, {})
    with pytest.raises(IllegalAction, match="easternmost hexrow"):
        RULES.apply(state, "us", Action("place", {"unit": "99 BG", "at": "1405"}))
    RULES.apply(state, "us", Action("place", {"unit": "99 BG", "at": "1305"}))
    assert state.units["99 BG"].hex == "1305"
    with pytest.raises(IllegalAction, match="does not set up"):
        RULES.apply(state, "us", Action("place", {"unit": "CCB/3/1", "at": "1305"}))


def test_setup_anywhere_a_mech_unit_too_in_a_forest_off_the_road() -> None:
    """Ruling 30: "anywhere but the easternmost hexrow" - set-up is no movement, so the Terrain Chart's
    "may only enter via road" does not bind it; the unit leaves the forest as from any hex."""
    state = RULES.new_state("historical", 1, {})
    RULES.apply(state, "us", Action("place", {"unit": "CCR/3/1", "at": "0102"}))
    assert state.units["CCR/3/1"].hex == "0102"
    old = RULES.new_state("historical", 1, {"setup_terrain_free": False})
    with pytest.raises(IllegalAction, match="forest hex on a road"):
        RULES.apply(old, "us", Action("place", {"unit": "CCR/3/1", "at": "0102"}))
    RULES.apply(state, "us", Action("ready"))
    activate(state, "us", 1)
    gmap = game_map()
    moves = destinations(state, "CCR/3/1")
    assert "0103" in {h.label for h in moves}  # out to the clear hex next door
    assert all(gmap.terrain_of(h) != "forest" or h in gmap.road_hexes for h in moves)  # forest still only by road


def test_setup_fuel_depot_marker_in_stavelot() -> None:
    state = fresh()
    view = RULES.view(state, None)
    depot = [m for m in view["markers"] if m["kind"] == "fuel_depot"]
    assert depot == [{"kind": "fuel_depot", "hex": game_map().places["Stavelot"].label}]


def test_setup_ready_places_every_setup_unit_and_starts_turn_1() -> None:
    state = fresh()
    placed = {u.id for u in state.units.values() if u.status == "on_map"}
    assert placed == {"CCR/3/1", "2/23/2", "99 BG", "106 BG"}
    assert state.turn == 1 and state.phase == "draw" and state.side == "ge"


def test_setup_german_units_enter_along_the_east_edge_for_one_act_each() -> None:
    state = empty_board()
    activate(state, "ge", 2)
    with pytest.raises(IllegalAction, match="east map edge"):
        do(state, "ge", "enter", unit="Spitze", at="1309")
    do(state, "ge", "enter", unit="Spitze", at="1409")
    assert state.units["Spitze"].hex == "1409" and state.acts == 1
    with pytest.raises(IllegalAction, match="from turn 4"):
        do(state, "ge", "enter", unit="3FJ/KG2", at="1410")


def test_setup_kg2_enters_on_turn_4() -> None:
    state = empty_board()
    state.turn = 4
    activate(state, "ge", 1)
    do(state, "ge", "enter", unit="3FJ/KG2", at="1405")
    assert state.units["3FJ/KG2"].hex == "1405"


def test_setup_us_reinforcements_from_turn_2_along_west_or_north_edges() -> None:
    state = empty_board()
    activate(state, "us", 3)
    with pytest.raises(IllegalAction, match="from turn 2"):
        do(state, "us", "enter", unit="30/117/1", at="0105")
    state.turn = 2
    with pytest.raises(IllegalAction, match="west or north"):
        do(state, "us", "enter", unit="30/117/1", at="1405")
    do(state, "us", "enter", unit="30/117/1", at="0105")
    do(state, "us", "enter", unit="CCB/3/1", at="0801")
    assert state.units["CCB/3/1"].hex == "0801"


def test_setup_30_177_1_or_2_only_one_of_the_two_battalions_enters() -> None:
    """Set-Up: "may enter CCB/3/1, 30/177/1 or 2 and/or 2/23/3" - one of the two (ruling 26)."""
    state = empty_board()
    state.turn = 2
    activate(state, "us", 3)
    do(state, "us", "enter", unit="30/177/2", at="0105")
    assert Action("enter", {"unit": "30/117/1", "at": "0801"}) not in RULES.legal_actions(state, "us")
    with pytest.raises(IllegalAction, match="only one of them may"):
        do(state, "us", "enter", unit="30/117/1", at="0801")
    both = empty_board(one_30th_battalion=False)
    both.turn = 2
    activate(both, "us", 3)
    do(both, "us", "enter", unit="30/117/2", at="0105")
    do(both, "us", "enter", unit="30/117/1", at="0801")
    assert both.units["30/117/1"].hex == "0801"


def test_setup_turn_4_the_ge_player_may_enter_3fj_kg2_on_turn_4_only() -> None:
    """Set-Up: "Turn 4 the GE player may enter 3 FJ/ KG 2" - on turn 4, not after (ruling 27)."""
    for turn, allowed in [(3, False), (4, True), (5, False)]:
        state = empty_board()
        state.turn = turn
        activate(state, "ge", 2)
        offered = Action("enter", {"unit": "3FJ/KG2", "at": "1405"}) in RULES.legal_actions(state, "ge")
        assert offered is allowed, turn
        if not allowed:
            with pytest.raises(IllegalAction, match="turn 4"):
                do(state, "ge", "enter", unit="3FJ/KG2", at="1405")
    late = empty_board(kg2_turn_4_only=False)
    late.turn = 5
    activate(late, "ge", 2)
    do(late, "ge", "enter", unit="3FJ/KG2", at="1405")
    assert late.units["3FJ/KG2"].hex == "1405"


def test_setup_2_23_3_cannot_enter_while_stoumont_is_german() -> None:
    state = empty_board()
    state.turn = 2
    put(state, "3/2 LAH", "0404")
    activate(state, "us", 2)
    with pytest.raises(IllegalAction, match="Stoumont"):
        do(state, "us", "enter", unit="2/23/3", at="0401")


def test_setup_ccb_cannot_enter_once_an_ss_unit_has_exited_west() -> None:
    state = empty_board()
    state.turn = 2
    put(state, "Spitze", "0105")
    activate(state, "ge", 1)
    do(state, "ge", "exit", unit="Spitze")
    activate(state, "us", 1)
    with pytest.raises(IllegalAction, match="SS unit has exited"):
        do(state, "us", "enter", unit="CCB/3/1", at="0110")


def test_setup_up_to_two_friendly_units_stack_and_never_mixed() -> None:
    state = empty_board()
    put(state, "Spitze", "1102")
    put(state, "501", "1102")
    put(state, "1/1 LAH", "1202")
    put(state, "99 BG", "1103")
    activate(state, "ge", 3)
    with pytest.raises(IllegalAction, match="up to 2 may stack"):
        do(state, "ge", "move", unit="1/1 LAH", to="1102")
    activate(state, "us", 3)
    with pytest.raises(IllegalAction, match="enemy units hold that hex"):
        do(state, "us", "move", unit="99 BG", to="1102")


def test_a_game_stored_before_a_ruling_changed_keeps_the_rules_it_was_played_with() -> None:
    """Rulings 10, 17, 19, 23, 26, 27, 29, 30: games stored without the new options replay and play on as they began."""
    legacy = {"adjacent_movement": "act_ends", "one_30th_battalion": False, "kg2_turn_4_only": False,
              "decided_counts_eliminations": False, "depot_every_occupation": False, "ignored_joker": "set_aside",
              "supply_over_river": True, "setup_terrain_free": False}
    state = RULES.new_state("historical", 4, {})
    assert {k: state.options[k] for k in legacy} != legacy
    dumped = RULES.dump(state)
    for name in legacy:
        del dumped["options"][name]
    del dumped["depot_owed"]  # a field newer than the stored game
    old = RULES.load(dumped)
    assert {k: old.options[k] for k in legacy} == legacy and old.depot_owed is False
    assert RULES.new_state("historical", 4, RULES.upgrade_options(dumped["options"])).options == old.options
    assert RULES.new_state("historical", 4, {}).options["adjacent_movement"] == "hex_by_hex"
