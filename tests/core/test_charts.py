"""The charts each game offers (engine.charts): from the tables the game is played with, a GM's
replacement tables included, for the board's chart panel and /rules."""

from __future__ import annotations

import pytest

from engine import registry
from engine.charts import Chart, cell
from engine.games.peiper.board import MECH_COST, TERRAIN_COMBAT
from engine.games.pl import datafiles
from engine.maps import load_yaml

EXPECTED = {"peiper": {"terrain", "key"}, "saf": {"key", "counters", "actions", "cover", "chits"},
            "pl": {"crt", "tec", "wec", "key"}}


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_every_game_has_its_charts_and_terrain_notes(game: str) -> None:
    rules = registry.get(game)
    state = rules.new_state(rules.scenarios()[0].key, 1, {})
    charts = rules.charts(state)
    assert {c.key for c in charts} == EXPECTED[game]
    for c in charts:
        assert c.rows and all(len(row) == len(c.columns) for row in c.rows), c.key
    assert rules.charts(None)  # the defaults, without a game
    gmap_kinds = {kind for kind in rules.terrain_notes(state)}
    assert gmap_kinds and all(rules.terrain_notes(state)[k] for k in gmap_kinds)


def test_pl_crt_chart_is_the_crt_the_game_plays_with_a_gms_included() -> None:
    rules = registry.get("pl")
    raw = load_yaml(datafiles.DATA / "crt.yaml")
    raw["rows"] = {d: ["X"] * len(raw["columns"]) for d in raw["rows"]}
    state = rules.new_state("utah", 1, {"crt": raw})
    crt = next(c for c in rules.charts(state) if c.key == "crt")
    assert all(row[1:] == tuple(["X"] * len(raw["columns"])) for row in crt.rows)
    default = next(c for c in rules.charts(rules.new_state("utah", 1, {})) if c.key == "crt")
    assert default.columns == ("die", *datafiles.default_crt().columns)
    assert default.rows != crt.rows


def test_pl_tec_chart_and_hover_say_where_vehicles_may_not_go() -> None:
    rules = registry.get("pl")
    state = rules.new_state("utah", 1, {})
    tec = next(c for c in rules.charts(state) if c.key == "tec")
    woods = next(r for r in tec.rows if r[0] == "woods")
    assert woods[2] == "-" and woods[3] == "2"
    assert "vehicles no entry" in rules.terrain_notes(state)["woods"]


def test_peiper_terrain_chart_is_the_rules_own_costs_and_modifiers() -> None:
    chart = next(c for c in registry.get("peiper").charts(None) if c.key == "terrain")
    rows = {r[0]: r for r in chart.rows}
    for kind, cost in MECH_COST.items():
        row = rows[kind.replace("_", " ")]
        assert (cost is None and "road" in row[1]) or row[1] == f"{cell(cost)} MP"
        assert (f"+{TERRAIN_COMBAT[kind]}" in row[2]) if kind in TERRAIN_COMBAT else row[2] == "none"


def test_chart_text_is_an_aligned_monospace_table() -> None:
    chart = Chart("t", "T", "r", ("a", "long column"), (("wide value", "1"), ("x", "22")))
    lines = chart.text().splitlines()
    assert lines[0].index("long column") == lines[2].index("1") == lines[3].index("22")
    assert set(lines[1].replace(" ", "")) == {"-"}
