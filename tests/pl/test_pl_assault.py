"""III. Close Assault Tactics."""

from __future__ import annotations

import pytest
from pl_helpers import build, rig

from engine.errors import IllegalAction
from engine.game import Action
from engine.games.pl import RULES


def assault(state, ids: str, target: str):  # type: ignore[no-untyped-def]
    return RULES.apply(state, state.side, Action("assault", {"units": ids, "target": target}))


def end(state):  # type: ignore[no-untyped-def]
    return RULES.apply(state, state.side, Action("end"))


def test_cat_only_infantry_and_engineers() -> None:
    s = build([("S1", "m4", "1009"), ("M1", "us_mortar", "1009"), ("G1", "ge_rifle", "1010")], phase="assault")
    with pytest.raises(IllegalAction, match="only infantry and engineers"):
        assault(s, "S1", "1010")
    with pytest.raises(IllegalAction, match="only infantry and engineers"):
        assault(s, "M1", "1010")


def test_cat_attackers_must_be_adjacent() -> None:
    s = build([("R1", "us_rifle", "1009"), ("G1", "ge_rifle", "1011")], phase="assault")
    with pytest.raises(IllegalAction, match="not adjacent"):
        assault(s, "R1", "1011")


def test_cat_minus_2_to_the_die_and_the_stack_attacked_together() -> None:
    s = build([("R1", "us_rifle", "1009"), ("R2", "us_rifle", "1009"), ("R3", "us_rifle", "1110"),
               ("R4", "us_rifle", "1110"), ("G1", "ge_rifle", "1010"), ("G2", "ge_security", "1010")], phase="assault")
    assault(s, "R1,R2", "1010")
    assault(s, "R3,R4", "1010")  # joins the same assault
    rig(s, [4])
    events = end(s)
    assert any("8/12 = 1-2; die 4-2 = 2: D" in e.text for e in events)
    assert s.units["G1"].dispersed and s.units["G2"].dispersed


def test_cat_engineer_with_infantry_one_column_right() -> None:
    s = build([("R1", "us_rifle", "1009"), ("E1", "us_engineer", "1009"), ("G1", "ge_rifle", "1010")], phase="assault")
    assault(s, "R1,E1", "1010")
    rig(s, [5])
    events = end(s)
    assert any("5/8 = 1-2, shifted to 1-1; die 5-2 = 3: D" in e.text for e in events)


def test_cat_is_how_infantry_attacks_armour() -> None:
    s = build([("R1", "us_rifle", "1009"), ("R2", "us_rifle", "1009"), ("R3", "us_rifle", "1009"),
               ("R4", "us_rifle", "1009"), ("P1", "pz4", "1010")], phase="assault")
    assault(s, "R1,R2,R3,R4", "1010")
    rig(s, [1])
    events = end(s)
    assert any("8/8 = 1-1; die 1-2 = -1: X" in e.text for e in events)
    assert s.units["P1"].status == "eliminated"


def test_cat_allied_mg_only_when_stacked_with_infantry_engineer_or_scout() -> None:
    s = build([("MG1", "us_mg", "1009"), ("G1", "ge_rifle", "1010")], phase="assault")
    with pytest.raises(IllegalAction, match="Allied MG"):
        assault(s, "MG1", "1010")
    t = build([("MG1", "us_mg", "1009"), ("R1", "us_rifle", "1009"), ("G1", "ge_rifle", "1010")], phase="assault")
    assault(t, "MG1", "1010")


def test_cat_not_from_a_stream_hex() -> None:
    s = build([("R1", "us_rifle", "1510"), ("G1", "ge_rifle", "1410")], phase="assault")
    with pytest.raises(IllegalAction, match="stream"):
        assault(s, "R1", "1410")


def test_cat_not_the_turn_a_unit_unloads_only_face_up_units() -> None:
    s = build([("R1", "us_rifle", "1009"), ("R2", "us_rifle", "1009"), ("G1", "ge_rifle", "1010")], phase="assault")
    s.units["R1"].unloaded_turn = s.turn
    s.units["R2"].dispersed = True
    with pytest.raises(IllegalAction, match="unloaded this turn"):
        assault(s, "R1", "1010")
    with pytest.raises(IllegalAction, match="dispersed"):
        assault(s, "R2", "1010")


def test_cat_units_that_fired_may_not_assault() -> None:
    s = build([("R1", "us_rifle", "1009"), ("G1", "ge_rifle", "1010")], phase="assault")
    s.units["R1"].fired = True
    with pytest.raises(IllegalAction, match="fired"):
        assault(s, "R1", "1010")
