"""Optional rule: Opportunity Fire."""

from __future__ import annotations

import pytest
from pl_helpers import build, rig

from engine.errors import IllegalAction
from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.state import IndirectOrder

OF = {"opportunity_fire": True}


def moving(extra: list[tuple[str, str, str]] | None = None, options: dict[str, bool] | None = None):  # type: ignore[no-untyped-def]
    s = build([("S1", "m4", "1009"), ("P1", "pz4", "1409"), ("P2", "pz4", "1410")] + (extra or []),
              side="ge", phase="move_vehicles", options=OF if options is None else options)
    return s


def test_of_the_enemy_may_fire_at_a_unit_that_moved_in_its_sight() -> None:
    s = moving()
    events = RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1209"}))
    assert s.phase == "opportunity" and RULES.to_act(s) == "us"
    assert any("S1" in e.text and "may fire at P1" in e.text for e in events)
    rig(s, [1])
    events = RULES.apply(s, "us", Action("fire", {"units": "S1", "target": "1209", "at_unit": "P1"}))
    assert any("11/8 = 1-1; die 1: DD" in e.text for e in events)
    assert s.units["P1"].dispersed
    assert (s.phase, RULES.to_act(s)) == ("move_vehicles", "ge")  # no firer left: movement goes on
    with pytest.raises(IllegalAction, match="dispersed"):
        RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1109"}))


def test_of_one_unit_at_one_unit_and_only_at_units_that_moved() -> None:
    s = moving([("S2", "m4", "1009")])
    RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1209"}))
    with pytest.raises(IllegalAction, match="one unit at one unit"):
        RULES.apply(s, "us", Action("fire", {"units": "S1,S2", "target": "1209", "at_unit": "P1"}))
    with pytest.raises(IllegalAction, match="did not move"):
        RULES.apply(s, "us", Action("fire", {"units": "S1", "target": "1410", "at_unit": "P2"}))
    RULES.apply(s, "us", Action("end"))
    assert (s.phase, RULES.to_act(s)) == ("move_vehicles", "ge")


def test_of_marker_no_fire_until_the_end_of_its_owners_next_turn() -> None:
    s = moving()
    RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1209"}))
    rig(s, [6])
    RULES.apply(s, "us", Action("fire", {"units": "S1", "target": "1209", "at_unit": "P1"}))
    assert s.units["S1"].of_marker
    while not (s.side == "us" and s.phase == "combat"):
        RULES.apply(s, s.side, Action("end"))
    with pytest.raises(IllegalAction, match="opportunity fire"):
        RULES.apply(s, "us", Action("fire", {"units": "S1", "target": "1209"}))
    while s.side == "us":
        RULES.apply(s, s.side, Action("end"))
    assert not s.units["S1"].of_marker


def test_of_not_by_units_under_indirect_fire_orders() -> None:
    s = moving([("M1", "us_mortar", "1010")])
    s.indirect.append(IndirectOrder("M1", "1410", 2))
    events = RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1209"}))
    # The order is a secret: the public line names M1 as for any unit (issue 28), and M1 is refused
    # when it tries, in the reply to its own side.
    assert any("M1" in e.text for e in events if "may fire" in e.text)
    with pytest.raises(IllegalAction, match="under orders for indirect fire"):
        RULES.apply(s, "us", Action("fire", {"units": "M1", "target": "1209", "at_unit": "P1"}))
    assert Action("fire", {"units": "M1", "target": "1209", "at_unit": "P1"}) not in RULES.legal_actions(s, "us")


def test_of_not_by_units_under_indirect_fire_orders_legacy_unlisted() -> None:
    s = moving([("M1", "us_mortar", "1010")], options={**OF, "of_indirect_unlisted": True})
    s.indirect.append(IndirectOrder("M1", "1410", 2))
    events = RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1209"}))
    assert not any("M1" in e.text for e in events if "may fire" in e.text)


def test_of_needs_a_quarter_of_the_move_in_continuous_sight() -> None:
    s = build([("S1", "m4", "0207"), ("P1", "pz4", "0609")], side="ge", phase="move_vehicles", options=OF)
    RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "0709"}))
    assert s.phase == "move_vehicles"  # woods 0307-0508 hide the move


def test_of_is_optional() -> None:
    s = moving(options={})
    RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1209"}))
    assert s.phase == "move_vehicles"


def test_of_quarter_threshold_counts_the_whole_move_in_sight_this_phase() -> None:
    """OF "can take place when an enemy unit expends 1/4 or more of its movement points in continuous
    LOS": splitting a move into two orders does not avoid it."""
    s = moving()
    RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1309"}))
    assert s.phase == "move_vehicles"  # 1 MP in sight: under a quarter of 8
    events = RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1209"}))
    assert s.phase == "opportunity" and any("may fire at P1" in e.text for e in events)
    t = moving(options={**OF, "of_per_order": True})  # the other reading: each order alone
    RULES.apply(t, "ge", Action("move", {"units": "P1", "to": "1309"}))
    RULES.apply(t, "ge", Action("move", {"units": "P1", "to": "1209"}))
    assert t.phase == "move_vehicles"


def test_of_an_overrunning_unit_may_be_fired_on_where_its_overrun_ends() -> None:
    s = moving([("R1", "us_rifle", "1309")])
    rig(s, [6])
    events = RULES.apply(s, "ge", Action("overrun", {"units": "P1", "target": "1309"}))
    end = s.units["P1"].hex
    assert end != "1409" and s.phase == "opportunity"
    assert Action("fire", {"units": "S1", "target": end, "at_unit": "P1"}) in RULES.legal_actions(s, "us")
    assert any("may fire at P1 in " + str(end) in e.text for e in events)


def test_of_a_rider_on_a_german_afv_is_fired_on_alone_at_defense_1_and_unloaded() -> None:
    """OF: "Units loaded on German AFVs may be attacked by OF independently of the AFV"."""
    s = moving([("G1", "ge_rifle", "1409")])
    s.units["G1"].carrier, s.units["P1"].cargo = "P1", "G1"
    RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1209"}))
    fire = Action("fire", {"units": "S1", "target": "1209", "at_unit": "G1"})
    assert fire in RULES.legal_actions(s, "us")
    rig(s, [6])
    events = RULES.apply(s, "us", fire)
    assert any("G1 is unloaded from P1" in e.text for e in events)
    assert any("G1 alone, defense 1" in e.text for e in events)
    assert any("5.5/1 = 4-1" in e.text for e in events)  # at defense 1: the rider alone is destroyed
    assert s.units["G1"].status == "eliminated" and not s.units["G1"].carrier
    assert s.units["P1"].status == "on_map" and not s.units["P1"].cargo and not s.units["P1"].dispersed


def _truck(cargo_aboard: bool):  # type: ignore[no-untyped-def]
    s = build([("S1", "m4", "1009"), ("TR", "ge_truck", "1209"), ("G1", "ge_rifle", "1209")],
              side="ge", phase="move_vehicles", options=OF)
    if cargo_aboard:
        s.units["G1"].carrier, s.units["TR"].cargo = "TR", "G1"
    return s


def test_of_declared_before_a_load_fires_at_the_cargo_alone_and_a_dispersed_cargo_is_not_loaded() -> None:
    """OF: "attacks against transported/transporting units must be declared to be before or after the un/load"."""
    s = _truck(False)
    events = RULES.apply(s, "ge", Action("load", {"unit": "TR", "cargo": "G1"}))
    assert s.phase == "opportunity" and any("before or after the load" in e.text for e in events)
    legal = RULES.legal_actions(s, "us")
    before = Action("fire", {"units": "S1", "target": "1209", "at_unit": "G1", "when": "before"})
    assert before in legal and Action("fire", {"units": "S1", "target": "1209", "at_unit": "TR"}) in legal
    # After the load G1 is aboard a truck: one unit with it for defense, not a target of its own.
    assert Action("fire", {"units": "S1", "target": "1209", "at_unit": "G1"}) not in legal
    rig(s, [1])
    events = RULES.apply(s, "us", before)
    assert any("before the load" in e.text and "against G1 in 1209 (defense 8, soft)" in e.text for e in events)
    assert s.units["G1"].dispersed
    assert not s.units["G1"].carrier and not s.units["TR"].cargo  # the load did not happen
    assert any("does not happen" in e.text for e in events)


def test_of_declared_after_a_load_fires_at_the_loaded_truck_and_its_cargo_together() -> None:
    s = _truck(False)
    RULES.apply(s, "ge", Action("load", {"unit": "TR", "cargo": "G1"}))
    rig(s, [1])
    RULES.apply(s, "us", Action("fire", {"units": "S1", "target": "1209", "at_unit": "TR", "when": "after"}))
    assert s.units["TR"].status == "eliminated" and s.units["G1"].status == "eliminated"


@pytest.mark.parametrize("when, cargo_lost", [("before", True), ("", False)])
def test_of_before_an_unload_the_cargo_shares_the_trucks_fate_after_it_does_not(when: str, cargo_lost: bool) -> None:
    s = _truck(True)
    RULES.apply(s, "ge", Action("unload", {"unit": "TR"}))
    assert s.phase == "opportunity" and not s.units["G1"].carrier
    if when:
        with pytest.raises(IllegalAction, match="aboard TR"):
            RULES.apply(s, "us", Action("fire", {"units": "S1", "target": "1209", "at_unit": "G1", "when": when}))
    rig(s, [1])
    RULES.apply(s, "us", Action("fire", {"units": "S1", "target": "1209", "at_unit": "TR"} | (
        {"when": when} if when else {})))
    assert s.units["TR"].status == "eliminated"
    assert (s.units["G1"].status == "eliminated") is cargo_lost


def test_of_when_is_refused_at_a_move_and_in_the_combat_phase() -> None:
    s = moving()
    RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1209"}))
    with pytest.raises(IllegalAction, match="only for opportunity fire at a load or unload"):
        RULES.apply(s, "us", Action("fire", {"units": "S1", "target": "1209", "at_unit": "P1", "when": "before"}))
    c = build([("S1", "m4", "1009"), ("P1", "pz4", "1209")], side="us", phase="combat")
    with pytest.raises(IllegalAction, match="opportunity fire at a load or unload only"):
        RULES.apply(c, "us", Action("fire", {"units": "S1", "target": "1209", "when": "before"}))
