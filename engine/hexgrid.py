"""Hex grid: one immutable axial coordinate, offset labels at the edges only.

Maps are flat-topped hexes in vertical columns, as on most wargame maps. A label ``CCRR`` names
column CC and row RR, both counted from 01 at the north-west corner; even-numbered columns sit half
a hex lower than odd ones. Directions are numbered clockwise from north: 0 N, 1 NE, 2 SE, 3 S,
4 SW, 5 NW.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

_LABEL = re.compile(r"^\s*(\d{2})(\d{2})\s*$")
# What the rules ask of the same hexes over and over, kept (Hex and Hexside are immutable). A map has a
# few thousand hexes at most: past CACHE_KEPT entries (odd hexes from hostile input), nothing more is kept.
CACHE_KEPT = 50_000
_PARSED: dict[str, Hex] = {}  # label -> Hex, filled by Hex.parse
_NEIGHBORS: dict[Hex, tuple[Hex, ...]] = {}  # filled by Hex.neighbors
_LABELS: dict[Hex, str] = {}  # filled by Hex.label
_SIDES: dict[tuple[Hex, Hex], Hexside] = {}  # filled by Hexside.of


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """Axial coordinates (q, r); the third cube coordinate is s = -q - r."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbor(self, direction: int) -> Hex:
        return self + DIRECTIONS[direction % 6]

    def neighbors(self) -> list[Hex]:
        known = _NEIGHBORS.get(self)
        if known is None:
            known = tuple(self + d for d in DIRECTIONS)
            if len(_NEIGHBORS) < CACHE_KEPT:
                _NEIGHBORS[self] = known
        return list(known)

    def distance(self, other: Hex) -> int:
        dq, dr = self.q - other.q, self.r - other.r  # self - other, without making the Hex
        return max(abs(dq), abs(dr), abs(-dq - dr))

    def direction_to(self, other: Hex) -> int | None:
        """The direction of an adjacent hex, or None if it is not adjacent."""
        d = other - self
        try:
            return DIRECTIONS.index(d)
        except ValueError:
            return None

    # Offset coordinates (column, row), both 1-based, for labels and input only.
    @property
    def col(self) -> int:
        return self.q + 1

    @property
    def row(self) -> int:
        return self.r + (self.q - (self.q & 1)) // 2 + 1

    @property
    def label(self) -> str:
        known = _LABELS.get(self)
        if known is None:
            known = f"{self.col:02d}{self.row:02d}"
            if len(_LABELS) < CACHE_KEPT:
                _LABELS[self] = known
        return known

    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        q = col - 1
        r = (row - 1) - (q - (q & 1)) // 2
        return cls(q, r)

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Parse a ``CCRR`` label; raises ValueError with a readable reason."""
        if cls is Hex:
            # The rules parse the same few hundred labels over and over: a Hex is immutable, so a
            # parsed label is kept (only four ASCII characters, so at most 10,000 of them).
            known = _PARSED.get(text) if type(text) is str else None
            if known is not None:
                return known
        m = _LABEL.match(str(text))
        if not m:
            raise ValueError(f"'{text}' is not a hex label: use four digits, column then row, such as 0503")
        h = cls.from_offset(int(m.group(1)), int(m.group(2)))
        if cls is Hex and type(text) is str and len(text) == 4 and text.isascii():
            _PARSED[text] = h
        return h

    def pixel(self, size: float = 1.0) -> tuple[float, float]:
        """Centre of the hex in a flat-top layout with the given radius; y grows southward."""
        return size * 1.5 * self.q, size * 3**0.5 * (self.r + self.q / 2)

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Hex({self.label})"


# Flat-topped axial directions, clockwise from north.
DIRECTIONS: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")


class Hexside(NamedTuple):
    """The side between two adjacent hexes: an unordered pair, stored in sorted order."""

    a: Hex
    b: Hex

    @classmethod
    def of(cls, x: Hex, y: Hex) -> Hexside:
        if cls is Hexside:
            known = _SIDES.get((x, y))
            if known is not None:
                return known
        if x.distance(y) != 1:
            raise ValueError(f"{x.label} and {y.label} are not adjacent, so they share no hexside")
        side = cls(x, y) if x < y else cls(y, x)
        if cls is Hexside and len(_SIDES) < CACHE_KEPT:
            _SIDES[(x, y)] = side
        return side

    @classmethod
    def parse(cls, text: str) -> Hexside:
        """Parse ``0503/0504`` (or with '-')."""
        parts = re.split(r"[/\-\s]+", str(text).strip())
        if len(parts) != 2:
            raise ValueError(f"'{text}' is not a hexside: write two adjacent hexes, such as 0503/0504")
        return cls.of(Hex.parse(parts[0]), Hex.parse(parts[1]))

    @property
    def label(self) -> str:
        return f"{self.a.label}/{self.b.label}"


def cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


# The nudge moves the line a hair off a hexside, so a line along one always resolves to the same
# side. +1 and -1 give the two sides; line-of-sight rules choose between them.
_EPS = 1e-6


def line(a: Hex, b: Hex, side: int = 1) -> list[Hex]:
    """Hexes from a to b inclusive (length = distance + 1), nudged to one side of any hexside."""
    n = a.distance(b)
    if n == 0:
        return [a]
    nudge = _EPS * side
    # Nudge q and r differently so the point never lies exactly on a vertex either.
    return [
        cube_round(
            a.q + nudge + (b.q - a.q) * (i / n),
            a.r + 2 * nudge + (b.r - a.r) * (i / n),
        )
        for i in range(n + 1)
    ]


def lines_both(a: Hex, b: Hex) -> tuple[list[Hex], list[Hex]]:
    """The two nudged lines; they differ only where the exact line runs along hexsides."""
    return line(a, b, 1), line(a, b, -1)


def within(center: Hex, radius: int) -> Iterator[Hex]:
    """Every hex at distance <= radius from center."""
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield Hex(center.q + dq, center.r + dr)


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    result = []
    h = center + Hex(DIRECTIONS[4].q * radius, DIRECTIONS[4].r * radius)
    for i in range(6):
        for _ in range(radius):
            result.append(h)
            h = h.neighbor(i)
    return result


StepCost = Callable[[Hex, Hex], float | None]
"""Cost of stepping from one hex to an adjacent one; None where the step is not allowed."""


def search(
    start: Hex,
    cost: StepCost,
    budget: float = float("inf"),
    hexes: Iterable[Hex] | None = None,
    goal: Hex | None = None,
) -> tuple[dict[Hex, float], dict[Hex, Hex]]:
    """Dijkstra from start: the least cost of every hex within budget, and each one's predecessor.

    Stops early once ``goal`` is settled. Costs may be fractional (roads at 1/2).
    """
    allowed = set(hexes) if hexes is not None else None
    best: dict[Hex, float] = {start: 0.0}
    came: dict[Hex, Hex] = {}
    frontier: list[tuple[float, Hex]] = [(0.0, start)]
    while frontier:
        spent, here = heapq.heappop(frontier)
        if spent > best.get(here, float("inf")):
            continue
        if here == goal:
            break
        for nxt in here.neighbors():
            if allowed is not None and nxt not in allowed:
                continue
            step = cost(here, nxt)
            if step is None:
                continue
            total = spent + step
            if total <= budget + 1e-9 and total < best.get(nxt, float("inf")):
                best[nxt] = total
                came[nxt] = here
                heapq.heappush(frontier, (total, nxt))
    return best, came


def path_to(came: dict[Hex, Hex], start: Hex, goal: Hex) -> list[Hex]:
    """The path from start to goal recorded by ``search`` (start and goal included)."""
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    return path[::-1]


def reachable(start: Hex, budget: float, cost: StepCost, hexes: Iterable[Hex] | None = None) -> dict[Hex, float]:
    """Every hex reachable from start within budget, with its least cost."""
    return search(start, cost, budget, hexes)[0]


def shortest_path(
    start: Hex, goal: Hex, cost: StepCost, hexes: Iterable[Hex] | None = None
) -> tuple[list[Hex], float] | None:
    """Least-cost path from start to goal, with its cost; None if goal cannot be reached."""
    best, came = search(start, cost, hexes=hexes, goal=goal)
    if goal not in best:
        return None
    return path_to(came, start, goal), best[goal]
