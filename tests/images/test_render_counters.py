"""Counters: drawn in their hex in their side's colour, stacks, reduced units, markers, the tray."""

from __future__ import annotations

from pathlib import Path

from engine.hexgrid import Hex
from engine.maps import load_map
from images import render_image, render_png, style
from images.pieces import stack_boxes
from images.render import layout_for
from images.samples import peiper_midgame_view, peiper_opening_view
from tests.images.helpers_render import close, decode

PEIPER = Path(__file__).resolve().parents[2] / "engine" / "games" / "peiper" / "data" / "map.yaml"


def _unit(uid, side, hex_, **kw):
    return {"id": uid, "side": side, "hex": hex_, "symbol": kw.pop("symbol", "infantry"), "values": [1, 2, 3],
            "status": kw.pop("status", "on_map"), "reduced": kw.pop("reduced", False), "markers": kw.pop("markers", [])}


def _left_strip(lay, h):
    """A spot on the counter's plain left margin, level with its centre."""
    cx, cy = lay.centre(h)
    S = lay.counter
    return round(cx - S / 2 + 0.1 * S), round(cy)


def test_each_unit_is_drawn_in_its_hex_in_its_side_colour():
    gmap = load_map(PEIPER)
    view = peiper_opening_view()
    img = render_image(gmap, view)
    lay = layout_for(gmap, view)
    placed = [u for u in view["units"] if u["hex"]]
    assert len(placed) == 4
    for u in placed:
        assert img.getpixel(_left_strip(lay, Hex.parse(u["hex"]))) == style.side_colour(u["side"]), u["id"]
    # And not where there is no unit.
    empty = Hex.parse("0101")
    assert img.getpixel(_left_strip(lay, empty)) != style.side_colour("us")


def test_counter_colours_survive_the_palette():
    gmap = load_map(PEIPER)
    view = peiper_opening_view()
    png = decode(render_png(gmap, view)).convert("RGB")
    lay = layout_for(gmap, view)
    for u in view["units"]:
        if u["hex"]:
            assert close(png.getpixel(_left_strip(lay, Hex.parse(u["hex"]))), style.side_colour(u["side"]))


def test_side_colours_are_configurable_by_side_key():
    gmap = load_map(PEIPER)
    view = {"units": [_unit("A", "ge", "0505")], "side_colours": {"ge": "#203040"}}
    img = render_image(gmap, view)
    assert img.getpixel(_left_strip(layout_for(gmap, view), Hex.parse("0505"))) == (0x20, 0x30, 0x40)


def test_a_pair_stands_side_by_side_and_a_fan_shows_the_lower_ids():
    gmap = load_map(PEIPER)
    view = {"units": [_unit("Under", "ge", "0503"), _unit("Top", "us", "0503")]}
    img = render_image(gmap, view)
    lay = layout_for(gmap, view)
    (ux, uy, S), (tx, ty, _) = stack_boxes(lay, Hex.parse("0503"), 2)
    assert img.getpixel((tx + 3, ty + S // 2)) == style.side_colour("us")  # the last on the right
    assert img.getpixel((ux + 3, uy + S // 2)) == style.side_colour("ge")  # the other beside it, whole
    assert ux + S < tx
    three = {"units": [_unit("A", "ge", "0503"), _unit("B", "ge", "0503"), _unit("C", "us", "0503")]}
    img = render_image(gmap, three)
    (ax, ay, S), _, (cx, cy, _) = stack_boxes(lay, Hex.parse("0503"), 3)
    assert img.getpixel((cx + 3, cy + S // 2)) == style.side_colour("us")  # the top of the fan
    # The lowest counter's top-left corner peeks out above and left of the top one.
    assert img.getpixel((ax + 3, ay + 3)) == style.side_colour("ge")


def test_stacks_stay_inside_their_hex_below_its_number():
    gmap = load_map(PEIPER)
    lay = layout_for(gmap, {})
    h = Hex.parse("0705")
    cx, cy = lay.centre(h)
    R = lay.radius
    for n in range(1, 7):
        for x, y, S in stack_boxes(lay, h, n):
            assert y >= cy - 0.6 * R and y + S <= cy + 0.6 * R, n  # clear of the hex number and the place name
            for px, py in ((x, y), (x + S, y), (x, y + S), (x + S, y + S)):
                # inside the hex: within its inner radius measured along the flat-top geometry
                assert abs(py - cy) <= 0.87 * R and abs(px - cx) <= R - abs(py - cy) / 1.732 + 1, (n, px, py)


def test_big_stacks_list_every_unit_under_the_map():
    from images.pieces import stack_lists

    gmap = load_map(PEIPER)
    units = [_unit(f"U{i}", "us", "0503") for i in range(5)]
    view = {"units": units}
    assert stack_lists(view) == [("0503", [f"U{i} 1-2-3" for i in range(4, -1, -1)])]  # with their values
    plain = render_image(gmap, {"units": units[:1]})
    listed = render_image(gmap, view)
    assert listed.height > plain.height  # the side list below the legend


def test_reduced_unit_has_a_yellow_corner():
    gmap = load_map(PEIPER)
    view = {"units": [_unit("Full", "us", "0503"), _unit("Half", "us", "0505", reduced=True)]}
    img = render_image(gmap, view)
    lay = layout_for(gmap, view)
    S = lay.counter
    for label, colour in (("0503", style.side_colour("us")), ("0505", style.REDUCED_STRIPE)):
        cx, cy = lay.centre(Hex.parse(label))
        assert img.getpixel((round(cx - S / 2 + 4), round(cy - S / 2 + 4))) == colour, label


def test_unit_marker_chip_on_the_right_edge():
    gmap = load_map(PEIPER)
    view = {"units": [_unit("Busy", "us", "0503", markers=["spent"]), _unit("Idle", "us", "0505")]}
    img = render_image(gmap, view)
    lay = layout_for(gmap, view)
    S = lay.counter
    chip = max(8, round(S * 0.3))
    for label, want in (("0503", True), ("0505", False)):
        cx, cy = lay.centre(Hex.parse(label))
        spot = (round(cx - S / 2 + S + chip // 2 - 3), round(cy - S / 2 + round(0.24 * S) + chip / 2))
        assert (img.getpixel(spot) == style.UNIT_MARKERS["spent"].bg) is want, label


def test_off_map_units_go_to_the_tray_not_the_map():
    gmap = load_map(PEIPER)
    view = peiper_opening_view()  # Germans awaiting entry
    img = render_image(gmap, view)
    lay = layout_for(gmap, view)
    x0, y0, x1, y1 = lay.bbox(gmap.terrain)
    grey = style.side_colour("ge")
    on_map = img.crop((x0, y0, x1, y1))
    below = img.crop((0, y1 + 40, img.width, img.height))
    assert grey not in {c for _, c in on_map.getcolors(1 << 20)}
    assert grey in {c for _, c in below.getcolors(1 << 20)}


def test_midgame_view_with_bad_entries_does_not_raise():
    gmap = load_map(PEIPER)
    view = peiper_midgame_view()
    view["units"].append(_unit("Ghost", "martian", "9999", symbol="flying_saucer", markers=["confused"]))
    view["units"].append({"id": "NoFields"})
    view["markers"] += [{"kind": "bridge_down", "bridge": "Nowhere"}, {"kind": "bridge_down", "hexside": "0101/0909"},
                        {"kind": "strange", "hex": "0101"}, "not a dict"]
    view["overlays"] += [{"kind": "move", "path": ["0101", "zz"]}, {"kind": "fire", "from": "0101"}, {"kind": "??"}]
    assert decode(render_png(gmap, view)).size[0] > 500


def test_markers_of_a_lower_counter_in_a_fan_show_left_of_it():
    gmap = load_map(PEIPER)
    under = [_unit("Under", "ge", "0503", markers=["spent"]), _unit("Mid", "ge", "0503"), _unit("Top", "us", "0503")]
    img = render_image(gmap, {"units": under})
    lay = layout_for(gmap, {"units": under})
    (left, top, S), _, _ = stack_boxes(lay, Hex.parse("0503"), 3)
    chip = max(8, round(S * 0.3))
    spot = (left - chip, top + round(0.24 * S) + 2)  # the chip's top-left corner, left of the counter
    assert close(img.getpixel(spot), style.UNIT_MARKERS["spent"].bg)
    quiet = [_unit("Under", "ge", "0503"), _unit("Mid", "ge", "0503"), _unit("Top", "us", "0503")]
    assert not close(render_image(gmap, {"units": quiet}).getpixel(spot), style.UNIT_MARKERS["spent"].bg)


def test_markers_of_both_counters_of_a_pair_stay_on_their_right_edges():
    gmap = load_map(PEIPER)
    view = {"units": [_unit("Under", "ge", "0503", markers=["spent"]), _unit("Top", "us", "0503")]}
    img = render_image(gmap, view)
    lay = layout_for(gmap, view)
    (left, top, S), (right, _, _) = stack_boxes(lay, Hex.parse("0503"), 2)
    chip = max(8, round(S * 0.3))
    spot = (left + S + chip // 2 - 2, top + round(0.24 * S) + chip // 2)
    assert spot[0] < right  # in the gap between the two
    assert close(img.getpixel(spot), style.UNIT_MARKERS["spent"].bg)
