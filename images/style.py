"""Colours and looks: terrain, hexside features, sides, markers, overlays.

Every colour the renderer draws with lives here, so the palette built for PNG output can hold each
one exactly (see ``designed_colours``). Colours are RGB tuples.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

RGB = tuple[int, int, int]

BLACK: RGB = (20, 20, 20)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (246, 242, 228)  # margins, header, legend
INK: RGB = (40, 36, 30)  # text
GRID: RGB = (150, 142, 112)  # hex outlines
LABEL: RGB = (95, 88, 70)  # CCRR labels
HALO: RGB = (250, 248, 238)  # halo behind place names


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """a blended toward b by t (0..1)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def parse_colour(text: object) -> RGB | None:
    """'#rrggbb' or [r, g, b] -> RGB; None when it is neither."""
    if isinstance(text, str) and len(text) == 7 and text.startswith("#"):
        try:
            return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))
        except ValueError:
            return None
    if isinstance(text, list | tuple) and len(text) == 3 and all(isinstance(v, int) for v in text):
        return (int(text[0]), int(text[1]), int(text[2]))
    return None


# --- terrain --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TerrainStyle:
    fill: RGB
    glyph: str  # trees, light_trees, town, village, building, hill, hilltop, slope, stream, marsh, none, unknown
    ink: RGB = (0, 0, 0)  # glyph colour


FOREST_INK: RGB = (46, 96, 44)
LIGHT_FOREST_INK: RGB = (92, 140, 70)
BLOCK_INK: RGB = (150, 66, 52)
CONTOUR_INK: RGB = (150, 112, 62)
WATER: RGB = (58, 120, 210)
STREAM_BLUE: RGB = (80, 150, 225)
CLEAR_FILL: RGB = (233, 229, 196)

TERRAIN: dict[str, TerrainStyle] = {
    "clear": TerrainStyle(CLEAR_FILL, "none"),
    "open": TerrainStyle(CLEAR_FILL, "none"),
    "light_forest": TerrainStyle((208, 224, 170), "light_trees", LIGHT_FOREST_INK),
    "light_woods": TerrainStyle((208, 224, 170), "light_trees", LIGHT_FOREST_INK),
    "orchard": TerrainStyle((208, 224, 170), "light_trees", LIGHT_FOREST_INK),
    "forest": TerrainStyle((150, 190, 118), "trees", FOREST_INK),
    "woods": TerrainStyle((150, 190, 118), "trees", FOREST_INK),
    "village": TerrainStyle((236, 222, 196), "village", BLOCK_INK),
    "town": TerrainStyle((222, 208, 190), "town", BLOCK_INK),
    "city": TerrainStyle((222, 208, 190), "town", BLOCK_INK),
    "building": TerrainStyle((226, 214, 200), "building", (120, 92, 80)),
    "hill": TerrainStyle((224, 204, 152), "hill", CONTOUR_INK),
    "hilltop": TerrainStyle((206, 178, 118), "hilltop", CONTOUR_INK),
    "slope": TerrainStyle((230, 214, 172), "slope", CONTOUR_INK),
    "stream": TerrainStyle((208, 226, 232), "stream", STREAM_BLUE),  # bluer than clear, with two waves
    "road": TerrainStyle((228, 220, 196), "none"),
    "marsh": TerrainStyle((196, 222, 208), "marsh", (70, 130, 120)),
    "swamp": TerrainStyle((196, 222, 208), "marsh", (70, 130, 120)),
    "water": TerrainStyle((150, 192, 232), "none"),
    "sea": TerrainStyle((138, 182, 226), "none"),
    "beach": TerrainStyle((238, 226, 178), "none"),
    "lake": TerrainStyle((150, 192, 232), "none"),
}
UNKNOWN_TERRAIN = TerrainStyle((206, 206, 204), "unknown", (110, 110, 110))
ELEVATION_TINT: RGB = (120, 84, 40)


def terrain_style(kind: str) -> TerrainStyle:
    return TERRAIN.get(kind, UNKNOWN_TERRAIN)


def hex_fill(kind: str, elevation: int = 0) -> RGB:
    """The fill of a hex: its terrain colour, darkened a step per level of elevation above 0."""
    fill = terrain_style(kind).fill
    if elevation > 0:
        return mix(fill, ELEVATION_TINT, min(0.09 * elevation, 0.45))
    return fill


def pretty(kind: str) -> str:
    return kind.replace("_", " ").strip().capitalize()


# --- hexsides, roads, bridges ---------------------------------------------------------------------
@dataclass(frozen=True)
class SideStyle:
    colour: RGB
    width: float  # in hex radii
    dash: bool = False
    ticks: bool = False  # hachures (slope, cliff)


HEXSIDES: dict[str, SideStyle] = {
    "river": SideStyle(WATER, 0.13),
    "stream": SideStyle(STREAM_BLUE, 0.07),
    "slope": SideStyle(CONTOUR_INK, 0.04, ticks=True),
    "woods_edge": SideStyle(FOREST_INK, 0.05, dash=True),
    "cliff": SideStyle((60, 44, 36), 0.08, ticks=True),
    "hilltop": SideStyle(CONTOUR_INK, 0.05),  # the rim of a hilltop (Panzer Leader)
    "wall": SideStyle((110, 104, 96), 0.05),
    "hedge": SideStyle(FOREST_INK, 0.06),
}
UNKNOWN_SIDE = SideStyle((120, 120, 120), 0.04, dash=True)
ROAD: RGB = (178, 70, 48)
ROAD_CASING: RGB = (110, 44, 30)
BRIDGE: RGB = (50, 44, 40)
BRIDGE_DECK: RGB = (238, 234, 222)

# --- sides (armies) -------------------------------------------------------------------------------
SIDE_COLOURS: dict[str, RGB] = {
    "ge": (146, 156, 152),  # field grey
    "de": (146, 156, 152),
    "german": (146, 156, 152),
    "axis": (146, 156, 152),
    "ss": (78, 82, 86),
    "us": (132, 142, 70),  # olive
    "american": (132, 142, 70),
    "allied": (132, 142, 70),
    "uk": (196, 170, 118),
    "british": (196, 170, 118),
    "su": (170, 86, 64),
    "soviet": (170, 86, 64),
    "fr": (104, 134, 190),
}
_SPARE_SIDES: tuple[RGB, ...] = ((104, 134, 190), (176, 120, 160), (190, 150, 80), (110, 160, 160))
ARROWS: dict[str, RGB] = {"ge": (24, 24, 24), "us": (28, 84, 196)}
_SPARE_ARROWS: tuple[RGB, ...] = ((128, 40, 150), (20, 120, 120), (150, 90, 20))


def side_colour(side: str, overrides: dict[str, RGB] | None = None) -> RGB:
    """The counter colour of a side key; an unknown key gets a stable spare colour."""
    if overrides and side in overrides:
        return overrides[side]
    key = str(side).lower()
    if key in SIDE_COLOURS:
        return SIDE_COLOURS[key]
    return _SPARE_SIDES[zlib.crc32(key.encode()) % len(_SPARE_SIDES)]


def arrow_colour(side: str) -> RGB:
    key = str(side).lower()
    if key in ARROWS:
        return ARROWS[key]
    return _SPARE_ARROWS[zlib.crc32(key.encode()) % len(_SPARE_ARROWS)]


def text_on(bg: RGB) -> RGB:
    """Black or white, whichever reads better on bg."""
    lum = 0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2]
    return BLACK if lum > 110 else WHITE


SYMBOL_BOX: RGB = (250, 250, 246)
REDUCED_VALUES: RGB = (255, 220, 0)
REDUCED_STRIPE: RGB = (255, 210, 0)

# --- markers --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChipStyle:
    code: str  # short text on the chip
    bg: RGB
    fg: RGB
    name: str  # legend text


UNIT_MARKERS: dict[str, ChipStyle] = {
    "spent": ChipStyle("S", (40, 40, 40), WHITE, "spent / acted"),
    "acted": ChipStyle("S", (40, 40, 40), WHITE, "spent / acted"),
    "activated": ChipStyle("S", (40, 40, 40), WHITE, "spent / acted"),
    "alert": ChipStyle("A", (240, 140, 20), BLACK, "alert"),
    "panic": ChipStyle("P", (210, 30, 120), WHITE, "panic"),
    "pinned": ChipStyle("Pn", (150, 60, 170), WHITE, "pinned"),
    "low_supply": ChipStyle("LS", (250, 220, 40), BLACK, "low supply"),
    "out_of_supply": ChipStyle("OS", (200, 30, 30), (255, 226, 0), "out of supply"),
    "dispersed": ChipStyle("D", (110, 70, 170), WHITE, "dispersed"),
    "disrupted": ChipStyle("Dr", (110, 70, 170), WHITE, "disrupted"),
    # Panzer Leader: fired this phase, carried by a transport, on top of a fortification.
    "fired": ChipStyle("F", (40, 40, 40), (250, 220, 40), "fired"),
    "loaded": ChipStyle("L", (60, 60, 160), WHITE, "loaded (carried)"),
    "on_fortification": ChipStyle("OF", (60, 60, 160), (250, 220, 40), "on a fortification"),
    # Scream, Aim, Fire!: a medic with the unit.
    "medic": ChipStyle("+", WHITE, (210, 20, 20), "medic"),
}


def unit_chip(kind: str) -> ChipStyle:
    if kind in UNIT_MARKERS:
        return UNIT_MARKERS[kind]
    code = "".join(w[:1] for w in str(kind).split("_"))[:2].upper() or "?"
    return ChipStyle(code, (150, 150, 150), BLACK, pretty(str(kind)))


MAP_MARKERS: dict[str, ChipStyle] = {
    "fuel_depot": ChipStyle("FUEL", (250, 204, 40), BLACK, "fuel depot"),
    "wreck": ChipStyle("WRK", (52, 44, 40), (250, 150, 60), "wreck"),
    "medic": ChipStyle("+", WHITE, (210, 20, 20), "medic"),
    "smoke": ChipStyle("SMK", (200, 200, 200), BLACK, "smoke"),
    "objective": ChipStyle("OBJ", (230, 40, 40), WHITE, "objective"),
    "control": ChipStyle("CTL", (60, 60, 160), WHITE, "control"),
    # Panzer Leader's optional rules (existing colours only: the palette keeps every designed colour).
    "mine": ChipStyle("MINE", (230, 40, 40), WHITE, "minefield"),
    "block": ChipStyle("BLK", (52, 44, 40), WHITE, "block"),
    "fortification": ChipStyle("FORT", (60, 60, 160), WHITE, "fortification"),
    "temporary_bridge": ChipStyle("TBR", (200, 200, 200), BLACK, "temporary bridge"),
    "bridge_down": ChipStyle("DOWN", (222, 24, 24), WHITE, "bridge down"),
}


def map_chip(kind: str) -> ChipStyle:
    if kind in MAP_MARKERS:
        return MAP_MARKERS[kind]
    return ChipStyle(pretty(str(kind))[:4].upper() or "?", (185, 185, 185), BLACK, pretty(str(kind)))


BRIDGE_DOWN: RGB = (222, 24, 24)
TARGET: RGB = (226, 40, 20)  # oba / artillery target rings

# Static map features (GameMap.markers) printed on the map itself.
RED_HEX: RGB = (214, 40, 40)
BLUE_HEX: RGB = (40, 80, 214)
POSITION_INK: RGB = (70, 60, 50)

# --- overlays -------------------------------------------------------------------------------------
FIRE_HIT: RGB = (222, 24, 24)
FIRE_MISS: RGB = (245, 150, 0)
LOS_CLEAR: RGB = (24, 160, 60)
LOS_BLOCKED: RGB = (200, 0, 160)
REACH: RGB = (255, 226, 0)
EDGE_BAND: RGB = (70, 70, 96)


def designed_colours() -> list[RGB]:
    """Colours the palette must hold exactly (before the sampled ones)."""
    out: list[RGB] = [BLACK, WHITE, PAPER, INK, GRID, LABEL, HALO, FOREST_INK, LIGHT_FOREST_INK, BLOCK_INK,
                      CONTOUR_INK, WATER, STREAM_BLUE, ROAD, ROAD_CASING, BRIDGE, BRIDGE_DECK, SYMBOL_BOX, REDUCED_VALUES,
                      REDUCED_STRIPE, BRIDGE_DOWN, TARGET, RED_HEX, BLUE_HEX, POSITION_INK, FIRE_HIT,
                      FIRE_MISS, LOS_CLEAR, LOS_BLOCKED, REACH, EDGE_BAND, UNKNOWN_TERRAIN.fill]
    out += [s.fill for s in TERRAIN.values()]
    out += [s.colour for s in HEXSIDES.values()]
    out += list(SIDE_COLOURS.values()) + list(_SPARE_SIDES) + list(ARROWS.values()) + list(_SPARE_ARROWS)
    for chip in list(UNIT_MARKERS.values()) + list(MAP_MARKERS.values()):
        out += [chip.bg, chip.fg]
    seen: set[RGB] = set()
    unique = []
    for c in out:
        if c not in seen:
            seen.add(c)
            unique.append(c)
    return unique


# --- what each game can show, for the legend ------------------------------------------------------
# A view may say it itself: view["legend"] = {"unit_markers": [...], "map_markers": [...]}. Else these,
# by view["game"]; a game not listed gets every known chip (as before).
GAME_LEGENDS: dict[str, dict[str, tuple[str, ...]]] = {
    "peiper": {"unit_markers": ("activated", "out_of_supply"),
               "map_markers": ("fuel_depot", "oba", "artillery_hit", "artillery_miss")},
    "pl": {"unit_markers": ("dispersed", "fired", "loaded", "on_fortification"),
           "map_markers": ("wreck", "mine", "block", "fortification", "temporary_bridge", "artillery_hit",
                           "artillery_miss")},
    "saf": {"unit_markers": ("spent", "alert", "panic", "low_supply", "out_of_supply", "medic"),
            "map_markers": ()},
}
