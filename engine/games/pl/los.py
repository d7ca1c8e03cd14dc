"""Line of sight (rules: Terrain, Obstacles and Elevation; Line of Sight Clarifications).

The board has three levels: 0 ground, 1 slope, 2 hilltop. Slope hexsides lie between ground and
hill, hilltop hexsides between slope and hilltop; cliff hexsides (high obstacles) may stand for either.
Woods and town hexes are low obstacles at the
level of their hex. Both nudged lines of ``engine.hexgrid.lines_both`` are checked and the worse is
taken (LOS is applied in the defender's favour). See docs/rulings/pl.md (LOS) for the model.
"""

from __future__ import annotations

from engine.hexgrid import Hex, lines_both
from engine.maps import GameMap


def level(gmap: GameMap, h: Hex) -> int:
    return gmap.elevation.get(h, 0)


def _terrain(gmap: GameMap, h: Hex) -> str:
    # A line nudged along the board's edge may graze a hex off the board: open ground.
    return gmap.terrain.get(h, "clear")


def _low_obstacle(gmap: GameMap, h: Hex, low_kinds: set[str]) -> bool:
    return _terrain(gmap, h) in low_kinds


def slope_joins_hilltop(gmap: GameMap, x: Hex, y: Hex) -> bool:
    """A slope (brown) hexside x/y connected to a hilltop (orange) hexside: one that shares a vertex
    with it, i.e. x/z or y/z for a hex z adjacent to both x and y ("LOS is not blocked by a slope
    hex side connected to a hilltop hex side", Line of Sight Clarifications)."""
    feats = gmap.features(x, y)
    if "slope" not in feats or "hilltop" in feats:
        return False
    common = set(x.neighbors()) & set(y.neighbors())
    return any("hilltop" in gmap.features(x, z) or "hilltop" in gmap.features(y, z) for z in common)


def line_blocked(gmap: GameMap, path: list[Hex], low_kinds: set[str], midway_any: bool = False) -> str:
    """Why this one line is blocked, or '' when it is clear."""
    n = len(path) - 1
    if n <= 1:
        return ""  # never obstructed between adjacent hexes
    a, b = path[0], path[-1]
    la, lb = level(gmap, a), level(gmap, b)
    top, low = max(la, lb), min(la, lb)
    between = path[1:-1]
    kinds = {_terrain(gmap, h) for h in between if level(gmap, h) == 0}
    if "woods" in kinds and "town" in kinds:
        return "woods and town hexes together always obstruct"
    hilltop_sides = sum(1 for i in range(n) if "hilltop" in gmap.features(path[i], path[i + 1]))
    if hilltop_sides >= 2 and not (la == 2 and lb == 2):
        return "two hilltop hexsides obstruct unless both units are on hilltops"
    for i in range(n):
        x, y = path[i], path[i + 1]
        if "cliff" not in gmap.features(x, y):
            continue
        upper = x if level(gmap, x) >= level(gmap, y) else y
        if low > level(gmap, upper):
            continue  # both units above the cliff's top: seen over (a higher unit sees over lower obstacles)
        if upper in (a, b):
            continue  # a unit at the cliff's edge sees down past it
        k = i + 1 if la <= lb else n - i  # hexside k of n, counted from the lower unit
        if top > level(gmap, upper) and 2 * k > n + 1:
            continue  # a unit above the cliff's top sees past it when it is nearer the higher unit (as slopes)
        return f"a cliff hexside ({x.label}/{y.label}) obstructs (a high obstacle)"
    for h in between:
        if level(gmap, h) > top:
            return f"higher ground at {h.label} obstructs"
        if _low_obstacle(gmap, h, low_kinds) and level(gmap, h) >= top:
            return f"{_terrain(gmap, h)} at {h.label} obstructs"
    if la == lb:
        return ""
    # Different levels: index the line from the lower unit.
    seq = path if la < lb else path[::-1]
    behind = seq[1]
    if _low_obstacle(gmap, behind, low_kinds) and level(gmap, behind) == low:
        return f"the lower unit is directly behind {_terrain(gmap, behind)} at {behind.label}"
    for k in range(1, n + 1):
        x, y = seq[k - 1], seq[k]
        feats = gmap.features(x, y)
        if not feats or ("slope" not in feats and not midway_any):
            continue  # the midway test counts slope hexsides ("if a slope hex side is midway or closer")
        if max(level(gmap, x), level(gmap, y)) <= low:
            continue  # a step below both units
        if slope_joins_hilltop(gmap, x, y):
            continue  # a slope hexside connected to a hilltop hexside does not block
        # Hexside k of n counted from the lower unit: midway or closer to it obstructs.
        if 2 * k <= n + 1:
            what = "slope" if "slope" in feats else "hilltop"
            return f"a {what} hexside ({x.label}/{y.label}) is midway or closer to the lower unit"
    return ""


def los(gmap: GameMap, a: Hex, b: Hex, low_kinds: set[str], midway_any: bool = False) -> tuple[bool, str]:
    """(clear, reason): clear only if both nudged lines are clear. ``midway_any``: the midway test
    counts hilltop hexsides too (option slope_any_side, the old reading)."""
    for path in lines_both(a, b):
        why = line_blocked(gmap, path, low_kinds, midway_any)
        if why:
            return False, why
    return True, ""
