"""Every consequence announced: units leaving play by a rule, entries closed by a condition, ACTs lost."""

from __future__ import annotations

from peiper_helpers import activate, do, empty_board, facing, put

from engine.games.peiper import RULES
from engine.games.peiper.state import PeiperState


def test_who_wins_ruling_29_ccb_out_of_the_game_is_said_when_an_ss_unit_exits() -> None:
    """Set-Up: "CCB/3/1 unit cannot enter if any SS unit has already exited": the exit says it."""
    state = empty_board()
    state.turn = 2
    put(state, "Spitze", "0105")
    activate(state, "ge", 2)
    lines = do(state, "ge", "exit", unit="Spitze")
    out = [t for t in lines if t.startswith("CCB/3/1 is out of the game")]
    assert out == ["CCB/3/1 is out of the game: an SS unit has exited the west map edge (ruling 29)."]
    put(state, "501", "0106")
    activate(state, "ge", 1)
    assert not [t for t in do(state, "ge", "exit", unit="501") if "out of the game" in t]  # said once


def test_set_up_ruling_26_the_other_30th_battalion_is_out_when_one_enters() -> None:
    state = empty_board()
    state.turn = 2
    activate(state, "us", 2)
    lines = do(state, "us", "enter", unit="30/117/2", at="0105")
    assert any(t.startswith("30/117/1 is out of the game: 30/117/2 entered instead") for t in lines)


def test_set_up_ruling_27_kg2_out_of_the_game_when_turn_5_begins() -> None:
    state = empty_board()
    state.turn = 4
    put(state, "Spitze", "1105")
    put(state, "2/23/2", "0202")
    activate(state, "ge", 1)
    state.deck.draw_pile = []
    lines = do(state, "ge", "end")
    assert any(t.startswith("3FJ/KG2 is out of the game: it may enter on turn 4 only") for t in lines), lines


def test_set_up_2_23_3_entry_closed_and_opened_by_stoumont() -> None:
    """Set-Up: "2/23/3 unit cannot enter if Stoumont occupied by a GE unit": said when it closes and opens."""
    state = empty_board()
    state.turn = 2
    state.fuel_depot = "captured"
    put(state, "3/2 LAH", "0504")
    put(state, "2/23/2", "0101")
    activate(state, "ge", 2)
    lines = do(state, "ge", "move", unit="3/2 LAH", to="0404")
    assert any(t.startswith("2/23/3 cannot enter while a German unit occupies Stoumont") for t in lines), lines
    lines = do(state, "ge", "move", unit="3/2 LAH", to="0504")
    assert any(t.startswith("2/23/3 may enter again") for t in lines), lines


def _facing(acts: int, **options: object) -> PeiperState:
    """3/2 LAH next to 2/23/2 with ``acts`` German ACTs (supply aside: these tests isolate combat)."""
    return facing(acts, **options)


def test_combat_ruling_12_an_attack_says_the_acts_it_loses() -> None:
    """Ruling 12: "2 ACTs taken, one attack" ends the activations and says "1 ACT lost"."""
    lines = do(_facing(2), "ge", "attack", unit="3/2 LAH", target="2/23/2")
    assert "The attack ends the German activations: 1 unused ACT lost (ruling 12)." in lines
    kept = _facing(2, combat_ends_activations=False)
    assert not [t for t in do(kept, "ge", "attack", unit="3/2 LAH", target="2/23/2") if "lost" in t]


def test_set_up_the_opening_view_lists_the_30th_battalions_as_one_choice() -> None:
    state = RULES.new_state("historical", 1, {})
    units = {u["id"]: u for u in RULES.view(state, None)["units"]}
    assert units["30/117/1"]["one_of"] == "30/117/1 or 30/117/2, one of them"
    assert "one_of" not in units["CCB/3/1"]


def test_combat_ruling_12_odds_and_help_say_an_attack_ends_the_activations() -> None:
    from engine.game import Action
    from engine.odds import odds

    state = _facing(3)
    told = odds(RULES, state, "ge", Action("attack", {"unit": "3/2 LAH", "target": "2/23/2"})).text()
    assert "in every case: The attack ends the German activations: 2 unused ACTs lost (ruling 12)" in told, told
    assert RULES.help_notes(state) == ["An attack ends your activations [Combat, ruling 12]: 3 ACTs left now, so "
                                       "an attack would lose 2 unused."]
    assert RULES.help_notes(empty_board(combat_ends_activations=False)) == []
