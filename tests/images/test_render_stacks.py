"""Legible stacks (issue 27): every unit of a stack readable or listed, nothing covering a counter's values,
place names on their own hexes, the right supply marker, titles naming the phase and the side to act."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine import registry
from engine.hexgrid import Hex
from engine.maps import map_of
from images.caption import caption_rows, side_list
from images.layout import id_rect, name_band, overlaps, stack_boxes, values_rect, whole
from images.pieces import plan_view
from images.render import closeup_layout, layout_for
from tools.stack_images import VIEWS

GAMES = sorted(VIEWS)


def _plans(view: dict[str, Any], closeup: str | None = None) -> dict[Hex, Any]:
    gmap = map_of(view)
    lay = closeup_layout(gmap, closeup, 2) if closeup else layout_for(gmap, view)
    return plan_view(gmap, lay, view)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("closeup", [False, True])
def test_no_chip_covers_the_values_or_id_of_a_counter_shown_whole(game: str, closeup: bool) -> None:
    from tools.stack_images import CLOSEUPS

    view = VIEWS[game]()
    plans = _plans(view, CLOSEUPS[game][0] if closeup else None)
    protected = [r for p in plans.values() for r in p.protected]
    chips = [rect for p in plans.values() for _, rect in p.chips] + \
            [rect for p in plans.values() for _, _, rect in p.results]
    assert chips and protected  # the crowded views do carry chips and results
    for chip in chips:
        assert not any(overlaps(chip, r) for r in protected), (game, chip)
    for p in plans.values():  # a counter's marker chips never on another counter's id or values
        n = len(p.units)
        for i, chip in enumerate(p.unit_chips):
            others = [r for j, b in enumerate(p.boxes) if j != i and whole(n, j) for r in (id_rect(b), values_rect(b))]
            assert chip is None or not any(overlaps(chip, r) for r in others), (game, i)


@pytest.mark.parametrize("game", GAMES)
def test_every_unit_of_a_crowded_stack_is_drawn_whole_and_legibly_or_listed(game: str) -> None:
    view = VIEWS[game]()
    plans = _plans(view)
    lists = side_list(plans)
    rows = " ".join(text for _, text in caption_rows(view, lists))
    crowded = [p for p in plans.values() if len(p.units) >= 2]
    assert crowded
    for p in crowded:
        for i, unit in enumerate(p.units):
            drawn_whole = i >= len(p.units) - len(p.boxes) and (len(p.units) <= 2 or i == len(p.units) - 1)
            if p.listed or not drawn_whole:
                values = "-".join(str(v) for v in unit["values"])
                assert f"{unit['id']} {values}" in rows, (game, unit["id"])
    assert any(p.listed for p in crowded)  # three or more in a hex always go to the side list


def test_a_pair_shows_both_counters_whole_side_by_side() -> None:
    view = VIEWS["peiper"]()
    gmap = map_of(view)
    lay = layout_for(gmap, view)
    (x0, y0, s0), (x1, y1, s1) = stack_boxes(lay, Hex.parse("1108"), 2)
    assert y0 == y1 and x1 >= x0 + s0  # neither covers the other
    plan = _plans(view)[Hex.parse("1108")]
    assert not plan.listed and len(plan.protected) == 4  # 501 and 1/1 LAH both readable on the map


def test_the_miss_chip_no_longer_covers_3_2_lah() -> None:
    plan = _plans(VIEWS["peiper"]())[Hex.parse("1009")]
    (hit, shots, rect), = plan.results
    assert not hit and shots == 1
    assert not any(overlaps(rect, r) for r in plan.protected)
    assert plan.chips and plan.chips[0][0] == "oba"  # the OBA marker found a free corner


def test_place_names_are_drawn_inside_their_own_hex() -> None:
    from PIL import ImageDraw

    from images.terrain import name_lines

    gmap = map_of({"game": "peiper", "map": "peiper:map.yaml"})
    lay = layout_for(gmap, {})
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    for name, h in gmap.places.items():
        lines, f = name_lines(probe, name, lay.radius)
        x0, y0, x1, y1 = name_band(lay, h)
        cx, cy = lay.centre(h)
        for line in lines:
            assert probe.textlength(line, font=f) <= (x1 - x0) + 1, name
        # the band lies inside the hex: below its centre, above its lower hexside
        assert cy < y0 and y1 < cy + 0.87 * lay.radius
    assert gmap.places["Cheneux"].label == "0705" and gmap.places["La Gleize"].label == "0804"


def test_peiper_marks_a_unit_out_of_supply_not_low_supply() -> None:
    from engine.game import Action

    rules = registry.get("peiper")
    state = rules.new_state("historical", 7, {})
    for uid, at in {"99 BG": "0404", "106 BG": "0804", "2/23/2": "0909", "CCR/3/1": "1208"}.items():
        rules.apply(state, "us", Action("place", {"unit": uid, "at": at}))
    rules.apply(state, "us", Action("ready", {}))
    state.units["Spitze"].hex, state.units["Spitze"].status = "0203", "on_map"  # cut off, far from the depot
    state.fuel_depot = "held"
    with rules.ground(state):
        view = rules.view(state, None)
    markers = {m for u in view["units"] for m in u["markers"]}
    spitze = next(u for u in view["units"] if u["id"] == "Spitze")
    assert "out_of_supply" in spitze["markers"] and "low_supply" not in markers
    from images.style import GAME_LEGENDS

    assert "low_supply" not in GAME_LEGENDS["peiper"]["unit_markers"]


def _header_text(view: dict[str, Any]) -> str:
    from images.frame import header_fields

    gmap = map_of(view)
    fields = header_fields(gmap, view, {}, 48.0)
    return " ".join("".join(str(seg[1]) for seg in f if seg[0] == "text") for f in fields)


def test_a_phase_map_names_the_phase_shown_and_says_who_acts_next_as_what_followed() -> None:
    view = VIEWS["peiper"]()
    view["phase_map"] = {"number": 7, "of": 9, "phase_name": "activations", "next": "card draw", "lines": []}
    view["phase_name"], view["to_act"] = "activations", "ge"
    text = _header_text(view)
    assert "Map of phase 7 (activations)" in text
    assert "Next card draw, by  German" in text and "To act" not in text


def test_a_live_map_says_phase_and_side_to_act() -> None:
    view = VIEWS["pl"]()
    text = _header_text(view)
    assert "Phase Combat phase" in text and "To act  Allied" in text


def test_a_closeup_title_names_the_phase_now_and_the_side_to_act() -> None:
    from images.maps import view_png

    view = VIEWS["pl"]()  # /map 1007 3 in the combat phase, right after the close assaults closed
    view["phase_map"] = {"number": 12, "of": 12, "phase_name": "Close Assault phase", "next": "Combat phase",
                         "lines": [], "title": "Phase 12"}
    view["phase_name"] = "Close Assault phase"  # as engine/service/phases.py names the map's phase
    png = view_png(view, "1007", 3)
    assert Image.open(io.BytesIO(png)).size[0] > 500
    from images.frame import acting, phase_words

    shown, then = phase_words(view)
    assert (shown, then, acting(view)) == ("Close Assault phase", "Combat phase", "Allied")
