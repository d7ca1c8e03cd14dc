"""Board questions for Panzer Leader: unit types, stacking, terrain, tables in force, spotting, LOS."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from typing import TypeVar

from engine.errors import DataFileError, IllegalAction
from engine.hexgrid import Hex
from engine.maps import GameMap

from . import datafiles as data
from .datafiles import Crt, TecFile, UnitType, WecFile
from .los import level, los
from .state import PlState, Unit

T = TypeVar("T")

STACK_LIMIT = 4
MAX_WRECKS = 3


# The board in play: each state names its board (``PlState.board``; "" is Umpire's first board).
# The rules' entry points (rules.py) set it for the duration of a call with ``on_board(state)``; the
# board questions below read it, so they need no state argument. Outside any call: the first board.
_BOARD: ContextVar[str] = ContextVar("pl_board", default="")


@contextmanager
def on_board(state: PlState) -> Iterator[None]:
    token = _BOARD.set(state.board)
    try:
        yield
    finally:
        _BOARD.reset(token)


def board_name() -> str:
    return _BOARD.get()


def gmap() -> GameMap:
    return data.board(_BOARD.get())


def utype(u: Unit) -> UnitType:
    return data.unit_types()[u.type]


# A board never changes during a run (datafiles.board() is cached), so its static questions are
# answered from tables built once per board, keyed by the canonical label; other text falls back to parsing.
@cache
def _hex_of_b(name: str) -> dict[str, Hex]:
    return {h.label: h for h in data.board(name).terrain}


def _hex_of() -> dict[str, Hex]:
    return _hex_of_b(_BOARD.get())


@cache
def _label_of_b(name: str) -> dict[Hex, str]:
    return {h: label for label, h in _hex_of_b(name).items()}


def _label_of() -> dict[Hex, str]:
    return _label_of_b(_BOARD.get())


@cache
def _terrain_of_b(name: str) -> dict[str, str]:
    return {h.label: kind for h, kind in data.board(name).terrain.items()}


def _terrain_of() -> dict[str, str]:
    return _terrain_of_b(_BOARD.get())


@cache
def _level_of_b(name: str) -> dict[str, int]:
    return {label: level(data.board(name), h) for label, h in _hex_of_b(name).items()}


def _level_of() -> dict[str, int]:
    return _level_of_b(_BOARD.get())


@cache
def _bridges_b(name: str) -> frozenset[str]:
    return frozenset(h.label for h in data.board(name).markers.get("bridge", []))


def _bridges() -> frozenset[str]:
    return _bridges_b(_BOARD.get())


@cache
def _adjacent_b(name: str) -> dict[str, tuple[str, ...]]:
    g = data.board(name)
    return {label: tuple(n.label for n in h.neighbors() if n in g) for label, h in _hex_of_b(name).items()}


def _adjacent() -> dict[str, tuple[str, ...]]:
    return _adjacent_b(_BOARD.get())


@cache
def _roads_b(name: str) -> frozenset[tuple[str, str]]:
    return frozenset(pair for side in data.board(name).road_links for pair in ((side.a.label, side.b.label),
                                                                              (side.b.label, side.a.label)))


def _roads() -> frozenset[tuple[str, str]]:
    return _roads_b(_BOARD.get())


@cache
def _cliffs_b(name: str) -> frozenset[tuple[str, str]]:
    return frozenset(pair for side, feats in data.board(name).hexside_features.items() if "cliff" in feats
                     for pair in ((side.a.label, side.b.label), (side.b.label, side.a.label)))


def cliff_between(a: str, b: str) -> bool:
    """A cliff hexside lies between two adjacent hexes (Terrain, Obstacles and Elevation: high obstacle)."""
    return (a, b) in _cliffs_b(_BOARD.get())


def hx(label: str) -> Hex:
    h = _hex_of().get(label)
    return h if h is not None else Hex.parse(label)


def label_of(h: Hex) -> str:
    got = _label_of().get(h)
    return got if got is not None else h.label


def adjacent(label: str) -> tuple[str, ...]:
    """The board hexes next to a board hex, in the order of Hex.neighbors."""
    return _adjacent()[label]


def road_link(a: str, b: str) -> bool:
    """A road crosses the hexside between two adjacent board hexes."""
    return (a, b) in _roads()


def board_labels() -> dict[str, Hex]:
    return _hex_of()


@lru_cache(maxsize=64)
def _parsed(kind: str, text: str) -> Crt | TecFile | WecFile:
    raw = json.loads(text)
    if kind == "crt":
        return data.parse_crt(raw, "option crt")
    if kind == "tec":
        return data.parse_tec(raw, "option tec")
    return data.parse_wec(raw, "option wec")


def _table(state: PlState, key: str, default: Callable[[], T], cls: type[T]) -> T:
    """A GM's replacement table from the game's options, else the default one."""
    opt = state.options.get(key)
    if not opt:
        return default()
    got = _parsed(key, json.dumps(opt, sort_keys=True))
    assert isinstance(got, cls)
    return got


def crt(state: PlState) -> Crt:
    return _table(state, "crt", data.default_crt, Crt)


def tec(state: PlState) -> TecFile:
    opt = state.options.get("tec")
    if not opt:
        return data.default_tec()
    return _filled_tec(json.dumps(opt, sort_keys=True))


@lru_cache(maxsize=64)
def _filled_tec(text: str) -> TecFile:
    """A GM's TEC; terrain it has no entry for (a later board's: swamp, sea, beach) as in the default."""
    got = _parsed("tec", text)
    assert isinstance(got, TecFile)
    extra = {k: v for k, v in data.default_tec().terrain.items() if k not in got.terrain}
    return got.model_copy(update={"terrain": {**extra, **got.terrain}}) if extra else got


def wec(state: PlState) -> WecFile:
    return _table(state, "wec", data.default_wec, WecFile)


def check_tables(options: dict[str, object]) -> None:
    """Parse the GM's replacement tables at game creation, so a bad table fails early."""
    for kind in ("crt", "tec", "wec"):
        if options.get(kind):
            try:
                _parsed(kind, json.dumps(options[kind], sort_keys=True))
            except (TypeError, ValueError) as exc:
                raise DataFileError(f"option {kind}", "(value)", str(exc)) from None


def terrain(label: str) -> str:
    got = _terrain_of().get(label)
    return got if got is not None else gmap().terrain[hx(label)]


def low_kinds(state: PlState) -> set[str]:
    return {k for k, e in tec(state).terrain.items() if e.low_obstacle}


def line_of_sight(state: PlState, a: str, b: str) -> tuple[bool, str]:
    return _sight(a, b, frozenset(low_kinds(state)), bool(state.options.get("slope_any_side")), _BOARD.get())


@lru_cache(maxsize=1 << 18)
def _sight(a: str, b: str, low: frozenset[str], midway_any: bool = False, name: str = "") -> tuple[bool, str]:
    return los(data.board(name), hx(a), hx(b), set(low), midway_any)


def elevation(label: str) -> int:
    got = _level_of().get(label)
    return got if got is not None else level(gmap(), hx(label))


@lru_cache(maxsize=1 << 18)
def distance(a: str, b: str) -> int:
    return hx(a).distance(hx(b))


def fort_at(state: PlState, label: str) -> bool:
    return bool(state.options.get("fortifications")) and label in state.forts


def fort_stack(state: PlState, label: str, units: list[Unit], exclude: set[str]) -> int:
    """Counters of these units for stacking: in a fortification the fortification and the units IN
    it count as one (up to its capacity); enemy units ON it count one each."""
    counted = [u for u in units if not u.carrier and u.id not in exclude]
    if not fort_at(state, label):
        return len(counted)
    n_in = sum(1 for u in counted if not u.on_fort)
    n_on = len(counted) - n_in
    return (1 if n_in <= tec(state).fortification_capacity else n_in) + n_on


def stack_count(state: PlState, label: str, exclude: set[str] | None = None) -> int:
    """Units (carried ones not counted), wrecks and blocks; mines do not count. A fortification and
    the units in it count as one (see fort_stack)."""
    n = fort_stack(state, label, state.at(label), exclude or set())
    n += state.wrecks.get(label, 0)
    if label in state.blocks and (state.options.get("blocks") or label in state.built_blocks):
        n += 1
    return n


def is_bridge(label: str) -> bool:
    if label in _hex_of():
        return label in _bridges()
    return hx(label) in gmap().markers.get("bridge", [])


def enemies_at(state: PlState, side: str, label: str) -> list[Unit]:
    return [u for u in state.at(label) if u.side != side]


def has_enemy(state: PlState, side: str, label: str) -> bool:
    return any(u.side != side for u in state.at(label))


def can_spot(u: Unit) -> bool:
    """Undispersed, not carried, not a wagon or truck."""
    return u.status == "on_map" and not u.dispersed and not u.carrier and utype(u).kind not in ("truck", "wagon")


def spotters(state: PlState, side: str, label: str) -> list[Unit]:
    """Friendly units that spot an enemy in the hex: adjacent always; from afar with LOS only if
    an enemy there is revealed (it fired, or moved through a clear hex)."""
    targets = [u for u in enemies_at(state, side, label) if not u.carrier]
    if not targets:
        return []
    revealed = any(u.revealed for u in targets)
    out = []
    for f in state.on_map(side):
        if not can_spot(f) or f.hex is None:
            continue
        d = distance(f.hex, label)
        if d <= 1 or (revealed and line_of_sight(state, f.hex, label)[0]):
            out.append(f)
    return out


def unit_or_error(state: PlState, uid: str) -> Unit:
    from engine.errors import UnknownUnit

    key = str(uid).strip()
    got = state.units.get(key)
    if got is not None:
        return got
    for u in state.units.values():
        if u.id.lower() == key.lower():
            return u
    raise UnknownUnit(f"No unit '{uid}' in this game; units: {', '.join(sorted(state.units))}")


def hex_or_error(label: str) -> str:
    return gmap().hex(label).label


def own_unit(state: PlState, side: str, uid: str, rule: str) -> Unit:
    u = unit_or_error(state, uid)
    if u.side != side:
        raise IllegalAction(f"{u.id} is not yours", rule)
    if u.status != "on_map":
        raise IllegalAction(f"{u.id} is not on the board ({u.status})", rule)
    return u


def describe(u: Unit) -> str:
    return f"{u.id} ({utype(u).name})"


def step_ok_for_setup(state: PlState, u: Unit, label: str) -> str:
    """Set-up: no unit where no unit may go (the sea); vehicles not where they could never move
    (woods or swamp off road, streams)."""
    g = gmap()
    h = hx(label)
    kind = g.terrain[h]
    entry = tec(state).terrain[kind]
    if entry.infantry is None and entry.vehicle is None:
        return f"no unit may be set up in {kind} at {label}: no unit enters it (TEC)"
    if not utype(u).vehicle:
        return ""
    if entry.vehicle is None and h not in g.road_hexes:
        return f"a vehicle may not be set up in {kind} at {label} off the road"
    return ""
