"""The strong US styles of issue 42 (``ai_us_strong``): careful and searcher play as they are described."""

from __future__ import annotations

from engine.game import Action
from engine.games.peiper import RULES, ai_stops
from engine.games.peiper.ai_score import score
from engine.games.peiper.ai_styles import check_style, choose
from engine.games.peiper.ai_us_strong import COUNTER, DEMOLISH_ODDS, _demolish_odds, careful_ranking
from engine.games.peiper.state import ACTIVATE, PeiperState
from engine.games.peiper.units import scenario_map


def _position(turn: int = 3, acts: int = 3) -> PeiperState:
    """Turn ``turn``, the US to spend ``acts`` ACTs; Spitze and 501 at the Trois-Ponts bridges, 99 BG in
    Trois-Ponts next to 501 (the historical ground)."""
    state = RULES.new_state("historical", 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    for uid, label in (("CCR/3/1", "0404"), ("99 BG", "0909"), ("Spitze", "1008"), ("501", "1009")):
        state.units[uid].status, state.units[uid].hex = "on_map", label
    state.turn = turn
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "us", acts, []
    state.spent = {"ge": True, "us": True}
    return state


def test_strong_styles_are_chosen_by_name() -> None:
    assert check_style("careful") == "careful" and check_style("searcher") == "searcher"


def test_careful_blows_a_needed_bridge_when_the_odds_favour_it() -> None:
    """Neufmoulin (0310/0410): no unit next to it, a draw under 10 is 68%: careful tries a bridge first.
    Cheneux (0705/0804) with only a German unit next to it (+2, 53%): not for careful."""
    state = _position()
    with scenario_map("historical"):
        assert _demolish_odds(state, "Neufmoulin") >= DEMOLISH_ODDS
        state.units["3/2 LAH"].status, state.units["3/2 LAH"].hex = "on_map", "0804"
        assert _demolish_odds(state, "Cheneux") < DEMOLISH_ODDS
        action, why = choose(RULES, state, "us", "careful")
    assert action.kind == "demolish" and action.args["bridge"] != "Cheneux"
    assert why.startswith("careful:")


def test_careful_never_demolishes_before_turn_3() -> None:
    assert choose(RULES, _position(turn=2), "us", "careful")[0].kind != "demolish"


def test_careful_counter_attacks_with_the_last_act() -> None:
    """3/2 LAH stands next to 99 BG: careful scores the shot COUNTER above normal's; it is the only
    order of a 1-ACT card once the other units are gone; with 3 ACTs and a move worth making, the move
    comes first (an attack ends the activations, ruling 12)."""
    state = _position(turn=1, acts=3)
    state.units["3/2 LAH"].status, state.units["3/2 LAH"].hex = "on_map", "0908"
    shot = Action("attack", {"unit": "99 BG", "target": "3/2 LAH"})
    with scenario_map("historical"), ai_stops.strict(state, always=True):
        ctx, order = careful_ranking(state, RULES.legal_actions(state, "us"))
        normal = score(ctx, shot)[0]
    assert next(s for s, _, a, _ in order if a == shot) >= normal + COUNTER
    assert choose(RULES, state, "us", "careful")[0].kind == "move"
    state.units["CCR/3/1"].status, state.units["CCR/3/1"].hex = "eliminated", None
    state.acts = 1  # 99 BG could still step back to 0809; careful stands and fires
    with scenario_map("historical"):
        assert any(a.kind == "move" for a in RULES.legal_actions(state, "us"))
    assert choose(RULES, state, "us", "careful")[0] == shot


def test_searcher_gives_a_legal_order_and_the_same_one_twice() -> None:
    state = _position()
    first = choose(RULES, state, "us", "searcher")
    assert first[0] in RULES.legal_actions(state, "us") or first[0].kind == "end"
    assert choose(RULES, state, "us", "searcher") == first
    assert first[1].startswith("searcher:")
