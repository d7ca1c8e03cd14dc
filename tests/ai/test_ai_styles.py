"""The US styles for selfplay (issue 30): each behaves as it is named, and selfplay seats them."""

from __future__ import annotations

import pytest

from bot.selfplay import main, play_one, run
from engine.ai.policy import UnknownPolicy
from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper.ai_policy import ranked
from engine.games.peiper.ai_styles import LEAVE_TOWN, STYLES, TAKE_TOWN, choose
from engine.games.peiper.ai_waste import tally
from engine.games.peiper.state import ACTIVATE, PeiperState


def _position(turn: int = 3) -> PeiperState:
    """Turn ``turn``, US to spend 3 ACTs; Spitze and 501 near the Trois-Ponts bridges, 99 BG in
    Trois-Ponts next to 501 (the historical ground)."""
    state = RULES.new_state("historical", 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    for uid, label in (("CCR/3/1", "0404"), ("99 BG", "0909"), ("Spitze", "1008"), ("501", "1009")):
        state.units[uid].status, state.units[uid].hex = "on_map", label
    state.turn = turn
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "us", 3, []
    state.spent = {"ge": True, "us": True}
    return state


def test_demolisher_blows_a_bridge_the_germans_need_before_anything_else() -> None:
    state = _position()
    useful = [a for s, _, a, _ in ranked(state, "us", RULES.legal_actions(state, "us"))
              if a.kind == "demolish" and s > 0.6]
    assert useful, "the position has a bridge the Germans need"
    action, why = choose(RULES, state, "us", "demolisher")
    assert action.kind == "demolish" and action in useful and why.startswith("demolisher:")


def test_no_style_demolishes_before_turn_3_and_passive_never_does() -> None:
    early = _position(turn=2)
    for style in STYLES:
        assert choose(RULES, early, "us", style)[0].kind != "demolish"
    assert choose(RULES, _position(), "us", "passive")[0].kind != "demolish"


def test_aggressive_fires_where_passive_holds_its_fire() -> None:
    state = _position(turn=1)  # no demolition yet: the choice is between fire and moves
    state.units["3/2 LAH"].status, state.units["3/2 LAH"].hex = "on_map", "0908"
    action, _ = choose(RULES, state, "us", "aggressive")
    # 99 BG's AI 2 against the infantry in the clear: 20% (its AT 1 cannot hit the Mech across the river)
    assert action == Action("attack", {"unit": "99 BG", "target": "3/2 LAH"})
    assert choose(RULES, state, "us", "passive")[0].kind != "attack"


def test_town_holder_keeps_the_last_unit_in_a_town_and_takes_empty_ones() -> None:
    state = _position(turn=1)
    hold = STYLES["town_holder"]
    leave = Action("move", {"unit": "CCR/3/1", "to": "0504"})  # Stoumont's only unit steps out
    assert leave in RULES.legal_actions(state, "us")
    assert hold(state, 12.0, leave) == 12.0 - LEAVE_TOWN
    state.units["2/23/2"].status, state.units["2/23/2"].hex = "on_map", "0404"  # not the last any more
    assert hold(state, 12.0, leave) == 12.0
    take = Action("move", {"unit": "CCR/3/1", "to": "0304"})  # into Targnon, an empty village
    assert hold(state, 1.0, take) == 1.0 + TAKE_TOWN
    state = _position(turn=1)
    action, _ = choose(RULES, state, "us", "town_holder")
    normal = {a: s for s, _, a, _ in ranked(state, "us", RULES.legal_actions(state, "us"))}
    if action.kind == "move" and action.args["unit"] == "CCR/3/1":  # Stoumont's lone holder leaves ...
        assert normal[action] > LEAVE_TOWN  # ... only for a move worth more than the town


def test_a_demolisher_game_demolishes_in_turn_3() -> None:
    t = tally(RULES)
    winner, _n, errors = play_one(RULES, "contest", 5, {"ge": "normal", "us": "style:demolisher"}, tally=t)
    assert not errors and winner in ("ge", "us")
    normal = tally(RULES)
    play_one(RULES, "contest", 5, {"ge": "normal", "us": "normal"}, tally=normal)
    assert t.result is not None and normal.result is not None
    assert t.result["us"]["demolitions_turn_3"] >= 1
    assert t.result["us"]["demolitions_turn_3"] >= normal.result["us"]["demolitions_turn_3"]


def test_selfplay_seats_a_us_style_and_refuses_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    result = run("peiper", 1, 2, "contest", policies=["ge=ai:normal"], us_style="passive")
    assert result["policies"]["us"] == "style:passive" and not result["errors"]
    assert result["waste"]["us"]["totals"]["shots"] == 0 or result["finished"] == 1
    with pytest.raises(UnknownPolicy, match="demolisher, town_holder"):
        run("peiper", 1, 2, "contest", us_style="x" * 40)
    with pytest.raises(UnknownPolicy, match="no US styles"):
        run("saf", 1, 2, "1", us_style="passive")
    for both in (["us=ai:hard"], [" US = ai:hard"], {"us": "hard"}):  # never one silently over the other
        with pytest.raises(UnknownPolicy, match="either --policy us=... or --us-style, not both"):
            run("peiper", 1, 2, "contest", policies=both, us_style="passive")
    assert main("peiper", 1, 2, True, "contest", us_style="../../etc") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Unknown US style" in err
