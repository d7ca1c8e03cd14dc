"""Reading the map: each game's own legend, shots at a neighbour over the counters, artillery results,
streams that differ from clear, a phase's caption and the result in the header."""

from __future__ import annotations

from pathlib import Path

from engine.hexgrid import Hex
from engine.maps import load_map
from images import render_image, style
from images.caption import caption_rows
from images.frame import _legend_items, legend_kinds
from images.geometry import shorten
from images.render import layout_for
from tests.images.helpers_render import close

ROOT = Path(__file__).resolve().parents[2]
PEIPER = ROOT / "engine" / "games" / "peiper" / "data" / "map.yaml"
PL = ROOT / "engine" / "games" / "pl" / "data" / "board.yaml"


def _unit(uid: str, side: str, hex_: str) -> dict:
    return {"id": uid, "side": side, "hex": hex_, "symbol": "infantry", "values": [1, 2, 3], "status": "on_map",
            "reduced": False, "markers": []}


def _labels(gmap_path: Path, game: str) -> list[str]:
    return [label for _, label, _ in _legend_items(load_map(gmap_path), legend_kinds({"game": game}))]


def test_the_legend_lists_the_markers_its_game_can_show():
    pl = _labels(PL, "pl")
    assert "fired" in pl and "dispersed" in pl and "wreck" in pl
    assert not {"fuel depot", "medic", "Artillery target", "low supply"} & set(pl)
    peiper = _labels(PEIPER, "peiper")
    assert {"fuel depot", "Artillery: hit", "Artillery: miss", "out of supply"} <= set(peiper)
    assert not {"wreck", "medic", "panic", "fired", "low supply"} & set(peiper)  # Peiper has no low supply
    # a view may say it itself
    assert legend_kinds({"game": "pl", "legend": {"unit_markers": ["x"], "map_markers": []}}) == (("x",), ())
    assert legend_kinds({}) is None  # an unknown game keeps every chip


def test_fire_at_an_adjacent_hex_shows_over_the_counters_without_crossing_them():
    gmap = load_map(PEIPER)
    a, b = Hex.parse("0503"), Hex.parse("0504")
    units = [_unit("Shooter", "ge", "0503"), _unit("Target", "us", "0504")]
    quiet = {"units": units}
    firing = {"units": units, "overlays": [{"kind": "fire", "from": "0503", "to": "0504", "hit": True}]}
    lay = layout_for(gmap, quiet)
    edge = shorten(lay.centre(a), lay.centre(b), 0.45 * lay.counter)  # on the target counter, by its edge
    edge = (round(edge[0]), round(edge[1]))
    (ax, ay), (bx, by) = lay.centre(a), lay.centre(b)
    between = (round((ax + bx) / 2), round((ay + by) / 2))  # the hexside between the counters
    drawn = render_image(gmap, firing)
    assert render_image(gmap, quiet).getpixel(edge) == style.side_colour("us")
    assert drawn.getpixel(edge) == style.side_colour("us")  # the counter is not crossed
    near = drawn.crop((between[0] - 4, between[1] - 4, between[0] + 5, between[1] + 5))
    assert any(close(c, style.FIRE_HIT, 30) for _, c in near.getcolors(1 << 12))  # the arrow, over the stacks' gap


def test_artillery_hit_and_miss_look_different():
    gmap = load_map(PEIPER)
    base = {"units": [_unit("Target", "us", "0705")]}
    hit = dict(base, overlays=[{"kind": "artillery", "hex": "0705"}, {"kind": "fire", "to": "0705", "hit": True}])
    miss = dict(base, overlays=[{"kind": "artillery", "hex": "0705"}, {"kind": "fire", "to": "0705", "hit": False}])
    lay = layout_for(gmap, base)
    cx, cy = lay.centre(Hex.parse("0705"))
    box = (round(cx - lay.radius), round(cy - lay.radius), round(cx + lay.radius), round(cy))
    colours_hit = {c for _, c in render_image(gmap, hit).crop(box).getcolors(1 << 20)}
    colours_miss = {c for _, c in render_image(gmap, miss).crop(box).getcolors(1 << 20)}
    assert style.FIRE_HIT in colours_hit and style.FIRE_HIT not in colours_miss


def test_stream_hexes_differ_from_clear():
    assert style.hex_fill("stream") != style.hex_fill("clear")


def test_a_phase_map_says_what_happened_and_a_final_map_names_the_winner():
    gmap = load_map(PEIPER)
    view = {"units": [], "turn": 13, "turns": 12, "phase": "over",
            "result": {"winner": "us", "reason": "Spitze fell", "rule": "Who Wins", "text": "US wins (Spitze fell)"},
            "phase_map": {"number": 7, "of": 7, "lines": ["Spitze moves 0503-0504 to 0504."], "title": "Phase 7"}}
    rows = caption_rows(view)
    assert rows[0] == ("result", "Game over: US wins (Spitze fell) [Who Wins]")
    assert ("title", "Phase 7 of 7: what happened") in rows and ("line", "Spitze moves 0503-0504 to 0504.") in rows
    from images.frame import header_fields

    texts = [seg[1] for field in header_fields(gmap, view, {}, 48.0) for seg in field if seg[0] == "text"]
    assert "12 of 12" in texts and "US wins (Spitze fell)" in texts and "over" not in texts
    assert render_image(gmap, view).height > render_image(gmap, {"units": []}).height
