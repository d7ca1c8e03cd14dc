"""The SAF data files (counters, cards, chits, scenarios), validated on load.

Every file is YAML checked by a pydantic schema; a bad file raises ``DataFileError`` naming the
file (by its base name only), the entry and the problem. A GM may swap the cover deck, the chit
cups, the German action deck or the reserve deck for files of the same shape (game options
``cover_file``, ``chits_file``, ``actions_file``, ``reserves_file``). Such a file is read ONCE,
when the game is created: bounded in bytes and in cards or chits, validated, and its content copied
into the game's options (``cover_cards``, ``chits``, ``action_cards``, ``reserve_cards``), so later
orders and replays never read it again.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.datafile import parse_file, validate
from engine.errors import DataFileError
from engine.maps import GameMap, load_map

MAX_FILE_BYTES = 64 * 1024  # a GM deck or cup file
MAX_CARDS = 200  # cards in a deck, chits in a cup (each entry's count included)
MAX_NAME = 80

DATA = Path(__file__).parent / "data"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CounterSpec(_Strict):
    name: str
    side: Literal["us", "ge"]
    symbol: str
    hit: int = 0
    range: int = 0
    mp: int = 0
    drm: int = 0
    veteran: bool = False
    tank: bool = False
    front: int = 0
    flank: int = 0


class CountersFile(_Strict):
    counters: dict[str, CounterSpec]
    german_pool: dict[str, list[int]]


class DamageChit(_Strict):
    result: Literal["destroyed", "no_effect"]
    morale: int = Field(0, ge=-50, le=50)
    count: int = Field(1, ge=0, le=MAX_CARDS)


class TankChit(_Strict):
    result: Literal["miss", "one", "two", "explosion"]
    count: int = Field(1, ge=0, le=MAX_CARDS)


class TankDamageChit(_Strict):
    result: Literal["bounce", "bail_out", "destroyed"]
    morale: int = Field(0, ge=-50, le=50)
    count: int = Field(1, ge=0, le=MAX_CARDS)


def _bounded(entries: list[Any]) -> list[Any]:
    if sum(e.count for e in entries) > MAX_CARDS:
        raise ValueError(f"more than {MAX_CARDS} cards or chits in all")
    return entries


class ChitsFile(_Strict):
    damage: list[DamageChit] = Field(max_length=MAX_CARDS)
    tank: list[TankChit] = Field(max_length=MAX_CARDS)
    tank_damage: list[TankDamageChit] = Field(max_length=MAX_CARDS)

    @field_validator("damage", "tank", "tank_damage")
    @classmethod
    def _cup(cls, entries: list[Any]) -> list[Any]:
        return _bounded(entries)


class CoverCard(_Strict):
    name: str = Field(max_length=MAX_NAME)
    clear: Literal["none", "light"]
    cover: Literal["hard", "bunker"]
    count: int = Field(1, ge=0, le=MAX_CARDS)


class CoverFile(_Strict):
    cards: list[CoverCard] = Field(max_length=MAX_CARDS)

    @field_validator("cards")
    @classmethod
    def _deck(cls, entries: list[Any]) -> list[Any]:
        return _bounded(entries)


class Step(_Strict):
    do: Literal["fire", "move", "assault", "cover", "retreat", "none"]
    drm: int = Field(0, ge=-3, le=3)
    hexes: int = Field(0, ge=0, le=6)
    else_move: int = Field(0, ge=0, le=6)


class ActionCard(_Strict):
    name: str = Field(max_length=MAX_NAME)
    low_supply: bool = False
    count: int = Field(1, ge=0, le=MAX_CARDS)
    calm: list[Step]
    alert: list[Step]
    panic: list[Step]

    @field_validator("calm", "alert", "panic")
    @classmethod
    def _two_steps(cls, steps: list[Step]) -> list[Step]:
        if not 1 <= len(steps) <= 2:
            raise ValueError("an entry has one or two steps (7.2 D)")
        return steps


class ActionFile(_Strict):
    cards: list[ActionCard] = Field(max_length=MAX_CARDS)

    @field_validator("cards")
    @classmethod
    def _deck(cls, entries: list[Any]) -> list[Any]:
        return _bounded(entries)


class ReserveCard(_Strict):
    id: str = Field(max_length=MAX_NAME)
    title: str = Field(max_length=MAX_NAME)
    units: list[str] = Field(min_length=1, max_length=12)


class ReserveFile(_Strict):
    cards: list[ReserveCard] = Field(max_length=MAX_CARDS)


class Placement(_Strict):
    kind: str
    count: int
    zone: str
    pairs: bool = False
    low_ammo: int = 0
    holds: bool = False  # 8.6.2 E: fires at the closest unit, draws no action card


class Arrival(Placement):
    turn: int
    when: Literal["start", "after_tanks"]
    fire_on_entry: bool = False


class ScenarioSpec(_Strict):
    title: str
    date: str
    map: str
    morale_goal: int
    reserve_at: int
    victory: Literal["objective", "panzer_kill", "near_red", "fresh_infantry", "supply", "centre_buildings"]
    lt_zone: str = "blue"
    american: list[Placement]
    german: list[Placement]
    arrivals: list[Arrival] = []


class ScenariosFile(_Strict):
    scenarios: dict[str, ScenarioSpec]


@dataclass(frozen=True)
class GameData:
    counters: dict[str, CounterSpec]
    german_pool: dict[str, list[int]]
    chits: ChitsFile
    cover: list[CoverCard]  # expanded: one entry per physical card, index = card id
    actions: list[ActionCard]  # expanded likewise
    reserves: dict[str, ReserveCard]
    scenarios: dict[str, ScenarioSpec]

    def counter(self, kind: str) -> CounterSpec:
        return self.counters[kind]


def _expand(cards: list[Any]) -> list[Any]:
    return [card for card in cards for _ in range(card.count)]


def _check(data: GameData) -> None:
    for key, sc in data.scenarios.items():
        for group in ("american", "german", "arrivals"):
            for i, p in enumerate(getattr(sc, group)):
                if p.kind not in data.counters:
                    raise DataFileError("scenarios.yaml", f"scenarios.{key}.{group}[{i}].kind", f"unknown counter '{p.kind}'")
        scenario_map(sc)
    for card in data.reserves.values():
        for kind in card.units:
            if kind not in data.counters:
                raise DataFileError("reserve_cards.yaml", card.id, f"unknown counter '{kind}'")
    for kind in data.german_pool:
        if kind not in data.counters:
            raise DataFileError("counters.yaml", f"german_pool.{kind}", "unknown counter")
    if not data.cover or not data.actions or not data.reserves:
        raise DataFileError("cover_cards.yaml/action_cards.yaml/reserve_cards.yaml", "cards",
                            "a deck may not be empty")


# A GM file option -> (the option that holds its content, the schema, the default file).
GM_TABLES: dict[str, tuple[str, type[BaseModel], str]] = {
    "cover_file": ("cover_cards", CoverFile, "cover_cards.yaml"),
    "chits_file": ("chits", ChitsFile, "chits.yaml"),
    "actions_file": ("action_cards", ActionFile, "action_cards.yaml"),
    "reserves_file": ("reserve_cards", ReserveFile, "reserve_cards.yaml"),
}
FILE_OPTIONS = tuple(GM_TABLES)
TABLE_OPTIONS = tuple(table for table, _, _ in GM_TABLES.values())


class _NoAliases(yaml.SafeLoader):
    """YAML without anchors and aliases: a short file may not expand into a huge one."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            raise yaml.YAMLError("anchors and aliases (*name) are not allowed in a GM file")
        return super().compose_node(parent, index)


def gm_file(option: str, name: str) -> Path:
    """A GM's own deck or cup file, only from the folder set aside for them.

    The folder is ``UMPIRE_GM_FILES`` (default ``./data/gm``): a GM on Discord names a file, never
    an arbitrary path on the host. Refusals name the file by its base name only.
    """
    base = Path(name).name or "?"
    root = Path(os.environ.get("UMPIRE_GM_FILES", "data/gm")).resolve()
    path = (root / name).resolve()
    if root not in path.parents:
        raise DataFileError(base, option, "GM files are read only from the GM folder (UMPIRE_GM_FILES); "
                                          "name a file there, not a path")
    if not path.is_file():
        raise DataFileError(base, option, "no such file in the GM folder")
    return path


def read_gm_file(option: str, name: str) -> dict[str, Any]:
    """Read a GM file once: bounded in bytes, no aliases, validated; its content as plain data."""
    table, model, _ = GM_TABLES[option]
    path = gm_file(option, name)
    base = path.name
    with path.open("rb") as fh:
        raw = fh.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise DataFileError(base, option, f"the file is larger than {MAX_FILE_BYTES // 1024} KiB")
    try:
        loaded = yaml.load(raw.decode("utf-8"), Loader=_NoAliases)  # noqa: S506 - a SafeLoader
    except UnicodeDecodeError:
        raise DataFileError(base, "(file)", "not UTF-8 text") from None
    except yaml.YAMLError as exc:
        raise DataFileError(base, "(syntax)", " ".join(str(exc).split())[:200]) from None
    return check_table(table, loaded, base)


def check_table(table: str, value: Any, name: str = "") -> dict[str, Any]:
    """A deck or cup given as data (a GM's table, or a file's content): validated, in canonical form."""
    model = next(m for t, m, _ in GM_TABLES.values() if t == table)
    parsed: Any = validate(model, value, name or table)
    _build(**{table: parsed})  # the whole game data must still hold together
    return dict(parsed.model_dump())


def check_decks(value: Any) -> dict[str, Any]:
    """The ``decks`` option: the content of the GM files a game was created with, each table checked."""
    if not isinstance(value, dict) or not set(value) <= set(TABLE_OPTIONS):
        raise DataFileError("decks", "(top level)", f"a mapping of {', '.join(TABLE_OPTIONS)}")
    return {k: check_table(k, v) for k, v in sorted(value.items()) if v is not None}


def _build(cover_cards: CoverFile | None = None, chits: ChitsFile | None = None,
           action_cards: ActionFile | None = None, reserve_cards: ReserveFile | None = None) -> GameData:
    counters: CountersFile = parse_file(CountersFile, DATA / "counters.yaml")
    chits = chits or parse_file(ChitsFile, DATA / "chits.yaml")
    cover = cover_cards or parse_file(CoverFile, DATA / "cover_cards.yaml")
    actions = action_cards or parse_file(ActionFile, DATA / "action_cards.yaml")
    reserves = reserve_cards or parse_file(ReserveFile, DATA / "reserve_cards.yaml")
    scenarios: ScenariosFile = parse_file(ScenariosFile, DATA / "scenarios.yaml")
    for name, cups in (("damage", chits.damage), ("tank", chits.tank), ("tank_damage", chits.tank_damage)):
        if sum(c.count for c in cups) <= 0:
            raise DataFileError("chits", name, "a cup needs at least one chit")
    data = GameData(
        counters=counters.counters,
        german_pool=counters.german_pool,
        chits=chits,
        cover=_expand(cover.cards),
        actions=_expand(actions.cards),
        reserves={c.id: c for c in reserves.cards},
        scenarios=scenarios.scenarios,
    )
    _check(data)
    return data


@lru_cache(maxsize=1)
def load_data() -> GameData:
    """The game's own data files."""
    return _build()


@lru_cache(maxsize=16)
def _data_from(key: str) -> GameData:
    tables = json.loads(key)
    parsed: dict[str, Any] = {table: next(m for t, m, _ in GM_TABLES.values() if t == table).model_validate(value)
                              for table, value in tables.items() if value is not None}
    return _build(**parsed)


def data_for(options: dict[str, Any]) -> GameData:
    """The data a game uses: the defaults, with any deck or cup a GM gave (copied into ``decks``)."""
    decks = options.get("decks")
    if not decks:
        return load_data()
    return _data_from(json.dumps(decks, sort_keys=True))


def with_gm_files(options: dict[str, Any]) -> dict[str, Any]:
    """Parsed options with each GM file named but not yet read copied into ``decks`` (read here, once).

    A table already in ``decks`` (a stored game's options, replayed) is never read again."""
    out = dict(options)
    decks = dict(out.get("decks") or {})
    for option, (table, _, _) in GM_TABLES.items():
        name = out.get(option) or ""
        if name and decks.get(table) is None:
            decks[table] = read_gm_file(option, name)
    out["decks"] = decks or None
    data_for(out)  # the decks together must make a game
    return out


def scenario_map(sc: ScenarioSpec) -> GameMap:
    return load_map(DATA / sc.map)


def map_path(sc: ScenarioSpec) -> Path:
    return DATA / sc.map
