"""The SAF data files (counters, cards, chits, scenarios), validated on load.

Every file is YAML checked by a pydantic schema; a bad file raises ``DataFileError`` naming the
file, the entry and the problem. A GM may swap the cover deck or the chit cups for files of the
same shape (game options ``cover_file`` and ``chits_file``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from engine.errors import DataFileError
from engine.maps import GameMap, load_map, load_yaml

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
    morale: int = 0
    count: int = 1


class TankChit(_Strict):
    result: Literal["miss", "one", "two", "explosion"]
    count: int = 1


class TankDamageChit(_Strict):
    result: Literal["bounce", "bail_out", "destroyed"]
    morale: int = 0
    count: int = 1


class ChitsFile(_Strict):
    damage: list[DamageChit]
    tank: list[TankChit]
    tank_damage: list[TankDamageChit]


class CoverCard(_Strict):
    name: str
    clear: Literal["none", "light"]
    cover: Literal["hard", "bunker"]
    count: int = 1


class CoverFile(_Strict):
    cards: list[CoverCard]


class Step(_Strict):
    do: Literal["fire", "move", "assault", "cover", "retreat", "none"]
    drm: int = 0
    hexes: int = 0
    else_move: int = 0


class ActionCard(_Strict):
    name: str
    low_supply: bool = False
    count: int = 1
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
    cards: list[ActionCard]


class ReserveCard(_Strict):
    id: str
    title: str
    units: list[str]


class ReserveFile(_Strict):
    cards: list[ReserveCard]


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


def _parse(model: type[BaseModel], path: Path) -> Any:
    raw = load_yaml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        entry = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise DataFileError(path.name, entry, err["msg"]) from None


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
    if not data.cover or not data.actions:
        raise DataFileError("cover_cards.yaml/action_cards.yaml", "cards", "a deck may not be empty")


FILE_OPTIONS = ("cover_file", "chits_file", "actions_file", "reserves_file")


def data_for(options: dict[str, Any]) -> GameData:
    """The data a game uses: the defaults, with any deck or cup file a GM passed as an option."""
    return load_data(*(gm_file(k, str(options.get(k, "") or "")) for k in FILE_OPTIONS))


def gm_file(option: str, name: str) -> str:
    """A GM's own deck or cup file, only from the folder set aside for them.

    The folder is ``UMPIRE_GM_FILES`` (default ``./data/gm``): a GM on Discord names a file, never
    an arbitrary path on the host.
    """
    if not name:
        return ""
    root = Path(os.environ.get("UMPIRE_GM_FILES", "data/gm")).resolve()
    path = (root / name).resolve()
    if root not in path.parents:
        raise DataFileError(name, option, f"GM files are read only from {root}; name a file there")
    if not path.is_file():
        raise DataFileError(name, option, f"no such file in {root}")
    return str(path)


@lru_cache(maxsize=8)
def load_data(cover_file: str = "", chits_file: str = "", actions_file: str = "", reserves_file: str = "") -> GameData:
    """All data files; the optional paths replace the default decks and cups (GM options)."""
    counters: CountersFile = _parse(CountersFile, DATA / "counters.yaml")
    chits: ChitsFile = _parse(ChitsFile, Path(chits_file) if chits_file else DATA / "chits.yaml")
    cover: CoverFile = _parse(CoverFile, Path(cover_file) if cover_file else DATA / "cover_cards.yaml")
    actions: ActionFile = _parse(ActionFile, Path(actions_file) if actions_file else DATA / "action_cards.yaml")
    reserves: ReserveFile = _parse(ReserveFile, Path(reserves_file) if reserves_file else DATA / "reserve_cards.yaml")
    scenarios: ScenariosFile = _parse(ScenariosFile, DATA / "scenarios.yaml")
    for name, cups in (("damage", chits.damage), ("tank", chits.tank), ("tank_damage", chits.tank_damage)):
        if sum(c.count for c in cups) <= 0:
            raise DataFileError(chits_file or "chits.yaml", name, "a cup needs at least one chit")
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


def scenario_map(sc: ScenarioSpec) -> GameMap:
    return load_map(DATA / sc.map)


def map_path(sc: ScenarioSpec) -> Path:
    return DATA / sc.map
