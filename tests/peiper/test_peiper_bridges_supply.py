"""Bridge Demolition, German Supply and the Fuel Depot."""

from __future__ import annotations

import pytest
from peiper_helpers import activate, do, empty_board, put, stack

from engine.errors import IllegalAction
from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper.board import destinations, in_supply


def demo_state(turn: int = 3, **options: object) -> object:
    state = empty_board(**options)
    state.turn = turn
    activate(state, "us", 2)
    return state


def test_bridge_demolition_us_only_and_only_after_turn_2() -> None:
    state = demo_state(turn=2)
    with pytest.raises(IllegalAction, match="after turn 2"):
        do(state, "us", "demolish", bridge="Cheneux")  # type: ignore[arg-type]
    activate(state, "ge", 1)  # type: ignore[arg-type]
    state.turn = 3  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="Only the US"):
        do(state, "ge", "demolish", bridge="Cheneux")  # type: ignore[arg-type]


def test_bridge_demolition_a_draw_under_10_blows_the_bridge() -> None:
    state = demo_state()
    stack(state, "9S")  # type: ignore[arg-type]
    do(state, "us", "demolish", bridge="Cheneux")  # type: ignore[arg-type]
    assert state.bridges_down == ["Cheneux"]  # type: ignore[attr-defined]
    view = RULES.view(state, None)  # type: ignore[arg-type]
    assert {"kind": "bridge_down", "hexside": "0705/0804", "bridge": "Cheneux"} in view["markers"]


def test_bridge_demolition_ten_or_more_face_or_joker_leaves_it_intact() -> None:
    for card in ("10S", "KS"):
        state = demo_state()
        stack(state, card)  # type: ignore[arg-type]
        do(state, "us", "demolish", bridge="Cheneux")  # type: ignore[arg-type]
        assert state.bridges_down == [], card  # type: ignore[attr-defined]


def test_bridge_demolition_modifiers_us_adjacent_minus_1_german_adjacent_plus_2() -> None:
    state = demo_state()
    put(state, "2/23/2", "0804")  # type: ignore[arg-type]
    stack(state, "10S")  # type: ignore[arg-type]
    do(state, "us", "demolish", bridge="Cheneux")  # type: ignore[arg-type]
    assert state.bridges_down == ["Cheneux"]  # type: ignore[attr-defined]  # 10 - 1 = 9
    state = demo_state()
    put(state, "3/2 LAH", "0705")  # type: ignore[arg-type]
    stack(state, "8S")  # type: ignore[arg-type]
    do(state, "us", "demolish", bridge="Cheneux")  # type: ignore[arg-type]
    assert state.bridges_down == []  # type: ignore[attr-defined]  # 8 + 2 = 10


def test_bridge_demolition_exactly_10_is_a_per_game_option() -> None:
    state = demo_state(exactly_10_succeeds=True)
    stack(state, "10S")  # type: ignore[arg-type]
    do(state, "us", "demolish", bridge="Cheneux")  # type: ignore[arg-type]
    assert state.bridges_down == ["Cheneux"]  # type: ignore[attr-defined]


def test_bridge_demolition_bridges_cannot_be_repaired_and_markers_run_out() -> None:
    state = demo_state()
    state.bridges_down = ["Cheneux"]  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="cannot be repaired"):
        do(state, "us", "demolish", bridge="Cheneux")  # type: ignore[arg-type]
    state.bridges_down = ["Cheneux", "Stavelot", "Neufmoulin", "Stoumont station"]  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="Bridge Down markers"):
        do(state, "us", "demolish", bridge="Trois-Ponts (Salm)")  # type: ignore[arg-type]


def test_german_supply_a_road_connected_back_to_the_east_edge() -> None:
    state = empty_board()
    put(state, "Spitze", "1108")
    put(state, "1/1 LAH", "1107")  # adjacent to the road
    put(state, "501", "1102")  # far from any road
    assert in_supply(state, "Spitze") and in_supply(state, "1/1 LAH")
    assert not in_supply(state, "501")


def test_german_supply_roads_blocked_by_us_units_and_their_neighbours() -> None:
    state = empty_board()
    put(state, "Spitze", "1108")
    put(state, "99 BG", "1310")  # next to both east-edge road hexes
    put(state, "106 BG", "1308")
    assert not in_supply(state, "Spitze")


def test_german_supply_no_road_across_a_blown_bridge() -> None:
    state = empty_board()
    put(state, "Spitze", "1108")
    assert in_supply(state, "Spitze")
    state.bridges_down = ["Stavelot", "Trois-Ponts (Salm)"]
    assert not in_supply(state, "Spitze")


def test_german_supply_out_of_supply_moves_one_hex_and_adds_one_to_attacks() -> None:
    state = empty_board()
    put(state, "Spitze", "1102")
    assert not in_supply(state, "Spitze")
    assert all(len(path) == 2 for path in destinations(state, "Spitze", supplied=False).values())
    activate(state, "ge", 2)
    with pytest.raises(IllegalAction, match="out of supply"):
        do(state, "ge", "move", unit="Spitze", to="0902")
    put(state, "3/2 LAH", "1103")
    put(state, "2/23/2", "1203")
    stack(state, "3S")
    texts = do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert any("out of supply" in t for t in texts)
    assert not state.units["2/23/2"].reduced  # 3 + 1 > 3


def test_german_supply_oba_support_does_not_help_unsupplied_units() -> None:
    state = empty_board()
    put(state, "3/2 LAH", "1103")
    put(state, "2/23/2", "1203")
    state.oba_support["ge"] = ["1203"]
    activate(state, "ge", 1)
    stack(state, "3S")
    do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert not state.units["2/23/2"].reduced  # 3 + 1 supply, no -1


def stavelot_entry(card: str, us_adjacent: bool) -> object:
    state = empty_board()
    put(state, "Spitze", "1309")
    if us_adjacent:
        put(state, "99 BG", "1307")
    activate(state, "ge", 2)
    stack(state, card)
    do(state, "ge", "move", unit="Spitze", to="1308")
    return state


def test_german_supply_fuel_depot_captured_on_a_draw_under_10() -> None:
    state = stavelot_entry("9S", us_adjacent=False)
    assert state.fuel_depot == "captured"  # type: ignore[attr-defined]
    put(state, "501", "0102")  # type: ignore[arg-type]
    assert in_supply(state, "501")  # type: ignore[arg-type]  # supply ignored for the rest of the game


def test_german_supply_fuel_depot_plus_2_with_a_us_unit_adjacent_to_stavelot() -> None:
    state = stavelot_entry("8S", us_adjacent=True)
    assert state.fuel_depot == "destroyed"  # type: ignore[attr-defined]


def test_german_supply_fuel_depot_destroyed_on_a_face_card() -> None:
    state = stavelot_entry("QH", us_adjacent=False)
    assert state.fuel_depot == "destroyed"  # type: ignore[attr-defined]


def test_bridge_demolition_a_face_card_always_fails_and_says_so() -> None:
    """Bridge Demolition: "Joker, face card or modified CD > 10 means bridge remains intact"."""
    state = demo_state()
    put(state, "2/23/2", "0804")  # type: ignore[arg-type]  # -1 would not save a face card
    stack(state, "QS")  # type: ignore[arg-type]
    text = " ".join(do(state, "us", "demolish", bridge="Cheneux"))  # type: ignore[arg-type]
    assert "a face card always fails" in text and state.bridges_down == []  # type: ignore[attr-defined]


def test_bridge_demolition_a_name_matching_two_bridges_names_both() -> None:
    state = demo_state()
    with pytest.raises(IllegalAction) as err:
        do(state, "us", "demolish", bridge="trois")  # type: ignore[arg-type]
    assert "Trois-Ponts (Amblève) and Trois-Ponts (Salm)" in str(err.value)
    assert state.bridges_down == []  # type: ignore[attr-defined]


def test_german_supply_not_adjacent_across_an_unbridged_river_hexside() -> None:
    """Ruling 17: "nor cross an un-bridged river hexside" holds for the unit's own step to the road: with
    the Stavelot and Salm bridges blown, Stavelot is cut off, though the south-bank road next to it
    still runs to the east edge."""
    for over_river, supplied in ((False, False), (True, True)):
        state = empty_board(supply_over_river=over_river)
        put(state, "Spitze", "1308")
        assert in_supply(state, "Spitze")
        state.bridges_down = ["Stavelot", "Trois-Ponts (Salm)"]
        assert in_supply(state, "Spitze") is supplied, over_river
        state.bridges_down = ["Trois-Ponts (Salm)"]  # the bridge standing: the step to 1309 crosses it
        assert in_supply(state, "Spitze")


def test_german_supply_fuel_depot_draw_after_a_gm_order_puts_a_german_in_stavelot() -> None:
    """Ruling 19: the check follows every order that leaves a German unit in Stavelot, a GM's too, so
    the unit cannot leave again with the marker untouched."""
    for after_gm, result in ((True, "captured"), (False, "held")):
        state = empty_board(depot_every_occupation=after_gm)
        stack(state, "5S")
        events = RULES.gm_apply(state, Action("move", {"unit": "Spitze", "to": "1308"}))
        assert state.fuel_depot == result, after_gm
        assert any("Fuel Depot" in e.text for e in events) is after_gm


def test_german_supply_fuel_depot_draw_when_the_gm_hands_the_marker_back() -> None:
    """Ruling 19: a German already in Stavelot when the GM sets the marker back to held draws at once."""
    state = empty_board()
    put(state, "Spitze", "1308")
    state.fuel_depot = "destroyed"
    stack(state, "KS")
    RULES.gm_apply(state, Action("depot", {"state": "held"}))
    assert state.fuel_depot == "destroyed" and len(state.deck) == 52


def test_german_supply_fuel_depot_draw_owed_when_no_card_was_left() -> None:
    """Ruling 19: a German unit that occupies Stavelot with no card left owes the draw, made with the next
    turn's deck even if the unit has left meanwhile; before the option, leaving again escaped it."""
    for every, drawn in ((True, True), (False, False)):
        state = empty_board(depot_every_occupation=every)
        put(state, "Spitze", "1309")
        activate(state, "ge", 2)
        state.deck.discards += state.deck.draw_pile
        state.deck.draw_pile = []
        do(state, "ge", "move", unit="Spitze", to="1308")
        assert state.fuel_depot == "held" and state.depot_owed is every
        texts = do(state, "ge", "move", unit="Spitze", to="1309")  # the last ACT; the turn ends with the deck
        assert state.turn == 2
        assert (state.fuel_depot != "held") is drawn, every
        assert any("Fuel Depot" in t and "no card" not in t for t in texts) is drawn
