"""I.i Indirect Fire: orders a turn ahead, who may fire, spotting, scatter, division per unit."""

from __future__ import annotations

import pytest
from pl_helpers import build, rig

from engine.errors import IllegalAction
from engine.game import Action
from engine.games.pl import RULES
from engine.hexgrid import Hex


def indirect(state, uid: str, target: str):  # type: ignore[no-untyped-def]
    return RULES.apply(state, state.side, Action("indirect", {"unit": uid, "target": target}))


def to_next_combat(state, dice: list[int] | None = None):  # type: ignore[no-untyped-def]
    """End phases until the side that is acting now opens its next combat phase; its events."""
    side, turn = state.side, state.turn
    events = []
    while True:
        if dice is not None and state.side != side and state.phase == "assault":
            rig(state, dice)
        events = RULES.apply(state, state.side, Action("end"))
        if state.side == side and state.phase == "combat" and state.turn == turn + 1:
            return events


def example_state():  # type: ignore[no-untyped-def]
    return build([
        ("A1", "m7", "0116"), ("A2", "m7", "0116"), ("A3", "m7", "0116"), ("A4", "m7", "0116"),
        ("SP", "us_rifle", "1010"),
        ("E", "ge_engineer", "1009"), ("R", "ge_rifle", "1009"), ("M", "ge_mortar", "1009"),
    ])


def test_indirect_fire_example_80_vs_10_8_3() -> None:
    s = example_state()
    for a in ("A1", "A2", "A3", "A4"):
        indirect(s, a, "1009")
    events = to_next_combat(s, dice=[6, 6, 6])
    text = "\n".join(e.text for e in events)
    assert "80 factors / 3 units = 26.67 each" in text
    assert "against E (defense 10, soft): 26.67/10 = 2-1" in text
    assert "against R (defense 8, soft): 26.67/8 = 3-1" in text
    assert "against M (defense 3, soft): 26.67/3 = 4-1" in text


def test_indirect_fire_orders_are_resolved_in_the_next_turn() -> None:
    s = example_state()
    events = indirect(s, "A1", "1009")
    assert "turn 2" in events[0].text
    first = RULES.apply(s, "us", Action("end"))
    assert not any("Indirect fire on" in e.text for e in first)
    events = to_next_combat(s)
    assert any("Indirect fire on 1009" in e.text for e in events)
    assert s.units["A1"].fired  # it fired: it may not move this turn


def test_indirect_fire_only_m_and_h_units() -> None:
    s = build([("S1", "m4", "0116"), ("SP", "us_rifle", "1010"), ("G", "ge_rifle", "1009")])
    with pytest.raises(IllegalAction, match="only M and \\(H\\)"):
        indirect(s, "S1", "1009")


def test_indirect_fire_h_units_must_be_over_a_quarter_of_range_away() -> None:
    s = build([("A1", "m7", "0116"), ("A2", "m7", "1016"), ("SP", "us_rifle", "1010"), ("G", "ge_rifle", "1009")])
    with pytest.raises(IllegalAction, match="quarter of its range"):
        indirect(s, "A2", "1009")  # 7 hexes, range 30: 7.5 needed
    indirect(s, "A1", "1009")  # 11 hexes


def test_indirect_fire_needs_a_spotter_wagons_and_trucks_never_spot() -> None:
    s = build([("M1", "us_mortar", "1013"), ("T", "us_truck", "1010"), ("G", "ge_rifle", "1009")])
    with pytest.raises(IllegalAction, match="spots"):
        indirect(s, "M1", "1009")
    s.units["T"].type = "us_rifle"
    indirect(s, "M1", "1009")


def test_spotting_non_adjacent_only_if_the_enemy_fired_or_moved_in_the_open() -> None:
    s = build([("M1", "us_mortar", "1016"), ("R1", "us_rifle", "1013"), ("G", "ge_rifle", "1009")])
    with pytest.raises(IllegalAction, match="spots"):
        indirect(s, "M1", "1009")
    s.units["G"].revealed = True
    indirect(s, "M1", "1009")


def test_indirect_fire_not_at_loaded_or_dispersed_units() -> None:
    s = build([("M1", "us_mortar", "1013"), ("SP", "us_rifle", "1010"), ("G", "ge_rifle", "1009")])
    s.units["G"].dispersed = True
    with pytest.raises(IllegalAction, match="loaded and dispersed"):
        indirect(s, "M1", "1009")


def test_indirect_fire_never_halved_for_elevation() -> None:
    s = build([("M1", "us_mortar", "1012"), ("SP", "us_rifle", "1008"), ("G", "ge_rifle", "1007")])
    indirect(s, "M1", "1007")
    events = to_next_combat(s, dice=[6])
    assert any("3/8 = 1-3" in e.text for e in events)


def test_indirect_and_direct_fire_not_on_the_same_hex_in_one_phase() -> None:
    s = build([("M1", "us_mortar", "1013"), ("SP", "us_rifle", "1010"), ("S1", "m4", "1012"),
               ("G", "ge_rifle", "1009"), ("G2", "ge_rifle", "1009")])
    indirect(s, "M1", "1009")
    to_next_combat(s, dice=[6, 6])
    with pytest.raises(IllegalAction, match="indirect fire this phase"):
        RULES.apply(s, "us", Action("fire", {"units": "S1", "target": "1009"}))


@pytest.mark.parametrize(("dice", "lands"), [([1], "1009"), ([2], "1009"), ([6], None)])
def test_indirect_fire_spotters_lost_scatter_1_2_on_target_6_no_effect(dice: list[int], lands: str | None) -> None:
    s = build([("M1", "us_mortar", "1013"), ("SP", "us_rifle", "1010"), ("G", "ge_rifle", "1009")])
    indirect(s, "M1", "1009")
    s.units["SP"].hex = "1011"  # the spotter moved away
    events = to_next_combat(s, dice=dice + [6])
    text = "\n".join(e.text for e in events)
    assert f"scatter die {dice[0]}" in text
    if lands:
        assert f"Indirect fire on {lands}" in text
    else:
        assert "ineffective" in text and "Indirect fire on" not in text


@pytest.mark.parametrize("direction", [1, 2, 3, 4, 5, 6])
def test_indirect_fire_scatter_3_5_neighbouring_hex_clockwise_from_north(direction: int) -> None:
    s = build([("M1", "us_mortar", "1013"), ("SP", "us_rifle", "1010"), ("G", "ge_rifle", "1009")])
    indirect(s, "M1", "1009")
    s.units["SP"].status = "eliminated"
    s.units["SP"].hex = None
    events = to_next_combat(s, dice=[4, direction, 6])
    expected = Hex.parse("1009").neighbor(direction - 1).label
    if direction == 1:
        assert expected == "1008"  # 1 is due north
    assert any(f"lands on {expected}" in e.text for e in events)


def test_indirect_fire_divides_by_counters_carrier_and_cargo_count_as_one() -> None:
    s = build([("M1", "us_mortar", "1013"), ("SP", "us_rifle", "1010"),
               ("T", "ge_truck", "1009"), ("G", "ge_rifle", "1009"), ("G2", "ge_rifle", "1009")])
    s.units["T"].cargo = "G"
    s.units["G"].carrier = "T"
    indirect(s, "M1", "1009")
    events = to_next_combat(s, dice=[6, 6])
    assert any("3 factors / 2 units = 1.5 each" in e.text for e in events)
    assert any("against T+G (defense 1, soft)" in e.text for e in events)


def test_I_i_indirect_fire_order_that_cannot_take_place_means_no_fire_at_all_that_turn() -> None:
    """I.i: "Once the order is submitted, the attack must take place as written or the attacking unit
    may not fire at all in that turn."""
    s = example_state()
    indirect(s, "A1", "1009")
    s.units["A1"].hex = "1011"  # too close now: (H) fire must be over a quarter of its range away
    events = to_next_combat(s)
    assert any("does not take place" in e.text and "may not fire at all" in e.text for e in events)
    enemy = next(u for u in s.on_map("ge"))
    assert not any(a.kind == "fire" and a.args["units"] == "A1" for a in RULES.legal_actions(s, "us"))
    with pytest.raises(IllegalAction, match="may not fire at all this turn"):
        RULES.apply(s, "us", Action("fire", {"units": "A1", "target": enemy.hex}))
    assert not s.units["A1"].fired  # it did not fire: it may still move
