"""Units and map markers from the view, placed on the map.

The view is read defensively: a unit or marker naming a hex that is not on the map is left off the
map (units go to the off-map tray) and an unknown kind gets a neutral look, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from PIL import Image, ImageDraw

from engine.hexgrid import Hex, Hexside
from engine.maps import GameMap
from images import style
from images.counters import CounterLook, badge, chip_sprite, counter_sprite, marker_column
from images.geometry import Layout
from images.style import RGB
from images.terrain import PIECE_KINDS


def hex_of(gmap: GameMap, label: object) -> Hex | None:
    """The map hex a view names (CCRR or a place name), or None."""
    if label is None:
        return None
    text = str(label).strip()
    for name, h in gmap.places.items():
        if name.lower() == text.lower():
            return h
    try:
        h = Hex.parse(text)
    except ValueError:
        return None
    return h if h in gmap.terrain else None


def hexside_of(gmap: GameMap, marker: Mapping[str, Any]) -> Hexside | None:
    """The hexside of a marker given as "hexside": "a/b" or "bridge": name."""
    if marker.get("bridge") is not None:
        bridge = gmap.bridges.get(str(marker["bridge"]))
        if bridge is None:
            for name, b in gmap.bridges.items():
                if name.lower() == str(marker["bridge"]).lower():
                    bridge = b
        if bridge is not None:
            return bridge.side
    if marker.get("hexside") is not None:
        try:
            side = Hexside.parse(str(marker["hexside"]))
        except ValueError:
            return None
        return side if side.a in gmap.terrain and side.b in gmap.terrain else None
    return None


def side_overrides(view: Mapping[str, Any]) -> dict[str, RGB]:
    """Optional view["side_colours"]: {"ge": "#8a9597", ...}."""
    raw = view.get("side_colours") or {}
    out: dict[str, RGB] = {}
    if isinstance(raw, Mapping):
        for key, value in raw.items():
            colour = style.parse_colour(value)
            if colour is not None:
                out[str(key)] = colour
    return out


def look_of(unit: Mapping[str, Any], size: int, colours: dict[str, RGB]) -> CounterLook:
    values = unit.get("values") or []
    if not isinstance(values, list | tuple):
        values = [values]
    markers = unit.get("markers") or []
    if not isinstance(markers, list | tuple):
        markers = [markers]
    return CounterLook(
        text=str(unit.get("id") or unit.get("name") or "?"),
        colour=style.side_colour(str(unit.get("side", "")), colours),
        symbol=str(unit.get("symbol") or "infantry"),
        values=tuple(str(v) for v in values),
        reduced=bool(unit.get("reduced")),
        markers=tuple(str(m) for m in markers),
        size=size,
    )


def units_on_map(gmap: GameMap, view: Mapping[str, Any]) -> tuple[dict[Hex, list[Mapping[str, Any]]], list[Mapping[str, Any]]]:
    """Units by hex (view order kept: the last is on top) and the units off the map."""
    stacks: dict[Hex, list[Mapping[str, Any]]] = {}
    off: list[Mapping[str, Any]] = []
    for unit in view.get("units") or []:
        if not isinstance(unit, Mapping):
            continue
        h = hex_of(gmap, unit.get("hex"))
        status = str(unit.get("status") or "on_map")
        if h is None or status not in ("on_map", ""):
            off.append(unit)
        else:
            stacks.setdefault(h, []).append(unit)
    return stacks, off


MAX_FANNED = 4  # counters drawn in one hex; a bigger stack shows its top four and lists every unit below the map


def stack_offset(lay: Layout, n: int) -> tuple[float, float]:
    """How far each counter under the top one is shifted (left, up): its id strip shows."""
    if n <= 1:
        return 0.0, 0.0
    size = stack_size(lay, n)
    if n == 2:
        return 0.2 * lay.radius, 0.3 * size
    return 0.06 * lay.radius, (1.12 * lay.radius - size) / (min(n, MAX_FANNED) - 1)


def stack_size(lay: Layout, n: int) -> int:
    """Counters of a stack are smaller, so the whole stack stays inside its hex, clear of its number."""
    if n <= 1:
        return lay.counter
    return max(12, round(lay.radius * (0.8 if n == 2 else 0.72)))


def stack_boxes(lay: Layout, h: Hex, n: int) -> list[tuple[int, int, int]]:
    """(left, top, size) of each counter drawn for a stack of n in hex h, the lowest first.

    A single counter is centred; a stack's top counter sits low and right, so the fan of those under
    it rises inside the hex and stops below the hex number."""
    R = lay.radius
    cx, cy = lay.centre(h)
    k = min(n, MAX_FANNED)
    S = stack_size(lay, n)
    ox, oy = stack_offset(lay, n)
    top_x = cx - S / 2 + (0.5 * ox * (k - 1) if k > 1 else 0)
    top_y = cy + 0.52 * R - S if k > 1 else cy - S / 2
    return [(round(top_x - depth * ox), round(top_y - depth * oy), S) for depth in range(k - 1, -1, -1)]


def draw_stacks(img: Image.Image, lay: Layout, stacks: dict[Hex, list[Mapping[str, Any]]], colours: dict[str, RGB]) -> None:
    draw = ImageDraw.Draw(img)
    R = lay.radius
    for h in sorted(stacks):
        units = stacks[h]
        n = len(units)
        shown = units[-MAX_FANNED:]
        boxes = stack_boxes(lay, h, n)
        top_x, top_y, S = boxes[-1]
        columns: list[tuple[Image.Image, int, int]] = []
        for i, (unit, (x, y, _)) in enumerate(zip(shown, boxes, strict=True)):
            depth = len(shown) - 1 - i
            look = look_of(unit, S, colours)
            if depth and look.markers:
                # The top counter hides a lower one's right edge: its chips go down its left edge,
                # drawn after the whole stack so they stay on top.
                column = marker_column(look.markers, S)
                columns.append((column, x - column.width // 2, y + round(0.24 * S)))
                look = replace(look, markers=())
            sprite = counter_sprite(look)
            img.paste(sprite, (x, y), sprite)
        for column, x, y in columns:
            img.paste(column, (x, y), column)
        if n > 1:
            r = 0.13 * R
            badge(draw, top_x - 0.05 * R, top_y + S - r * 0.2, r, str(n))


def stack_lists(view: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """(hex, unit names top first) for every hex holding more units than are drawn legibly (3 and up)."""
    by_hex: dict[str, list[str]] = {}
    for unit in view.get("units") or []:
        if not isinstance(unit, Mapping) or str(unit.get("status") or "on_map") not in ("on_map", ""):
            continue
        if unit.get("hex") is None:
            continue
        by_hex.setdefault(str(unit["hex"]), []).append(str(unit.get("id") or unit.get("name") or "?"))
    return [(h, names[::-1]) for h, names in sorted(by_hex.items()) if len(names) >= 3]


# --- map markers (view["markers"]) ----------------------------------------------------------------
def split_markers(gmap: GameMap, view: Mapping[str, Any]) -> tuple[list[tuple[Hexside, str]], dict[Hex, list[str]]]:
    """Hexside markers (bridge_down) and hex markers by hex."""
    sides: list[tuple[Hexside, str]] = []
    hexes: dict[Hex, list[str]] = {}
    for m in view.get("markers") or []:
        if not isinstance(m, Mapping):
            continue
        kind = str(m.get("kind", "marker"))
        side = hexside_of(gmap, m)
        if side is not None:
            sides.append((side, kind))
            continue
        h = hex_of(gmap, m.get("hex"))
        if h is None:
            continue
        if kind not in PIECE_KINDS and h in gmap.markers.get(kind, ()):
            continue  # a feature printed on the map (red hex, reinforcement hex...): already in the base layer
        hexes.setdefault(h, []).append(kind)
    return sides, hexes


def draw_side_marker(draw: ImageDraw.ImageDraw, lay: Layout, side: Hexside, kind: str) -> None:
    """A blown bridge: the river drawn back across the deck, and a red cross over it."""
    R = lay.radius
    mx, my = lay.side_mid(side)
    if kind in ("bridge_down", "bridge_destroyed", "blown_bridge"):
        a, b = lay.side_ends(side)
        draw.line([a, b], fill=style.WATER, width=max(2, round(0.16 * R)))
        s = 0.22 * R
        for colour, w in ((style.WHITE, 0.12 * R), (style.BRIDGE_DOWN, 0.07 * R)):
            draw.line([(mx - s, my - s), (mx + s, my + s)], fill=colour, width=max(2, round(w)))
            draw.line([(mx - s, my + s), (mx + s, my - s)], fill=colour, width=max(2, round(w)))
        return
    r = 0.12 * R  # any other hexside marker: a grey dot
    draw.ellipse([mx - r, my - r, mx + r, my + r], fill=(150, 150, 150), outline=style.BLACK)


TARGET_KINDS = ("oba", "artillery", "oba_target", "target")


def target_ring(draw: ImageDraw.ImageDraw, lay: Layout, h: Hex, colour: RGB) -> None:
    """A crosshair ring round a hex: an artillery or OBA target."""
    R = lay.radius
    cx, cy = lay.centre(h)
    r = 0.78 * R
    w = max(2, round(0.06 * R))
    draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=colour, width=w)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        draw.line([(cx + dx * 0.6 * R, cy + dy * 0.6 * R), (cx + dx * 0.94 * R, cy + dy * 0.94 * R)], fill=colour, width=w)


def draw_hex_markers_under(draw: ImageDraw.ImageDraw, lay: Layout, hexes: dict[Hex, list[str]]) -> None:
    for h, kinds in sorted(hexes.items()):
        if any(k in TARGET_KINDS for k in kinds):
            target_ring(draw, lay, h, style.TARGET)


def draw_hex_markers_over(img: Image.Image, lay: Layout, hexes: dict[Hex, list[str]]) -> None:
    """Marker chips down the left of the hex, over the counters' edge so they stay visible."""
    R = lay.radius
    size = max(10, round(0.34 * R))
    for h, kinds in sorted(hexes.items()):
        cx, cy = lay.centre(h)
        slots = [(0.1, 0), (-0.28, 0), (0.48, 0), (-0.28, 0.4), (0.1, 0.4)]
        for i, kind in enumerate(kinds[: len(slots)]):
            chip = style.map_chip("oba" if kind in TARGET_KINDS else kind)
            if kind in TARGET_KINDS:
                chip = style.ChipStyle("OBA", style.TARGET, style.WHITE, "artillery target")
            sprite = chip_sprite(chip, size)
            dy, dx = slots[i]
            x = round(cx - 0.52 * R - sprite.width + dx * R + 0.1 * R)
            y = round(cy + dy * R - size / 2)
            img.paste(sprite, (x, y), sprite)
