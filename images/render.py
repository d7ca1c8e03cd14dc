"""Putting a picture together: cached base layer + overlays + counters + header, then a palette PNG.

Caches (all guarded by one lock, all holding images that are never written after creation):
- frames: (map, FrameSpec) -> Frame, the base layer with terrain, labels, legend;
- palettes: (map, FrameSpec without scale) -> a 256-colour palette image, computed once per map
  from the base layer at scale 1 (which holds every map colour, the legend's marker chips and
  sample counters), with every designed colour (``style.designed_colours``) kept exactly.
A map is keyed by identity (maps are immutable once loaded) with a weak reference to check it.
"""

from __future__ import annotations

import io
import threading
import weakref
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from PIL import Image, ImageDraw

from engine.hexgrid import Hex, within
from engine.maps import GameMap
from images import style
from images.caption import add_caption, side_list
from images.fonts import fit_font, font, safe
from images.frame import (
    Frame,
    FrameSpec,
    acting,
    build_frame,
    draw_header,
    draw_tray,
    frame_spec,
    phase_words,
)
from images.geometry import SQRT3, Layout
from images.overlays import draw_fire_over, draw_lines, draw_reach, draw_results
from images.pieces import (
    HexPlan,
    draw_hex_markers_over,
    draw_hex_markers_under,
    draw_side_marker,
    draw_stacks,
    plan_view,
    side_overrides,
    split_markers,
    units_on_map,
)
from images.terrain import draw_map

PNG_LEVEL = 1  # palette PNG at level 1: about 3x faster than level 6 for ~60% more bytes

MAX_FRAMES = 24  # base layers kept (each a few MiB): maps x scales x game looks in use

_LOCK = threading.Lock()
_FRAMES: dict[tuple[int, FrameSpec], tuple[weakref.ref[GameMap], Frame]] = {}
_PALETTES: dict[tuple[int, FrameSpec], tuple[weakref.ref[GameMap], Image.Image]] = {}


def _frame(gmap: GameMap, spec: FrameSpec) -> Frame:
    key = (id(gmap), spec)
    with _LOCK:
        hit = _FRAMES.get(key)
        if hit is not None and hit[0]() is gmap:
            return hit[1]
        # Built under the lock: a first render from several threads builds it once.
        frame = build_frame(gmap, spec)
        while len(_FRAMES) >= MAX_FRAMES:  # oldest first: dicts keep insertion order
            del _FRAMES[next(iter(_FRAMES))]
        _FRAMES[key] = (weakref.ref(gmap), frame)
        return frame


def palette_for(gmap: GameMap, spec: FrameSpec) -> Image.Image:
    """The shared 256-colour palette of a map (and game look), as a 'P' image for quantize()."""
    key = (id(gmap), replace(spec, scale=1.0))
    with _LOCK:
        hit = _PALETTES.get(key)
        if hit is not None and hit[0]() is gmap:
            return hit[1]
    sample = _frame(gmap, replace(spec, scale=1.0)).base
    with _LOCK:
        hit = _PALETTES.get(key)
        if hit is not None and hit[0]() is gmap:
            return hit[1]
        elevated = {style.hex_fill(k, gmap.elevation.get(h, 0)) for h, k in gmap.terrain.items()}
        pal = _build_palette(sample, [c for _, c in spec.colours] + sorted(elevated))
        while len(_PALETTES) >= MAX_FRAMES:
            del _PALETTES[next(iter(_PALETTES))]
        _PALETTES[key] = (weakref.ref(gmap), pal)
        return pal


def _build_palette(sample: Image.Image, extra: list[style.RGB]) -> Image.Image:
    """Designed colours exactly (side overrides, elevation tints included), the rest sampled."""
    designed = style.designed_colours()
    designed += [c for c in dict.fromkeys(extra) if c not in designed]
    designed = designed[:200]
    q = sample.quantize(colors=256 - len(designed), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat = q.getpalette() or []
    colours = list(designed)
    for i in range(0, min(len(flat), 3 * (256 - len(designed))), 3):
        c = (flat[i], flat[i + 1], flat[i + 2])
        # Pillow maps pixels to a palette through a cache of 4x4x4 colour cells, so a sampled colour
        # a few steps from a designed one could capture it: keep sampled colours well clear.
        if all(max(abs(c[0] - d[0]), abs(c[1] - d[1]), abs(c[2] - d[2])) > 8 for d in colours):
            colours.append(c)
    colours = colours[:256]
    colours += [(0, 0, 0)] * (256 - len(colours))
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in colours for v in c])
    return pal


def _colours(view: Mapping[str, Any]) -> dict[str, style.RGB]:
    return side_overrides(view)


def _draw_view(img: Image.Image, gmap: GameMap, lay: Layout, view: Mapping[str, Any], colours: dict[str, style.RGB],
               ) -> tuple[list[Mapping[str, Any]], dict[Hex, HexPlan]]:
    """Everything that changes with the view, on the map; returns the units that are off it and the
    plan of each hex (what the side list must name)."""
    draw_reach(img, gmap, lay, view)
    sides, hex_markers = split_markers(gmap, view)
    d = ImageDraw.Draw(img)
    for side, kind in sides:
        draw_side_marker(d, lay, side, kind)
    draw_hex_markers_under(d, lay, hex_markers)
    draw_lines(img, gmap, lay, view)
    stacks, off = units_on_map(gmap, view)
    plans = plan_view(gmap, lay, view, colours, stacks, hex_markers)
    draw_stacks(img, lay, plans)
    draw_fire_over(img, gmap, lay, view, plans)
    draw_hex_markers_over(img, lay, plans)
    draw_results(img, lay, plans)
    return off, plans


def compose(gmap: GameMap, view: Mapping[str, Any], scale: float = 1.0) -> tuple[Image.Image, FrameSpec]:
    """The full picture as an RGB image, and the spec that keys its caches."""
    colours = _colours(view)
    spec = frame_spec(view, scale, colours)
    frame = _frame(gmap, spec)
    img = frame.base.copy()
    off, plans = _draw_view(img, gmap, frame.layout, view, colours)
    sides = view.get("sides")
    draw_tray(img, frame, off, colours, sides if isinstance(sides, Mapping) else None)
    draw_header(img, frame, gmap, view, colours)
    return add_caption(img, view, frame.layout.radius, side_list(plans)), spec


def quantize(img: Image.Image, gmap: GameMap, spec: FrameSpec) -> Image.Image:
    return img.quantize(palette=palette_for(gmap, spec), dither=Image.Dither.NONE)


def encode_png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


# --- close-up -----------------------------------------------------------------------------------------
MAX_CLOSEUP_RADIUS = 6


def closeup_radius_px(radius: int) -> float:
    """Hex radius of a close-up: about 1000 px across, between 1x and 2.3x the map's scale."""
    return max(48.0, min(110.0, 1000.0 / (3 * radius + 3)))


def compose_closeup(gmap: GameMap, view: Mapping[str, Any], center_label: str, radius: int) -> tuple[Image.Image, FrameSpec]:
    """Hexes within radius of a centre at a larger scale, their neighbours veiled for context.

    The size depends on the radius only, not on where the centre is, so close-ups line up.
    A centre that is not on the map raises ``UnknownHex``; the radius is clamped to 0-6.
    """
    centre = gmap.hex(center_label)  # UnknownHex (a player-safe message) when it is not on the map
    radius = max(0, min(int(radius), MAX_CLOSEUP_RADIUS))
    lay = closeup_layout(gmap, center_label, radius)
    R = lay.radius
    header_h = round(0.55 * R)
    w = round((3 * radius + 2) * R + 0.4 * R)
    h = round((2 * radius + 1) * SQRT3 * R + 0.4 * R)
    colours = _colours(view)
    spec = frame_spec(view, R / 48.0, colours)
    img = Image.new("RGB", (w, h + header_h), style.PAPER)
    inner = [x for x in within(centre, radius) if x in gmap.terrain]
    draw_map(img, gmap, lay, within(centre, radius + 1))
    _, plans = _draw_view(img, gmap, lay, view, colours)
    # Veil what lies beyond the radius, so the close-up reads as a hex-shaped window.
    mask = Image.new("L", img.size, 170)
    md = ImageDraw.Draw(mask)
    for x in inner:
        md.polygon(lay.corners(x), fill=0)
    md.rectangle([0, 0, w, header_h], fill=0)
    img.paste(style.PAPER, (0, 0, img.width, img.height), mask)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, w, header_h], fill=style.PAPER)
    d.line([(0, header_h - 1), (w, header_h - 1)], fill=style.GRID, width=2)
    place = gmap.place_at.get(centre)
    title = f"{centre.label}" + (f" {place}" if place else "") + f"  (radius {radius})"
    bits = []
    if view.get("turn") is not None:
        bits.append(f"Turn {view['turn']}" + (f" of {view['turns']}" if view.get("turns") else ""))
    shown, then = phase_words(view)
    result = view.get("result")
    if isinstance(result, Mapping) and result.get("text"):
        bits.append(str(result["text"]))
    elif then:  # a phase's map: its moves, then the phase that followed and who acts in it
        bits += [f"moves of {shown}", f"next {then}" + (f", {acting(view)} to act" if acting(view) else "")]
    elif shown:
        bits.append(shown + (f", {acting(view)} to act" if acting(view) else ""))
    title_font = font(0.3 * R, "bold")
    d.text((0.2 * R, header_h / 2), safe(title), font=title_font, fill=style.INK, anchor="lm")
    room = w - 0.6 * R - d.textlength(safe(title), font=title_font)
    text = safe("  |  ".join(bits))
    d.text((w - 0.2 * R, header_h / 2), text, font=fit_font(d, text, 0.24 * R, "regular", room), fill=style.LABEL,
           anchor="rm")
    inner_labels = {x.label for x in inner}
    return add_caption(img, view, R, side_list(plans, inner_labels), phase=False), spec


def layout_for(gmap: GameMap, view: Mapping[str, Any], scale: float = 1.0) -> Layout:
    """Where hexes fall in ``render_image(gmap, view, scale=scale)`` (for tests and click maps)."""
    return _frame(gmap, frame_spec(view, scale, _colours(view))).layout


def closeup_layout(gmap: GameMap, center_label: str, radius: int) -> Layout:
    """Where hexes fall in a close-up (mirrors ``compose_closeup``)."""
    centre = gmap.hex(center_label)
    radius = max(0, min(int(radius), MAX_CLOSEUP_RADIUS))
    R = closeup_radius_px(radius)
    header_h = round(0.55 * R)
    w = round((3 * radius + 2) * R + 0.4 * R)
    h = round((2 * radius + 1) * SQRT3 * R + 0.4 * R)
    cx, cy = centre.pixel(R)
    return Layout(R, w / 2 - cx, header_h + h / 2 - cy)
