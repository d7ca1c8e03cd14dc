"""The sheet around the map: header (drawn per view), off-map tray, and legend (drawn per map).

``build_frame`` lays out the whole picture and draws everything that does not change from view to
view: the map itself, the edge labels, the legend, empty header and tray boxes. The result is the
cached base layer; ``draw_header`` and ``draw_tray`` fill in the parts that change.

Why one module of about 500 lines: the frame's parts share one layout (``Frame``, from ``FrameSpec``)
computed once; split, each part would recompute it or pass it around.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.hexgrid import Hex
from engine.maps import GameMap
from images import style
from images.counters import chip_box, chip_sprite, counter_sprite
from images.fonts import Font, font, safe, text_size
from images.geometry import BASE_RADIUS, Layout, map_extent
from images.overlays import arrow_head, result_badge
from images.pieces import look_of
from images.style import RGB
from images.terrain import (
    EDGE_ORDER,
    bridge_shape,
    draw_edges,
    draw_map,
    draw_static_marker,
    draw_tile,
    marker_kind,
    shows_as_tag,
    side_line,
)


@dataclass(frozen=True)
class FrameSpec:
    """What besides the map decides the base layer; constant through a game."""

    scale: float
    edges: tuple[tuple[str, str], ...]
    sides: tuple[tuple[str, str], ...]
    colours: tuple[tuple[str, RGB], ...]
    values_label: str
    # (unit marker kinds, map marker kinds) the game can show; None: every known chip
    legend: tuple[tuple[str, ...], tuple[str, ...]] | None = None


@dataclass(frozen=True)
class Frame:
    base: Image.Image
    layout: Layout
    header: tuple[int, int, int, int]
    tray: tuple[int, int, int, int]


def frame_spec(view: Mapping[str, Any], scale: float, colours: dict[str, RGB]) -> FrameSpec:
    raw_edges = view.get("edges")
    if isinstance(raw_edges, Mapping):
        edges = tuple((str(k), str(v or "")) for k, v in raw_edges.items() if k in EDGE_ORDER)
    else:
        edges = tuple((e, "") for e in EDGE_ORDER)
    raw_sides = view.get("sides")
    sides = tuple((str(k), str(v)) for k, v in raw_sides.items()) if isinstance(raw_sides, Mapping) else ()
    return FrameSpec(float(scale), edges, sides, tuple(sorted(colours.items())), str(view.get("values_label") or ""),
                     legend_kinds(view))


def legend_kinds(view: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """What the legend lists: the view's own ``legend``, else what its game can show (style.GAME_LEGENDS)."""
    raw = view.get("legend")
    if not isinstance(raw, Mapping):
        raw = style.GAME_LEGENDS.get(str(view.get("game") or ""))
    if not isinstance(raw, Mapping):
        return None
    units = tuple(str(k) for k in raw.get("unit_markers") or ())
    marks = tuple(str(k) for k in raw.get("map_markers") or ())
    return units, marks


# --- legend -----------------------------------------------------------------------------------------
Sample = Callable[[Image.Image, ImageDraw.ImageDraw, float, float, float], None]  # img, draw, x, y(mid), R


def _legend_items(gmap: GameMap, legend: tuple[tuple[str, ...], tuple[str, ...]] | None = None
                  ) -> list[tuple[Sample, str, float]]:
    """(draw sample, label, sample width in R) for everything the map and views can show."""
    items: list[tuple[Sample, str, float]] = []
    kinds = list(dict.fromkeys(list(gmap.terrain_kinds) + sorted(set(gmap.terrain.values()))))
    for kind in kinds:
        items.append((_tile_sample(kind, 0), style.pretty(kind), 0.9))
    if any(gmap.elevation.values()):
        items.append((_tile_sample("clear", 2), "elevation 2", 0.9))
    features = sorted({k for ks in gmap.hexside_features.values() for k in ks})
    for kind in features:
        items.append((_side_sample(kind), style.pretty(kind), 0.8))
    if gmap.road_links:
        def road(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
            d.line([(x, y), (x + 0.8 * R, y)], fill=style.ROAD_CASING, width=max(2, round(0.17 * R)))
            d.line([(x, y), (x + 0.8 * R, y)], fill=style.ROAD, width=max(2, round(0.1 * R)))
        items.append((road, "Road", 0.8))
    if gmap.bridges:
        items.append((_bridge_sample, "Bridge", 0.8))

        def down(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
            side_line(d, (x + 0.4 * R, y - 0.3 * R), (x + 0.4 * R, y + 0.3 * R), "river", R)
            s = 0.2 * R
            for colour, w in ((style.WHITE, 0.12 * R), (style.BRIDGE_DOWN, 0.07 * R)):
                d.line([(x + 0.4 * R - s, y - s), (x + 0.4 * R + s, y + s)], fill=colour, width=max(2, round(w)))
                d.line([(x + 0.4 * R - s, y + s), (x + 0.4 * R + s, y - s)], fill=colour, width=max(2, round(w)))
        items.append((down, "Bridge down", 0.8))
    for kind in sorted(gmap.markers):
        if marker_kind(kind) in ("red_hex", "blue_hex"):
            items.append((_ring_sample(style.RED_HEX if marker_kind(kind) == "red_hex" else style.BLUE_HEX),
                          style.pretty(marker_kind(kind)), 0.8))
    if "bridge" in {marker_kind(k) for k in gmap.markers} and not gmap.bridges:
        items.append((_bridge_sample, "Bridge", 0.8))
    for kind in sorted(gmap.markers):
        if shows_as_tag(kind):
            items.append((_static_sample(kind), _marker_name(kind), 0.6))
    if legend is None:
        for kind, chip in style.MAP_MARKERS.items():
            if kind in ("fuel_depot", "wreck", "medic"):
                items.append((_map_chip_sample(chip), chip.name, 0.7))
        items.append((_map_chip_sample(style.ChipStyle("OBA", style.TARGET, style.WHITE, "")), "Artillery target", 0.7))
        unit_chips = [c for c in style.UNIT_MARKERS.values() if c.code not in ("Pn", "Dr", "F", "L", "OF", "+")]
    else:
        for kind in legend[1]:
            if kind in ("oba", "artillery", "oba_target", "target"):
                items.append((_map_chip_sample(style.ChipStyle("OBA", style.TARGET, style.WHITE, "")),
                               "Artillery target", 0.7))
            elif kind in ("artillery_hit", "artillery_miss"):
                items.append((_artillery_sample(kind == "artillery_hit"),
                              "Artillery: " + ("hit" if kind == "artillery_hit" else "miss"), 1.3))
            elif kind != "bridge_down" or not gmap.bridges:
                chip = style.map_chip(kind)
                items.append((_map_chip_sample(chip), chip.name, 0.7))
        unit_chips = [style.unit_chip(k) for k in legend[0]]
    seen: set[str] = set()
    for chip in unit_chips:
        if chip.name in seen:
            continue
        seen.add(chip.name)
        items.append((_unit_chip_sample(chip), chip.name, 0.4))

    def move(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        d.line([(x, y), (x + 0.7 * R, y)], fill=style.ARROWS["ge"], width=max(3, round(0.09 * R)))
        arrow_head(d, (x, y), (x + 0.85 * R, y), 0.3 * R, style.ARROWS["ge"], style.WHITE)
    items.append((move, "Move", 0.9))

    def fire(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        d.line([(x, y), (x + 0.6 * R, y)], fill=style.FIRE_HIT, width=max(2, round(0.07 * R)))
        result_badge(d, (x + 0.9 * R, y), R * 0.9, True)
    items.append((fire, "Fire: hit", 1.25))

    def miss(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        d.line([(x, y), (x + 0.2 * R, y)], fill=style.FIRE_MISS, width=max(2, round(0.07 * R)))
        d.line([(x + 0.35 * R, y), (x + 0.5 * R, y)], fill=style.FIRE_MISS, width=max(2, round(0.07 * R)))
        result_badge(d, (x + 0.95 * R, y), R * 0.9, False)
    items.append((miss, "miss", 1.3))

    def los(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        d.line([(x, y - 0.12 * R), (x + 0.8 * R, y - 0.12 * R)], fill=style.LOS_CLEAR, width=max(2, round(0.05 * R)))
        for i in range(3):
            d.line([(x + i * 0.3 * R, y + 0.12 * R), (x + (i * 0.3 + 0.16) * R, y + 0.12 * R)], fill=style.LOS_BLOCKED,
                   width=max(2, round(0.05 * R)))
    items.append((los, "Line of sight: clear / blocked", 0.8))

    def reach(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        d.regular_polygon((x + 0.4 * R, y, 0.36 * R), 6, fill=style.mix(style.CLEAR_FILL, style.REACH, 0.3),
                          outline=style.mix(style.REACH, (120, 90, 0), 0.4))
    items.append((reach, "Reachable", 0.8))
    return items


def _artillery_sample(hit: bool) -> Sample:
    def sample(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        r = 0.22 * R
        d.ellipse([x, y - r, x + 2 * r, y + r], outline=style.TARGET, width=max(2, round(0.05 * R)))
        result_badge(d, (x + 0.85 * R, y), R * 0.9, hit)
    return sample


def _bridge_sample(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
    side_line(d, (x + 0.4 * R, y - 0.3 * R), (x + 0.4 * R, y + 0.3 * R), "river", R)
    bridge_shape(d, (x + 0.4 * R, y), (1.0, 0.0), R)


def _marker_name(kind: str) -> str:
    k = marker_kind(kind)
    for side in ("us", "ge"):
        if k == f"{side}_tank_position":
            return f"{side.upper()} tank position"
    if k == "mg_position":
        return "MG position"
    return style.pretty(k)


def _tile_sample(kind: str, elevation: int) -> Sample:
    def sample(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        draw_tile(d, (x + 0.44 * R, y), 0.44 * R, kind, elevation)
    return sample


def _side_sample(kind: str) -> Sample:
    def sample(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        side_line(d, (x, y - 0.1 * R), (x + 0.8 * R, y - 0.1 * R), kind, R)
    return sample


def _ring_sample(colour: RGB) -> Sample:
    def sample(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        d.regular_polygon((x + 0.4 * R, y, 0.36 * R), 6, fill=style.CLEAR_FILL, outline=colour, width=max(2, round(R / 12)))
    return sample


def _static_sample(kind: str) -> Sample:
    def sample(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        # draw_static_marker puts its tag 0.7 R right of and 0.3 R above the hex centre.
        draw_static_marker(d, Layout(R, x - 0.4 * R, y + 0.3 * R), Hex(0, 0), kind, 0)
    return sample


def _map_chip_sample(chip: style.ChipStyle) -> Sample:
    def sample(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        _paste_chip(img, chip, x, y, R)
    return sample


def _unit_chip_sample(chip: style.ChipStyle) -> Sample:
    def sample(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, R: float) -> None:
        chip_box(d, (x, y - 0.16 * R, x + 0.32 * R, y + 0.16 * R), chip)
    return sample


def _paste_chip(img: Image.Image, chip: style.ChipStyle, x: float, y: float, R: float) -> None:
    sprite = chip_sprite(chip, max(10, round(0.34 * R)))
    img.paste(sprite, (round(x), round(y - sprite.height / 2)), sprite)


def _layout_legend(draw: ImageDraw.ImageDraw, items: list[tuple[Sample, str, float]], R: float, width: float,
                   f: Font) -> list[tuple[Sample, str, float, float, float]]:
    """Flow the items into rows; returns (sample, label, sample width, x, row)."""
    out = []
    x, row = 0.0, 0
    for sample, label, sw in items:
        w = sw * R + 0.15 * R + text_size(draw, safe(label), f)[0] + 0.45 * R
        if x > 0 and x + w > width:
            x, row = 0.0, row + 1
        out.append((sample, label, sw, x, float(row)))
        x += w
    return out


# --- building the frame -------------------------------------------------------------------------------
def build_frame(gmap: GameMap, spec: FrameSpec) -> Frame:
    R = BASE_RADIUS * spec.scale
    S = max(16, round(R * 1.06))
    x0, y0, x1, y1 = map_extent(gmap.terrain, R)
    margin = round(0.85 * R)
    header_h = round(1.85 * R)
    tray_h = round(S + 0.75 * R)
    width = round(x1 - x0 + 2 * margin)
    map_h = round(y1 - y0 + 2 * margin)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    f = font(0.27 * R)
    row_h = 0.95 * R
    counter_row = S * 0.8 + 0.5 * R
    placed = _layout_legend(probe, _legend_items(gmap, spec.legend), R, width - 0.6 * R, f)
    rows = int(max((p[4] for p in placed), default=0)) + 1
    legend_h = round(counter_row + rows * row_h + 0.45 * R)
    height = header_h + map_h + tray_h + legend_h
    img = Image.new("RGB", (width, height), style.PAPER)
    lay = Layout(R, margin - x0, header_h + margin - y0)
    draw_map(img, gmap, lay)
    draw_edges(img, gmap, lay, dict(spec.edges))
    d = ImageDraw.Draw(img)
    d.line([(0, header_h - 1), (width, header_h - 1)], fill=style.GRID, width=max(1, round(R / 24)))
    tray_y = header_h + map_h
    d.rectangle([0, tray_y, width, tray_y + tray_h], fill=style.mix(style.PAPER, style.GRID, 0.15))
    d.line([(0, tray_y), (width, tray_y)], fill=style.GRID, width=max(1, round(R / 24)))
    # Legend: one row of sample counters, then the flowed key.
    ly = tray_y + tray_h
    d.line([(0, ly), (width, ly)], fill=style.GRID, width=max(1, round(R / 24)))
    lx = 0.3 * R
    ls = round(S * 0.8)
    cy = ly + 0.25 * R
    sides = spec.sides or (("ge", "German"), ("us", "US"))
    colours = dict(spec.colours)
    for key, name in sides:
        for reduced in (False, True):
            look = look_of({"id": name, "side": key, "symbol": "infantry", "values": [1, 2, 3], "reduced": reduced}, ls, colours)
            sprite = counter_sprite(look)
            img.paste(sprite, (round(lx), round(cy)), sprite)
            lx += ls + 0.2 * R
        d.text((lx, cy + ls / 2), safe(f"{name} (full, reduced)"), font=f, fill=style.INK, anchor="lm")
        lx += text_size(d, safe(f"{name} (full, reduced)"), f)[0] + 0.6 * R
    keys = ["Counter: unit id, symbol, values" + (f" {spec.values_label}" if spec.values_label else "") + ".",
            "Two units side by side; more fan upward, with a count, listed under the map. Chips on the right: unit markers."]
    if lx + max(text_size(d, safe(k), f)[0] for k in keys) < width - 0.3 * R:
        for i, k in enumerate(keys):
            d.text((lx, cy + ls / 2 + (i - 0.5) * 0.36 * R), safe(k), font=f, fill=style.INK, anchor="lm")
    else:
        d.text((lx, cy + ls / 2), safe(keys[0]), font=f, fill=style.INK, anchor="lm")
    base_y = ly + counter_row
    for sample, label, sw, x, row in placed:
        y = base_y + row * row_h + row_h / 2
        sample(img, d, 0.3 * R + x, y, R)
        d.text((0.3 * R + x + sw * R + 0.15 * R, y), safe(label), font=f, fill=style.INK, anchor="lm")
    return Frame(img, lay, (0, 0, width, header_h), (0, tray_y, width, tray_y + tray_h))


# --- per-view parts -----------------------------------------------------------------------------------
_CARD = re.compile(r"^\s*(10|[2-9AJQK])\s*([\u2660\u2663\u2665\u2666SCHD])\s*$")


def phase_words(view: Mapping[str, Any]) -> tuple[str, str]:
    """(the phase the map shows, the phase after it) in the rulebook's words. The second is empty
    unless the view is a phase's map (engine/service/phases.py ``phase_map``) that the game has moved
    on from: then the view's ``to_act`` acts in that next phase, not in the one shown."""
    shown = str(view.get("phase_name") or view.get("phase") or "").replace("_", " ")
    pm = view.get("phase_map")
    if not isinstance(pm, Mapping):
        return shown, ""
    shown = str(pm.get("phase_name") or shown).replace("_", " ")
    then = str(pm.get("next") or "").replace("_", " ")
    return shown, (then if then and then != shown or pm.get("of") else "")


def acting(view: Mapping[str, Any]) -> str:
    """The names of the sides to act, joined ("US"; "" once over)."""
    to_act = view.get("to_act")
    sides = view.get("sides") if isinstance(view.get("sides"), Mapping) else {}
    keys = to_act if isinstance(to_act, list | tuple) else [to_act] if to_act else []
    return ", ".join(str(sides.get(k, k)) if isinstance(sides, Mapping) else str(k) for k in keys)


def _score_text(score: object) -> str:
    if isinstance(score, Mapping):
        return ", ".join(f"{str(k).replace('_', ' ')} {v}" for k, v in score.items())
    return "" if score is None else str(score)


Segment = tuple[str, Any, Any]  # ("text", text, (font, colour)) | ("chip", colour, None) | ("suit", suit, colour)


def header_fields(gmap: GameMap, view: Mapping[str, Any], colours: dict[str, RGB], R: float) -> list[list[Segment]]:
    """The status line as fields (each kept on one line): scenario, turn, phase, to act, score, last draw."""
    f, fb = font(0.3 * R), font(0.3 * R, "bold")
    lab: Any = (f, style.LABEL)
    val: Any = (fb, style.INK)
    fields: list[list[Segment]] = []
    if view.get("scenario"):
        fields.append([("text", "Scenario ", lab), ("text", str(view["scenario"]), val)])
    result = view.get("result")
    over = isinstance(result, Mapping) and bool(result.get("text"))
    if view.get("turn") is not None:
        turns = view.get("turns")
        number = view["turn"]
        if over and isinstance(number, int) and isinstance(turns, int) and number > turns:
            number = turns  # the turn counter moved past the last turn as the game ended
        turn = f"{number}" + (f" of {turns}" if turns else "")
        fields.append([("text", "Turn ", lab), ("text", turn, val)])
    shown, then = phase_words(view)
    pm = view.get("phase_map")
    if over and isinstance(result, Mapping):
        fields.append([("text", "Result ", lab), ("text", str(result["text"]), (fb, style.FIRE_HIT))])
    elif isinstance(pm, Mapping) and pm.get("number"):
        fields.append([("text", "Map of ", lab), ("text", f"phase {pm['number']}" + (f" ({shown})" if shown else ""), val)])
    elif shown:
        fields.append([("text", "Phase ", lab), ("text", shown, val)])
    to_act = view.get("to_act")
    sides = view.get("sides") if isinstance(view.get("sides"), Mapping) else {}
    if to_act:
        # A phase's map is drawn as that phase closed: who acts then is said as what came next, so it is
        # not read as the decision pending now.
        field: list[Segment] = [("text", "To act ", lab)] if not then else [("text", "Next ", lab), ("text", then, val),
                                                                             ("text", ", by ", lab)]
        for i, key in enumerate(to_act if isinstance(to_act, list | tuple) else [to_act]):
            field.append(("chip", style.side_colour(str(key), colours), None))
            name = str(sides.get(key, key)) if isinstance(sides, Mapping) else str(key)
            field.append(("text", (", " if i else " ") + name, val))
        fields.append(field)
    score = _score_text(view.get("score"))
    if score:
        fields.append([("text", "Score ", lab), ("text", score, val)])
    last = view.get("last_random")
    if isinstance(last, list | tuple):  # dice
        last = " ".join(str(x) for x in last)
    if last:
        m = _CARD.match(str(last))
        if m:
            red = m.group(2) in ("\u2665", "\u2666", "H", "D")
            fields.append([("text", "Last draw ", lab), ("text", m.group(1), val),
                           ("suit", m.group(2), style.FIRE_HIT if red else style.BLACK)])
        else:
            fields.append([("text", "Last draw ", lab), ("text", str(last), val)])
    return fields


def _segment_width(d: ImageDraw.ImageDraw, seg: Segment, R: float) -> float:
    if seg[0] == "text":
        return text_size(d, safe(seg[1]), seg[2][0])[0]
    return 0.38 * R


def draw_header(img: Image.Image, frame: Frame, gmap: GameMap, view: Mapping[str, Any], colours: dict[str, RGB]) -> None:
    """Title, then the status fields wrapped onto as many lines as the header holds."""
    R = frame.layout.radius
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = frame.header
    title = str(view.get("title") or gmap.title or gmap.name)
    d.text((x0 + 0.3 * R, y0 + 0.38 * R), safe(title), font=font(0.4 * R, "bold"), fill=style.INK, anchor="lm")
    if gmap.title and gmap.title != title:
        d.text((x1 - 0.3 * R, y0 + 0.38 * R), safe(gmap.title), font=font(0.25 * R, "italic"), fill=style.LABEL, anchor="rm")
    line_h = 0.48 * R
    x, y = x0 + 0.3 * R, y0 + 0.98 * R
    for field in header_fields(gmap, view, colours, R):
        width = sum(_segment_width(d, seg, R) for seg in field)
        if x > x0 + 0.3 * R and x + width > x1 - 0.3 * R:
            x, y = x0 + 0.3 * R, y + line_h
        if y > y1 - 0.2 * R:
            break  # no room left: the header never spills onto the map
        for seg in field:
            if seg[0] == "text":
                d.text((x, y), safe(seg[1]), font=seg[2][0], fill=seg[2][1], anchor="lm")
            elif seg[0] == "chip":
                s = 0.28 * R
                d.rectangle([x + 0.05 * R, y - s / 2, x + 0.05 * R + s, y + s / 2], fill=seg[1], outline=style.BLACK)
            else:
                _suit(d, x + 0.04 * R, y, 0.3 * R, seg[1], seg[2])
            x += _segment_width(d, seg, R)
        x += 0.45 * R


def _suit(d: ImageDraw.ImageDraw, x: float, y: float, s: float, suit: str, colour: RGB) -> None:
    """A card suit drawn as a shape, so it shows with any font."""
    cx = x + s / 2
    if suit in ("\u2666", "D"):
        d.polygon([(cx, y - s / 2), (x + s * 0.9, y), (cx, y + s / 2), (x + s * 0.1, y)], fill=colour)
    elif suit in ("\u2665", "H"):
        r = s * 0.26
        d.ellipse([cx - 2 * r, y - s * 0.42, cx, y - s * 0.42 + 2 * r], fill=colour)
        d.ellipse([cx, y - s * 0.42, cx + 2 * r, y - s * 0.42 + 2 * r], fill=colour)
        d.polygon([(cx - 2 * r + 0.5, y - s * 0.12), (cx + 2 * r - 0.5, y - s * 0.12), (cx, y + s / 2)], fill=colour)
    else:
        r = s * 0.24
        if suit in ("\u2663", "C"):
            for dx, dy in ((0, -0.2), (-0.22, 0.08), (0.22, 0.08)):
                d.ellipse([cx + dx * s - r, y + dy * s - r, cx + dx * s + r, y + dy * s + r], fill=colour)
        else:
            d.polygon([(cx, y - s / 2), (x + s * 0.95, y + s * 0.12), (x + s * 0.05, y + s * 0.12)], fill=colour)
            d.ellipse([cx - 2 * r, y - r * 0.6, cx, y + r * 1.4], fill=colour)
            d.ellipse([cx, y - r * 0.6, cx + 2 * r, y + r * 1.4], fill=colour)
        d.polygon([(cx, y), (cx - s * 0.16, y + s / 2), (cx + s * 0.16, y + s / 2)], fill=colour)


_STATUS = (("awaiting", "Awaiting entry"), ("exited", "Exited"), ("eliminated", "Eliminated"),
           ("out", "Out of the game"), ("off", "Off map"))


def _choices(units: list[Mapping[str, Any]]) -> list[str]:
    """The distinct choices a group's units name (``one_of``), each once and short."""
    return list(dict.fromkeys(safe(str(u["one_of"]))[:60] for u in units if u.get("one_of")))


def draw_tray(img: Image.Image, frame: Frame, off: list[Mapping[str, Any]], colours: dict[str, RGB],
              sides: Mapping[str, Any] | None = None) -> None:
    """Units not on the map in one row, grouped by status and side ("Awaiting entry - US (4)")."""
    R = frame.layout.radius
    S = frame.layout.counter
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = frame.tray
    names = sides or {}
    groups: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for unit in off:
        status = str(unit.get("status") or "off")
        status = status if status in ("awaiting", "exited", "eliminated", "out") else "off"
        groups.setdefault((status, str(unit.get("side", ""))), []).append(unit)
    f = font(0.26 * R, "bold")
    if not off:
        d.text((x0 + 0.3 * R, y0 + 0.3 * R), "Off map: none", font=f, fill=style.LABEL, anchor="lm")
        return
    order = [(st, label, side) for st, label in _STATUS for (s2, side) in sorted(groups) if s2 == st]
    titles = [f"{label} - {names.get(side, side)} ({len(groups[(st, side)])})" if side else f"{label} ({len(groups[(st, side)])})"
              for st, label, side in order]
    # a choice among the waiting units ("30/117/1 or 30/117/2, one of them") is said in its group's title
    titles = [title + "".join(f"; {choice}" for choice in _choices(groups[(st, side)]))
              for title, (st, _, side) in zip(titles, order, strict=True)]
    total = sum(len(v) for v in groups.values())
    room = (x1 - x0) - 0.6 * R - 0.4 * R * len(order)
    step = min(S + 0.12 * R, max(S * 0.3, (room - S * len(order)) / max(1, total - len(order)) if total > len(order) else S))
    widths = [max(text_size(d, safe(t), f)[0], step * (len(groups[(st, side)]) - 1) + S)
              for t, (st, _, side) in zip(titles, order, strict=True)]
    if sum(widths) + 0.4 * R * len(order) > room + 0.4 * R * len(order):
        f = font(0.2 * R, "bold")  # crowded: smaller titles so the counters keep their room
        widths = [max(text_size(d, safe(t), f)[0], step * (len(groups[(st, side)]) - 1) + S)
                  for t, (st, _, side) in zip(titles, order, strict=True)]
    x = x0 + 0.3 * R
    for title, width, (st, _, side) in zip(titles, widths, order, strict=True):
        d.text((x, y0 + 0.3 * R), safe(title), font=f, fill=style.LABEL, anchor="lm")
        for i, unit in enumerate(groups[(st, side)]):
            sprite = counter_sprite(look_of(unit, S, colours))
            img.paste(sprite, (round(x + i * step), round(y0 + 0.55 * R)), sprite)
        x += width + 0.4 * R
