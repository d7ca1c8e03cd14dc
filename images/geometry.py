"""Where hexes fall on the picture: a flat-top layout (``Hex.pixel``) shifted and scaled."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from engine.hexgrid import Hex, Hexside

SQRT3 = math.sqrt(3.0)
BASE_RADIUS = 48.0  # hex radius in pixels at scale 1

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    """Hex radius R in pixels and the pixel position (ox, oy) of Hex(0, 0)'s centre."""

    radius: float
    ox: float
    oy: float

    @property
    def counter(self) -> int:
        """Side of a counter square, in pixels."""
        return max(16, round(self.radius * 1.06))

    def centre(self, h: Hex) -> Point:
        x, y = h.pixel(self.radius)
        return self.ox + x, self.oy + y

    def corners(self, h: Hex, shrink: float = 1.0) -> list[Point]:
        cx, cy = self.centre(h)
        r = self.radius * shrink
        return [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)]

    def side_ends(self, side: Hexside) -> tuple[Point, Point]:
        """The two end points of the hexside between side.a and side.b."""
        ax, ay = self.centre(side.a)
        bx, by = self.centre(side.b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        d = math.hypot(dx, dy) or 1.0
        px, py = -dy / d * self.radius / 2, dx / d * self.radius / 2
        return (mx + px, my + py), (mx - px, my - py)

    def side_mid(self, side: Hexside) -> Point:
        ax, ay = self.centre(side.a)
        bx, by = self.centre(side.b)
        return (ax + bx) / 2, (ay + by) / 2

    def bbox(self, hexes: Iterable[Hex], pad: float = 0.0) -> tuple[int, int, int, int]:
        """Integer pixel box holding every listed hex, grown by pad pixels."""
        xs: list[float] = []
        ys: list[float] = []
        for h in hexes:
            cx, cy = self.centre(h)
            xs += [cx - self.radius, cx + self.radius]
            ys += [cy - self.radius * SQRT3 / 2, cy + self.radius * SQRT3 / 2]
        if not xs:
            return (0, 0, 0, 0)
        return (math.floor(min(xs) - pad), math.floor(min(ys) - pad), math.ceil(max(xs) + pad),
                math.ceil(max(ys) + pad))


def map_extent(hexes: Iterable[Hex], radius: float) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of the hexes with Hex(0,0) at the origin."""
    lay = Layout(radius, 0.0, 0.0)
    x0, y0, x1, y1 = lay.bbox(hexes)
    return float(x0), float(y0), float(x1), float(y1)


def shorten(a: Point, b: Point, by: float) -> Point:
    """The point ``by`` pixels short of b on the way from a."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d <= by or d == 0:
        return a
    return b[0] - dx / d * by, b[1] - dy / d * by
