"""Shared bits for the renderer tests (not a test module)."""

from __future__ import annotations

import io

from PIL import Image

from engine.hexgrid import Hex
from engine.maps import GameMap
from images.samples import PEIPER_MAP


def peiper_path() -> str:
    return str(PEIPER_MAP)


def plain_hexes(gmap: GameMap, view: dict) -> list[Hex]:
    """Hexes whose centre shows bare terrain: no road, place, map marker, unit or view marker."""
    busy = set(gmap.road_hexes) | set(gmap.places.values())
    for hexes in gmap.markers.values():
        busy |= set(hexes)
    for unit in view.get("units", []):
        if unit.get("hex"):
            busy.add(Hex.parse(unit["hex"]))
    for m in view.get("markers", []):
        if m.get("hex"):
            busy.add(Hex.parse(m["hex"]))
    return [h for h in sorted(gmap.terrain) if h not in busy]


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 6) -> bool:
    return sum(abs(int(x) - int(y)) for x, y in zip(a[:3], b[:3], strict=True)) <= tol
