"""Panzer Leader data files: unit types, CRT, TEC, WEC, situations, board; all validated on load.

The CRT, TEC and WEC may be replaced per game by the GM (game options "crt", "tec", "wec" hold a
mapping in the same schema as the file), so they are parsed by the same functions.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.datafile import load_yaml, validate
from engine.errors import DataFileError
from engine.hexgrid import Hex, Hexside
from engine.maps import GameMap, load_map

DATA = Path(__file__).parent / "data"
BOARD_PATH = DATA / "board.yaml"
# The boards situations are played on: "" is Umpire's first board (every game before the beach board).
BOARDS = {"": "board.yaml", "utah_beach": "board_utah.yaml"}
# Terrain where no fortification may be placed (Fortifications: "not a swamp, sea, beach, or stream hex").
NO_FORT_TERRAIN = ("swamp", "sea", "beach", "stream")
RESULTS = ("-", "D", "DD", "X")
SIDES = ("us", "ge")
SIDE_NAMES = {"us": "Allied", "ge": "German"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UnitType(_Strict):
    key: str = ""
    name: str
    side: Literal["us", "ge"]
    kind: Literal[
        "tank", "armour", "spa", "recon", "halftrack", "truck", "wagon",
        "infantry", "engineer", "mg", "mortar", "at_gun", "artillery",
    ]
    attack: float
    weapon: Literal["A", "H", "(H)", "M", "I"]
    range: int
    star: bool = False
    defense: int = Field(ge=1)
    movement: int = Field(ge=0)
    armoured: bool = False
    vehicle: bool = False
    halftrack: bool = False
    carrier: Literal["none", "soft", "halftrack", "afv"] = "none"
    load: Literal["half", "full"] = "half"
    special: Literal["none", "flail", "bridgelayer"] = "none"  # engineer vehicles (optional rule)

    @property
    def indirect(self) -> bool:
        return self.weapon in ("M", "(H)")

    @property
    def infantry_class(self) -> bool:
        """Foot units: moved in the infantry step, may close assault, may be carried."""
        return not self.vehicle


class CrtFile(_Strict):
    columns: list[str]
    modifier_min: int = -2
    modifier_max: int = 1
    rows: dict[int, list[str]]


class Crt:
    """Odds columns and result rows. Column i is 1-(n-i) below 1-1 and (i-k+1)-1 above it."""

    def __init__(self, spec: CrtFile, source: str) -> None:
        self.columns = spec.columns
        self.rows = spec.rows
        self.modifier_min = spec.modifier_min
        self.modifier_max = spec.modifier_max
        self.ratios: list[tuple[int, int]] = []
        for i, col in enumerate(spec.columns):
            try:
                a, d = (int(x) for x in col.split("-"))
            except ValueError:
                raise DataFileError(source, f"columns[{i}]", f"'{col}' is not an odds column like 2-1") from None
            if min(a, d) != 1:
                raise DataFileError(source, f"columns[{i}]", f"'{col}': one side of the odds must be 1")
            self.ratios.append((a, d))
        if [a / d for a, d in self.ratios] != sorted(a / d for a, d in self.ratios):
            raise DataFileError(source, "columns", "columns must run from the lowest odds to the highest")
        for die, row in spec.rows.items():
            if len(row) != len(self.columns):
                raise DataFileError(source, f"rows.{die}", f"{len(row)} results for {len(self.columns)} columns")
            for j, res in enumerate(row):
                if res not in RESULTS:
                    raise DataFileError(source, f"rows.{die}[{j}]", f"'{res}' is not one of {', '.join(RESULTS)}")
        self.die_min = min(spec.rows)
        self.die_max = max(spec.rows)

    def column(self, attack: float, defense: float) -> int | None:
        """The column index for attack against defense, rounded down in the defender's favour;
        odds above the highest column use it, odds below the lowest give None (no attack)."""
        best: int | None = None
        for i, (a, d) in enumerate(self.ratios):
            # attack/defense >= a/d, exactly, without floating error.
            if attack * d >= defense * a - 1e-9:
                best = i
        return best

    def result(self, column: int, modified_die: int) -> str:
        die = max(self.die_min, min(self.die_max, modified_die))
        return self.rows[die][column]


class TerrainEntry(_Strict):
    infantry: float | None
    vehicle: float | None
    defense_multiplier: float = 1
    armoured_target: bool = False
    low_obstacle: bool = False


class TecFile(_Strict):
    road_cost: float = 0.5
    climb_cost: float = 1
    fortification_defense: float = 12
    fortification_capacity: int = 4
    temporary_bridge_defense: float = 8
    terrain: dict[str, TerrainEntry]


class WeaponEntry(_Strict):
    armoured: float
    soft: float


class WecFile(_Strict):
    weapons: dict[Literal["A", "H", "(H)", "M", "I"], WeaponEntry]
    h_direct_full_range: int = 6


class UnitGroup(_Strict):
    prefix: str
    type: str
    hexes: list[str] = []
    enter: dict[str, Any] | None = None


class Condition(_Strict):
    hold_all: list[str] = []
    hold_n: int = 0
    hexes: list[str] = []
    text: str = ""


class Victory(_Strict):
    side: Literal["us", "ge"]
    any: list[Condition]


class SituationFile(_Strict):
    title: str
    summary: str
    turns: int = Field(ge=1)
    setup_order: list[Literal["us", "ge"]]
    move_order: list[Literal["us", "ge"]]
    setup_areas: dict[Literal["us", "ge"], dict[str, list[int]]]
    units: dict[Literal["us", "ge"], list[UnitGroup]]
    carried: dict[str, str] = {}
    mines: dict[Literal["us", "ge"], list[str]] = {}
    blocks: dict[Literal["us", "ge"], list[str]] = {}
    fortifications: dict[Literal["us", "ge"], list[str]] = {}
    board: Literal["", "utah_beach"] = ""  # the board it is played on (BOARDS)
    # Optional rules this situation is played with unless the GM says otherwise.
    options: dict[Literal["mines", "blocks", "fortifications", "engineers", "engineer_vehicles", "opportunity_fire"],
                  bool] = {}
    victory: Victory


def parse_crt(raw: Any, source: str = "crt.yaml") -> Crt:
    return Crt(validate(CrtFile, raw, source), source)


def parse_tec(raw: Any, source: str = "tec.yaml") -> TecFile:
    tec: TecFile = validate(TecFile, raw, source)
    for kind in board().terrain_kinds:  # the first board's kinds; others fall back to the default TEC
        if kind not in tec.terrain:
            raise DataFileError(source, "terrain", f"no entry for the board's terrain '{kind}'")
    return tec


def parse_wec(raw: Any, source: str = "wec.yaml") -> WecFile:
    wec: WecFile = validate(WecFile, raw, source)
    missing = {"A", "H", "(H)", "M", "I"} - set(wec.weapons)
    if missing:
        raise DataFileError(source, "weapons", f"missing weapon types {', '.join(sorted(missing))}")
    return wec


def parse_units(raw: Any, source: str = "units.yaml") -> dict[str, UnitType]:
    if not isinstance(raw, dict):
        raise DataFileError(source, "(top level)", "expected a mapping of unit type keys")
    out: dict[str, UnitType] = {}
    for key, entry in raw.items():
        if not isinstance(entry, dict):
            raise DataFileError(source, str(key), "expected a mapping of values")
        ut: UnitType = validate(UnitType, {**entry, "key": key}, source, str(key))
        if ut.carrier != "none" and not ut.vehicle:
            raise DataFileError(source, str(key), "only vehicles may carry")
        out[str(key)] = ut
    return out


def check_board(gmap: GameMap, source: str = "board.yaml") -> None:
    """Slope and hilltop hexsides must match the elevation steps (a cliff may stand for either),
    bridges must be stream hexes."""
    for hexside, feats in gmap.hexside_features.items():
        lo, hi = sorted((gmap.elevation.get(hexside.a, 0), gmap.elevation.get(hexside.b, 0)))
        want = "hilltop" if lo >= 1 else "slope"
        if lo == hi or not (want in feats or "cliff" in feats):
            raise DataFileError(source, f"hexsides {hexside.label}", f"feature {sorted(feats)} but elevations {lo}/{hi}")
    for h in gmap.hexes():
        for n in gmap.neighbors(h):
            if gmap.elevation.get(h, 0) != gmap.elevation.get(n, 0) and not gmap.features(h, n):
                raise DataFileError(source, f"hexsides {Hexside.of(h, n).label}", "elevation step without a slope/hilltop feature")
    for h in gmap.markers.get("bridge", []):
        if gmap.terrain[h] != "stream" or h not in gmap.road_hexes:
            raise DataFileError(source, f"markers.bridge {h.label}", "a bridge must be a stream hex with a road")


def board_path(name: str = "") -> Path:
    return DATA / BOARDS[name]


@cache
def board(name: str = "") -> GameMap:
    path = board_path(name)
    gmap = load_map(path)
    check_board(gmap, path.name)
    return gmap


@cache
def unit_types() -> dict[str, UnitType]:
    return parse_units(load_yaml(DATA / "units.yaml"))


@cache
def default_crt() -> Crt:
    return parse_crt(load_yaml(DATA / "crt.yaml"))


@cache
def default_tec() -> TecFile:
    return parse_tec(load_yaml(DATA / "tec.yaml"))


@cache
def default_wec() -> WecFile:
    return parse_wec(load_yaml(DATA / "wec.yaml"))


def parse_situations(raw: Any, source: str = "situations.yaml") -> dict[str, SituationFile]:
    if not isinstance(raw, dict):
        raise DataFileError(source, "(top level)", "expected a mapping of situations")
    types = unit_types()
    out: dict[str, SituationFile] = {}
    for key, entry in raw.items():
        sit: SituationFile = validate(SituationFile, entry, source, str(key))
        gmap = board(sit.board)
        ids: set[str] = set()
        for side, groups in sit.units.items():
            for i, g in enumerate(groups):
                where = f"{key}.units.{side}[{i}]"
                if g.type not in types:
                    raise DataFileError(source, where, f"unknown unit type '{g.type}'")
                if types[g.type].side != side:
                    raise DataFileError(source, where, f"'{g.type}' belongs to the other side")
                labels = g.hexes + list((g.enter or {}).get("hexes", []))
                for label in labels:
                    try:
                        gmap.hex(label)
                    except Exception as exc:  # UnknownHex: name the file and entry instead
                        raise DataFileError(source, where, str(exc)) from None
                count = len(g.hexes) if g.enter is None else int(g.enter.get("count", len(g.enter["hexes"])))
                for n in range(1, count + 1):
                    uid = f"{g.prefix}{n}"
                    if uid in ids:
                        raise DataFileError(source, where, f"unit id {uid} used twice")
                    ids.add(uid)
        placed: dict[str, str] = {}
        for kind in ("mines", "blocks", "fortifications"):
            for labels in getattr(sit, kind).values():
                for label in labels:
                    where = f"{key}.{kind}"
                    try:
                        h = gmap.hex(label)
                    except Exception as exc:
                        raise DataFileError(source, where, str(exc)) from None
                    if label in placed:
                        raise DataFileError(source, where, f"{label} already holds {placed[label]}: fortifications, "
                                            "blocks and mines may not share a hex")
                    if kind == "fortifications" and gmap.terrain[h] in NO_FORT_TERRAIN:
                        raise DataFileError(source, where, f"{label} is a {gmap.terrain[h]} hex: no fortification there")
                    placed[label] = kind
        for rider, carrier in sit.carried.items():
            if rider not in ids or carrier not in ids:
                raise DataFileError(source, f"{key}.carried.{rider}", "unknown unit id")
        # Opening stacks: at most 4 counters a hex (carried ones not counted), one side a hex.
        stacks: dict[str, list[str]] = {}
        sides_at: dict[str, set[str]] = {}
        for side, groups in sit.units.items():
            for g in groups:
                for n, label in enumerate(g.hexes, 1):
                    uid = f"{g.prefix}{n}"
                    if gmap.terrain[gmap.hex(label)] == "sea":
                        raise DataFileError(source, f"{key}.units.{side} {uid}", f"no unit may start at sea ({label})")
                    if types[g.type].vehicle and gmap.terrain[gmap.hex(label)] in ("woods", "stream", "swamp") \
                            and gmap.hex(label) not in gmap.road_hexes:
                        raise DataFileError(source, f"{key}.units.{side} {uid}", f"a vehicle may not start in "
                                            f"{gmap.terrain[gmap.hex(label)]} off the road at {label}")
                    sides_at.setdefault(label, set()).add(side)
                    if uid not in sit.carried:
                        stacks.setdefault(label, []).append(uid)
        for label, uids in stacks.items():
            if len(uids) > 4:
                raise DataFileError(source, f"{key}.units", f"{label} starts with {len(uids)} counters (limit 4)")
        for label, ss in sides_at.items():
            if len(ss) > 1:
                raise DataFileError(source, f"{key}.units", f"{label} starts with units of both sides")
        out[str(key)] = sit
    return out


@cache
def situations() -> dict[str, SituationFile]:
    return parse_situations(load_yaml(DATA / "situations.yaml"))


def hex_of(label: str) -> Hex:
    return Hex.parse(label)
