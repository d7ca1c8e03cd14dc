"""The printed map: hex fills and glyphs, hexside features, roads, bridges, labels, names, edges.

Everything here depends on the map alone, so it is drawn once per map and scale into the cached
base layer (``images.render``). Glyphs keep a small disc at each hex centre clear, so the terrain
colour can be read there (the tests sample it), and keep out of the label strip at the top.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PIL import Image, ImageDraw, ImageFont

from engine.hexgrid import Hex, Hexside
from engine.maps import GameMap
from images import style
from images.fonts import Font, fit_size, font, halo_text, rotated_text, safe
from images.geometry import SQRT3, Layout, Point
from images.style import RGB

# Tree, block and contour positions in hex radii from the centre.
_FOREST = [(-0.5, -0.28), (0.5, -0.28), (-0.64, 0.12), (0.64, 0.12), (-0.32, 0.38), (0.32, 0.38), (0.0, -0.44)]
_LIGHT = [(-0.48, -0.16), (0.5, -0.06), (0.04, 0.44)]
_VILLAGE = [(-0.42, -0.2, 0.17, 0.15), (0.38, -0.3, 0.15, 0.17), (0.12, 0.38, 0.18, 0.14)]
_TOWN = [(-0.56, -0.16, 0.2, 0.16), (-0.3, -0.44, 0.18, 0.16), (0.28, -0.44, 0.2, 0.15), (0.56, -0.12, 0.18, 0.2),
         (-0.5, 0.24, 0.2, 0.15), (0.5, 0.26, 0.18, 0.16), (-0.1, 0.42, 0.22, 0.14), (0.24, 0.44, 0.12, 0.12)]


def _tree(draw: ImageDraw.ImageDraw, x: float, y: float, s: float, ink: RGB) -> None:
    """A conifer: a triangle s pixels high with a stub of trunk."""
    draw.line([(x, y + s * 0.3), (x, y + s * 0.5)], fill=style.mix(ink, (60, 40, 20), 0.5), width=max(1, round(s / 9)))
    draw.polygon([(x, y - s * 0.5), (x - s * 0.4, y + s * 0.32), (x + s * 0.4, y + s * 0.32)], fill=ink,
                 outline=style.mix(ink, (0, 0, 0), 0.35))


def draw_tile(draw: ImageDraw.ImageDraw, c: Point, radius: float, kind: str, elevation: int = 0,
              outline: bool = True) -> None:
    """One hex: fill, terrain glyph, outline."""
    cx, cy = c
    st = style.terrain_style(kind)
    pts = [(cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
           for i in range(6)]
    draw.polygon(pts, fill=style.hex_fill(kind, elevation))
    R = radius
    lw = max(1, round(R / 30))
    if st.glyph in ("trees", "light_trees"):
        spots, size = (_FOREST, 0.34) if st.glyph == "trees" else (_LIGHT, 0.28)
        for dx, dy in spots:
            _tree(draw, cx + dx * R, cy + dy * R, size * R, st.ink)
    elif st.glyph in ("village", "town"):
        for dx, dy, w, h in _VILLAGE if st.glyph == "village" else _TOWN:
            x, y = cx + dx * R, cy + dy * R
            draw.rectangle([x - w * R / 2, y - h * R / 2, x + w * R / 2, y + h * R / 2], fill=st.ink)
    elif st.glyph == "building":
        for dx in (-0.42, 0.42):
            x = cx + dx * R
            draw.rectangle([x - 0.17 * R, cy - 0.3 * R, x + 0.17 * R, cy + 0.3 * R], fill=st.ink,
                           outline=style.BLACK)
    elif st.glyph in ("hill", "hilltop"):
        draw.ellipse([cx - 0.66 * R, cy - 0.48 * R, cx + 0.66 * R, cy + 0.48 * R], outline=st.ink, width=lw + 1)
        if st.glyph == "hilltop":
            draw.ellipse([cx - 0.4 * R, cy - 0.3 * R, cx + 0.4 * R, cy + 0.3 * R], outline=st.ink, width=lw + 1)
    elif st.glyph == "slope":
        for i in range(7):
            x = cx + (-0.48 + 0.16 * i) * R
            draw.line([(x, cy + 0.26 * R), (x, cy + 0.46 * R)], fill=st.ink, width=lw + 1)
        draw.line([(cx - 0.56 * R, cy + 0.26 * R), (cx + 0.56 * R, cy + 0.26 * R)], fill=st.ink, width=lw + 1)
    elif st.glyph == "stream":
        for base in (-0.42, 0.36):  # above and below the centre, so a counter never hides both
            pts2 = [(cx + (t / 20 * 1.3 - 0.65) * R, cy + (base + 0.07 * math.sin(t / 20 * 4 * math.pi)) * R)
                    for t in range(21)]
            draw.line(pts2, fill=st.ink, width=max(3, round(R / 9)), joint="curve")
    elif st.glyph == "marsh":
        for dx, dy in ((-0.45, -0.2), (0.45, -0.2), (-0.3, 0.35), (0.3, 0.35)):
            x, y = cx + dx * R, cy + dy * R
            for k in (-1, 0, 1):
                draw.line([(x, y), (x + k * 0.08 * R, y - 0.14 * R)], fill=st.ink, width=lw)
            draw.line([(x - 0.12 * R, y), (x + 0.12 * R, y)], fill=st.ink, width=lw)
    elif st.glyph == "unknown":
        f = font(0.2 * R, "italic")
        draw.text((cx, cy + 0.38 * R), safe(style.pretty(kind)[:9]), font=f, fill=st.ink, anchor="mm")
    if elevation:
        f = font(0.2 * R, "bold")
        draw.text((cx - 0.6 * R, cy + 0.4 * R), str(elevation), font=f, fill=style.ELEVATION_TINT, anchor="mm")
    if outline:
        draw.polygon(pts, outline=style.GRID, width=lw)


def _dashed(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: RGB, width: int, n: int = 4) -> None:
    for i in range(n):
        t0, t1 = i / n, (i + 0.55) / n
        draw.line([(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                   (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)], fill=colour, width=width)


def draw_side(draw: ImageDraw.ImageDraw, lay: Layout, side: Hexside, kind: str, gmap: GameMap | None = None) -> None:
    """One hexside feature along the side between two hexes."""
    a, b = lay.side_ends(side)
    # Hachures point down the slope: toward the lower hex where elevations are known, else toward b.
    low, high = side.b, side.a
    if gmap is not None and gmap.elevation.get(side.a, 0) < gmap.elevation.get(side.b, 0):
        low, high = side.a, side.b
    lx, ly = lay.centre(low)
    hx, hy = lay.centre(high)
    d = math.hypot(lx - hx, ly - hy) or 1.0
    side_line(draw, a, b, kind, lay.radius, ((lx - hx) / d, (ly - hy) / d))


def side_line(draw: ImageDraw.ImageDraw, a: Point, b: Point, kind: str, R: float, down: Point = (0.0, 1.0)) -> None:
    """A hexside feature drawn from a to b; hachures (slope, cliff) point along ``down``."""
    st = style.HEXSIDES.get(kind, style.UNKNOWN_SIDE)
    w = max(2, round(st.width * R))
    if st.dash:
        _dashed(draw, a, b, st.colour, w)
        return
    draw.line([a, b], fill=st.colour, width=w)
    if not st.ticks:
        r = w / 2 - 0.5  # round joints so a river reads as one line
        for x, y in (a, b):
            draw.ellipse([x - r, y - r, x + r, y + r], fill=st.colour)
        return
    ux, uy = down[0] * 0.14 * R, down[1] * 0.14 * R
    for i in range(1, 6):
        t = i / 6
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        draw.line([(x, y), (x + ux, y + uy)], fill=st.colour, width=max(1, w // 2 + 1))


def draw_bridge(draw: ImageDraw.ImageDraw, lay: Layout, side: Hexside) -> None:
    """A bridge across the hexside between side.a and side.b."""
    (ax, ay), (bx, by) = lay.centre(side.a), lay.centre(side.b)
    d = math.hypot(bx - ax, by - ay) or 1.0
    bridge_shape(draw, ((ax + bx) / 2, (ay + by) / 2), ((bx - ax) / d, (by - ay) / d), lay.radius)


def bridge_shape(draw: ImageDraw.ImageDraw, mid: Point, along: Point, R: float) -> None:
    """A pale deck between two dark rails, centred on mid, running along a unit vector."""
    mx, my = mid
    ux, uy = along
    px, py = -uy, ux  # across the deck
    half, wide = 0.28 * R, 0.16 * R
    deck = [(mx - ux * half + px * wide, my - uy * half + py * wide), (mx + ux * half + px * wide, my + uy * half + py * wide),
            (mx + ux * half - px * wide, my + uy * half - py * wide), (mx - ux * half - px * wide, my - uy * half - py * wide)]
    draw.polygon(deck, fill=style.BRIDGE_DECK)
    w = max(2, round(R / 14))
    for sgn in (1, -1):
        draw.line([(mx - ux * half + sgn * px * wide, my - uy * half + sgn * py * wide),
                   (mx + ux * half + sgn * px * wide, my + uy * half + sgn * py * wide)], fill=style.BRIDGE, width=w)


def draw_roads(draw: ImageDraw.ImageDraw, lay: Layout, links: Iterable[Hexside]) -> None:
    """Roads as continuous cased lines through hex centres."""
    R = lay.radius
    links = list(links)
    ends = {h for side in links for h in side}
    for colour, width in ((style.ROAD_CASING, 0.17 * R), (style.ROAD, 0.1 * R)):
        w = max(2, round(width))
        for side in links:
            draw.line([lay.centre(side.a), lay.centre(side.b)], fill=colour, width=w)
        r = w / 2
        for h in ends:
            x, y = lay.centre(h)
            draw.ellipse([x - r, y - r, x + r, y + r], fill=colour)


def draw_static_marker(draw: ImageDraw.ImageDraw, lay: Layout, h: Hex, kind: str, slot: int) -> None:
    """A feature printed on the map (GameMap.markers): coloured hexes, positions, reinforcement hexes."""
    R = lay.radius
    cx, cy = lay.centre(h)
    kind = marker_kind(kind)
    if kind in ("red_hex", "blue_hex"):
        colour = style.RED_HEX if kind == "red_hex" else style.BLUE_HEX
        draw.polygon(lay.corners(h, 0.86), outline=colour, width=max(2, round(R / 12)))
        return
    # Everything else is a small tag down the right-hand side of the hex.
    x, y = cx + 0.7 * R, cy - 0.3 * R + slot * 0.26 * R
    s = 0.12 * R
    if kind.endswith("_tank_position"):
        colour = style.side_colour(kind.split("_")[0])
        draw.rounded_rectangle([x - 1.4 * s, y - s, x + 1.4 * s, y + s], radius=s / 2, fill=colour, outline=style.POSITION_INK)
        draw.ellipse([x - s, y - 0.55 * s, x + s, y + 0.55 * s], outline=style.BLACK, width=max(1, round(R / 40)))
        return
    if kind.startswith("reinforcement_"):
        text = "R" + kind.split("_", 1)[1]
    else:
        text = {"mg_position": "MG", "mortar_position": "Mr", "objective": "\u2605" if _star_ok() else "OBJ",
                "fuel_depot": "FD"}.get(kind, style.pretty(kind)[:3].upper())
    f = font(0.17 * R, "bold")
    box = draw.textbbox((x, y), safe(text), font=f, anchor="mm")
    fill = style.MAP_MARKERS["objective"].bg if kind == "objective" else style.PAPER
    draw.rounded_rectangle([box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2], radius=3, fill=fill, outline=style.POSITION_INK)
    draw.text((x, y), safe(text), font=f, fill=style.WHITE if kind == "objective" else style.POSITION_INK, anchor="mm")


def _star_ok() -> bool:
    from images.fonts import HAVE_DEJAVU

    return HAVE_DEJAVU


def draw_map(img: Image.Image, gmap: GameMap, lay: Layout, hexes: Iterable[Hex] | None = None) -> None:
    """Every map layer for the listed hexes (all by default), in printing order."""
    draw = ImageDraw.Draw(img)
    shown = set(gmap.terrain) if hexes is None else {h for h in hexes if h in gmap.terrain}
    R = lay.radius
    for h in sorted(shown):
        draw_tile(draw, lay.centre(h), R, gmap.terrain[h], gmap.elevation.get(h, 0))
    for side, kinds in sorted(gmap.hexside_features.items()):
        if side.a in shown or side.b in shown:
            for kind in sorted(kinds, key=lambda k: (k in ("river", "stream"), k)):
                draw_side(draw, lay, side, kind, gmap)
    draw_roads(draw, lay, sorted(s for s in gmap.road_links if s.a in shown or s.b in shown))
    for bridge in sorted(gmap.bridges.values(), key=lambda b: b.name):
        if bridge.side.a in shown or bridge.side.b in shown:
            draw_bridge(draw, lay, bridge.side)
    tagged = [(k, w) for k, w in sorted(gmap.markers.items()) if shows_as_tag(k)]
    for kind, where in sorted(gmap.markers.items()):
        if marker_kind(kind) == "bridge":  # a bridge hex (Panzer Leader): a deck along its road
            for h in where:
                if h in shown:
                    bridge_shape(draw, lay.centre(h), _road_direction(gmap, lay, h), R)
            continue
        if kind in PIECE_KINDS or is_area(kind):
            continue
        for h in where:
            if h in shown:
                slot = sum(1 for k, w in tagged if k < kind and h in w)
                draw_static_marker(draw, lay, h, kind, slot)
    f = font(0.2 * R)
    for h in sorted(shown):
        cx, cy = lay.centre(h)
        fill = style.hex_fill(gmap.terrain[h], gmap.elevation.get(h, 0))
        draw.text((cx, cy - 0.71 * R), h.label, font=f, fill=style.LABEL, anchor="mm", stroke_width=1, stroke_fill=fill)
    for name, h in sorted(gmap.places.items()):
        if h in shown:
            draw_place_name(draw, lay, h, name)


def name_lines(draw: ImageDraw.ImageDraw, name: str, R: float) -> tuple[list[str], Font]:
    """A place name as it fits the bottom band of its hex (1.1 hex radii wide, condensed bold): one line
    at 0.17-0.25 R, else two lines broken at the space or hyphen nearest the middle (cut if need be)."""
    text = safe(name)
    px = fit_size(draw, text, 0.25 * R, "condensed", 1.1 * R)
    if px >= 0.17 * R or not any(c in text for c in " -"):
        return [text], font(px, "condensed")
    cuts = [i for i, c in enumerate(text) if c in " -"]
    i = min(cuts, key=lambda k: abs(k - len(text) / 2))
    lines = [text[: i + 1] if text[i] == "-" else text[:i], text[i + 1:]]
    longest = max(lines, key=lambda t: draw.textlength(t, font=font(0.18 * R, "condensed")))
    return lines, font(fit_size(draw, longest, 0.18 * R, "condensed", 0.95 * R), "condensed")


def draw_place_name(draw: ImageDraw.ImageDraw, lay: Layout, h: Hex, name: str) -> None:
    """The name on its own hex, in the band under its counter (images.layout.name_band): never across
    the hexsides onto a neighbour."""
    R = lay.radius
    cx, cy = lay.centre(h)
    lines, fn = name_lines(draw, name, R)
    step = fn.size * 1.0 if isinstance(fn, ImageFont.FreeTypeFont) else 0.18 * R
    y = cy + (0.68 if len(lines) == 1 else 0.6) * R
    for line in lines:
        halo_text(draw, (cx, y), line, fn, style.INK, style.HALO, width=max(1, round(R / 20)))
        y += step


# Other games' names for the same printed features.
MARKER_ALIASES = {"red": "red_hex", "blue": "blue_hex", "us_tank": "us_tank_position", "ge_tank": "ge_tank_position",
                  "mg42": "mg_position", "mg": "mg_position", "mortar": "mortar_position", "bridge_hex": "bridge"}
_AREA_WORDS = ("town", "village", "hill", "woods", "forest", "buildings", "area")


def marker_kind(kind: str) -> str:
    return MARKER_ALIASES.get(kind, kind)


def is_area(kind: str) -> bool:
    """A marker that only groups hexes under a name (town_ste_marie, hilltop_30, north_woods):
    the terrain and place names already show it, so it is not printed."""
    k = marker_kind(kind)
    known = k in ("red_hex", "blue_hex", "objective", "bridge", "fuel_depot") or k.endswith("_position") \
        or k.startswith("reinforcement_")
    return not known and any(word in k for word in _AREA_WORDS)


def shows_as_tag(kind: str) -> bool:
    k = marker_kind(kind)
    return k not in ("red_hex", "blue_hex", "bridge") and kind not in PIECE_KINDS and not is_area(kind)


def _road_direction(gmap: GameMap, lay: Layout, h: Hex) -> Point:
    for side in gmap.road_links:
        if h in side:
            other = side.b if side.a == h else side.a
            (ax, ay), (bx, by) = lay.centre(h), lay.centre(other)
            d = math.hypot(bx - ax, by - ay) or 1.0
            return (bx - ax) / d, (by - ay) / d
    return 1.0, 0.0


EDGE_ORDER = ("north", "south", "west", "east")
# Map marker kinds that are game pieces (placed, captured, destroyed): the view's markers show them,
# so the base layer does not print them.
PIECE_KINDS = frozenset({"fuel_depot"})


def draw_edges(img: Image.Image, gmap: GameMap, lay: Layout, labels: dict[str, str]) -> None:
    """A band just outside each labelled map edge, with its label in the margin."""
    draw = ImageDraw.Draw(img)
    R = lay.radius
    band = max(3, round(R / 9))
    f = font(0.27 * R, "bold")
    for edge in EDGE_ORDER:
        if edge not in labels:
            continue
        hexes = [h for h in gmap.edges.get(edge, []) if h in gmap.terrain]
        if not hexes:
            continue
        x0, y0, x1, y1 = lay.bbox(hexes)
        text = f"{edge.upper()} EDGE" + (f" - {labels[edge]}" if labels[edge] else "")
        gap = 0.12 * R
        if edge in ("north", "south"):
            y = y0 - gap - band if edge == "north" else y1 + gap
            draw.rectangle([x0 + R / 2, y, x1 - R / 2, y + band], fill=style.EDGE_BAND)
            ty = y - 0.26 * R if edge == "north" else y + band + 0.26 * R
            draw.text(((x0 + x1) / 2, ty), safe(text), font=f, fill=style.EDGE_BAND, anchor="mm")
        else:
            x = x0 - gap - band if edge == "west" else x1 + gap
            ys = SQRT3 / 2 * R
            draw.rectangle([x, y0 + ys * 0.5, x + band, y1 - ys * 0.5], fill=style.EDGE_BAND)
            label = rotated_text(text, f, style.EDGE_BAND, style.PAPER, 90 if edge == "west" else 270)
            lx = round(x - 0.1 * R - label.width) if edge == "west" else round(x + band + 0.1 * R)
            img.paste(label, (lx, round((y0 + y1) / 2 - label.height / 2)))
