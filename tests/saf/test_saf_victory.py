"""8.x victory conditions, the twelve-turn limit, invariants and the legal-action list."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.errors import GameOver, NotYourTurn, UmpireError
from engine.game import Action
from engine.games.saf import RULES
from engine.games.saf import turn as turn_mod


def gain(b: Any, n: int) -> None:
    b.t.morale(n, "test", "test")


def test_8_1_3_A_B_morale_and_infantry_on_the_objective(make_bench: Any) -> None:
    b = make_bench("1")
    t = b.t
    obj = t.m.markers["objective"][0].label
    b.add("ge_infantry", "1510")
    b.add("us_mortar", obj)
    gain(b, 40)
    turn_mod.check_victory(t)
    assert b.s.winner is None  # a mortar is not an infantry unit
    b.add("us_infantry", obj)
    gain(b, -1)
    turn_mod.check_victory(t)
    assert b.s.winner is None  # morale 39
    gain(b, 1)
    turn_mod.check_victory(t)
    assert b.s.winner == "us"


def test_8_1_3_A_no_germans_left_also_wins(make_bench: Any) -> None:
    b = make_bench("1")
    b.add("us_infantry", "0207")
    gain(b, 40)
    turn_mod.check_victory(b.t)
    assert b.s.winner == "us"


def test_8_1_3_C_german_victory_after_twelve_turns(make_bench: Any) -> None:
    b = make_bench("1")
    b.add("us_infantry", "0207")
    b.add("ge_infantry", "1510")
    b.s.turn = 12
    b.dice(1)  # reserves check
    b.act("end")
    assert b.s.winner == "ge" and b.s.phase == "over"
    with pytest.raises(GameOver):
        b.act("end")
    assert RULES.to_act(b.s) is None


def test_8_1_3_C_the_last_turn_shows_turn_12_of_12_and_the_result_names_winner_and_why(make_bench: Any) -> None:
    b = make_bench("1")
    b.add("us_infantry", "0207")
    b.add("ge_infantry", "1510")
    gain(b, 23)
    b.s.turn = 12
    b.dice(1)  # reserves check
    b.act("end")
    view = RULES.view(b.s, None)
    assert b.s.turn == 12 and view["turn"] == 12 and view["turns"] == 12
    result = RULES.result(b.s)
    assert result is not None and result.winner == "ge" and result.rule == "8.1.3 C"
    text = view["result"]["text"]
    assert text.startswith("German (AI) wins (") and "turn 12 of 12" in text
    assert "morale 23 of 40" in text and "objective" in text and "not held" in text
    assert text in RULES.status_line(b.s)


def test_8_1_3_A_american_result_names_the_winner_and_why(make_bench: Any) -> None:
    b = make_bench("1")
    obj = b.t.m.markers["objective"][0].label
    b.add("ge_infantry", "1510")
    b.add("us_infantry", obj)
    gain(b, 41)
    turn_mod.check_victory(b.t)
    result = RULES.result(b.s)
    assert result is not None and result.rule == "8.1.3 A"
    text = result.text(RULES.side_names)
    assert text.startswith("American wins (morale 41 of 40 and objective") and f"{obj} held" in text


def test_8_2_3_A_morale_50_and_a_panzer_destroyed(make_bench: Any) -> None:
    b = make_bench("2")
    b.add("us_infantry", "0207")
    pz = b.add("panzer", "1510")
    gain(b, 55)
    turn_mod.check_victory(b.t)
    assert b.s.winner is None
    b.t.eliminate(pz, "test")
    turn_mod.check_victory(b.t)
    assert b.s.winner == "us"


def test_8_3_3_A_two_infantry_within_two_hexes_of_red(make_bench: Any) -> None:
    b = make_bench("3")
    t = b.t
    red = t.m.markers["red"][0]
    b.add("ge_infantry", "0101")
    b.add("us_infantry", red.label)
    gain(b, 60)
    turn_mod.check_victory(t)
    assert b.s.winner is None
    near = next(h for h in t.m.hexes() if h.distance(red) == 2 and t.room(h, "us_veteran", 1))
    b.add("us_veteran", near.label)
    turn_mod.check_victory(t)
    assert b.s.winner == "us"


def test_8_4_3_A_eight_infantry_without_alert_or_panic(make_bench: Any) -> None:
    b = make_bench("4")
    b.add("ge_infantry", "0101")
    units = [b.add("us_infantry", f"02{r:02d}") for r in range(2, 10)]
    units[0].state = "alert"
    gain(b, 70)
    turn_mod.check_victory(b.t)
    assert b.s.winner is None
    units[0].state = "calm"
    turn_mod.check_victory(b.t)
    assert b.s.winner == "us"


def test_8_5_3_A_five_unused_supply_counters(make_bench: Any) -> None:
    b = make_bench("5")
    b.add("us_veteran", "0207")
    b.add("ge_infantry", "0101")
    gain(b, 80)
    b.s.supply = 4
    turn_mod.check_victory(b.t)
    assert b.s.winner is None
    b.s.supply = 5
    turn_mod.check_victory(b.t)
    assert b.s.winner == "us"


def test_8_6_3_A_all_three_centre_buildings(make_bench: Any) -> None:
    b = make_bench("6")
    t = b.t
    hexes = [h.label for h in t.m.markers["centre_buildings"]]
    b.add("ge_infantry", "0101")
    for h in hexes[:2]:
        b.add("us_infantry", h)
    gain(b, 50)
    turn_mod.check_victory(t)
    assert b.s.winner is None
    b.add("us_veteran", hexes[2])
    turn_mod.check_victory(t)
    assert b.s.winner == "us"


def test_every_american_gone_is_a_german_victory(make_bench: Any) -> None:
    b = make_bench("1")
    b.add("ge_infantry", "1510")
    turn_mod.check_victory(b.t)
    assert b.s.winner == "ge"
    assert "every American unit is gone" in RULES.view(b.s, None)["result"]["text"]


# --- invariants -----------------------------------------------------------------------------------
def test_invariants_hold_at_start_of_every_scenario() -> None:
    for key in "123456":
        assert RULES.invariants(RULES.new_state(key, 2, {})) == []


def test_invariants_catch_overstacking_and_tank_sharing(make_bench: Any) -> None:
    b = make_bench("1")
    for _ in range(3):
        b.add("us_infantry", "0207")
    b.add("m4", "0307")
    b.add("us_infantry", "0307")
    bad = " ".join(RULES.invariants(b.s))
    assert "0207: 3 units stacked" in bad and "0307: a tank shares its hex" in bad


def test_invariants_catch_reserve_track_drift(make_bench: Any) -> None:
    b = make_bench("1")
    b.t.morale(-5, "loss", "test")
    assert RULES.invariants(b.s) == []
    b.s.reserve_moves += 1
    assert any("reserve track" in x for x in RULES.invariants(b.s))


def test_invariants_catch_morale_not_matching_its_events(make_bench: Any) -> None:
    b = make_bench("1")
    b.t.morale(10, "kill", "test")
    assert RULES.invariants(b.s) == [] and b.s.morale == 10
    b.s.morale += 5
    assert any("morale" in x for x in RULES.invariants(b.s))


# --- actions ------------------------------------------------------------------------------------------
def test_every_legal_action_applies_cleanly() -> None:
    s = RULES.new_state("2", 21, {})
    RULES.apply(s, "us", Action("roll"))
    legal = RULES.legal_actions(s, "us")
    kinds = {a.kind for a in legal}
    assert {"adjust", "order", "end"} <= kinds
    for a in legal[:: max(1, len(legal) // 60)]:
        trial = copy.deepcopy(s)
        RULES.apply(trial, "us", a)
        assert RULES.invariants(trial) == []


def test_illegal_actions_raise_and_name_a_rule() -> None:
    s = RULES.new_state("1", 21, {})
    with pytest.raises(NotYourTurn):
        RULES.apply(s, "ge", Action("roll"))
    with pytest.raises(UmpireError) as err:
        RULES.apply(s, "us", Action("end"))
    assert err.value.rule
    with pytest.raises(UmpireError):
        RULES.apply(s, "us", Action("fly"))


def test_8_1_1_A_setup_place_within_zone_only() -> None:
    s = RULES.new_state("1", 21, {})
    inf = next(u for u in s.on_map("us") if u.kind == "us_infantry" and u.hex and u.hex.startswith("02"))
    places = [a for a in RULES.legal_actions(s, "us") if a.kind == "place" and a.args["unit"] == inf.id]
    assert places and all(a.args["to"].startswith("02") for a in places)
    with pytest.raises(UmpireError):
        RULES.apply(s, "us", Action("place", {"unit": inf.id, "to": "0507"}))
    RULES.apply(s, "us", places[0])
    assert inf.hex == places[0].args["to"]


def test_bot_action_is_legal_deterministic_and_leaves_rng_alone() -> None:
    s = RULES.new_state("1", 8, {})
    RULES.apply(s, "us", Action("roll"))
    rng = s.rng.state
    a1, why1 = RULES.bot_action(s, "us")
    a2, why2 = RULES.bot_action(s, "us")
    assert a1 == a2 and why1 == why2 and "\n" not in why1 and why1
    assert s.rng.state == rng
    assert a1 in RULES.legal_actions(s, "us")


def test_commands_cover_every_action_kind() -> None:
    names = {c.name for c in RULES.commands()}
    assert names == {"place", "roll", "adjust", "order", "supply", "end", "german"}
    order = next(c for c in RULES.commands() if c.name == "order")
    types = next(o for o in order.options if o.name == "type").choices
    assert {"move", "fire", "move_fire", "cover", "medic", "mortar", "sniper", "assault", "tank", "he"} <= set(types)
