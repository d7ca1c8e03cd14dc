"""Terrain the document names that the first board lacked: swamp, sea and beach hexes, cliff hexsides
(Terrain, Obstacles and Elevation; Fortifications; III. CAT; II. Overrun), on the Utah Beach board.
Effects from the TEC data (data/tec.yaml) and the rulings in docs/rulings/pl.md (terrain)."""

from __future__ import annotations

from typing import Any

import pytest
from pl_helpers import build

from engine.errors import DataFileError
from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.assault import assault_refusal
from engine.games.pl.board import line_of_sight, on_board, step_ok_for_setup, terrain
from engine.games.pl.combat import elevation_halves
from engine.games.pl.datafiles import board_path, load_yaml, parse_situations
from engine.games.pl.movement import label_step_cost, occupancy
from engine.games.pl.overrun import overrun_refusal
from engine.games.pl.sequence import place_problem

BEACH = "utah_beach"


def _cost(state: Any, uid: str, a: str, b: str) -> float | None:
    with on_board(state):
        return label_step_cost(state, [state.units[uid]], a, b, True, occupancy(state))


def test_terrain_the_utah_board_has_swamp_sea_beach_and_cliffs() -> None:
    s = build([], board=BEACH)
    with on_board(s):
        assert (terrain("1811"), terrain("2010"), terrain("2110")) == ("swamp", "beach", "sea")
    with on_board(build([])):
        assert (terrain("1811"), terrain("2010")) == ("clear", "clear")


def test_terrain_swamp_infantry_pay_two_mp_vehicles_only_along_the_causeway() -> None:
    s = build([("R1", "us_rifle", "1711"), ("T1", "m4", "1711"), ("T2", "m4", "1712")], side="us",
              phase="move_vehicles", board=BEACH)
    assert _cost(s, "R1", "1711", "1811") == 2  # swamp: infantry 2 MP (TEC)
    assert _cost(s, "T1", "1711", "1811") is None  # vehicles do not enter a swamp off the road
    assert _cost(s, "T2", "1712", "1812") == 0.5  # the road through it (the causeway) at the road rate
    first = build([("R1", "us_rifle", "1711"), ("T1", "m4", "1711")], side="us", phase="move_vehicles")
    assert _cost(first, "R1", "1711", "1811") == 1 and _cost(first, "T1", "1711", "1811") == 1


def test_terrain_beach_vehicles_pay_two_infantry_one_and_no_overrun_there() -> None:
    s = build([("R1", "us_rifle", "2009"), ("T1", "m4", "2009"), ("G1", "ge_rifle", "2011")], side="us",
              phase="move_vehicles", board=BEACH)
    assert _cost(s, "R1", "2009", "2010") == 1
    assert _cost(s, "T1", "2009", "2010") == 2
    s.units["T1"].hex = "2010"
    with on_board(s):
        why = overrun_refusal(s, "us", [s.units["T1"]], "2011").reason
    assert "beach" in why and "clear" in why  # II. Overrun: only against units in clear hexes


def test_terrain_sea_no_unit_enters_sets_up_or_is_close_assaulted_there() -> None:
    s = build([("R1", "us_rifle", "2010"), ("T1", "m4", "2010")], side="us", phase="move_infantry", board=BEACH)
    assert _cost(s, "R1", "2010", "2110") is None and _cost(s, "T1", "2010", "2110") is None
    with on_board(s):
        assert "sea" in assault_refusal(s, s.units["R1"], "2110").reason  # III. CAT may not target a sea hex
        assert "2110" not in [a.args.get("to") for a in RULES.legal_actions(s, "us") if a.kind == "move"]
    g = build([("G1", "ge_rifle", "1704")], side="ge", phase="setup", board=BEACH)
    with on_board(g):
        assert "sea" in step_ok_for_setup(g, g.units["G1"], "2110")
        assert not place_problem(g, "ge", g.units["G1"], "2010")  # the beach is land


def test_terrain_cliff_hexsides_no_unit_crosses_them() -> None:
    s = build([("R1", "us_rifle", "1305"), ("T1", "m4", "1305")], side="us", phase="move_vehicles", board=BEACH)
    assert _cost(s, "R1", "1305", "1205") is None and _cost(s, "T1", "1305", "1205") is None
    first = build([("R1", "us_rifle", "1305")], side="us", phase="move_infantry")
    assert _cost(first, "R1", "1305", "1205") == 2  # the first board: a slope, climbed at +1 MP


def test_terrain_cliff_hexsides_are_high_obstacles_to_line_of_sight() -> None:
    s = build([], board=BEACH)
    with on_board(s):
        clear, why = line_of_sight(s, "1105", "1505")
        assert not clear and "cliff" in why
        assert line_of_sight(s, "1205", "1405")[0]  # a unit at the cliff's edge sees down past it
    first = build([])
    with on_board(first):
        assert line_of_sight(first, "1105", "1505")[0]


def test_terrain_cliff_fire_up_a_cliff_from_the_adjacent_hex_is_halved() -> None:
    with on_board(build([], board=BEACH)):
        assert elevation_halves("1305", "1205")  # HILL/SLOPE: the cliff between them, as a slope hexside


@pytest.mark.parametrize("where", ["2010", "1811", "2110"])
def test_fortifications_not_in_swamp_sea_or_beach_hexes(where: str) -> None:
    raw = load_yaml(board_path().parent / "situations.yaml")
    sit = dict(raw["utah"])
    sit["fortifications"] = {"ge": [where]}
    with pytest.raises(DataFileError, match="no fortification there"):
        parse_situations({"utah": sit})


def test_terrain_utah_is_played_on_its_beach_board_the_old_layout_is_utah_inland() -> None:
    assert RULES.new_state("utah", 1, {}).board == BEACH
    assert RULES.view(RULES.new_state("utah", 1, {}), None)["map"].endswith("board_utah.yaml")
    assert RULES.new_state("utah_inland", 1, {}).board == ""
    # A game stored before the beach board (no first_board option) is played on the first board.
    assert RULES.new_state("utah", 1, RULES.upgrade_options({"mines": False})).board == ""


def test_terrain_a_gm_tec_without_the_new_terrain_uses_the_default_entries_for_it() -> None:
    tec = {"road_cost": 0.5, "climb_cost": 1, "terrain": {
        "clear": {"infantry": 1, "vehicle": 1}, "woods": {"infantry": 3, "vehicle": None, "defense_multiplier": 2},
        "town": {"infantry": 1, "vehicle": 2, "defense_multiplier": 2, "armoured_target": True},
        "stream": {"infantry": 2, "vehicle": None}}}
    s = build([("R1", "us_rifle", "1711"), ("R2", "us_rifle", "1810")], side="us", phase="move_infantry",
              options={"tec": tec}, board=BEACH)
    assert _cost(s, "R1", "1711", "1811") == 2  # swamp: not in the GM's table, the default entry
    assert _cost(s, "R1", "1711", "1710") == 3  # woods: the GM's own entry


def test_terrain_utah_plays_out_on_the_beach_board() -> None:
    state = RULES.new_state("utah", 2, {})
    for _ in range(3000):
        if RULES.is_over(state):
            break
        side = RULES.to_act(state)
        assert side is not None
        action, _ = RULES.bot_action(state, side)
        RULES.apply(state, side, action)
        assert not RULES.invariants(state)
    assert RULES.is_over(state)
    assert not any(u.hex and u.hex.startswith("21") for u in state.units.values())  # nobody at sea


def test_terrain_a_stored_utah_game_from_before_the_beach_board_is_rebuilt_on_the_first_board(tmp_path: Any) -> None:
    from sqlmodel import Session, select

    from engine.service import GameService, Seat
    from engine.service.models import GameRecord, SnapshotRecord

    service = GameService(f"sqlite:///{tmp_path / 'old.db'}")
    seats = {"us": Seat("human", "1"), "ge": Seat("human", "2")}
    gid = service.create_game("pl", "utah", seed=5, seats=seats, options={"first_board": True}).id
    with Session(service.engine) as s:  # as stored before the option and the board existed
        rec = s.get(GameRecord, gid)
        assert rec is not None
        rec.options = {k: v for k, v in rec.options.items() if k != "first_board"}
        state = {k: v for k, v in rec.state.items() if k != "board"}
        state["options"] = dict(rec.options)
        rec.state = state
        s.add(rec)
        for snap in s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == gid)).all():
            snap.state = dict(state)
            s.add(snap)
        s.commit()
    service.cache.drop(gid)
    assert service.state(gid).board == ""
    service.submit(gid, "ge", Action("end"), "2")
    service.undo(gid, "2", "ge")  # rebuilt from its opening
    assert service.state(gid).board == ""
    assert service.view(gid)["map"].endswith("board.yaml")
