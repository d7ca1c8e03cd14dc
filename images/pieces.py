"""Units and map markers from the view, placed on the map.

The view is read defensively: a unit or marker naming a hex that is not on the map is left off the
map (units go to the off-map tray) and an unknown kind gets a neutral look, never an exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from PIL import Image, ImageDraw

from engine.hexgrid import Hex, Hexside
from engine.maps import GameMap
from images import style
from images.counters import CounterLook, badge, chip_sprite, counter_sprite, legible, marker_column
from images.geometry import Layout
from images.layout import (
    Box,
    Rect,
    id_rect,
    marker_slots,
    overlaps,
    stack_boxes,
    symbol_band,
    unit_chips_rect,
    values_rect,
    whole,
)
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


@dataclass
class HexPlan:
    """What one hex shows and where (images.layout): its counters, the rectangles nothing may cover
    (the value areas of the counters that show whole), its map marker and result chips."""

    units: list[Mapping[str, Any]]  # every unit in the hex, in view order (the last on top)
    boxes: list[Box]  # counters drawn, lowest first: the last len(boxes) units
    protected: list[Rect] = field(default_factory=list)  # id strips and values rows shown whole
    taken: list[Rect] = field(default_factory=list)  # protected + unit marker chips: no map chip goes there
    listed: bool = False  # every unit of the hex is in the side list (one does not show whole, legibly)
    chips: list[tuple[str, Rect]] = field(default_factory=list)  # map marker chips
    unplaced: list[str] = field(default_factory=list)  # marker kinds with no free slot: in the side list
    results: list[tuple[bool, int, Rect]] = field(default_factory=list)  # (hit, shots, where)
    unit_chips: list[Rect | None] = field(default_factory=list)  # each drawn counter's marker chips
    looks: list[CounterLook] = field(default_factory=list)  # each drawn counter's look


def plan_stack(lay: Layout, h: Hex, units: list[Mapping[str, Any]], colours: dict[str, RGB]) -> HexPlan:
    n = len(units)
    boxes = stack_boxes(lay, h, n) if n else []
    plan = HexPlan(list(units), boxes)
    shown = units[-len(boxes):] if boxes else []
    for i, (unit, box) in enumerate(zip(shown, boxes, strict=True)):
        look = look_of(unit, box[2], colours)
        plan.looks.append(look)
        if whole(n, i):
            plan.protected += [id_rect(box), values_rect(box)]
            plan.listed |= not legible(look)
        else:
            plan.listed = True
        chips = unit_chips_rect(box, len(look.markers), left=not whole(n, i))
        plan.unit_chips.append(chips)
        if chips is not None:
            plan.taken.append(chips)
    plan.listed |= n > len(boxes)
    plan.taken += plan.protected
    return plan


def plan_view(gmap: GameMap, lay: Layout, view: Mapping[str, Any], colours: dict[str, RGB] | None = None,
              stacks: dict[Hex, list[Mapping[str, Any]]] | None = None, hex_markers: dict[Hex, list[str]] | None = None,
              ) -> dict[Hex, HexPlan]:
    """Every occupied, marked or fired-at hex of the view, laid out (images.layout). ``stacks`` and
    ``hex_markers``: what ``units_on_map`` and ``split_markers`` found, when the caller has them."""
    colours = colours or {}
    if stacks is None:
        stacks, _ = units_on_map(gmap, view)
    plans = {h: plan_stack(lay, h, units, colours) for h, units in stacks.items()}
    if hex_markers is None:
        _, hex_markers = split_markers(gmap, view)
    size = max(10, round(0.3 * lay.radius))
    for h, kinds in sorted(hex_markers.items()):
        plan = plans.setdefault(h, HexPlan([], []))
        for kind in kinds:
            sprite = chip_sprite(_map_chip(kind), size)
            for slot in marker_slots(lay, h, sprite.width, sprite.height):
                if not any(overlaps(slot, r) for r in plan.taken):
                    plan.chips.append((kind, slot))
                    plan.taken.append(slot)
                    break
            else:
                plan.unplaced.append(kind)
    for h, shots in fire_results(gmap, view).items():
        plan = plans.setdefault(h, HexPlan([], []))
        plan.results = result_places(lay, h, plan, shots)
    return plans


def fire_results(gmap: GameMap, view: Mapping[str, Any]) -> dict[Hex, list[bool]]:
    """Hit or miss of every shot at each hex: fire (with or without a firer), artillery that says."""
    out: dict[Hex, list[bool]] = {}
    for o in view.get("overlays") or []:
        if not isinstance(o, Mapping):
            continue
        kind = o.get("kind")
        if kind == "fire":
            a, b = hex_of(gmap, o.get("from")), hex_of(gmap, o.get("to"))
            if b is None or a == b:
                continue
        elif kind in ("artillery", "oba") and "hit" in o:
            b = hex_of(gmap, o.get("hex"))
            if b is None:
                continue
        else:
            continue
        out.setdefault(b, []).append(bool(o.get("hit")))
    return out


def result_places(lay: Layout, h: Hex, plan: HexPlan, shots: list[bool]) -> list[tuple[bool, int, Rect]]:
    """One chip per outcome (HIT, MISS, with the number of shots): on the symbol band of the hex's top
    counter, side by side, or in the middle of a hex with no counter."""
    groups = [(hit, shots.count(hit)) for hit in (True, False) if hit in shots]
    R = lay.radius
    if plan.boxes:
        x0, y0, x1, y1 = symbol_band(plan.boxes[-1])
        chips = plan.unit_chips[-1] if plan.unit_chips else None
        if chips is not None:  # clear of the top counter's marker chips on its right edge
            x1 = min(x1, chips[0] - 1)
        w = (x1 - x0) / len(groups)
        return [(hit, k, (x0 + i * w, y0, x0 + (i + 1) * w, y1)) for i, (hit, k) in enumerate(groups)]
    cx, cy = lay.centre(h)
    hgt = 0.34 * R
    top = cy - hgt * len(groups) / 2
    return [(hit, k, (cx - 0.4 * R, top + i * hgt, cx + 0.4 * R, top + (i + 1) * hgt - 0.04 * R))
            for i, (hit, k) in enumerate(groups)]


def draw_stacks(img: Image.Image, lay: Layout, plans: dict[Hex, HexPlan]) -> None:
    draw = ImageDraw.Draw(img)
    R = lay.radius
    for h in sorted(plans):
        plan = plans[h]
        n = len(plan.units)
        columns: list[tuple[Image.Image, int, int]] = []
        for i, (look, (x, y, S)) in enumerate(zip(plan.looks, plan.boxes, strict=True)):
            if not whole(n, i) and look.markers:
                # The top counter hides a lower one's right edge: its chips go down the left of it,
                # clear of the counters above it (images.layout.unit_chips_rect), drawn after the stack.
                column = marker_column(look.markers, S)
                columns.append((column, x - column.width - 1, y + round(0.24 * S)))
                look = replace(look, markers=())
            sprite = counter_sprite(look)
            img.paste(sprite, (x, y), sprite)
        for column, x, y in columns:
            img.paste(column, (x, y), column)
        if n > 2:
            top_x, top_y, S = plan.boxes[-1]
            r = 0.13 * R
            badge(draw, top_x - 0.05 * R, top_y + S - r * 0.2, r, str(n))


def stack_lists(view: Mapping[str, Any], listed: set[str] | None = None,
                markers: dict[str, list[str]] | None = None) -> list[tuple[str, list[str]]]:
    """(hex, its units top first, each with its values and markers) for every hex whose units do not all
    show whole and legibly on the map: those of ``listed`` (the renderer's plan), or, without one, every
    hex of three or more. ``markers``: map marker kinds by hex that found no free place in the hex."""
    by_hex: dict[str, list[str]] = {}
    for unit in view.get("units") or []:
        if not isinstance(unit, Mapping) or str(unit.get("status") or "on_map") not in ("on_map", ""):
            continue
        if unit.get("hex") is None:
            continue
        by_hex.setdefault(str(unit["hex"]), []).append(unit_line(unit))
    wanted = listed if listed is not None else {h for h, names in by_hex.items() if len(names) >= 3}
    out = {h: names[::-1] for h, names in by_hex.items() if h in wanted}
    for h, kinds in (markers or {}).items():
        out.setdefault(h, []).extend(style.map_chip(k).name for k in kinds)
    return sorted(out.items())


def unit_line(unit: Mapping[str, Any]) -> str:
    """"S1 11A-8-9-8 (fired, dispersed)": a unit as the side list names it."""
    values = unit.get("values") or []
    if not isinstance(values, list | tuple):
        values = [values]
    text = str(unit.get("id") or unit.get("name") or "?")
    if values:
        text += " " + "-".join(str(v) for v in values) + (" reduced" if unit.get("reduced") else "")
    kinds = unit.get("markers") or []
    if isinstance(kinds, list | tuple) and kinds:
        text += " (" + ", ".join(style.unit_chip(str(k)).name for k in kinds) + ")"
    return text


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


def _map_chip(kind: str) -> style.ChipStyle:
    if kind in TARGET_KINDS:
        return style.ChipStyle("OBA", style.TARGET, style.WHITE, "artillery target")
    return style.map_chip(kind)


def draw_hex_markers_over(img: Image.Image, lay: Layout, plans: dict[Hex, HexPlan]) -> None:
    """Marker chips in the free places the plan found, over the counters' edges so they stay visible."""
    size = max(10, round(0.3 * lay.radius))
    for _, plan in sorted(plans.items()):
        for kind, (x0, y0, _, _) in plan.chips:
            sprite = chip_sprite(_map_chip(kind), size)
            img.paste(sprite, (round(x0), round(y0)), sprite)
