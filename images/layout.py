"""Where things go inside one hex, so nothing covers what a player must read (issue 27).

Geometry only (no drawing): the renderer draws from it and the layout test checks it.

- One unit: a full counter in the middle of the hex.
- Two: side by side, both whole (the second, the top of the stack, on the right).
- Three or more: the top four fanned upward (the top one whole, the ids of those under it showing),
  and every unit of the hex in the side list under the map (``images.pieces.stack_lists``).
- A counter's **value area** (its id strip and its values row) is never covered: the result chips of
  fire at the hex (HIT / MISS) sit on the symbol band of its top counter, or in the middle of an
  empty hex; map marker chips (OBA, wreck, fuel depot, ...) take the first free slot of the hex (its
  left and right corners, then beside its number) that overlaps no value area.
- The hex number stays clear at the top, the place name in its own band at the bottom.
"""

from __future__ import annotations

from engine.hexgrid import Hex
from images.geometry import Layout

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1
Box = tuple[int, int, int]  # left, top, side of a counter square

MAX_FANNED = 4  # counters drawn in one hex; a bigger stack shows its top four and lists every unit below the map
PAIR = 0.7  # side of each counter of a pair, in hex radii
FAN = 0.72  # side of the counters of a fan of three or more


def chip_px(S: int) -> int:
    """Side of a unit marker chip on a counter of side S (images.counters draws them)."""
    return max(8, round(S * 0.3))


def stack_size(lay: Layout, n: int) -> int:
    """Counters of a stack are smaller, so the whole stack stays inside its hex, clear of its number."""
    if n <= 1:
        return lay.counter
    return max(12, round(lay.radius * (PAIR if n == 2 else FAN)))


def stack_offset(lay: Layout, n: int) -> tuple[float, float]:
    """How far each counter under the top one of a fan is shifted (left, up): its id strip shows."""
    if n <= 2:
        return 0.0, 0.0
    size = stack_size(lay, n)
    return 0.06 * lay.radius, (1.12 * lay.radius - size) / (min(n, MAX_FANNED) - 1)


def stack_boxes(lay: Layout, h: Hex, n: int) -> list[Box]:
    """(left, top, size) of each counter drawn for a stack of n in hex h, the lowest first."""
    R = lay.radius
    cx, cy = lay.centre(h)
    S = stack_size(lay, n)
    if n <= 1:
        return [(round(cx - S / 2), round(cy - S / 2), S)]
    if n == 2:
        gap = chip_px(S) // 2 + max(2, round(0.04 * R))  # room for the left one's chips on its right edge
        left = cx - (2 * S + gap) / 2  # the pair centred (the right one's chips may reach over the hexside)
        top = round(cy - S / 2)
        return [(round(left), top, S), (round(left + S + gap), top, S)]
    k = min(n, MAX_FANNED)
    ox, oy = stack_offset(lay, n)
    top_x = cx - S / 2 + 0.5 * ox * (k - 1)
    top_y = cy + 0.52 * R - S
    return [(round(top_x - depth * ox), round(top_y - depth * oy), S) for depth in range(k - 1, -1, -1)]


def whole(n: int, index: int) -> bool:
    """Whether counter ``index`` (0 the lowest drawn) of a stack of n shows whole: both of a pair, the top
    of a fan."""
    return n <= 2 or index == min(n, MAX_FANNED) - 1


def id_rect(box: Box) -> Rect:
    x, y, S = box
    return (x + 1, y + 1, x + S - 1, y + 0.26 * S)


def values_rect(box: Box) -> Rect:
    x, y, S = box
    return (x + 1, y + 0.65 * S, x + S - 1, y + 0.97 * S)


def symbol_band(box: Box) -> Rect:
    """The middle of a counter (its NATO symbol): what a result chip may cover."""
    x, y, S = box
    return (x + 1, y + 0.28 * S, x + S - 1, y + 0.63 * S)


def unit_chips_rect(box: Box, count: int, left: bool = False) -> Rect | None:
    """Where a counter's unit marker chips go (right edge; a lower counter of a fan: left edge)."""
    if not count:
        return None
    x, y, S = box
    c = chip_px(S)
    if left:  # wholly left of its counter: the counters above it in the fan sit further right
        return (x - c - 1, y + 0.24 * S, x, y + S)
    return (x + S - c / 2, y + 0.24 * S, x + S + c / 2, y + S)


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def marker_slots(lay: Layout, h: Hex, w: float, hgt: float) -> list[Rect]:
    """Candidate places for a map marker chip of w x hgt in hex h, best first: the left and right corners,
    beside the hex number, beside the place name."""
    R = lay.radius
    cx, cy = lay.centre(h)
    centres = [(-0.72, -0.05), (0.72, -0.05), (-0.66, 0.3), (0.66, 0.3), (-0.66, -0.38), (0.66, -0.38),
               (-0.4, -0.66), (0.4, -0.66), (-0.45, 0.62), (0.45, 0.62)]
    return [(cx + dx * R - w / 2, cy + dy * R - hgt / 2, cx + dx * R + w / 2, cy + dy * R + hgt / 2) for dx, dy in centres]


def name_band(lay: Layout, h: Hex) -> Rect:
    """The strip at the bottom of a hex where its place name goes (under a single counter)."""
    R = lay.radius
    cx, cy = lay.centre(h)
    return (cx - 0.62 * R, cy + 0.55 * R, cx + 0.62 * R, cy + 0.84 * R)
