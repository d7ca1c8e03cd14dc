"""The counter strip and scenarios of "Just a Peiper Dream?", loaded from data files."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.datafile import load_yaml, validate
from engine.errors import DataFileError, IllegalAction, UnknownUnit
from engine.maps import GameMap, load_map
from engine.options import shorten

DATA = Path(__file__).parent / "data"
MAP_PATH = DATA / "map.yaml"

SIDES = ("ge", "us")
SIDE_NAMES = {"ge": "German", "us": "US"}


class UnitEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    side: Literal["ge", "us"]
    type: Literal["mech", "infantry"]
    full: tuple[int, int, int]
    reduced: tuple[int, int, int]
    arrives: Literal["setup", "reinforcement"]
    from_turn: int = 1
    # "Turn 4 the GE player may enter 3 FJ/KG 2": the last turn it may enter (0: any turn from from_turn on);
    # option kg2_turn_4_only off lifts it (ruling 27).
    only_turn: bool = False
    # "30/177/1 or 2": units of which only one may enter (option one_30th_battalion, ruling 26).
    excludes: list[str] = []
    edges: list[Literal["east", "west", "north"]] = []
    condition: Literal["no_ss_exited", "stoumont_not_german", ""] = ""
    ss: bool = False
    aliases: list[str] = []


class UnitsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    units: list[UnitEntry]


class ScenarioEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str
    summary: str
    turns: int = 5
    # The map file (in data/) the scenario is played on: the ground is Umpire's design, and a
    # scenario keeps the layout its stored games were played on (docs/peiper-map.md).
    map: str = "map.yaml"
    default_setup: dict[str, str]


class ScenariosFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scenarios: dict[str, ScenarioEntry]


@dataclass(frozen=True)
class UnitSpec:
    id: str
    side: str
    mech: bool
    full: tuple[int, int, int]
    reduced: tuple[int, int, int]
    arrives: str
    from_turn: int
    only_turn: bool
    excludes: tuple[str, ...]
    edges: tuple[str, ...]
    condition: str
    ss: bool
    aliases: tuple[str, ...]

    @property
    def type_name(self) -> str:
        return "Mech" if self.mech else "Infantry"


def parse_units(raw: object, source: str = "units.yaml") -> dict[str, UnitSpec]:
    parsed = validate(UnitsFile, raw, source)
    assert isinstance(parsed, UnitsFile)
    specs: dict[str, UnitSpec] = {}
    for i, u in enumerate(parsed.units):
        if u.id in specs:
            raise DataFileError(source, f"units[{i}].id", f"'{u.id}' appears twice")
        if u.arrives == "reinforcement" and not u.edges:
            raise DataFileError(source, f"units[{i}].edges", f"{u.id} arrives as a reinforcement but names no edge")
        if any(r > f for r, f in zip(u.reduced, u.full, strict=True)):
            raise DataFileError(source, f"units[{i}].reduced", f"{u.id}'s reduced values exceed its full values")
        specs[u.id] = UnitSpec(
            u.id, u.side, u.type == "mech", u.full, u.reduced, u.arrives, u.from_turn, u.only_turn,
            tuple(u.excludes), tuple(u.edges), u.condition, u.ss, tuple(u.aliases),
        )
    return specs


def parse_scenarios(raw: object, units: dict[str, UnitSpec], maps: dict[str, GameMap] | GameMap | None = None,
                    source: str = "scenarios.yaml") -> dict[str, ScenarioEntry]:
    parsed = validate(ScenariosFile, raw, source)
    assert isinstance(parsed, ScenariosFile)
    for key, sc in parsed.scenarios.items():
        if isinstance(maps, GameMap):
            gmap = maps
        else:
            try:
                gmap = (maps or {}).get(sc.map) or load_named_map(sc.map)
            except Exception as exc:  # a missing or broken map file
                raise DataFileError(source, f"scenarios.{key}.map", str(exc)) from None
        for uid, label in sc.default_setup.items():
            if uid not in units or units[uid].arrives != "setup":
                raise DataFileError(source, f"scenarios.{key}.default_setup.{uid}", "not a unit that sets up")
            try:
                gmap.hex(label)
            except Exception as exc:  # UnknownHex
                raise DataFileError(source, f"scenarios.{key}.default_setup.{uid}", str(exc)) from None
        missing = [u.id for u in units.values() if u.arrives == "setup" and u.id not in sc.default_setup]
        if missing:
            raise DataFileError(source, f"scenarios.{key}.default_setup", f"no hex for {', '.join(missing)}")
    return dict(parsed.scenarios)


# The map of the game being worked on: set around every entry point of the rules from the state's
# scenario (``scenario_map``); outside any, the map of the original layout.
_ACTIVE_MAP: ContextVar[str] = ContextVar("peiper_map", default=MAP_PATH.name)


@cache
def load_named_map(name: str) -> GameMap:
    if "/" in name or "\\" in name or not name.endswith(".yaml"):
        raise ValueError(f"map file '{name}' must be a .yaml file in data/")
    return load_map(DATA / name)


def game_map() -> GameMap:
    return load_named_map(_ACTIVE_MAP.get())


def map_key() -> str:
    """The name of the active map file, for caches of what is computed from the map."""
    return _ACTIVE_MAP.get()


def map_path(scenario: str) -> Path:
    sc = scenarios().get(scenario)
    return DATA / (sc.map if sc is not None else MAP_PATH.name)


@contextmanager
def scenario_map(scenario: str) -> Iterator[None]:
    """Work on the map of ``scenario`` (an unknown scenario: the original layout)."""
    sc = scenarios().get(scenario)
    token = _ACTIVE_MAP.set(sc.map if sc is not None else MAP_PATH.name)
    try:
        yield
    finally:
        _ACTIVE_MAP.reset(token)


@cache
def unit_specs() -> dict[str, UnitSpec]:
    return parse_units(load_yaml(DATA / "units.yaml"), "units.yaml")


@cache
def scenarios() -> dict[str, ScenarioEntry]:
    return parse_scenarios(load_yaml(DATA / "scenarios.yaml"), unit_specs())


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


@cache
def _alias_table() -> dict[str, str]:
    table: dict[str, str] = {}
    for spec in unit_specs().values():
        for name in (spec.id, *spec.aliases):
            table[_norm(name)] = spec.id
    return table


def resolve_unit(text: str) -> str:
    """A unit id from what a player typed: case, spaces and slashes do not matter."""
    uid = _alias_table().get(_norm(str(text)))
    if uid is None:
        known = ", ".join(unit_specs())
        raise UnknownUnit(f"No unit '{text}' in this game. Units: {known}")
    return uid


def resolve_bridge(text: str) -> str:
    """A bridge name from what a player (or the GM) typed: exact, else a unique prefix."""
    names = list(game_map().bridges)
    wanted = _norm(str(text))
    exact = [n for n in names if _norm(n) == wanted]
    if exact:
        return exact[0]
    starts = [n for n in names if _norm(n).startswith(wanted)] if wanted else []
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise IllegalAction(f"'{shorten(text, 30)}' names {len(starts)} bridges: {' and '.join(starts)}; "
                            "name one of them", "Bridge Demolition")
    raise IllegalAction(f"No bridge '{shorten(text, 30)}'. Bridges: {', '.join(names)}", "Bridge Demolition")
