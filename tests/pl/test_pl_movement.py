"""II. Movement Phase: terrain, road bonus, stacks, streams, overrun, transport, stacking, mines, blocks."""

from __future__ import annotations

import pytest
from pl_helpers import build, rig

from engine.errors import IllegalAction, UmpireError
from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.board import stack_count
from engine.games.pl.combat import destroy_unit, elements_at
from engine.games.pl.movement import step_cost
from engine.hexgrid import Hex


def act(state, kind: str, **args: str):  # type: ignore[no-untyped-def]
    return RULES.apply(state, state.side, Action(kind, dict(args)))


def cost(state, uid: str, a: str, b: str, road: bool = True) -> float | None:  # type: ignore[no-untyped-def]
    return step_cost(state, [state.units[uid]], Hex.parse(a), Hex.parse(b), road_bonus=road)


def test_movement_terrain_costs_from_the_tec() -> None:
    s = build([("S1", "m4", "1009"), ("R1", "us_rifle", "1212")], phase="move_vehicles")
    assert cost(s, "S1", "1009", "1109") == 1
    assert cost(s, "S1", "1212", "1213") is None  # vehicles: woods only by road
    assert cost(s, "R1", "1212", "1213") == 2
    assert cost(s, "S1", "0810", "0811") == 0.5 and cost(s, "S1", "0910", "0911") == 2  # town by road / off road
    assert cost(s, "S1", "1009", "1008") == 2  # climbing a slope hexside costs 1 more


def test_road_bonus_half_mp_only_from_road_hex_and_lost_with_two_units_there() -> None:
    s = build([("S1", "m4", "1011")], phase="move_vehicles")
    act(s, "move", units="S1", to="1412")
    assert s.units["S1"].mp_left == 6  # four road hexes at 1/2
    t = build([("S1", "m4", "1112"), ("X1", "us_rifle", "1211"), ("X2", "us_rifle", "1211")], phase="move_vehicles")
    assert cost(t, "S1", "1112", "1211") == 1  # 2+ units in the road hex
    t.units["X2"].hex = "1210"
    assert cost(t, "S1", "1112", "1211") == 0.5
    assert cost(t, "S1", "1111", "1112") == 1  # entered from a non-road hex


def test_movement_all_units_may_move_at_least_one_hex() -> None:
    s = build([("R1", "us_rifle", "1212")], phase="move_infantry")
    act(s, "move", units="R1", to="1213")  # woods cost 2, allowance 1
    assert s.units["R1"].hex == "1213"
    with pytest.raises(IllegalAction):
        act(s, "move", units="R1", to="1214")


def test_movement_stacks_move_at_the_lowest_allowance() -> None:
    s = build([("S1", "m4", "1316"), ("T1", "m10", "1316")], phase="move_vehicles")
    with pytest.raises(IllegalAction, match="lowest allowance"):
        act(s, "move", units="S1,T1", to="1309")  # 8.5 MP
    act(s, "move", units="T1", to="1309")
    assert s.units["T1"].hex == "1309"


def test_movement_through_friends_never_through_enemies_stacking_4_at_the_end() -> None:
    s = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "1109")], phase="move_vehicles")
    assert cost(s, "S1", "1009", "1109") is None
    t = build([("S1", "m4", "1009")] + [(f"R{i}", "us_rifle", "1110") for i in range(4)], phase="move_vehicles")
    with pytest.raises(IllegalAction, match="more than 4"):
        act(t, "move", units="S1", to="1110")
    act(t, "move", units="S1", to="1111")  # passes through the full hex
    assert t.units["S1"].hex == "1111"


def test_movement_vehicles_first_then_infantry() -> None:
    s = build([("S1", "m4", "1009"), ("R1", "us_rifle", "1209"), ("G1", "ge_rifle", "0101")], phase="move_vehicles")
    with pytest.raises(IllegalAction, match="infantry moves after"):
        act(s, "move", units="R1", to="1210")
    act(s, "end")
    with pytest.raises(IllegalAction, match="vehicles moved first"):
        act(s, "move", units="S1", to="1010")


def test_streams_vehicles_only_over_bridges() -> None:
    s = build([("S1", "m4", "1409")], phase="move_vehicles")
    assert cost(s, "S1", "1409", "1509") is None
    assert cost(s, "S1", "1412", "1512") == 0.5
    assert cost(s, "S1", "1411", "1512") is None  # onto the bridge only along the road


@pytest.mark.parametrize(("die", "ends"), [(3, "1510"), (4, "1410")])
def test_streams_infantry_roll_1_3_to_enter(die: int, ends: str) -> None:
    s = build([("R1", "us_rifle", "1410")], phase="move_infantry")
    rig(s, [die])
    events = act(s, "move", units="R1", to="1510")
    assert s.units["R1"].hex == ends
    assert any(f"die {die}" in e.text for e in events)


def overrun_state(**extra: str):  # type: ignore[no-untyped-def]
    return build([("S1", "m4", "1009"), ("G1", "ge_rifle", "1010")], phase="move_vehicles")


def test_overrun_straight_through_to_the_exit_hex_one_column_and_minus_2() -> None:
    s = overrun_state()
    rig(s, [3])
    events = act(s, "overrun", units="S1", target="1010")
    assert s.units["S1"].hex == "1011"
    assert any("11/8 = 1-1, shifted to 2-1; die 3-2 = 1: X" in e.text for e in events)
    assert s.units["G1"].status == "eliminated"


def test_overrun_requires_clear_target_hex() -> None:
    s = build([("S1", "m4", "1212"), ("G1", "ge_rifle", "1213")], phase="move_vehicles")
    with pytest.raises(IllegalAction, match="clear hexes"):
        act(s, "overrun", units="S1", target="1213")


def test_overrun_needs_movement_to_enter_the_exit_hex_and_negates_the_road_bonus() -> None:
    s = overrun_state()
    s.units["S1"].mp_left = 1.5
    with pytest.raises(IllegalAction, match="costs 2 MP"):
        act(s, "overrun", units="S1", target="1010")
    t = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "1010"), ("G2", "ge_rifle", "1011")], phase="move_vehicles")
    with pytest.raises(IllegalAction, match="exit hex 1011 holds enemy"):
        act(t, "overrun", units="S1", target="1010")


@pytest.mark.parametrize("thing", ["wreck", "mine", "block"])
def test_overrun_prevented_by_blocks_wrecks_and_minefields(thing: str) -> None:
    s = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "1010")], phase="move_vehicles",
              options={"mines": True, "blocks": True})
    if thing == "wreck":
        s.wrecks["1010"] = 1
    elif thing == "mine":
        s.mines["1010"] = "ge"
        s.mines_seen.append("1010")  # a minefield the US player has found
    else:
        s.blocks.append("1010")
    with pytest.raises(IllegalAction, match="prevent overruns"):
        act(s, "overrun", units="S1", target="1010")


def test_overrun_each_hex_only_once_per_movement_phase() -> None:
    s = build([("S1", "m4", "1009"), ("S2", "m4", "0910"), ("G1", "ge_rifle", "1010"), ("G2", "ge_rifle", "1010")],
              phase="move_vehicles")
    rig(s, [6])
    act(s, "overrun", units="S1", target="1010")
    with pytest.raises(IllegalAction, match="already been overrun"):
        act(s, "overrun", units="S2", target="1010")


def test_overrun_halftracks_not_against_armour_german_spa_never() -> None:
    s = build([("H1", "m3", "1009"), ("P1", "pz4", "1010")], phase="move_vehicles")
    with pytest.raises(IllegalAction, match="halftracks"):
        act(s, "overrun", units="H1", target="1010")
    t = build([("W1", "wespe", "1009"), ("R1", "us_rifle", "1010")], side="ge", phase="move_vehicles")
    with pytest.raises(IllegalAction, match="SPA"):
        act(t, "overrun", units="W1", target="1010")
    u = build([("R1", "us_rifle", "1009"), ("G1", "ge_rifle", "1010")], phase="move_vehicles")
    with pytest.raises(IllegalAction):
        act(u, "overrun", units="R1", target="1010")


def test_transport_infantry_costs_half_movement_rounded_up() -> None:
    s = build([("T1", "us_truck", "1009"), ("R1", "us_rifle", "1009")], phase="move_vehicles")
    act(s, "load", unit="T1", cargo="R1")
    assert s.units["T1"].mp_left == 6 and s.units["R1"].carrier == "T1"
    act(s, "move", units="T1", to="1011")
    assert s.units["R1"].hex == "1011"


def test_transport_artillery_88mm_needs_full_movement() -> None:
    s = build([("T1", "ge_truck", "1009"), ("A1", "pak88", "1009")], side="ge", phase="move_vehicles")
    act(s, "load", unit="T1", cargo="A1")
    assert s.units["T1"].mp_left == 0
    t = build([("T1", "ge_truck", "1008"), ("A1", "pak88", "1009")], side="ge", phase="move_vehicles")
    act(t, "move", units="T1", to="1009")
    with pytest.raises(IllegalAction, match="full movement"):
        act(t, "load", unit="T1", cargo="A1")


def test_transport_no_move_load_move() -> None:
    s = build([("T1", "us_truck", "1008"), ("R1", "us_rifle", "1009")], phase="move_vehicles")
    act(s, "move", units="T1", to="1009")
    act(s, "load", unit="T1", cargo="R1")
    assert s.units["T1"].mp_left == 0


def test_transport_units_that_fired_or_are_dispersed_may_not_load() -> None:
    s = build([("T1", "us_truck", "1009"), ("R1", "us_rifle", "1009")], phase="move_vehicles")
    s.units["R1"].fired = True
    with pytest.raises(IllegalAction, match="combat"):
        act(s, "load", unit="T1", cargo="R1")
    s.units["R1"].fired = False
    s.units["R1"].dispersed = True
    with pytest.raises(IllegalAction, match="dispersed"):
        act(s, "load", unit="T1", cargo="R1")


def test_transport_unloading_may_not_violate_stacking() -> None:
    s = build([("T1", "us_truck", "1009"), ("R1", "us_rifle", "1009")] + [(f"X{i}", "us_rifle", "1009") for i in range(3)],
              phase="move_vehicles")
    act(s, "load", unit="T1", cargo="R1")
    assert stack_count(s, "1009") == 4  # the carried unit does not count
    s.units["T1"].moved = False
    s.units["T1"].mp_left = 12
    with pytest.raises(IllegalAction, match="more than 4"):
        act(s, "unload", unit="T1")


def test_transport_combined_defense_truck_1_halftrack_its_own() -> None:
    s = build([("T1", "ge_truck", "1009"), ("R1", "ge_rifle", "1009"), ("H1", "sdkfz251", "1010"),
               ("R2", "ge_rifle", "1010")])
    for c, r in (("T1", "R1"), ("H1", "R2")):
        s.units[c].cargo = r
        s.units[r].carrier = c
    assert [e.defense for e in elements_at(s, "1009")] == [1]
    assert [e.defense for e in elements_at(s, "1010")] == [6]


def test_transport_if_the_transporter_is_destroyed_the_transported_is_too() -> None:
    s = build([("T1", "ge_truck", "1009"), ("R1", "ge_rifle", "1009")])
    s.units["T1"].cargo = "R1"
    s.units["R1"].carrier = "T1"
    destroy_unit(s, [], s.units["T1"], "test")
    assert s.units["R1"].status == "eliminated"


def test_transport_rider_on_german_tank_attacked_alone_at_defense_1() -> None:
    s = build([("S1", "m4", "1007"), ("S2", "m4", "1008"), ("P1", "pz4", "1010"), ("R1", "ge_rifle", "1010")])
    s.units["P1"].cargo = "R1"
    s.units["R1"].carrier = "P1"
    RULES.apply(s, "us", Action("fire", {"units": "S2", "target": "1010", "at_unit": "R1"}))
    rig(s, [6])
    events = RULES.apply(s, "us", Action("end"))
    assert any("R1 alone, defense 1" in e.text for e in events)
    assert s.units["R1"].carrier == ""  # unloaded to be attacked


def test_stacking_carried_units_and_mines_do_not_count_wrecks_and_blocks_do() -> None:
    s = build([("T1", "us_truck", "1009"), ("R1", "us_rifle", "1009")], options={"mines": True, "blocks": True})
    s.units["T1"].cargo = "R1"
    s.units["R1"].carrier = "T1"
    s.mines["1009"] = "ge"
    assert stack_count(s, "1009") == 1
    s.wrecks["1009"] = 2
    s.blocks.append("1009")
    assert stack_count(s, "1009") == 4


def test_mines_stop_the_unit_and_attack_at_2_1() -> None:
    s = build([("S1", "m4", "1109")], phase="move_vehicles", options={"mines": True})
    s.mines["1110"] = "ge"
    rig(s, [4])
    events = act(s, "move", units="S1", to="1110")
    assert any("2/1 = 2-1; die 4: D" in e.text for e in events)
    assert s.units["S1"].dispersed and s.units["S1"].mp_left == 0
    with pytest.raises(IllegalAction):
        act(s, "move", units="S1", to="1111")


def test_mines_are_off_unless_the_option_is_set() -> None:
    s = build([("S1", "m4", "1109")], phase="move_vehicles")
    s.mines["1110"] = "ge"
    events = act(s, "move", units="S1", to="1111")
    assert s.units["S1"].hex == "1111" and not any("Minefield" in e.text for e in events)


def test_blocks_entered_only_from_an_adjacent_start_and_stop_the_unit() -> None:
    s = build([("S1", "m4", "1109"), ("S2", "m4", "1108")], phase="move_vehicles", options={"blocks": True})
    s.blocks.append("1110")
    act(s, "move", units="S1", to="1110")
    assert s.units["S1"].mp_left == 0
    events = act(s, "move", units="S2", to="1111")
    assert "1110" not in events[0].data["path"]  # may not pass through the block hex ...
    t = build([("S2", "m4", "1108")], phase="move_vehicles", options={"blocks": True})
    t.blocks.append("1110")
    with pytest.raises(IllegalAction):
        act(t, "move", units="S2", to="1110")  # ... nor enter it without starting adjacent


def test_transport_rider_that_cannot_unload_is_dispersed_with_its_carrier() -> None:
    s = build([("M1", "us_mortar", "1008"), ("P1", "pz4", "1010"), ("R1", "ge_rifle", "1010"),
               ("P2", "pz4", "1010"), ("P3", "pz4", "1010"), ("P4", "pz4", "1010")])
    s.units["P1"].cargo = "R1"
    s.units["R1"].carrier = "P1"
    RULES.apply(s, "us", Action("fire", {"units": "M1", "target": "1010", "at_unit": "R1"}))
    rig(s, [4])
    events = RULES.apply(s, "us", Action("end"))
    assert any("stays loaded" in e.text for e in events)
    assert any("3/1 = 3-1; die 4: DD" in e.text for e in events)
    assert s.units["R1"].carrier == "P1" and s.units["R1"].dispersed and s.units["P1"].dispersed
    assert not s.units["P2"].dispersed


def test_mines_dispersed_units_on_a_minefield_are_attacked_every_combat_phase() -> None:
    s = build([("S1", "m4", "1110"), ("G1", "ge_rifle", "0101")], side="us", phase="assault", options={"mines": True})
    s.mines["1110"] = "ge"
    s.units["S1"].dispersed = True  # dispersed there in the German segment
    s.side, s.phase = "ge", "assault"
    rig(s, [4])
    events = act(s, "end")  # the Allied segment opens: combat phase
    assert any("Minefield at 1110" in e.text and "2/1 = 2-1; die 4: D" in e.text for e in events)


def test_blocks_vehicles_may_not_enter_across_a_woods_hexside() -> None:
    s = build([("S1", "m4", "1212"), ("R1", "us_rifle", "1212")], phase="move_vehicles", options={"blocks": True})
    s.blocks.append("1213")  # a woods hex
    assert cost(s, "S1", "1212", "1213") is None
    assert cost(s, "R1", "1212", "1213") == 2


def test_II_movement_an_optional_route_through_waypoints() -> None:
    """II. Movement: a move may name its route (waypoints, in order), not only the cheapest path."""
    s = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "0101")], phase="move_vehicles")
    events = RULES.apply(s, "us", Action("move", {"units": "S1", "to": "1011", "via": "1110"}))
    path = events[0].data["path"]
    assert path[0] == "1009" and "1110" in path and path[-1] == "1011"
    assert s.units["S1"].hex == "1011" and s.units["S1"].mp_left < 8 - 2 + 1e-9
    t = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "0101")], phase="move_vehicles")
    with pytest.raises(IllegalAction, match="costs"):
        RULES.apply(t, "us", Action("move", {"units": "S1", "to": "1010", "via": "1005"}))
    with pytest.raises(UmpireError):
        RULES.apply(t, "us", Action("move", {"units": "S1", "to": "1010", "via": "9999"}))
    assert t.units["S1"].hex == "1009"


def test_II_ii_overrun_combined_from_different_hexes() -> None:
    """II.ii Overrun: "All units engaging in Overrun Attacks will be moved through the target hex
    first, then resolving the attack": units from different hexes overrun together, each moving
    straight through from its own side, and attack with their factors added."""
    units = [("S1", "m4", "1409"), ("S2", "m4", "1209"), ("G1", "ge_rifle", "1309")]
    s = build(units, phase="move_vehicles")
    rig(s, [6])
    events = act(s, "overrun", units="S1,S2", target="1309")
    moves = [e for e in events if e.kind == "move"]
    assert len(moves) == 2 and all(e.data["path"][1] == "1309" for e in moves)
    assert s.units["S1"].hex != "1409" and s.units["S2"].hex != "1209"
    assert s.units["S1"].overran and s.units["S2"].overran
    assert any("S1, S2 overrun (22) against 1309" in e.text for e in events)
    t = build(units, phase="move_vehicles", options={"overrun_one_hex": True})
    with pytest.raises(IllegalAction, match="same hex"):
        act(t, "overrun", units="S1,S2", target="1309")
