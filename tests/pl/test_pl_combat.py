"""I. Combat Phase: odds, the CRT, direct fire, the Weapons Effectiveness Chart, elevation."""

from __future__ import annotations

import pytest
from pl_helpers import build, rig

from engine.errors import IllegalAction
from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.board import crt
from engine.games.pl.fire import build_direct
from engine.games.pl.state import AttackOrder


def col(state, a: float, d: float) -> str | None:  # type: ignore[no-untyped-def]
    c = crt(state).column(a, d)
    return None if c is None else crt(state).columns[c]


def fire(state, ids: str, target: str, **extra: str):  # type: ignore[no-untyped-def]
    return RULES.apply(state, state.side, Action("fire", {"units": ids, "target": target, **extra}))


def end(state):  # type: ignore[no-untyped-def]
    return RULES.apply(state, state.side, Action("end"))


def test_combat_odds_rounded_down_in_defenders_favour() -> None:
    s = build([])
    assert col(s, 11, 3) == "3-1"
    assert col(s, 3, 11) == "1-4"  # 1-3.67 rounds to 1-4
    assert col(s, 8, 8) == "1-1"
    assert col(s, 7.9, 8) == "1-2"


def test_combat_odds_above_4_1_use_the_4_1_column_below_1_4_no_attack() -> None:
    s = build([])
    assert col(s, 100, 3) == "4-1"
    assert col(s, 1, 5) is None


def test_direct_fire_needs_a_clear_line_of_sight() -> None:
    s = build([("S1", "m4", "0207"), ("G1", "ge_rifle", "0607")])
    with pytest.raises(IllegalAction, match="line of sight"):
        fire(s, "S1", "0607")


def test_direct_fire_units_attacking_a_common_target_form_one_fire_group() -> None:
    s = build([("S1", "m4", "1009"), ("S2", "m4", "1109"), ("P1", "pz4", "1409"), ("G1", "ge_rifle", "1409")])
    fire(s, "S1", "1409")
    fire(s, "S2", "1409")
    assert len(s.fire_queue) == 1 and s.fire_queue[0].units == ["S1", "S2"]
    s2 = build([("S1", "m4", "1009"), ("S2", "m4", "1109"), ("P1", "pz4", "1409"), ("P2", "pz4", "1409")])
    fire(s2, "S1", "1409")
    with pytest.raises(IllegalAction, match="already attacked collectively"):
        fire(s2, "S2", "1409", at_unit="P1")


def test_I_combat_units_in_a_stack_may_be_attacked_singly_or_collectively() -> None:
    """I. Combat: "Units in a stack may be attacked singly or collectively": two fire groups may
    each name another unit of one stack; a unit is attacked once (no single group on a unit of a
    stack already attacked collectively, nor the reverse)."""
    units = [("S1", "m4", "1009"), ("S2", "m4", "1109"), ("S3", "m4", "1209"),
             ("P1", "pz4", "1409"), ("P2", "pz4", "1409")]
    s = build(units)
    fire(s, "S1", "1409", at_unit="P1")
    listed = RULES.legal_actions(s, "us")
    assert Action("fire", {"units": "S2", "target": "1409", "at_unit": "P2"}) in listed
    assert Action("fire", {"units": "S2", "target": "1409"}) not in listed
    fire(s, "S2", "1409", at_unit="P2")
    assert [(o.units, o.unit) for o in s.fire_queue] == [(["S1"], "P1"), (["S2"], "P2")]
    with pytest.raises(IllegalAction, match="already attacked singly"):
        fire(s, "S3", "1409")
    fire(s, "S3", "1409", at_unit="P2")  # joins the group on P2
    assert s.fire_queue[1].units == ["S2", "S3"]
    rig(s, [6, 6])
    events = end(s)
    assert sum("against 1409" in e.text and e.kind in ("attack", "dice", "hit", "result") for e in events) >= 2
    # The other reading (one fire group per hex a phase) by option.
    t = build(units, options={"one_group_per_hex": True})
    fire(t, "S1", "1409", at_unit="P1")
    with pytest.raises(IllegalAction, match="fire together"):
        fire(t, "S2", "1409", at_unit="P2")


def test_direct_fire_no_unit_fires_on_more_than_one_target_hex() -> None:
    s = build([("S1", "m4", "1009"), ("P1", "pz4", "1409"), ("P2", "pz4", "1309")])
    fire(s, "S1", "1409")
    with pytest.raises(IllegalAction, match="one target hex"):
        fire(s, "S1", "1309")


def test_direct_fire_units_which_fire_may_not_move() -> None:
    s = build([("S1", "m4", "1009"), ("P1", "pz4", "1409")])
    fire(s, "S1", "1409")
    end(s)
    assert s.phase == "move_vehicles" and s.units["S1"].fired
    with pytest.raises(IllegalAction, match="fired this turn"):
        RULES.apply(s, "us", Action("move", {"units": "S1", "to": "1010"}))


def test_direct_fire_star_range_doubles_at_half_strength() -> None:
    s = build([("R1", "us_rifle", "1009"), ("G1", "ge_rifle", "1013"), ("G2", "ge_rifle", "1014")])
    att = build_direct(s, "us", AttackOrder(["R1"], "1013"))
    assert att.attack == 1  # 2 halved at 4 hexes (range 2*)
    with pytest.raises(IllegalAction, match="beyond its range"):
        fire(s, "R1", "1014")
    t = build([("E1", "us_engineer", "1009"), ("G1", "ge_rifle", "1012")])
    with pytest.raises(IllegalAction, match="beyond its range"):
        fire(t, "E1", "1012")


def test_wec_infantry_weapons_have_no_effect_on_armour() -> None:
    s = build([("R1", "us_rifle", "1009"), ("P1", "pz4", "1010")])
    with pytest.raises(IllegalAction, match="close assault"):
        fire(s, "R1", "1010")


def test_wec_h_halved_against_armour_unless_direct_at_6_hexes_or_closer() -> None:
    s = build([("H1", "m4_105", "1009"), ("P1", "pz4", "1015"), ("P2", "pz4", "1016")])
    assert build_direct(s, "us", AttackOrder(["H1"], "1015")).attack == 14
    assert build_direct(s, "us", AttackOrder(["H1"], "1016")).attack == 7


def test_wec_a_halved_against_non_armoured_targets_fractions_kept() -> None:
    s = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "1012")])
    assert build_direct(s, "us", AttackOrder(["S1"], "1012")).attack == 5.5


def test_wec_mixed_stack_predominance_and_ties_favour_the_defender() -> None:
    s = build([("S1", "m4", "1009"), ("P1", "pz4", "1012"), ("G1", "ge_rifle", "1012"), ("G2", "ge_rifle", "1012")])
    att = build_direct(s, "us", AttackOrder(["S1"], "1012"))
    assert not att.armoured and att.attack == 5.5 and att.defense == 24
    t = build([("S1", "m4", "1009"), ("P1", "pz4", "1012"), ("G1", "ge_rifle", "1012")])
    att = build_direct(t, "us", AttackOrder(["S1"], "1012"))
    assert not att.armoured and att.attack == 5.5  # tie: soft is worse for the A weapon
    u = build([("H1", "m4_105", "1009"), ("P1", "pz4", "1016"), ("G1", "ge_rifle", "1016")])
    att = build_direct(u, "us", AttackOrder(["H1"], "1016"))
    assert att.armoured and att.attack == 7  # tie: armoured is worse for the H weapon at 7 hexes


def test_wec_units_in_towns_are_armoured_and_attacked_as_a_stack() -> None:
    s = build([("S1", "m4", "0711"), ("G1", "ge_rifle", "0811"), ("G2", "ge_rifle", "0811")])
    att = build_direct(s, "us", AttackOrder(["S1"], "0811"))
    assert att.armoured and att.attack == 11 and att.defense == 32  # town doubles defense (TEC)
    with pytest.raises(IllegalAction, match="as a stack"):
        fire(s, "S1", "0811", at_unit="G1")


def test_hill_defense_hilltop_target_halved_unless_both_on_hilltops() -> None:
    s = build([("S1", "m4", "1011"), ("S2", "m4", "1005"), ("P1", "pz4", "1007")])
    assert build_direct(s, "us", AttackOrder(["S1"], "1007")).attack == 5.5
    assert build_direct(s, "us", AttackOrder(["S2"], "1007")).attack == 11


def test_hill_defense_slope_full_only_from_adjacent_without_slope_hexside() -> None:
    s = build([("S1", "m4", "1108"), ("S2", "m4", "1009"), ("P1", "pz4", "1008")])
    assert build_direct(s, "us", AttackOrder(["S1"], "1008")).attack == 11
    assert build_direct(s, "us", AttackOrder(["S2"], "1008")).attack == 5.5


def test_direct_fire_x_destroys_armour_and_leaves_a_wreck_max_3() -> None:
    s = build([("S1", "m4", "1009"), ("S2", "m4", "1109"), ("P1", "pz4", "1309")])
    s.wrecks["1309"] = 3
    fire(s, "S1,S2", "1309")
    rig(s, [1])
    events = end(s)
    assert any("22/8 = 2-1; die 1: X" in e.text for e in events)
    assert s.units["P1"].status == "eliminated" and s.wrecks["1309"] == 3
    t = build([("S1", "m4", "1009"), ("S2", "m4", "1109"), ("P1", "pz4", "1309")])
    fire(t, "S1,S2", "1309")
    rig(t, [1])
    end(t)
    assert t.wrecks["1309"] == 1


def test_crt_dd_destroys_a_unit_already_dispersed() -> None:
    s = build([("S1", "m4", "1009"), ("S2", "m4", "1109"), ("P1", "pz4", "1309")])
    s.units["P1"].dispersed = True
    fire(s, "S1,S2", "1309")
    rig(s, [3])  # 2-1 row 3: DD
    events = end(s)
    assert any("2-1; die 3: DD" in e.text for e in events)
    assert s.units["P1"].status == "eliminated"


def test_streams_units_in_a_stream_hex_may_not_attack() -> None:
    s = build([("R1", "us_rifle", "1510"), ("G1", "ge_rifle", "1610")])
    with pytest.raises(IllegalAction, match="stream"):
        fire(s, "R1", "1610")


def test_streams_non_adjacent_ground_units_may_not_attack_into_a_stream_hex() -> None:
    s = build([("S1", "m4", "1209"), ("G1", "ge_rifle", "1509")])
    with pytest.raises(IllegalAction, match="stream"):
        fire(s, "S1", "1509")
    t = build([("S1", "m4", "1409"), ("G1", "ge_rifle", "1509")])
    fire(t, "S1", "1509")  # adjacent: allowed


def test_streams_units_on_a_slope_or_hilltop_may_attack_into_a_stream_hex() -> None:
    s = build([("S1", "m4", "1206"), ("S2", "m4", "1306"), ("G1", "ge_rifle", "1506")])
    fire(s, "S1", "1506")  # 3 hexes from the slope of Hill 30
    with pytest.raises(IllegalAction, match="stream"):
        fire(s, "S2", "1506")  # 2 hexes from ground level


def test_spotting_units_in_woods_need_a_spotter() -> None:
    s = build([("S1", "m4", "1210"), ("G1", "ge_rifle", "1213")])
    with pytest.raises(IllegalAction, match="not spotted"):
        fire(s, "S1", "1213")
    s.units["G1"].revealed = True  # it fired in sight
    fire(s, "S1", "1213")
