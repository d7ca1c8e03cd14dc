"""The strip under a phase's map: which phase it is and what happened in it, in words.

Drawn when the view carries ``phase_map`` (engine/service/phases.py): its title, and its lines
(moves, fire and their results, draws), one per row, cut to the width with an ellipsis. A view
with a ``result`` names the winner and why in the strip's first row. The side list: every hex whose
units do not all show whole and legibly on the map (a fan of three or more, values too long for a
pair) lists every unit, top first, with its values and markers (images.layout).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from images import style
from images.fonts import Font, font, safe, text_size
from images.pieces import HexPlan, stack_lists

MAX_ROWS = 14
MAX_STACK_ROWS = 16


def _cut(d: ImageDraw.ImageDraw, text: str, f: Font, width: float) -> str:
    text = safe(text)
    if f.getlength(text) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_size(d, text[:mid] + "...", f)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "..."


SideList = tuple[set[str], dict[str, list[str]]]  # hexes whose units are listed; marker kinds with no room


def side_list(plans: Mapping[Any, HexPlan], only: set[str] | None = None) -> SideList:
    """What the side list must name, from the renderer's plan of each hex (within ``only``, a close-up's
    hexes): every unit of a hex where one does not show whole and legibly, the markers with no room."""
    listed = {h.label for h, p in plans.items() if p.listed and (only is None or h.label in only)}
    unplaced = {h.label: list(p.unplaced) for h, p in plans.items() if p.unplaced and (only is None or h.label in only)}
    return listed, unplaced


def caption_rows(view: Mapping[str, Any], lists: SideList | None = None, phase: bool = True) -> list[tuple[str, str]]:
    """(kind, text) rows: "result", "title", "line", "more". ``lists``: the plan's side list (without it,
    hexes of three or more units); ``phase=False``: the side list only (a close-up)."""
    rows: list[tuple[str, str]] = []
    if not phase:
        return _stack_rows(view, lists)
    result = view.get("result")
    if isinstance(result, Mapping) and result.get("text"):
        rule = f" [{result['rule']}]" if result.get("rule") else ""
        rows.append(("result", f"Game over: {result['text']}{rule}"))
    pm = view.get("phase_map")
    if isinstance(pm, Mapping):
        title = str(pm.get("title") or f"Phase {pm.get('number', '?')}")
        if pm.get("of"):
            title = title.replace(f"Phase {pm.get('number')}", f"Phase {pm.get('number')} of {pm['of']}", 1)
        then = f"; next: {pm['next']}" if pm.get("next") and pm.get("next") != pm.get("phase_name") else ""
        rows.append(("title", f"{title}: what happened{then}"))
        lines = [str(x) for x in (pm.get("lines") or [])]
        more = int(pm.get("more") or 0)
        cut = int(pm.get("cut") or 0)
        if cut:  # a phase longer than its map's bound (engine/service/phases.py PHASE_DRAWN)
            rows.append(("more", f"A long phase: the moves of its first {cut} entr{'ies' if cut != 1 else 'y'} "
                                 "are not drawn (the log lists them)"))
        room = MAX_ROWS - len(rows) - 1
        if len(lines) > room:
            more += len(lines) - room
            lines = lines[-room:]
        if more:
            rows.append(("more", f"... {more} earlier line{'s' * (more != 1)} in the log"))
        rows += [("line", x) for x in lines] or [("line", "(nothing moved or fired)")]
    return rows + _stack_rows(view, lists)


def _stack_rows(view: Mapping[str, Any], lists: SideList | None) -> list[tuple[str, str]]:
    stacks = stack_lists(view, *(lists or (None, None)))
    if not stacks:
        return []
    rows = [("title", "Too crowded or small to read on the map (a stack top first): unit, values (markers)")]
    rows += [("line", f"{h}: {', '.join(names)}") for h, names in stacks[:MAX_STACK_ROWS]]
    if len(stacks) > MAX_STACK_ROWS:
        rows.append(("more", f"... and {len(stacks) - MAX_STACK_ROWS} more stacks"))
    return rows


def _wrap(d: ImageDraw.ImageDraw, text: str, f: Font, width: float) -> list[str]:
    """A line of text as rows that fit ``width``, broken at spaces (a word longer than a row is cut).
    Words are measured once each (``getlength``), not the row again at every word."""
    words = safe(text).split(" ")
    space, indent = f.getlength(" "), f.getlength("  ")
    rows: list[str] = []
    current, used = "", 0.0
    for w in words:
        size = f.getlength(w)
        if current and used + space + size > width:
            rows.append(current)
            current, used = "  " + w, indent + size
        else:
            current, used = (f"{current} {w}", used + space + size) if current else (w, size)
    rows.append(current)
    return [_cut(d, r, f, width) for r in rows]


def add_caption(img: Image.Image, view: Mapping[str, Any], radius: float, lists: SideList | None = None,
                phase: bool = True) -> Image.Image:
    """The image with the strip appended below it (the image itself when there is nothing to say)."""
    rows = caption_rows(view, lists, phase)
    if not rows:
        return img
    R = radius
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    f, fb = font(0.27 * R, "regular"), font(0.29 * R, "bold")
    wrapped: list[tuple[str, str]] = []
    for kind, text in rows:  # long lines wrap: nothing is clipped
        face = fb if kind in ("result", "title") else f
        room = img.width - (0.6 if kind != "line" else 0.9) * R
        wrapped += [(kind, part) for part in _wrap(probe, text if kind != "line" else "- " + text, face, room)]
    rows = wrapped
    row_h = 0.42 * R
    height = round(0.3 * R + row_h * len(rows))
    out = img.crop((0, 0, img.width, img.height + height))  # one copy; the strip below is painted next
    d = ImageDraw.Draw(out)
    y0 = img.height
    d.rectangle([0, y0, img.width, out.height], fill=style.PAPER)
    d.line([(0, y0), (img.width, y0)], fill=style.GRID, width=max(1, round(R / 24)))
    width = img.width - 0.6 * R
    for i, (kind, text) in enumerate(rows):
        y = y0 + 0.15 * R + row_h * (i + 0.5)
        if kind == "result":
            d.text((0.3 * R, y), _cut(d, text, fb, width), font=fb, fill=style.FIRE_HIT, anchor="lm")
        elif kind == "title":
            d.text((0.3 * R, y), _cut(d, text, fb, width), font=fb, fill=style.INK, anchor="lm")
        elif kind == "more":
            d.text((0.3 * R, y), _cut(d, text, f, width), font=f, fill=style.LABEL, anchor="lm")
        else:
            d.text((0.5 * R, y), _cut(d, text, f, width - 0.2 * R), font=f, fill=style.INK, anchor="lm")
    return out
