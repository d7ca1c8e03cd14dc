"""Data files: validated on load, errors name file, entry and problem; GM-replaceable tables."""

from __future__ import annotations

import pytest
from pl_helpers import build, rig

from engine.errors import DataFileError
from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl import datafiles as data
from engine.games.pl.board import crt
from engine.maps import load_yaml
from engine.options import BadOption


def test_data_files_load_and_validate() -> None:
    assert data.unit_types()["pz4"].attack == 14
    assert data.default_crt().columns[-1] == "4-1"
    assert set(data.default_wec().weapons) == {"A", "H", "(H)", "M", "I"}
    assert set(data.situations()) == {"utah", "utah_inland", "hill30", "hill30_v2", "crossing"}
    g = data.board()
    assert (g.columns, g.rows) == (20, 16)
    assert {"woods", "town", "stream"} <= set(g.terrain.values())
    assert g.markers["bridge"] and g.road_links and g.elevation


def test_units_values_from_the_facts_sheet() -> None:
    u = data.unit_types()
    assert (u["m4"].attack, u["m4"].weapon, u["m4"].range, u["m4"].defense, u["m4"].movement) == (11, "A", 8, 9, 8)
    assert u["us_rifle"].star and u["ge_mortar"].weapon == "M" and u["m7"].weapon == "(H)"


def test_bad_crt_names_the_entry() -> None:
    raw = load_yaml(data.DATA / "crt.yaml")
    raw["rows"][3][2] = "Q"
    with pytest.raises(DataFileError, match=r"rows\.3\[2\]"):
        data.parse_crt(raw)


def test_bad_unit_names_the_entry() -> None:
    with pytest.raises(DataFileError, match="tiger"):
        data.parse_units({"tiger": {"name": "Tiger", "side": "ge", "kind": "tank", "attack": 15, "weapon": "Z",
                                    "range": 12, "defense": 12, "movement": 8}})


def test_bad_situation_unit_type_names_the_entry() -> None:
    raw = load_yaml(data.DATA / "situations.yaml")
    raw["utah"]["units"]["us"][0]["type"] = "nope"
    with pytest.raises(DataFileError, match=r"utah\.units\.us\[0\]"):
        data.parse_situations(raw)


def test_board_slope_features_must_match_elevation() -> None:
    from engine.maps import parse_map

    raw = load_yaml(data.BOARD_PATH)
    raw["hexsides"]["slope"] = raw["hexsides"]["slope"][1:]
    with pytest.raises(DataFileError, match="elevation step"):
        data.check_board(parse_map(raw, "board.yaml"))


def test_gm_option_replaces_the_crt() -> None:
    raw = load_yaml(data.DATA / "crt.yaml")
    raw["rows"] = {d: ["X"] * len(raw["columns"]) for d in raw["rows"]}
    s = build([("S1", "m4", "1009"), ("P1", "pz4", "1309")], options={"crt": raw})
    assert crt(s).result(0, 7) == "X"
    RULES.apply(s, "us", Action("fire", {"units": "S1", "target": "1309"}))
    rig(s, [6])
    RULES.apply(s, "us", Action("end"))
    assert s.units["P1"].status == "eliminated"


def test_gm_option_bad_table_refused_at_creation() -> None:
    with pytest.raises(BadOption, match="Option crt .*'Z' is not one of"):
        RULES.new_state("utah", 1, {"crt": {"columns": ["1-1"], "rows": {0: ["Z"]}}})
    with pytest.raises(BadOption, match="has no option 'fog'"):
        RULES.new_state("utah", 1, {"fog": True})


def test_gm_option_replaces_the_wec() -> None:
    raw = load_yaml(data.DATA / "wec.yaml")
    raw["weapons"]["I"]["armoured"] = 1.0
    s = build([("R1", "us_rifle", "1009"), ("P1", "pz4", "1010")], options={"wec": raw})
    RULES.apply(s, "us", Action("fire", {"units": "R1", "target": "1010"}))  # now allowed


def test_situation_opening_stacks_checked() -> None:
    raw = load_yaml(data.DATA / "situations.yaml")
    raw["utah"]["units"]["us"][0]["hexes"][:5] = ["0102"] * 5
    with pytest.raises(DataFileError, match="limit 4"):
        data.parse_situations(raw)
    raw = load_yaml(data.DATA / "situations.yaml")
    raw["utah"]["units"]["us"][0]["hexes"][0] = "0810"  # a German hex
    with pytest.raises(DataFileError, match="both sides"):
        data.parse_situations(raw)
