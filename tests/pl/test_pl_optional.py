"""Optional rules: Fortifications and Engineers (clearing minefields and blocks)."""

from __future__ import annotations

import pytest
from pl_helpers import build, rig

from engine.errors import DataFileError, IllegalAction
from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl import datafiles as data
from engine.games.pl.board import stack_count
from engine.games.pl.fire import build_direct
from engine.games.pl.state import AttackOrder
from engine.maps import load_yaml

FORT = {"fortifications": True}


def fort_state(*inside: str):  # type: ignore[no-untyped-def]
    s = build([("S1", "m4", "1110"), ("S2", "m4", "1008")] + [(uid, "ge_rifle", "1010") for uid in inside], options=FORT)
    s.forts["1010"] = "ge"
    return s


def test_fortifications_are_armoured_and_units_in_them_use_its_defense() -> None:
    s = fort_state("G1", "G2")
    att = build_direct(s, "us", AttackOrder(["S2"], "1010"))
    assert att.armoured and att.attack == 11 and att.defense == 12
    assert len(att.elements) == 1 and att.elements[0].fort


def test_fortifications_units_in_them_are_not_attacked_singly() -> None:
    s = fort_state("G1")
    with pytest.raises(IllegalAction, match="fortification"):
        RULES.apply(s, "us", Action("fire", {"units": "S2", "target": "1010", "at_unit": "G1"}))


def test_fortifications_and_the_units_inside_count_as_one_for_stacking() -> None:
    s = fort_state("G1", "G2", "G3", "G4")
    assert stack_count(s, "1010") == 1
    s.options["fortifications"] = False
    assert stack_count(s, "1010") == 4


def test_fortifications_destroyed_with_everything_inside_one_wreck() -> None:
    s = fort_state("G1", "G2")
    RULES.apply(s, "us", Action("fire", {"units": "S1,S2", "target": "1010"}))
    rig(s, [1])
    events = RULES.apply(s, "us", Action("end"))
    assert any("22/12 = 1-1; die 1: DD" in e.text for e in events)
    assert s.units["G1"].dispersed and s.units["G2"].dispersed  # dispersed together
    t = fort_state("G1", "G2")
    t.units["G1"].dispersed = True  # DD on a dispersed fortification garrison destroys it
    RULES.apply(t, "us", Action("fire", {"units": "S1,S2", "target": "1010"}))
    rig(t, [1])
    RULES.apply(t, "us", Action("end"))
    assert t.units["G1"].status == t.units["G2"].status == "eliminated"
    assert t.wrecks["1010"] == 1 and "1010" not in t.forts


def test_fortifications_prevent_overruns_and_negate_the_road_bonus() -> None:
    s = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "1010")], phase="move_vehicles", options=FORT)
    s.forts["1010"] = "ge"
    with pytest.raises(IllegalAction, match="prevent overruns"):
        RULES.apply(s, "us", Action("overrun", {"units": "S1", "target": "1010"}))
    from engine.games.pl.movement import step_cost
    from engine.hexgrid import Hex

    s.forts["1211"] = "ge"
    assert step_cost(s, [s.units["S1"]], Hex.parse("1112"), Hex.parse("1211")) == 1


def test_fortifications_mines_and_blocks_may_not_share_a_hex_nor_stand_in_streams() -> None:
    raw = load_yaml(data.DATA / "situations.yaml")
    raw["utah"]["fortifications"] = {"ge": ["1411"]}  # a mine is there
    with pytest.raises(DataFileError, match="may not share a hex"):
        data.parse_situations(raw)
    raw["utah"]["fortifications"] = {"ge": ["1509"]}
    with pytest.raises(DataFileError, match="stream"):
        data.parse_situations(raw)


ENG = {"engineers": True, "mines": True}


def end_turn(s):  # type: ignore[no-untyped-def]
    """From the acting side's vehicle step to the same step next turn."""
    side, turn = s.side, s.turn
    while not (s.side == side and s.turn == turn + 1 and s.phase == "move_vehicles"):
        RULES.apply(s, s.side, Action("end"))


def test_engineers_clear_a_minefield_over_four_turns() -> None:
    s = build([("E1", "us_engineer", "1109"), ("G1", "ge_rifle", "0101")], phase="move_vehicles", options=ENG)
    s.mines["1110"] = "ge"
    s.mines_seen.append("1110")  # found: engineers clear the minefields their side knows of
    # Turn 1: adjacent (already). Turn 2: invert at the beginning of the Movement phase.
    RULES.apply(s, "us", Action("clear", {"unit": "E1", "target": "1110"}))
    assert s.inverted == ["1110"]
    end_turn(s)
    # Turn 3: move onto it, no minefield attack.
    RULES.apply(s, "us", Action("end"))
    events = RULES.apply(s, "us", Action("move", {"units": "E1", "to": "1110"}))
    assert not any("2-1" in e.text for e in events) and not s.units["E1"].dispersed
    end_turn(s)
    # Turn 4: remove it.
    RULES.apply(s, "us", Action("clear", {"unit": "E1", "target": "1110"}))
    assert "1110" not in s.mines and not s.inverted


def test_engineers_only_engineers_and_only_next_to_it() -> None:
    s = build([("E1", "us_engineer", "1108"), ("R1", "us_rifle", "1109")], phase="move_vehicles", options=ENG)
    s.mines["1110"] = "ge"
    s.mines_seen.append("1110")
    with pytest.raises(IllegalAction, match="not an engineer"):
        RULES.apply(s, "us", Action("clear", {"unit": "R1", "target": "1110"}))
    with pytest.raises(IllegalAction, match="adjacent"):
        RULES.apply(s, "us", Action("clear", {"unit": "E1", "target": "1110"}))
    t = build([("E1", "us_engineer", "1109")], phase="move_vehicles", options={"mines": True})
    t.mines["1110"] = "ge"
    with pytest.raises(IllegalAction, match="not in play"):
        RULES.apply(t, "us", Action("clear", {"unit": "E1", "target": "1110"}))


def test_engineers_other_units_still_hit_by_a_minefield_being_cleared() -> None:
    s = build([("R1", "us_rifle", "1109")], phase="move_infantry", options=ENG)
    s.mines["1110"] = "ge"
    s.inverted.append("1110")
    rig(s, [6])
    events = RULES.apply(s, "us", Action("move", {"units": "R1", "to": "1110"}))
    assert any("2/1 = 2-1" in e.text for e in events)


def hold_phases(s, n: int) -> None:  # type: ignore[no-untyped-def]
    """Let the acting side spend n whole Movement phases without moving; back at its vehicle step."""
    for _ in range(n):
        end_turn(s)


def engineer_on(label: str, options: dict[str, bool] | None = None):  # type: ignore[no-untyped-def]
    return build([("E1", "us_engineer", label), ("G1", "ge_rifle", "0101")], phase="move_vehicles",
                 options=options or {"engineers": True})


def test_engineers_destroy_a_bridge_after_three_movement_phases_on_it_1_5() -> None:
    s = engineer_on("1512")
    with pytest.raises(IllegalAction, match="3 needed"):
        RULES.apply(s, "us", Action("demolish", {"unit": "E1"}))
    hold_phases(s, 3)
    rig(s, [5])
    events = RULES.apply(s, "us", Action("demolish", {"unit": "E1"}))
    assert any("die 5 (1-5 succeeds): bridge destroyed" in e.text for e in events)
    assert "1512" in s.bridges_down and "1512" in s.blocks
    from engine.games.pl.movement import step_cost
    from engine.games.pl.state import Unit
    from engine.hexgrid import Hex

    s.units["S9"] = Unit("S9", "m4", "us", hex="1412")
    assert step_cost(s, [s.units["S9"]], Hex.parse("1412"), Hex.parse("1512")) is None


def test_engineers_bridge_six_fails_later_attempts_take_fewer_turns() -> None:
    s = engineer_on("1512")
    hold_phases(s, 3)
    rig(s, [6])
    RULES.apply(s, "us", Action("demolish", {"unit": "E1"}))
    assert "1512" not in s.bridges_down
    end_turn(s)  # one more whole phase: the second attempt succeeds on 1-2
    rig(s, [3])
    events = RULES.apply(s, "us", Action("demolish", {"unit": "E1"}))
    assert any("(1-2 succeeds)" in e.text and "fails" in e.text for e in events)


def test_engineers_place_one_block_on_a_road_hex_after_four_turns() -> None:
    s = engineer_on("1211")
    hold_phases(s, 3)
    with pytest.raises(IllegalAction, match="4 needed"):
        RULES.apply(s, "us", Action("block", {"unit": "E1"}))
    end_turn(s)
    rig(s, [6])
    RULES.apply(s, "us", Action("block", {"unit": "E1"}))
    assert "1211" not in s.blocks and s.units["E1"].block_tries == 1
    end_turn(s)  # a repeated attempt after one more stationary turn
    rig(s, [2])
    RULES.apply(s, "us", Action("block", {"unit": "E1"}))
    assert "1211" in s.blocks and "1211" in s.built_blocks
    from engine.games.pl.board import stack_count

    assert stack_count(s, "1211") == 2  # the block counts, with the blocks option off
    end_turn(s)
    with pytest.raises(IllegalAction, match="one block"):
        RULES.apply(s, "us", Action("block", {"unit": "E1"}))


def test_engineers_woods_road_hex_needs_two_turns() -> None:
    from engine.games.pl.engineers import block_need

    assert block_need("1213") == 2 and block_need("1211") == 4
