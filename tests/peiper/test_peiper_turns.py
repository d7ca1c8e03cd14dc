"""Turn Sequence (Turn Begins), Game Length and Who Wins."""

from __future__ import annotations

import pytest
from peiper_helpers import activate, do, empty_board, fresh, put, stack

from engine.errors import IllegalAction, NotYourTurn
from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper.orders import acts_for
from engine.games.peiper.state import PeiperState


def test_turn_begins_deck_is_shuffled_with_one_joker() -> None:
    state = fresh()
    cards = state.deck.draw_pile
    assert len(cards) == 53 and cards.count("JOKER") == 1 and len(set(cards)) == 53
    assert fresh(seed=2).deck.draw_pile != cards  # shuffled by the seed


@pytest.mark.parametrize(("card", "acts"), [("AS", 1), ("2S", 1), ("3C", 2), ("7H", 4), ("8D", 4), ("10S", 5)])
def test_turn_begins_activations_are_half_the_card_rounded_up_ace_one(card: str, acts: int) -> None:
    assert acts_for(card) == acts


def test_turn_begins_black_card_is_german_red_card_is_us() -> None:
    state = fresh()
    stack(state, "7C", "4H")
    do(state, "ge", "draw")
    assert (state.phase, state.side) == ("decide", "ge")
    do(state, "ge", "take")
    assert state.acts == 4
    do(state, "ge", "end")
    do(state, "ge", "draw")
    assert (state.phase, state.side) == ("decide", "us")


def test_turn_begins_a_side_may_pass() -> None:
    state = fresh()
    stack(state, "9H")
    do(state, "ge", "draw")
    do(state, "us", "pass")
    assert state.phase == "draw" and state.acts == 0


def test_turn_begins_only_the_cards_side_decides() -> None:
    state = fresh()
    stack(state, "9H")
    do(state, "ge", "draw")
    with pytest.raises(NotYourTurn):
        RULES.apply(state, "ge", Action("take"))


def test_turn_begins_face_card_gives_each_unit_in_one_hex_one_act() -> None:
    state = empty_board()
    put(state, "Spitze", "1102")
    put(state, "501", "1102")
    put(state, "1/1 LAH", "1104")
    stack(state, "KS")
    state.spent = {"ge": True, "us": True}
    do(state, "ge", "draw")
    with pytest.raises(IllegalAction, match="name the hex"):
        do(state, "ge", "take")
    do(state, "ge", "take", hex="1102")
    assert sorted(state.act_units) == ["501", "Spitze"]
    with pytest.raises(IllegalAction, match="no activation"):
        do(state, "ge", "move", unit="1/1 LAH", to="1103")
    do(state, "ge", "move", unit="Spitze", to="1002")
    with pytest.raises(IllegalAction, match="no activation"):
        do(state, "ge", "move", unit="Spitze", to="1102")
    do(state, "ge", "move", unit="501", to="1202")
    assert state.phase == "draw"


def test_turn_begins_units_may_spend_several_acts_in_a_turn() -> None:
    state = empty_board()
    put(state, "Spitze", "1102")
    activate(state, "ge", 3)
    do(state, "ge", "move", unit="Spitze", to="1002")
    do(state, "ge", "move", unit="Spitze", to="0902")
    assert state.units["Spitze"].hex == "0902" and state.acts == 1


def test_game_length_joker_ends_the_turn_once_both_sides_have_spent_an_act() -> None:
    state = fresh()
    state.spent = {"ge": True, "us": True}
    stack(state, "JOKER")
    texts = do(state, "ge", "draw")
    assert state.turn == 2 and any("Turn 1 ends" in t for t in texts)


def test_game_length_joker_ignored_before_both_sides_have_spent_an_act() -> None:
    state = fresh()
    state.spent = {"ge": True, "us": False}
    stack(state, "JOKER", "5S")
    texts = do(state, "ge", "draw")
    assert state.turn == 1 and state.card == "5S"
    assert any("ignored" in t for t in texts)


def test_game_length_an_ignored_joker_goes_back_into_the_deck() -> None:
    """Ruling 10: an ignored Joker is shuffled back into the undrawn cards (never on top), so the turn can
    still end by it; games stored before keep it set aside (the turn then lasts the whole deck)."""
    for mode, back in (("shuffled_back", True), ("set_aside", False)):
        state = fresh(ignored_joker=mode)
        stack(state, "JOKER", "5S")
        texts = do(state, "ge", "draw")
        assert state.card == "5S" and ("JOKER" in state.deck.draw_pile) is back, mode
        assert ("JOKER" in state.deck.discards) is not back
        assert any(("shuffled back" if back else "set aside") in t for t in texts)
        assert RULES.invariants(state) == []
    state = fresh()
    state.deck.discards += state.deck.draw_pile[:-1]
    state.deck.draw_pile = ["JOKER"]
    do(state, "ge", "draw")  # the only card left: set aside, and the turn ends with the deck
    assert state.turn == 2


def test_game_length_turn_ends_when_all_cards_are_drawn() -> None:
    state = fresh()
    state.deck.draw_pile = ["3S"]
    state.spent = {"ge": True, "us": True}
    do(state, "ge", "draw")
    do(state, "ge", "pass")
    assert state.turn == 2 and len(state.deck) == 53


def test_game_length_five_turns_then_us_wins() -> None:
    state = fresh()
    state.turn = 5
    state.spent = {"ge": True, "us": True}
    stack(state, "JOKER")
    do(state, "ge", "draw")
    assert RULES.is_over(state) and RULES.winner(state) == "us"
    assert RULES.to_act(state) is None


def test_turn_sequence_a_new_game_has_one_default_scenario() -> None:
    """new_state with no scenario plays the first scenario, as /game new, the table and selfplay do."""
    assert RULES.new_state("", 1, {}).scenario == RULES.scenarios()[0].key == "contest"
    assert RULES.new_state().scenario == "contest"


def test_who_wins_four_german_units_exit_the_west_edge() -> None:
    state = empty_board()
    state.exited = ["501", "1/1 LAH", "3/2 LAH"]
    for uid in state.exited:
        state.units[uid].status = "exited"
    put(state, "Spitze", "0105")
    put(state, "99 BG", "0801")
    activate(state, "ge", 2)
    do(state, "ge", "exit", unit="Spitze")
    assert RULES.winner(state) == "ge" and RULES.is_over(state)


def test_who_wins_german_exit_only_from_the_west_edge() -> None:
    state = empty_board()
    put(state, "Spitze", "0205")
    activate(state, "ge", 2)
    with pytest.raises(IllegalAction, match="west map edge"):
        do(state, "ge", "exit", unit="Spitze")


def test_who_wins_no_us_units_left() -> None:
    state = empty_board()
    for u in state.units.values():
        if u.side == "us":
            u.status = "eliminated"
    put(state, "99 BG", "1202")
    state.units["99 BG"].reduced = True
    put(state, "3/2 LAH", "1102")
    activate(state, "ge", 2)
    stack(state, "2S")
    do(state, "ge", "attack", unit="3/2 LAH", target="99 BG")
    assert RULES.winner(state) == "ge"


def _three_germans_left(**options: object) -> PeiperState:
    """Turn 5: too few German units are left to exit four; the last US unit, flipped, is next to one."""
    state = empty_board(**options)
    state.turn = 5
    state.fuel_depot = "captured"
    for uid in ("Spitze", "501", "1/1 LAH"):
        state.units[uid].status = "eliminated"
    for u in state.units.values():
        if u.side == "us":
            u.status = "eliminated"
    put(state, "3/2 LAH", "1102")
    put(state, "3FJ/KG1", "1305")
    put(state, "99 BG", "1002")
    state.units["99 BG"].reduced = True
    activate(state, "ge", 2)
    return state


def test_who_wins_a_decided_game_plays_on_while_one_hit_still_wins_for_the_germans() -> None:
    """Ruling 29: 'no US units are left in the game' is a German win too, so exits out of reach do not
    end the game while a hit can still eliminate the last US unit."""
    state = _three_germans_left()
    do(state, "ge", "move", unit="3FJ/KG1", to="1304")
    assert not RULES.is_over(state)
    stack(state, "2S")
    do(state, "ge", "attack", unit="3/2 LAH", target="99 BG")
    assert RULES.winner(state) == "ge" and "no US units are left" in state.result


def test_who_wins_a_decided_game_ends_when_neither_german_win_can_happen() -> None:
    """Ruling 29: the US wins at once when the exits are out of reach and the US units need more hits
    than the cards left can give (each hit needs a combat draw of its own)."""
    state = _three_germans_left()
    put(state, "106 BG", "0105")  # 2 more hits needed: 3 in all
    state.deck.discards += state.deck.draw_pile[:-2]
    state.deck.draw_pile = state.deck.draw_pile[-2:]
    texts = do(state, "ge", "move", unit="3FJ/KG1", to="1304")
    assert RULES.is_over(state) and RULES.winner(state) == "us"
    assert "can no longer exit 4 units: 0 exited and 2 left in the game, and the 3 hits" in texts[-1]
    assert RULES.view(state, None)["result"]["text"].startswith("US wins")


def test_who_wins_units_still_to_enter_count_the_fewest_hits_that_could_remove_them() -> None:
    """Ruling 29: CCB/3/1 waiting to enter leaves the game without a hit once an SS unit exits, and of
    the 30th's two battalions only one can ever enter (ruling 26): neither is counted twice as safe."""
    for waiting, over in ((["CCB/3/1"], False), (["CCB/3/1", "30/117/1", "30/117/2"], True)):
        state = _three_germans_left()  # 3/2 LAH, an SS unit, could still exit
        for uid in waiting:
            state.units[uid].status = "awaiting"
        state.deck.discards += state.deck.draw_pile[:-2]
        state.deck.draw_pile = state.deck.draw_pile[-2:]  # 2 combat draws at most
        do(state, "ge", "move", unit="3FJ/KG1", to="1304")
        assert RULES.is_over(state) is over, waiting  # 1 hit (99 BG), or 1 + 2 for a battalion: 3 > 2


def test_who_wins_with_no_german_ground_unit_only_the_oba_can_still_win() -> None:
    """Ruling 29: with every German unit gone, the German OBA (once a turn, one attack per unit in its
    hex) may still eliminate the last US unit; once it cannot, the US has won."""
    for oba_used, over in ((False, False), (True, True)):
        state = _three_germans_left()
        for uid in ("3/2 LAH", "3FJ/KG1", "3FJ/KG2"):
            state.units[uid].status, state.units[uid].hex = "eliminated", None
        state.oba_used["ge"] = oba_used
        activate(state, "us", 2)
        do(state, "us", "move", unit="99 BG", to="0902")
        assert RULES.is_over(state) is over, oba_used


def test_who_wins_a_game_stored_before_ruling_29_was_revised_ends_as_it_did() -> None:
    """Games created with the first reading of ruling 29 (exits alone) keep it; end_when_decided off plays on."""
    state = _three_germans_left(decided_counts_eliminations=False)
    texts = do(state, "ge", "move", unit="3FJ/KG1", to="1304")
    assert RULES.winner(state) == "us" and texts[-1].endswith("0 exited and 2 left in the game (ruling 29).")
    state = _three_germans_left(end_when_decided=False, decided_counts_eliminations=False)
    do(state, "ge", "move", unit="3FJ/KG1", to="1304")
    assert not RULES.is_over(state)


def test_a_unit_that_can_never_enter_is_out_of_the_game() -> None:
    """Rulings 26, 29: the 30th battalion that did not enter is out of the game, and shown so."""
    state = empty_board()
    state.turn = 2
    activate(state, "us", 2)
    do(state, "us", "enter", unit="30/117/1", at="0105")
    unit = next(u for u in RULES.view(state, None)["units"] if u["id"] == "30/117/2")
    assert unit["status"] == "out" and "30/117/1 entered instead" in unit["why_out"]
