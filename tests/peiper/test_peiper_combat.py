"""Combat and Off Board Artillery (OBA) Markers."""

from __future__ import annotations

import pytest
from peiper_helpers import activate, do, empty_board, put, stack

from engine.errors import IllegalAction


def duel(attacker: str, a_hex: str, target: str, t_hex: str, card: str, acts: int = 2) -> object:
    state = empty_board()
    put(state, attacker, a_hex)
    put(state, target, t_hex)
    state.fuel_depot = "captured"  # Germans ignore supply here: these tests isolate combat
    side = state.units[attacker].side
    activate(state, side, acts)
    stack(state, card)
    do(state, side, "attack", unit=attacker, target=target)
    return state


def test_combat_ai_against_infantry_card_at_most_the_value_flips_the_target() -> None:
    hit = duel("3/2 LAH", "1102", "2/23/2", "1202", "3S")  # AI 3, clear: 3 <= 3
    assert hit.units["2/23/2"].reduced  # type: ignore[attr-defined]
    miss = duel("3/2 LAH", "1102", "2/23/2", "1202", "4S")
    assert not miss.units["2/23/2"].reduced  # type: ignore[attr-defined]


def test_combat_at_against_mech() -> None:
    hit = duel("3/2 LAH", "1102", "CCR/3/1", "1202", "AH")  # AT 1
    assert hit.units["CCR/3/1"].reduced  # type: ignore[attr-defined]
    miss = duel("3/2 LAH", "1102", "CCR/3/1", "1202", "2H")
    assert not miss.units["CCR/3/1"].reduced  # type: ignore[attr-defined]


def test_combat_an_already_flipped_unit_is_eliminated() -> None:
    state = empty_board()
    state.fuel_depot = "captured"
    put(state, "3/2 LAH", "1102")
    put(state, "2/23/2", "1202")
    state.units["2/23/2"].reduced = True
    activate(state, "ge", 1)
    stack(state, "2C")
    do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert state.units["2/23/2"].status == "eliminated" and state.units["2/23/2"].hex is None


def test_combat_town_adds_one_to_the_card_draw() -> None:
    hit = duel("3/2 LAH", "0504", "2/23/2", "0404", "2S")  # Stoumont: 2 + 1 = 3
    assert hit.units["2/23/2"].reduced  # type: ignore[attr-defined]
    miss = duel("3/2 LAH", "0504", "2/23/2", "0404", "3S")
    assert not miss.units["2/23/2"].reduced  # type: ignore[attr-defined]


def test_combat_forest_adds_one_to_the_card_draw() -> None:
    miss = duel("3/2 LAH", "1105", "2/23/2", "1106", "3S")
    assert not miss.units["2/23/2"].reduced  # type: ignore[attr-defined]


def test_combat_across_a_river_adds_one_to_the_card_draw() -> None:
    miss = duel("3/2 LAH", "1209", "2/23/2", "1208", "3S")
    assert not miss.units["2/23/2"].reduced  # type: ignore[attr-defined]
    hit = duel("3/2 LAH", "1209", "2/23/2", "1208", "2S")
    assert hit.units["2/23/2"].reduced  # type: ignore[attr-defined]


def test_combat_only_a_single_adjacent_enemy_unit() -> None:
    state = empty_board()
    state.fuel_depot = "captured"
    put(state, "3/2 LAH", "1102")
    put(state, "2/23/2", "1204")
    activate(state, "ge", 1)
    with pytest.raises(IllegalAction, match="not adjacent"):
        do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert state.acts == 1


def test_combat_face_card_redraw_at_the_firers_option() -> None:
    state = empty_board(combat_ends_activations=False)
    state.fuel_depot = "captured"
    put(state, "3/2 LAH", "1102")
    put(state, "2/23/2", "1202")
    activate(state, "ge", 2)
    stack(state, "QD", "2S")
    do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert (state.phase, state.side) == ("face", "ge")
    do(state, "ge", "redraw")
    assert state.units["2/23/2"].reduced and state.phase == "activate" and state.acts == 1


def test_combat_face_card_treated_as_a_miss_at_the_firers_option() -> None:
    state = empty_board()
    state.fuel_depot = "captured"
    put(state, "3/2 LAH", "1102")
    put(state, "2/23/2", "1202")
    activate(state, "ge", 1)
    stack(state, "JD", "2S")
    do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    do(state, "ge", "miss")
    assert not state.units["2/23/2"].reduced and state.phase == "draw"


def test_combat_joker_drawn_in_combat_misses_and_ends_the_turn() -> None:
    state = duel("3/2 LAH", "1102", "2/23/2", "1202", "JOKER")
    assert not state.units["2/23/2"].reduced and state.turn == 2  # type: ignore[attr-defined]


def oba_state(mode: str, cards: tuple[str, ...]) -> object:
    state = empty_board()
    put(state, "2/23/2", "0404")  # in a town: the OBA ignores terrain
    put(state, "CCR/3/1", "0404")
    put(state, "3/2 LAH", "0504")
    state.fuel_depot = "captured"
    state.spent = {"ge": True, "us": True}
    stack(state, "KC", *cards)
    do(state, "ge", "draw")
    do(state, "ge", "oba", target="0404", mode=mode)
    return state


def test_oba_attacks_each_enemy_unit_in_the_hex_at_strength_4_ignoring_terrain() -> None:
    state = oba_state("attack", ("4S", "5S"))
    units = state.units  # type: ignore[attr-defined]
    # Two separate draws: 4 hits the first unit (a town, but terrain is ignored), 5 misses the second.
    assert sorted([units["2/23/2"].reduced, units["CCR/3/1"].reduced]) == [False, True]
    assert state.oba_used["ge"] and state.phase == "draw"  # type: ignore[attr-defined]


def test_oba_support_gives_minus_one_to_friendly_attacks_on_the_hex_for_the_turn() -> None:
    state = oba_state("support", ())
    assert state.oba_support["ge"] == ["0404"]  # type: ignore[attr-defined]
    activate(state, "ge", 1)  # type: ignore[arg-type]
    stack(state, "3S")  # type: ignore[arg-type]
    do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")  # type: ignore[arg-type]
    assert state.units["2/23/2"].reduced  # type: ignore[attr-defined]  # 3 + 1 town - 1 OBA = 3


def test_oba_once_per_turn_per_side() -> None:
    state = oba_state("support", ())
    stack(state, "KS")  # type: ignore[arg-type]
    do(state, "ge", "draw")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="used its OBA"):
        do(state, "ge", "oba", target="0404", mode="attack")  # type: ignore[arg-type]


def test_oba_needs_a_face_card() -> None:
    state = empty_board()
    put(state, "2/23/2", "0404")
    stack(state, "9S")
    do(state, "ge", "draw")
    with pytest.raises(IllegalAction, match="Only a face card"):
        do(state, "ge", "oba", target="0404", mode="attack")


def test_combat_after_resolving_a_combat_return_to_cd_for_fresh_acts() -> None:
    """Combat: "After resolving a combat, return to CD to generate fresh ACTs" (ruling 12, the default)."""
    state = empty_board()
    state.fuel_depot = "captured"
    put(state, "3/2 LAH", "1102")
    put(state, "2/23/2", "1202")
    activate(state, "ge", 3)
    stack(state, "9S")
    do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert state.phase == "draw" and state.acts == 0 and not state.act_units


def test_combat_option_keeps_the_cards_unspent_acts_after_a_combat() -> None:
    """Ruling 12's other reading, option combat_ends_activations:false: the card's other ACTs stay."""
    state = empty_board(combat_ends_activations=False)
    state.fuel_depot = "captured"
    put(state, "3/2 LAH", "1102")
    put(state, "2/23/2", "1202")
    activate(state, "ge", 3)
    stack(state, "9S")
    do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert state.phase == "activate" and state.acts == 2


def test_combat_a_draw_with_no_card_left_says_the_attack_misses() -> None:
    """Ruling 11: a combat draw with no card left is a miss, said so, and the turn ends."""
    state = empty_board()
    put(state, "3/2 LAH", "1103")
    put(state, "2/23/2", "1203")
    activate(state, "ge", 2)
    state.deck.discards += state.deck.draw_pile
    state.deck.draw_pile = []
    texts = do(state, "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert "No card is left for the combat draw: 3/2 LAH's attack on 2/23/2 misses." in texts
    assert not state.units["2/23/2"].reduced and state.turn == 2


def test_bridge_demolition_a_draw_with_no_card_left_leaves_the_bridge_intact() -> None:
    state = empty_board()
    state.turn = 3
    activate(state, "us", 2)
    state.deck.discards += state.deck.draw_pile
    state.deck.draw_pile = []
    texts = do(state, "us", "demolish", bridge="Cheneux")
    assert "No card is left for the demolition draw: the Cheneux bridge remains intact." in texts
    assert state.bridges_down == [] and state.turn == 4
