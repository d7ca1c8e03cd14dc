"""What a German unit sees of the Americans (7.2): the Americans on the map (tanks or not), the nearest
of them, and, when it has no target, why: the words the infantry, MG 42, tank and AT gun steps share."""

from __future__ import annotations

from engine.hexgrid import Hex

from .state import Unit
from .table import Table


def americans(t: Table, tanks: bool | None = None) -> list[Unit]:
    return [u for u in t.s.on_map("us") if u.kind != "us_lt" and (tanks is None or t.is_tank(u) == tanks)]


def nearest(t: Table, h: Hex, units: list[Unit]) -> Unit | None:
    return min(units, key=lambda u: (t.hex(u).distance(h), u.id)) if units else None


def no_target_reason(t: Table, g: Unit, tanks: bool | None = None) -> str:
    """Why a German has nothing to fire at, naming the American nearest to being a target: the
    nearest one in range with what blocks the line of sight, else the nearest one and its distance."""
    h = t.hex(g)
    cands = [u for u in americans(t, tanks) if t.is_tank(u) or t.spec(u).hit > 0]
    if not cands:
        return "no American on the map"
    r = t.spec(g).range
    in_range = [u for u in cands if not r or t.hex(u).distance(h) <= r]
    u = nearest(t, h, in_range or cands)
    assert u is not None
    return f"{t.name(u)} at {u.hex}: {t.no_shot(g, h, t.hex(u)) or 'in range and sight'}"
