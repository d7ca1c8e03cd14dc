"""Line of sight exactly per 6.3.3 B-J, and the terrain questions fire and movement ask.

The LOS runs centre to centre (B). ``lines_both`` gives the two lines nudged to either side of a
hexside; they differ only where the exact line runs along hexsides. Blocking hexes on the path
(never the firer's or the target's hex, E): woods and buildings (C) unless the firer is on a hill
(H); hills always (F, G); hexes holding the firer's own infantry (I) or, for a tank firing, its own
tanks (J), unless the firer is on a hill (I) or is a mortar (6.3.6.4 D). The LOS may run along the
exact side of one blocking hex (D): if one nudged line is clear and the other meets at most one
blocking hex that the clear line does not, the LOS is clear.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from engine.hexgrid import Hex, lines_both
from engine.maps import GameMap

COVER_TERRAIN = ("woods", "building")


@lru_cache(maxsize=65536)
def _paths(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    one, two = lines_both(a, b)
    return tuple(one[1:-1]), tuple(two[1:-1])


def elevation(m: GameMap, h: Hex) -> int:
    return m.elevation.get(h, 1 if m.terrain.get(h) == "hill" else 0)


def on_hill(m: GameMap, h: Hex) -> bool:
    return m.terrain.get(h) == "hill"


def _blocking(m: GameMap, a: Hex, friendly_infantry: Iterable[Hex], friendly_tanks: Iterable[Hex], *,
              tank: bool, mortar: bool) -> Callable[[Hex], str]:
    """For a firer at ``a``: what a hex on the line holds that blocks it ('hill', 'woods', 'building',
    'infantry', 'tank'), or '' (6.3.3 C, F-J)."""
    high = on_hill(m, a)
    own_inf = set() if (high or mortar) else set(friendly_infantry)
    own_tanks = set() if (high or mortar or not tank) else set(friendly_tanks)

    def cause(h: Hex) -> str:
        kind = m.terrain.get(h, "clear")
        if kind == "hill" or (kind in COVER_TERRAIN and not high):
            return kind  # F, G, H: hills always block; C: cover, unless the firer is on a hill (H)
        if h in own_inf:
            return "infantry"  # I
        return "tank" if h in own_tanks else ""  # J

    return cause


def has_los(
    m: GameMap,
    a: Hex,
    b: Hex,
    friendly_infantry: Iterable[Hex] = (),
    friendly_tanks: Iterable[Hex] = (),
    *,
    tank: bool = False,
    mortar: bool = False,
) -> bool:
    """LOS from a firer at ``a`` to a target at ``b`` (6.3.3 B-J).

    ``friendly_infantry``/``friendly_tanks``: hexes holding the firer's own side's units.
    """
    if a == b or a.distance(b) == 1:
        return True
    blocks = _blocking(m, a, friendly_infantry, friendly_tanks, tank=tank, mortar=mortar)
    one, two = _paths(a, b)
    blocked_one = [h for h in one if blocks(h)]
    blocked_two = [h for h in two if blocks(h)]
    if not blocked_one or not blocked_two:
        if one == two:
            return True
        # D: the exact line runs along hexsides; it may graze the side of one blocking hex.
        clear_line, other = (one, blocked_two) if not blocked_one else (two, blocked_one)
        grazed = [h for h in other if h not in clear_line]
        return len(grazed) <= 1
    return False


def los_blockers(
    m: GameMap,
    a: Hex,
    b: Hex,
    friendly_infantry: Iterable[Hex] = (),
    friendly_tanks: Iterable[Hex] = (),
    *,
    tank: bool = False,
    mortar: bool = False,
) -> list[tuple[Hex, str]]:
    """What blocks the LOS from ``a`` to ``b`` (empty when has_los is True): each blocking hex with
    its cause (hill, woods, building, infantry, tank), first along the line. Where the line runs
    along hexsides (6.3.3 D), the blockers of both sides are named."""
    inf, tanks = list(friendly_infantry), list(friendly_tanks)
    if has_los(m, a, b, inf, tanks, tank=tank, mortar=mortar):
        return []
    cause = _blocking(m, a, inf, tanks, tank=tank, mortar=mortar)

    one, two = _paths(a, b)
    out: list[tuple[Hex, str]] = []
    for line in (one, two):
        for h in line:
            why = cause(h)
            if why:  # each line's first blocking hex (one hex named once where both lines cross it)
                if (h, why) not in out:
                    out.append((h, why))
                if one == two:
                    return out  # a plain line: its first blocking hex
                break
    clear_sides = [line for line in (one, two) if not any(cause(h) for h in line)]
    if len(out) == 1 and clear_sides:  # one side is clear: the other grazes more than one blocking hex (6.3.3 D)
        clear_line = clear_sides[0]
        out = [(h, cause(h)) for h in (two if clear_line is one else one) if cause(h) and h not in clear_line]
    return out


def terrain_cover(m: GameMap, target: Hex, shooter: Hex) -> int:
    """7.2.2 C: +1 in woods or on a hill shot from lower ground, +2 in a building."""
    kind = m.terrain.get(target, "clear")
    if kind == "building":
        return 2
    if kind == "woods":
        return 1
    if kind == "hill" and elevation(m, shooter) < elevation(m, target):
        return 1
    return 0


def cover_rank(m: GameMap, h: Hex) -> int:
    """How good a hex is to hide in, for German move choices (8.0 B): building > woods > hill > clear."""
    return {"building": 3, "woods": 2, "hill": 1}.get(m.terrain.get(h, "clear"), 0)
