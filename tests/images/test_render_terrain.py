"""The printed map: terrain colours at hex centres, in RGB and after the palette, any terrain kind."""

from __future__ import annotations

from pathlib import Path

from engine.hexgrid import Hex
from engine.maps import load_map, parse_map
from images import render_image, render_png, style
from images.render import layout_for
from images.samples import SYNTH_KINDS, synthetic_map
from tests.images.helpers_render import close, decode, plain_hexes

PEIPER = Path(__file__).resolve().parents[2] / "engine" / "games" / "peiper" / "data" / "map.yaml"
EMPTY: dict = {"title": "t", "units": [], "markers": [], "overlays": []}


def _expected(gmap, h):
    return style.hex_fill(gmap.terrain[h], gmap.elevation.get(h, 0))


def test_peiper_hex_centres_show_their_terrain_colour():
    gmap = load_map(PEIPER)
    img = render_image(gmap, EMPTY)
    lay = layout_for(gmap, EMPTY)
    hexes = plain_hexes(gmap, EMPTY)
    assert len(hexes) > 60
    kinds_seen = set()
    for h in hexes:
        x, y = lay.centre(h)
        assert img.getpixel((round(x), round(y))) == _expected(gmap, h), h.label
        kinds_seen.add(gmap.terrain[h])
    assert {"clear", "forest", "light_forest"} <= kinds_seen  # villages and towns all sit on roads


def test_palette_png_keeps_terrain_colours():
    gmap = load_map(PEIPER)
    png = decode(render_png(gmap, EMPTY)).convert("RGB")
    lay = layout_for(gmap, EMPTY)
    for h in plain_hexes(gmap, EMPTY):
        x, y = lay.centre(h)
        got = png.getpixel((round(x), round(y)))
        assert close(got, _expected(gmap, h)), (h.label, got, _expected(gmap, h))


def test_synthetic_map_every_kind_distinct_and_in_place():
    gmap = synthetic_map()
    assert gmap.columns * gmap.rows == 24 * 18
    assert set(gmap.terrain.values()) == set(SYNTH_KINDS)
    png = decode(render_png(gmap, EMPTY)).convert("RGB")
    lay = layout_for(gmap, EMPTY)
    found = set()
    for h in plain_hexes(gmap, EMPTY):
        x, y = lay.centre(h)
        assert close(png.getpixel((round(x), round(y))), _expected(gmap, h)), h.label
        found.add(gmap.terrain[h])
    assert len(found) >= len(SYNTH_KINDS) - 2  # a kind may sit only on roads or named hexes
    # Known kinds that are not aliases of each other have distinct fills.
    fills = {style.hex_fill(k) for k in ("clear", "light_forest", "forest", "village", "town", "hill", "hilltop", "marsh")}
    assert len(fills) == 8


def test_unknown_terrain_kind_is_drawn_neutral_not_raised():
    raw = {"name": "odd", "columns": 3, "rows": 3, "default_terrain": "clear",
           "terrain_kinds": ["clear", "lava"], "terrain": {"lava": ["0202"]},
           "hexsides": {"force_field": ["0101/0102"]}, "markers": {"mystery": ["0303"]}}
    gmap = parse_map(raw, "odd.yaml")
    img = render_image(gmap, EMPTY)
    x, y = layout_for(gmap, EMPTY).centre(Hex.parse("0202"))
    assert img.getpixel((round(x), round(y))) == style.UNKNOWN_TERRAIN.fill
    assert decode(render_png(gmap, EMPTY)).size == img.size


def test_elevation_darkens_the_fill():
    assert style.hex_fill("clear", 2) != style.hex_fill("clear", 0)
    assert sum(style.hex_fill("clear", 2)) < sum(style.hex_fill("clear", 0))


def test_rivers_are_blue_along_the_hexside():
    gmap = load_map(PEIPER)
    img = render_image(gmap, EMPTY)
    lay = layout_for(gmap, EMPTY)
    river_sides = [s for s, k in gmap.hexside_features.items() if "river" in k and s not in gmap.bridge_at
                   and s.a not in gmap.road_hexes and s.b not in gmap.road_hexes]
    assert river_sides
    for side in river_sides[:10]:
        (ax, ay), (bx, by) = lay.side_ends(side)
        # A quarter of the way along the side: on the river line, clear of the joints.
        x, y = ax + (bx - ax) * 0.3, ay + (by - ay) * 0.3
        assert img.getpixel((round(x), round(y))) == style.WATER, side.label


def test_palette_keeps_every_designed_colour_exactly():
    from PIL import Image

    from images.frame import frame_spec
    from images.render import palette_for

    gmap = load_map(PEIPER)
    pal = palette_for(gmap, frame_spec(EMPTY, 1.0, {}))
    colours = style.designed_colours()
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata(colours)
    back = strip.quantize(palette=pal, dither=Image.Dither.NONE).convert("RGB")
    shifted = [(c, back.getpixel((i, 0))) for i, c in enumerate(colours) if back.getpixel((i, 0)) != c]
    assert shifted == []
