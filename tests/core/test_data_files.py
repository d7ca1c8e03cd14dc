"""Maps, units and scenarios are data files validated on load: bad files name file, entry, problem."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from engine.errors import DataFileError
from engine.games.peiper.units import DATA, game_map, parse_scenarios, parse_units, unit_specs
from engine.maps import load_yaml, parse_map

MAP = yaml.safe_load((DATA / "map.yaml").read_text(encoding="utf-8"))


def broken(**changes: object) -> dict[str, object]:
    data = copy.deepcopy(MAP)
    data.update(changes)
    return data


def test_every_bundled_map_and_unit_file_loads() -> None:
    gmap = game_map()
    assert gmap.columns == 14 and gmap.rows == 10
    assert len(unit_specs()) == 14


def test_peiper_map_has_the_places_rivers_and_four_or_more_demolishable_bridges() -> None:
    gmap = game_map()
    for place in ("Stavelot", "Trois-Ponts", "La Gleize", "Cheneux", "Stoumont", "Targnon"):
        assert place in gmap.places
    assert sum(1 for b in gmap.bridges.values() if b.demolishable) >= 4
    rivers = {b.river for b in gmap.bridges.values()}
    assert {"Amblève", "Salm"} <= rivers
    assert {gmap.terrain_of(h) for h in gmap.hexes()} == {"clear", "light_forest", "forest", "village", "town"}
    # every bridge carries a road over a river hexside
    for b in gmap.bridges.values():
        assert b.side in gmap.road_links and "river" in gmap.hexside_features[b.side]


@pytest.mark.parametrize(
    ("changes", "entry", "problem"),
    [
        ({"terrain": {"swamp": ["0101"]}}, "terrain.swamp", "unknown terrain"),
        ({"terrain": {"forest": ["9999"]}}, "terrain.forest[0]", "outside"),
        ({"terrain": {"forest": ["0101", "0101"]}}, "terrain.forest[1]", "already forest"),
        ({"roads": [["0101", "0103"]]}, "roads[0][1]", "not adjacent"),
        ({"hexsides": {"river": ["0101/0505"]}}, "hexsides.river[0]", "not adjacent"),
        ({"bridges": [{"name": "X", "at": "0101/0102"}]}, "bridges[0]", "crosses no river"),
        ({"columns": "wide"}, "columns", "integer"),
        ({"colour": "red"}, "colour", "Extra inputs"),
    ],
)
def test_a_bad_map_file_names_the_file_entry_and_problem(changes: dict[str, object], entry: str, problem: str) -> None:
    with pytest.raises(DataFileError) as err:
        parse_map(broken(**changes), "bad-map.yaml")
    assert err.value.file == "bad-map.yaml" and err.value.entry == entry
    assert problem in err.value.problem


def test_a_bad_units_file_names_the_entry() -> None:
    raw = yaml.safe_load((DATA / "units.yaml").read_text(encoding="utf-8"))
    raw["units"][0]["type"] = "zeppelin"
    with pytest.raises(DataFileError, match=r"units.yaml: units.0.type"):
        parse_units(raw)
    raw = yaml.safe_load((DATA / "units.yaml").read_text(encoding="utf-8"))
    raw["units"].append(dict(raw["units"][0]))
    with pytest.raises(DataFileError, match="appears twice"):
        parse_units(raw)


def test_a_bad_scenario_file_names_the_entry() -> None:
    raw = {"scenarios": {"x": {"title": "t", "summary": "s", "default_setup": {"99 BG": "0101"}}}}
    with pytest.raises(DataFileError, match="no hex for"):
        parse_scenarios(raw, unit_specs(), game_map())


def test_a_malformed_yaml_file_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("name: [unclosed\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="broken.yaml"):
        load_yaml(bad)
    with pytest.raises(DataFileError, match="no such file"):
        load_yaml(tmp_path / "missing.yaml")
