"""What happened this phase, drawn over the map: moves, fire, artillery, line of sight, reach.

Lines go under the counters (so they never hide printed values); hit/miss badges go over them.
Translucent fills are blended on the cropped box they cover, never on a full-canvas layer.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.hexgrid import Hex
from engine.maps import GameMap
from images import style
from images.fonts import fit_font, font
from images.geometry import Layout, Point, shorten
from images.pieces import hex_of, target_ring
from images.style import RGB


def _overlays(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [o for o in view.get("overlays") or [] if isinstance(o, Mapping)]


def draw_reach(img: Image.Image, gmap: GameMap, lay: Layout, view: Mapping[str, Any]) -> None:
    hexes: list[Hex] = []
    for o in _overlays(view):
        if o.get("kind") == "reach":
            hexes += [h for h in (hex_of(gmap, x) for x in o.get("hexes") or []) if h is not None]
    if hexes:
        shade(img, lay, hexes, style.REACH, 0.3)


def shade(img: Image.Image, lay: Layout, hexes: list[Hex], colour: RGB, alpha: float) -> None:
    """Tint hexes by blending only the box that holds them."""
    x0, y0, x1, y1 = lay.bbox(hexes, pad=2)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(img.width, x1), min(img.height, y1)
    if x1 <= x0 or y1 <= y0:
        return
    region = img.crop((x0, y0, x1, y1))
    mask = Image.new("L", region.size, 0)
    md = ImageDraw.Draw(mask)
    for h in hexes:
        md.polygon([(x - x0, y - y0) for x, y in lay.corners(h, 0.94)], fill=round(255 * alpha))
    region.paste(colour, (0, 0, region.width, region.height), mask)
    img.paste(region, (x0, y0))
    d = ImageDraw.Draw(img)
    for h in hexes:
        d.polygon(lay.corners(h, 0.94), outline=style.mix(colour, (120, 90, 0), 0.4), width=max(1, round(lay.radius / 24)))


def arrow_head(draw: ImageDraw.ImageDraw, a: Point, b: Point, size: float, colour: RGB, casing: RGB | None = None) -> None:
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    pts = [b, (b[0] - size * math.cos(ang - 0.45), b[1] - size * math.sin(ang - 0.45)),
           (b[0] - size * math.cos(ang + 0.45), b[1] - size * math.sin(ang + 0.45))]
    if casing is not None:
        draw.polygon(pts, fill=colour, outline=casing, width=2)
    else:
        draw.polygon(pts, fill=colour)


def _dashes(draw: ImageDraw.ImageDraw, a: Point, b: Point, colour: RGB, width: int, dash: float) -> None:
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(1, int(d / dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        draw.line([(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                   (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)], fill=colour, width=width)


def draw_lines(img: Image.Image, gmap: GameMap, lay: Layout, view: Mapping[str, Any]) -> None:
    """Moves, fire lines, artillery targets and lines of sight, under the counters."""
    draw = ImageDraw.Draw(img)
    R = lay.radius
    S = lay.counter
    for o in _overlays(view):
        kind = o.get("kind")
        if kind == "move":
            path = [h for h in (hex_of(gmap, x) for x in o.get("path") or []) if h is not None]
            if len(path) < 2:
                continue
            pts = [lay.centre(h) for h in path]
            end = shorten(pts[-2], pts[-1], S * 0.55)
            line = pts[:-1] + [end]
            colour = style.arrow_colour(str(o.get("side", "")))
            w = max(3, round(0.09 * R))
            draw.line(line, fill=style.WHITE, width=w + 4, joint="curve")
            r0 = 0.13 * R
            draw.ellipse([pts[0][0] - r0, pts[0][1] - r0, pts[0][0] + r0, pts[0][1] + r0], fill=colour, outline=style.WHITE, width=2)
            draw.line(line, fill=colour, width=w, joint="curve")
            arrow_head(draw, line[-2], end, 0.36 * R, colour, style.WHITE)
        elif kind == "fire":
            a, b = hex_of(gmap, o.get("from")), hex_of(gmap, o.get("to"))
            if a is None or b is None or a == b:
                continue
            pa, pb = lay.centre(a), lay.centre(b)
            end = shorten(pa, pb, S * 0.55)
            hit = bool(o.get("hit"))
            colour = style.FIRE_HIT if hit else style.FIRE_MISS
            w = max(2, round(0.07 * R))
            if hit:
                draw.line([pa, end], fill=style.WHITE, width=w + 4)
                draw.line([pa, end], fill=colour, width=w)
            else:
                _dashes(draw, pa, end, style.WHITE, w + 4, 0.22 * R)
                _dashes(draw, pa, end, colour, w, 0.22 * R)
            arrow_head(draw, pa, end, 0.3 * R, colour, style.WHITE)
        elif kind in ("artillery", "oba"):
            h = hex_of(gmap, o.get("hex") or o.get("to"))
            if h is not None:
                target_ring(draw, lay, h, style.TARGET)
        elif kind == "los":
            a, b = hex_of(gmap, o.get("from")), hex_of(gmap, o.get("to"))
            if a is None or b is None:
                continue
            pa, pb = lay.centre(a), lay.centre(b)
            w = max(2, round(0.05 * R))
            if o.get("clear", True):
                draw.line([pa, pb], fill=style.WHITE, width=w + 2)
                draw.line([pa, pb], fill=style.LOS_CLEAR, width=w)
            else:
                _dashes(draw, pa, pb, style.LOS_BLOCKED, w, 0.16 * R)
                blocked = hex_of(gmap, o.get("blocked_at"))
                if blocked is not None:
                    x, y = lay.centre(blocked)
                    s = 0.2 * R
                    draw.line([(x - s, y - s), (x + s, y + s)], fill=style.LOS_BLOCKED, width=w + 2)
                    draw.line([(x - s, y + s), (x + s, y - s)], fill=style.LOS_BLOCKED, width=w + 2)


def _clear_of(start: Point, towards: Point, boxes: list[tuple[int, int, int]], pad: float) -> Point:
    """The point from ``start`` towards ``towards`` past the last counter box the way crosses (so a
    line drawn over the stacks never crosses a counter's values: not even the other one of a pair,
    whose gap holds the hex's centre)."""
    last = -1
    points = []
    for i in range(51):
        t = i / 50
        x, y = start[0] + (towards[0] - start[0]) * t, start[1] + (towards[1] - start[1]) * t
        points.append((x, y))
        if any(bx - pad <= x <= bx + S + pad and by - pad <= y <= by + S + pad for bx, by, S in boxes):
            last = i
    return points[min(last + 1, 50)]


def draw_fire_over(img: Image.Image, gmap: GameMap, lay: Layout, view: Mapping[str, Any],
                   plans: Mapping[Hex, Any] | None = None) -> None:
    """Fire between near hexes again over the counters: the stretch between the two stacks and its
    arrow head, so a shot at an adjacent hex never hides under the stacks (nor crosses a counter)."""
    draw = ImageDraw.Draw(img)
    R = lay.radius
    plans = plans or {}
    for o in _overlays(view):
        if o.get("kind") != "fire":
            continue
        a, b = hex_of(gmap, o.get("from")), hex_of(gmap, o.get("to"))
        if a is None or b is None or a == b or a.distance(b) > 2:
            continue
        pa, pb = lay.centre(a), lay.centre(b)
        pad = 0.06 * R
        start = _clear_of(pa, pb, plans[a].boxes if a in plans else [], pad)
        end = _clear_of(pb, start, plans[b].boxes if b in plans else [], pad)
        if math.dist(start, end) < 0.3 * R:
            continue  # the stacks fill the way between them: the line under the counters shows it
        hit = bool(o.get("hit"))
        colour = style.FIRE_HIT if hit else style.FIRE_MISS
        w = max(2, round(0.08 * R))
        draw.line([start, end], fill=style.WHITE, width=w + 4)
        if hit:
            draw.line([start, end], fill=colour, width=w)
        else:
            _dashes(draw, start, end, colour, w, 0.14 * R)
        arrow_head(draw, start, end, 0.32 * R, colour, style.WHITE)


def draw_results(img: Image.Image, lay: Layout, plans: Mapping[Hex, Any]) -> None:
    """HIT / MISS chips where the plan put them (images.pieces.plan_view): on the symbol band of the
    top counter of the hex fired at (never on a counter's id or values, nor on the hex number), or in
    the middle of an empty hex; one chip per outcome, with the number of shots when more than one."""
    draw = ImageDraw.Draw(img)
    for _, plan in sorted(plans.items()):
        for hit, shots, rect in plan.results:
            result_chip(draw, rect, hit, shots, lay.radius)


def result_chip(draw: ImageDraw.ImageDraw, rect: tuple[float, float, float, float], hit: bool, shots: int,
                R: float) -> None:
    """A HIT (a red burst) or MISS (a white tag) chip filling ``rect``."""
    x0, y0, x1, y1 = rect
    x, y = (x0 + x1) / 2, (y0 + y1) / 2
    text = ("HIT" if hit else "MISS") + (f" {shots}" if shots > 1 else "")
    f = fit_font(draw, text, min(0.22 * R, 0.62 * (y1 - y0)), "condensed", 0.86 * (x1 - x0))
    colour = style.FIRE_HIT if hit else style.FIRE_MISS
    if hit:  # a burst: a spiky star behind the text
        pts = []
        rx, ry = (x1 - x0) / 2, (y1 - y0) / 2
        for i in range(16):
            r = 1.0 if i % 2 == 0 else 0.78
            a = math.radians(i * 22.5)
            pts.append((x + rx * r * math.cos(a), y + ry * r * math.sin(a)))
        draw.polygon(pts, fill=colour, outline=style.WHITE)
        draw.text((x, y), text, font=f, fill=style.WHITE, anchor="mm")
    else:
        pad = max(1.0, 0.04 * R)
        draw.rounded_rectangle([x0 + pad, y0 + pad, x1 - pad, y1 - pad], radius=(y1 - y0) / 4, fill=style.WHITE,
                               outline=colour, width=max(1, round(R / 24)))
        draw.text((x, y), text, font=f, fill=style.mix(colour, (0, 0, 0), 0.35), anchor="mm")


def result_badge(draw: ImageDraw.ImageDraw, at: Point, R: float, hit: bool) -> None:
    x, y = at
    f = font(0.22 * R, "condensed")
    text = "HIT" if hit else "MISS"
    box = draw.textbbox((x, y), text, font=f, anchor="mm")
    pad = 0.06 * R
    colour = style.FIRE_HIT if hit else style.FIRE_MISS
    if hit:  # a burst: a spiky star behind the text
        pts = []
        rr = (box[2] - box[0]) / 2 + 2.2 * pad
        for i in range(16):
            r = rr if i % 2 == 0 else rr * 0.7
            a = math.radians(i * 22.5)
            pts.append((x + r * math.cos(a), y + r * 0.75 * math.sin(a)))
        draw.polygon(pts, fill=colour, outline=style.WHITE)
        draw.text((x, y), text, font=f, fill=style.WHITE, anchor="mm")
    else:
        draw.rounded_rectangle([box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad], radius=pad * 2, fill=style.WHITE,
                               outline=colour, width=max(1, round(R / 24)))
        draw.text((x, y), text, font=f, fill=style.mix(colour, (0, 0, 0), 0.35), anchor="mm")
