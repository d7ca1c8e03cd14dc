"""Counters as on a counter sheet, drawn once per look and size and kept as sprites.

A counter is a square in its side's colour: the unit id on top, a NATO-style symbol box in the
middle, the printed values at the bottom (in the game's order). A reduced unit has yellow values
and a yellow corner. Marker chips (spent, alert, ...) sit on the right edge. Sprites are RGBA
images that are only ever read after creation, so threads may share them.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from images import style
from images.fonts import fit_font, fit_size, font, safe
from images.style import RGB

TANK_TYPES = {"tiger", "panther", "panzer", "pziv", "pz", "sherman", "stuart", "t34", "stug", "jagdpanzer", "m10", "m18", "m36", "hetzer", "churchill", "cromwell", "firefly", "kingtiger"}
KNOWN_SYMBOLS = {"infantry", "armour", "armor", "tank", "mech", "mechanised", "mechanized", "halftrack",
                 "artillery", "mg", "machine_gun", "mortar", "sniper", "leader", "at_gun", "anti_tank",
                 "recon", "cavalry", "engineer", "veteran", "elite", "spa", "self_propelled", "tank_destroyer", "td",
                 "truck", "wagon", "motorised", "motorized"} | TANK_TYPES


@dataclass(frozen=True)
class CounterLook:
    """Everything that decides how a counter looks; the sprite cache key."""

    text: str
    colour: RGB
    symbol: str
    values: tuple[str, ...]
    reduced: bool
    markers: tuple[str, ...]
    size: int


def _arrow_up(d: ImageDraw.ImageDraw, x: float, y0: float, y1: float, w: int, head: float) -> None:
    d.line([(x, y1), (x, y0)], fill=style.BLACK, width=w)
    d.line([(x - head, y0 + head), (x, y0), (x + head, y0 + head)], fill=style.BLACK, width=w)


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.42
        a = math.radians(-90 + 36 * i)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill=style.BLACK)


def draw_symbol(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], symbol: str) -> None:
    """A NATO-style unit symbol in box (x0, y0, x1, y1): white frame, black marks."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    lw = max(1, round(h / 12))
    d.rectangle(box, fill=style.SYMBOL_BOX, outline=style.BLACK, width=lw)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    s = symbol.lower()
    oval = [x0 + 0.2 * w, y0 + 0.22 * h, x1 - 0.2 * w, y1 - 0.22 * h]
    if s == "infantry":
        d.line([(x0, y0), (x1, y1)], fill=style.BLACK, width=lw)
        d.line([(x0, y1), (x1, y0)], fill=style.BLACK, width=lw)
    elif s in ("armour", "armor", "tank", "mech"):
        d.ellipse(oval, outline=style.BLACK, width=lw + 1)
    elif s in ("mechanised", "mechanized", "halftrack"):
        d.line([(x0, y0), (x1, y1)], fill=style.BLACK, width=lw)
        d.line([(x0, y1), (x1, y0)], fill=style.BLACK, width=lw)
        d.ellipse(oval, outline=style.BLACK, width=lw + 1)
    elif s == "artillery":
        r = 0.17 * h
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=style.BLACK)
    elif s in ("mg", "machine_gun"):
        _arrow_up(d, cx, y0 + 0.15 * h, y1 - 0.12 * h, lw + 1, 0.22 * h)
        d.line([(cx - 0.18 * w, y1 - 0.3 * h), (cx + 0.18 * w, y1 - 0.3 * h)], fill=style.BLACK, width=lw)
    elif s == "mortar":
        r = 0.12 * h
        _arrow_up(d, cx, y0 + 0.12 * h, y1 - 0.15 * h - 2 * r, lw + 1, 0.2 * h)
        d.ellipse([cx - r, y1 - 0.12 * h - 2 * r, cx + r, y1 - 0.12 * h], outline=style.BLACK, width=lw)
    elif s == "sniper":
        r = 0.3 * h
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=style.BLACK, width=lw)
        d.line([(cx - 1.5 * r, cy), (cx + 1.5 * r, cy)], fill=style.BLACK, width=lw)
        d.line([(cx, cy - 1.4 * r), (cx, cy + 1.4 * r)], fill=style.BLACK, width=lw)
    elif s == "leader":
        _star(d, cx, cy + 0.05 * h, 0.4 * h)
    elif s in ("at_gun", "anti_tank"):
        d.line([(x0 + 0.1 * w, y1), (cx, y0 + 0.12 * h), (x1 - 0.1 * w, y1)], fill=style.BLACK, width=lw + 1)
    elif s in ("recon", "cavalry"):
        d.line([(x0, y1), (x1, y0)], fill=style.BLACK, width=lw)
    elif s == "engineer":
        yy = cy - 0.15 * h
        d.line([(cx - 0.28 * w, yy), (cx + 0.28 * w, yy)], fill=style.BLACK, width=lw + 1)
        for dx in (-0.28, 0.0, 0.28):
            d.line([(cx + dx * w, yy), (cx + dx * w, cy + 0.25 * h)], fill=style.BLACK, width=lw + 1)
    elif s in ("veteran", "elite"):
        d.line([(x0, y0), (x1, y1)], fill=style.BLACK, width=lw)
        d.line([(x0, y1), (x1, y0)], fill=style.BLACK, width=lw)
        _star(d, cx, y0 + 0.2 * h, 0.2 * h)
    elif s in ("spa", "self_propelled"):
        d.ellipse(oval, outline=style.BLACK, width=lw + 1)
        r = 0.12 * h
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=style.BLACK)
    elif s in ("tank_destroyer", "td"):
        d.ellipse(oval, outline=style.BLACK, width=lw + 1)
        d.line([(cx - 0.16 * w, cy + 0.2 * h), (cx, cy - 0.2 * h), (cx + 0.16 * w, cy + 0.2 * h)], fill=style.BLACK, width=lw)
    elif s in ("truck", "wagon", "motorised", "motorized"):
        yy = y1 - 0.3 * h
        d.line([(x0 + 0.2 * w, yy), (x1 - 0.2 * w, yy)], fill=style.BLACK, width=lw + 1)
        r = 0.1 * h
        for dx in (-0.18, 0.18):
            d.ellipse([cx + dx * w - r, yy + 0.04 * h, cx + dx * w + r, yy + 0.04 * h + 2 * r], outline=style.BLACK, width=lw)
    elif s in TANK_TYPES:
        d.ellipse([x0 + 0.06 * w, y0 + 0.12 * h, x1 - 0.06 * w, y1 - 0.12 * h], outline=style.BLACK, width=lw)
        f = fit_font(d, safe(symbol.replace("_", " ").title()), 0.45 * h, "condensed", 0.76 * w)
        d.text((cx, cy), safe(symbol.replace("_", " ").title()), font=f, fill=style.BLACK, anchor="mm")
    else:  # a symbol this renderer does not know: its name, never a crash
        f = fit_font(d, safe(symbol[:4].upper() or "?"), 0.6 * h, "condensed", 0.9 * w)
        d.text((cx, cy), safe(symbol[:4].upper() or "?"), font=f, fill=style.BLACK, anchor="mm")


MIN_VALUES_PX = 8  # a counter's values in a smaller font are not legible: its hex goes to the side list
MIN_ID_PX = 7


def legible(look: CounterLook) -> bool:
    """Whether the counter's id and values come out in fonts big enough to read."""
    return _legible(look.text, look.values, look.size, len(look.markers) > 1, look.reduced)


@lru_cache(maxsize=4096)
def _legible(text: str, values_of: tuple[str, ...], S: int, chips: bool, reduced: bool) -> bool:
    d = ImageDraw.Draw(Image.new("L", (1, 1)))
    chip = max(8, round(S * 0.3))
    id_px = fit_size(d, safe(text), 0.21 * S, "condensed", S - 6 - (S * 0.14 if reduced else 0))
    values = safe("-".join(values_of))
    room = S - 6 - (chip // 2 if chips else 0)
    values_px = values_font(d, values, S, room)[1] if values else MIN_VALUES_PX
    return id_px >= MIN_ID_PX and values_px >= MIN_VALUES_PX


def values_font(d: ImageDraw.ImageDraw, values: str, S: int, room: float) -> tuple[str, int]:
    """(face, pixels) of a counter's values: bold, or condensed bold when that comes out larger (long
    values such as Panzer Leader's 11A-8-9-8)."""
    px = fit_size(d, values, 0.29 * S, "bold", room)
    if px >= 0.26 * S:
        return "bold", px
    narrow = fit_size(d, values, 0.29 * S, "condensed", room)
    return ("condensed", narrow) if narrow > px else ("bold", px)


def chip_box(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], chip: style.ChipStyle) -> None:
    d.rounded_rectangle(box, radius=max(1, (box[3] - box[1]) / 5), fill=chip.bg, outline=style.BLACK)
    size = box[3] - box[1]
    f = fit_font(d, safe(chip.code), 0.7 * size, "condensed", (box[2] - box[0]) * 0.86)
    d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), safe(chip.code), font=f, fill=chip.fg, anchor="mm")


def _draw_counter(look: CounterLook) -> Image.Image:
    S = look.size
    chip = max(8, round(S * 0.3))
    shadow = max(2, S // 24)
    img = Image.new("RGBA", (S + chip // 2 + shadow + 1, S + shadow + 1), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle([shadow, shadow, S - 1 + shadow, S - 1 + shadow], fill=(0, 0, 0, 110))
    d.rectangle([0, 0, S - 1, S - 1], fill=look.colour, outline=style.BLACK, width=max(1, S // 40))
    ink = style.text_on(look.colour)
    if look.reduced:
        k = S * 0.26
        d.polygon([(1, 1), (k, 1), (1, k)], fill=style.REDUCED_STRIPE)
    f = fit_font(d, safe(look.text), 0.21 * S, "condensed", S - 6 - (S * 0.14 if look.reduced else 0))
    d.text((S / 2 + (S * 0.06 if look.reduced else 0), 0.14 * S), safe(look.text), font=f, fill=ink, anchor="mm")
    draw_symbol(d, (0.21 * S, 0.27 * S, 0.79 * S, 0.61 * S), look.symbol)
    values = safe("-".join(look.values))
    if values:
        # With marker chips down the right edge, the values move left to stay clear of them.
        room = S - 6 - (chip // 2 if len(look.markers) > 1 else 0)
        vx = 3 + room / 2
        f = font(*values_font(d, values, S, room)[::-1])
        if look.reduced:
            d.text((vx, 0.81 * S), values, font=f, fill=style.REDUCED_VALUES, anchor="mm",
                   stroke_width=max(1, S // 36), stroke_fill=style.BLACK)
        else:
            d.text((vx, 0.81 * S), values, font=f, fill=ink, anchor="mm")
    if look.markers:
        # Down the right edge below the id strip, so the id stays readable.
        n = len(look.markers)
        top = round(0.24 * S)
        step = min(chip + 1, (S - top - chip) / max(1, n - 1)) if n > 1 else 0
        for i, kind in enumerate(look.markers):
            y = top + i * step
            chip_box(d, (S - chip // 2, y, S + chip // 2, y + chip), style.unit_chip(kind))
    return img


def marker_column(markers: tuple[str, ...], size: int) -> Image.Image:
    """Unit marker chips stacked top to bottom, as on a counter's edge (for counters low in a stack)."""
    return _cached(("column", markers, size), lambda: _draw_column(markers, size))


def _draw_column(markers: tuple[str, ...], size: int) -> Image.Image:
    chip = max(8, round(size * 0.3))
    img = Image.new("RGBA", (chip + 1, len(markers) * (chip + 1) + 1), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for i, kind in enumerate(markers):
        chip_box(d, (0, i * (chip + 1), chip, i * (chip + 1) + chip), style.unit_chip(kind))
    return img


def chip_sprite(chip: style.ChipStyle, size: int) -> Image.Image:
    """A map marker as a small counter (fuel depot, wreck, ...)."""
    return _cached(("chip", chip, size), lambda: _draw_chip(chip, size))


def _draw_chip(chip: style.ChipStyle, size: int) -> Image.Image:
    w = round(size * (1.0 if len(chip.code) <= 2 else 1.35))
    img = Image.new("RGBA", (w + 2, size + 2), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle([2, 2, w + 1, size + 1], fill=(0, 0, 0, 110))
    if chip.code == "+":  # a medic's red cross, drawn rather than typed
        d.rectangle([0, 0, w - 1, size - 1], fill=chip.bg, outline=style.BLACK)
        a, b = size * 0.2, size * 0.4
        d.rectangle([w / 2 - a / 2, b / 2, w / 2 + a / 2, size - b / 2], fill=chip.fg)
        d.rectangle([w / 2 - (size - b) / 2, size / 2 - a / 2, w / 2 + (size - b) / 2, size / 2 + a / 2], fill=chip.fg)
        return img
    d.rectangle([0, 0, w - 1, size - 1], fill=chip.bg, outline=style.BLACK)
    f = fit_font(d, safe(chip.code), 0.5 * size, "condensed", w - 4)
    d.text((w / 2, size / 2), safe(chip.code), font=f, fill=chip.fg, anchor="mm")
    return img


def counter_sprite(look: CounterLook) -> Image.Image:
    return _cached(look, lambda: _draw_counter(look))


_LOCK = threading.Lock()
_SPRITES: dict[object, Image.Image] = {}
_MAX_SPRITES = 4000


def _cached(key: object, make: object) -> Image.Image:
    with _LOCK:
        hit = _SPRITES.get(key)
    if hit is not None:
        return hit
    img = make()  # type: ignore[operator]
    with _LOCK:
        if len(_SPRITES) >= _MAX_SPRITES:
            _SPRITES.clear()
        return _SPRITES.setdefault(key, img)


def badge(d: ImageDraw.ImageDraw, x: float, y: float, r: float, text: str) -> None:
    """A round count badge (stack size)."""
    d.ellipse([x - r, y - r, x + r, y + r], fill=style.WHITE, outline=style.BLACK, width=max(1, round(r / 6)))
    d.text((x, y), text, font=font(1.3 * r, "bold"), fill=style.BLACK, anchor="mm")
