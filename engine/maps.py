"""Maps as data: terrain per hex, hexside features, roads, bridges, places, edges, markers.

A map file (YAML) is validated on load; a bad file raises ``DataFileError`` naming the file, the
entry and what is wrong. The runtime ``GameMap`` answers the questions the rules ask.

A view names its map by a **key**, ``<game>:<file>`` (``peiper:map.yaml``: the map file's name within
its game's data folder), never by a host path. ``map_for(key)`` is the one place a key becomes a map:
a key of any other shape (a path, ``..``, a drive, an unknown game or file) is refused before anything
is opened. ``key_of(value, game)`` reads what older views and exports held (a host path or a bare file
name) as the key it meant, by its text alone; ``map_of(view)`` does both for a view.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.datafile import load_yaml, validate
from engine.errors import DataFileError, NotFound, UnknownHex
from engine.hexgrid import Hex, Hexside

EDGE_NAMES = ("north", "south", "east", "west")


class BridgeEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    at: str  # hexside "0503/0504"
    river: str = ""
    demolishable: bool = True


class MapFile(BaseModel):
    """The schema of a map file."""

    model_config = ConfigDict(extra="forbid")
    name: str
    title: str = ""
    columns: int
    rows: int
    hex_km: float = 1.0
    default_terrain: str
    terrain_kinds: list[str]
    terrain: dict[str, list[str]] = {}
    roads: list[list[str]] = []
    hexsides: dict[str, list[str]] = {}  # feature kind -> hexsides: river, stream, slope, woods_edge
    bridges: list[BridgeEntry] = []
    places: dict[str, str] = {}
    edges: dict[str, list[str]] = {}  # overrides; by default an edge is its outer row or column
    markers: dict[str, list[str]] = {}  # game features: fuel_depot, red_hex, tank_positions...
    elevation: dict[str, int] = {}
    notes: str = ""


@dataclass
class Bridge:
    name: str
    side: Hexside
    river: str = ""
    demolishable: bool = True


@dataclass
class GameMap:
    name: str
    title: str
    columns: int
    rows: int
    terrain: dict[Hex, str]
    road_links: set[Hexside]
    hexside_features: dict[Hexside, set[str]]
    bridges: dict[str, Bridge]  # by name
    places: dict[str, Hex]
    edges: dict[str, list[Hex]]
    markers: dict[str, list[Hex]]
    elevation: dict[Hex, int] = field(default_factory=dict)
    terrain_kinds: list[str] = field(default_factory=list)
    notes: str = ""

    def __post_init__(self) -> None:
        self.road_hexes: set[Hex] = {h for side in self.road_links for h in side}
        self.bridge_at: dict[Hexside, Bridge] = {b.side: b for b in self.bridges.values()}
        self.place_at: dict[Hex, str] = {h: n for n, h in self.places.items()}
        self._edge_sets: dict[str, tuple[list[Hex], int, frozenset[Hex]]] = {}  # on_edge's sets

    # --- questions the rules ask -------------------------------------------------------------
    def hexes(self) -> list[Hex]:
        return list(self.terrain)

    def __contains__(self, h: object) -> bool:
        return h in self.terrain

    def hex(self, label: str) -> Hex:
        """Parse a label typed by a player; a place name is accepted too."""
        text = str(label).strip()
        for name, h in self.places.items():
            if name.lower() == text.lower():
                return h
        try:
            h = Hex.parse(text)
        except ValueError as exc:
            raise UnknownHex(str(exc)) from None
        if h not in self.terrain:
            raise UnknownHex(
                f"{h.label} is off the map: columns run 01-{self.columns:02d}, rows 01-{self.rows:02d}"
            )
        return h

    def terrain_of(self, h: Hex) -> str:
        return self.terrain[h]

    def road_between(self, a: Hex, b: Hex) -> bool:
        return Hexside.of(a, b) in self.road_links

    def features(self, a: Hex, b: Hex) -> set[str]:
        return self.hexside_features.get(Hexside.of(a, b), set())

    def bridge_between(self, a: Hex, b: Hex) -> Bridge | None:
        return self.bridge_at.get(Hexside.of(a, b))

    def on_edge(self, h: Hex, edge: str) -> bool:
        hexes = self.edges.get(edge, [])
        # asked for every unit in every search: the edge's hexes as a set, kept while its list is the same
        kept = self._edge_sets.get(edge)
        if kept is None or kept[0] is not hexes or kept[1] != len(hexes):
            kept = (hexes, len(hexes), frozenset(hexes))
            self._edge_sets[edge] = kept
        return h in kept[2]

    def neighbors(self, h: Hex) -> list[Hex]:
        return [n for n in h.neighbors() if n in self.terrain]

    def name_of(self, h: Hex) -> str:
        place = self.place_at.get(h)
        return f"{h.label} ({place})" if place else h.label


def _default_edges(columns: int, rows: int) -> dict[str, list[Hex]]:
    return {
        "west": [Hex.from_offset(1, r) for r in range(1, rows + 1)],
        "east": [Hex.from_offset(columns, r) for r in range(1, rows + 1)],
        "north": [Hex.from_offset(c, 1) for c in range(1, columns + 1)],
        "south": [Hex.from_offset(c, rows) for c in range(1, columns + 1)],
    }


def parse_map(raw: Any, source: str) -> GameMap:
    """Build a GameMap from parsed YAML, checking everything; errors name ``source``."""
    spec = validate(MapFile, raw, source)

    def hex_at(entry: str, text: str) -> Hex:
        try:
            h = Hex.parse(text)
        except ValueError as exc:
            raise DataFileError(source, entry, str(exc)) from None
        if not (1 <= h.col <= spec.columns and 1 <= h.row <= spec.rows):
            raise DataFileError(source, entry, f"{text} is outside the {spec.columns}x{spec.rows} map")
        return h

    def side_at(entry: str, text: str) -> Hexside:
        try:
            side = Hexside.parse(text)
        except ValueError as exc:
            raise DataFileError(source, entry, str(exc)) from None
        hex_at(entry, side.a.label)
        hex_at(entry, side.b.label)
        return side

    if spec.default_terrain not in spec.terrain_kinds:
        raise DataFileError(source, "default_terrain", f"'{spec.default_terrain}' is not in terrain_kinds")
    terrain = {
        Hex.from_offset(c, r): spec.default_terrain
        for c in range(1, spec.columns + 1)
        for r in range(1, spec.rows + 1)
    }
    assigned: dict[Hex, str] = {}
    for kind, labels in spec.terrain.items():
        if kind not in spec.terrain_kinds:
            raise DataFileError(source, f"terrain.{kind}", f"unknown terrain; known: {', '.join(spec.terrain_kinds)}")
        for i, label in enumerate(labels):
            h = hex_at(f"terrain.{kind}[{i}]", label)
            if h in assigned:
                raise DataFileError(source, f"terrain.{kind}[{i}]", f"{label} is already {assigned[h]}")
            assigned[h] = kind
            terrain[h] = kind

    road_links: set[Hexside] = set()
    for n, road in enumerate(spec.roads):
        hexes = [hex_at(f"roads[{n}][{i}]", label) for i, label in enumerate(road)]
        if len(hexes) < 2:
            raise DataFileError(source, f"roads[{n}]", "a road needs at least two hexes")
        for i in range(1, len(hexes)):
            if hexes[i - 1].distance(hexes[i]) != 1:
                raise DataFileError(
                    source, f"roads[{n}][{i}]", f"{road[i - 1]} and {road[i]} are not adjacent: a road runs hex to hex"
                )
            road_links.add(Hexside.of(hexes[i - 1], hexes[i]))

    features: dict[Hexside, set[str]] = {}
    for kind, sides in spec.hexsides.items():
        for i, text in enumerate(sides):
            features.setdefault(side_at(f"hexsides.{kind}[{i}]", text), set()).add(kind)

    bridges: dict[str, Bridge] = {}
    for i, b in enumerate(spec.bridges):
        side = side_at(f"bridges[{i}].at", b.at)
        if b.name in bridges:
            raise DataFileError(source, f"bridges[{i}].name", f"two bridges are named '{b.name}'")
        if not features.get(side):
            raise DataFileError(source, f"bridges[{i}]", f"{b.name} at {b.at} crosses no river or stream hexside")
        bridges[b.name] = Bridge(b.name, side, b.river, b.demolishable)

    places = {name: hex_at(f"places.{name}", label) for name, label in spec.places.items()}
    edges = _default_edges(spec.columns, spec.rows)
    for edge, labels in spec.edges.items():
        if edge not in EDGE_NAMES:
            raise DataFileError(source, f"edges.{edge}", f"unknown edge; use one of {', '.join(EDGE_NAMES)}")
        edges[edge] = [hex_at(f"edges.{edge}[{i}]", label) for i, label in enumerate(labels)]
    markers = {
        kind: [hex_at(f"markers.{kind}[{i}]", label) for i, label in enumerate(labels)]
        for kind, labels in spec.markers.items()
    }
    elevation = {hex_at(f"elevation.{label}", label): level for label, level in spec.elevation.items()}
    return GameMap(
        name=spec.name,
        title=spec.title or spec.name,
        columns=spec.columns,
        rows=spec.rows,
        terrain=terrain,
        road_links=road_links,
        hexside_features=features,
        bridges=bridges,
        places=places,
        edges=edges,
        markers=markers,
        elevation=elevation,
        terrain_kinds=list(spec.terrain_kinds),
        notes=spec.notes,
    )


_CACHE: dict[str, GameMap] = {}


def load_map(path: Path) -> GameMap:
    """Load and validate a map file; maps are immutable once loaded, so they are cached."""
    key = str(path.resolve())
    if key not in _CACHE:
        _CACHE[key] = parse_map(load_yaml(path), path.name)
    return _CACHE[key]


# --- maps by key -----------------------------------------------------------------------------------
GAMES_DIR = Path(__file__).resolve().parent / "games"
_GAME = r"[a-z][a-z0-9_]{0,31}"
_FILE = r"[a-z0-9][a-z0-9_-]{0,63}\.yaml"
_KEY = re.compile(rf"({_GAME}):({_FILE})")
_FILE_ONLY = re.compile(_FILE)
MAX_VALUE = 400  # characters of an old value read at all


class UnknownMap(NotFound):
    """A map key that names no map of any game (or is not a key at all)."""


def map_key(game: str, file: str) -> str:
    """The key of ``file`` (a name in ``engine/games/<game>/data``), refused unless it is a well-formed key."""
    key = f"{game}:{file}"
    if not _KEY.fullmatch(key):
        raise UnknownMap(f"'{key[:80]}' is not a map key (game:file.yaml)")
    return key


def is_map_key(value: object) -> bool:
    return isinstance(value, str) and _KEY.fullmatch(value) is not None


def map_file(value: str) -> str:
    """The map's file name (``map.yaml``) of a key or an old value: what the bots' fingerprints hold, so
    their choices are the same whichever way a view names its map."""
    match = _KEY.fullmatch(_last_part(value))
    return match.group(2) if match else _last_part(value)


def _last_part(value: str) -> str:
    return PureWindowsPath(value[:MAX_VALUE]).name if "\\" in value else PurePosixPath(value[:MAX_VALUE]).name


def key_of(value: object, game: str | None = None) -> str:
    """The key a view's ``map`` value means: a key as it is; an older value (a host path ending in
    ``<game>/data/<file>``, or a bare file name, of the view's ``game``) as the key it named. Read as
    text only: the path is never opened. Anything else raises ``UnknownMap``."""
    if not isinstance(value, str) or not value or len(value) > MAX_VALUE:
        raise UnknownMap("The view names no map")
    if _KEY.fullmatch(value):
        return value
    parts = (PureWindowsPath(value) if "\\" in value else PurePosixPath(value)).parts
    if parts and _FILE_ONLY.fullmatch(parts[-1]):
        if len(parts) >= 3 and parts[-2] == "data" and re.fullmatch(_GAME, parts[-3]):
            return map_key(parts[-3], parts[-1])  # .../engine/games/<game>/data/<file>: another install's path
        if game is not None and re.fullmatch(_GAME, game):
            return map_key(game, parts[-1])  # a bare file name (exports so far), of the view's game
    raise UnknownMap("The view's map is not a map key (game:file.yaml)")


def shown_key(value: object, game: object = None) -> str:
    """What a record handed out says of its map: the key, or (a value that names none) its last part,
    never a host path."""
    try:
        return key_of(value, game if isinstance(game, str) else None)
    except UnknownMap:
        return _last_part(value) if isinstance(value, str) else ""


_BY_KEY: dict[str, GameMap] = {}


# The data folders of games whose package lives outside engine/games (engine.registry.register adds
# them); every other game's is engine/games/<game>/data.
_DATA_DIRS: dict[str, Path] = {}


def add_data_dir(game: str, folder: Path) -> None:
    """Where the maps of a game registered from outside engine/games live (engine.registry.register)."""
    _DATA_DIRS[game] = folder


def drop_data_dir(game: str) -> None:
    """Forget a registered game's data folder and the maps loaded from it (engine.registry.unregister)."""
    _DATA_DIRS.pop(game, None)
    for key in [k for k in _BY_KEY if k.startswith(f"{game}:")]:
        del _BY_KEY[key]


def key_path(key: str) -> Path:
    """The file a key names (for the server's own tools and tests: never shown), or ``UnknownMap``."""
    match = _KEY.fullmatch(key) if isinstance(key, str) else None
    if match is None:
        raise UnknownMap("Not a map key (game:file.yaml)")
    path = _DATA_DIRS.get(match.group(1), GAMES_DIR / match.group(1) / "data") / match.group(2)
    if not path.is_file():
        raise UnknownMap(f"No map '{key}'")
    return path


def map_for(key: str) -> GameMap:
    """The map a key names, loaded once. A key that is not ``<game>:<file>.yaml``, or names no game or no
    map file of that game's data, raises ``UnknownMap`` (nothing outside the games' data is opened)."""
    if key in _BY_KEY:
        return _BY_KEY[key]
    path = key_path(key)
    try:
        gmap = load_map(path)
    except DataFileError:
        raise UnknownMap(f"'{key}' is not a map") from None
    _BY_KEY[key] = gmap
    return gmap


def map_of(view: Mapping[str, Any]) -> GameMap:
    """The map of a view (its key, or what an older view held), through ``map_for``."""
    game = view.get("game")
    return map_for(key_of(view.get("map"), game if isinstance(game, str) else None))
