"""The Bridge, the tiny game's rules in one module: its data files read, its state, its order table
(``ORDERS``) and the ``Contract`` subclass that is the whole of what Umpire needs from a game.

Red and Blue each have one counter. A turn is Red's order, then Blue's: ``move`` to an empty
neighbouring hex, ``fire`` at an adjacent enemy (a die: 5 or 6 removes it, only a 6 in woods) or
``pass``. A side wins when its counter stands on the bridge or the enemy's is removed; after the last
turn, a draw. The bot plays at one level, ``random``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.ai.random_policy import RandomPolicy
from engine.chance import Chance
from engine.codec import StateCodec
from engine.contract import Contract, Order
from engine.datafile import parse_file
from engine.errors import IllegalAction, NotFound, UnknownUnit
from engine.events import Event, performed
from engine.game import Action, CommandSpec, OptionSpec, ScenarioInfo
from engine.gamestate import GameState
from engine.maps import GameMap, map_for
from engine.options import shorten
from engine.rng import Rng

DATA = Path(__file__).resolve().parent / "data"
MAP = "tiny:map.yaml"  # the map's key: <game>:<file in the package's data folder>
PLAY = "play"
SIDE_NAMES = {"red": "Red", "blue": "Blue"}
R_TURN, R_ORDERS, R_WIN = "1 Turn Sequence", "2 Orders", "3 Victory"


# --- the data files (validated: a bad entry raises DataFileError naming file and entry) ----------------
class CounterEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    side: str
    hex: str
    name: str


class ScenarioEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: str
    summary: str
    turns: int
    units: dict[str, CounterEntry]


class ScenarioFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scenarios: dict[str, ScenarioEntry]


@lru_cache(maxsize=1)
def scenarios() -> dict[str, ScenarioEntry]:
    return parse_file(ScenarioFile, DATA / "scenarios.yaml").scenarios


def game_map() -> GameMap:
    return map_for(MAP)


# --- the state ----------------------------------------------------------------------------------------
@dataclass
class Counter:
    id: str
    side: str
    name: str
    hex: str | None  # None once removed


@dataclass(kw_only=True)
class TinyState(GameState):
    turn: int = 1
    turns: int = 8
    counters: dict[str, Counter] = field(default_factory=dict)


CODEC: StateCodec[TinyState] = StateCodec(TinyState)


def enemy(side: str) -> str:
    return "blue" if side == "red" else "red"


def own(state: TinyState, side: str) -> Counter:
    return next(c for c in state.counters.values() if c.side == side)


def at(state: TinyState, label: str) -> Counter | None:
    return next((c for c in state.counters.values() if c.hex == label), None)


def neighbours(label: str) -> list[str]:
    gmap = game_map()
    return sorted(n.label for n in gmap.neighbors(gmap.hex(label)))


def end_order(state: TinyState, events: list[Event], side: str) -> None:
    """After every order: Blue's closes the turn (a phase: its map is drawn); the last turn ends the game."""
    if state.over:
        return
    if side == "blue":
        events.append(Event("phase", f"Turn {state.turn} over", R_TURN, phase_end=True))
        if state.turn >= state.turns:
            state.end(None, "nobody reached the bridge", R_WIN)
            events.append(Event("end", "Draw: nobody reached the bridge", R_WIN))
            return
        state.turn += 1
    state.side = enemy(side)


# --- the orders: what each offers, what it does --------------------------------------------------------
def move_targets(state: TinyState, side: str, narrowed: Any) -> list[Action]:
    c = own(state, side)
    if c.hex is None:
        return []
    return [Action("move", {"to": n}) for n in neighbours(c.hex) if at(state, n) is None]


def fire_targets(state: TinyState, side: str, narrowed: Any) -> list[Action]:
    c, foe = own(state, side), own(state, enemy(side))
    if c.hex is None or foe.hex is None or foe.hex not in neighbours(c.hex):
        return []
    return [Action("fire", {"target": foe.id})]


def move_refusal(state: TinyState, side: str, action: Action) -> IllegalAction | None:
    """Why a move is refused (the contract asks when the move is not among the candidates)."""
    c, to = own(state, side), str(action.args["to"])
    if c.hex is not None and to not in neighbours(c.hex):
        return IllegalAction(f"{to} is not next to {c.name} in {c.hex}: a counter moves one hex", R_ORDERS)
    if at(state, to) is not None:
        return IllegalAction(f"{to} holds a counter already", R_ORDERS)
    return None


def fire_refusal(state: TinyState, side: str, action: Action) -> IllegalAction | None:
    c, foe = own(state, side), state.counters[str(action.args["target"])]
    if foe.side == side:
        return IllegalAction(f"{foe.name} is your own counter", R_ORDERS)
    if c.hex is None or foe.hex is None or foe.hex not in neighbours(c.hex):
        return IllegalAction(f"{foe.name} is not next to {c.name}: fire reaches one hex", R_ORDERS)
    return None


def pass_offer(state: TinyState, side: str, narrowed: Any) -> list[Action]:
    return [Action("pass")]


def move(state: TinyState, events: list[Event], side: str, action: Action) -> None:
    c, to = own(state, side), str(action.args["to"])
    path = [c.hex or "", to]
    c.hex = to
    state.overlays.append({"kind": "move", "side": side, "unit": c.id, "path": path})
    events.append(Event("move", f"{c.name} moves {path[0]} -> {to}", R_ORDERS, side, {"unit": c.id, "path": path}))
    if to == game_map().places["Bridge"].label:
        state.end(side, f"{c.name} holds the bridge", R_WIN)
        events.append(Event("end", f"{SIDE_NAMES[side]} wins: {c.name} holds the bridge", R_WIN, side,
                            phase_end=True))
    end_order(state, events, side)


def fire(state: TinyState, events: list[Event], side: str, action: Action) -> None:
    c, foe = own(state, side), state.counters[str(action.args["target"])]
    assert foe.hex is not None and c.hex is not None
    woods = game_map().terrain_of(game_map().hex(foe.hex)) == "woods"
    need = 6 if woods else 5
    chance = Chance(state, events)
    die = chance.die()
    hit = die >= need
    state.overlays.append({"kind": "fire", "from": c.hex, "to": foe.hex, "hit": hit})
    chance.tell(Event("dice", f"{c.name} fires at {foe.name}: die {die}, needs {need}+"
                      f"{' (woods)' if woods else ''}: {'removed' if hit else 'miss'}", R_ORDERS, side,
                      {"die": die, "target": foe.id}))
    if hit:
        foe.hex = None
        state.end(side, f"{foe.name} is removed", R_WIN)
        events.append(Event("end", f"{SIDE_NAMES[side]} wins: {foe.name} is removed", R_WIN, side, phase_end=True))
    end_order(state, events, side)


def pass_turn(state: TinyState, events: list[Event], side: str, action: Action) -> None:
    events.append(Event("pass", f"{SIDE_NAMES[side]} passes", R_ORDERS, side))
    end_order(state, events, side)


ORDERS: tuple[Order, ...] = (
    Order(CommandSpec("move", "Move your counter to an empty neighbouring hex",
                      (OptionSpec("to", "The hex, such as 0202", "hex"),), "/tiny move to:0202", R_ORDERS),
          (PLAY,), move_targets, performed(move), move_refusal),
    Order(CommandSpec("fire", "Fire at the adjacent enemy counter (5+ removes it, 6 in woods)",
                      (OptionSpec("target", "The enemy counter", "unit"),), "/tiny fire target:B1", R_ORDERS),
          (PLAY,), fire_targets, performed(fire), fire_refusal),
    Order(CommandSpec("pass", "Do nothing this turn", (), "/tiny pass", R_ORDERS), (PLAY,), pass_offer,
          performed(pass_turn)),
)


# --- the contract -------------------------------------------------------------------------------------
class TinyRules(Contract):
    key = "tiny"
    title = "The Bridge"
    short_name = "Bridge"
    sides: tuple[str, ...] = ("red", "blue")
    side_names = SIDE_NAMES
    levels = ("random",)
    default_level = "random"
    standing_orders = ("pass",)
    quiet_orders = ("pass",)
    sequence_rule = R_TURN
    victory_rule = R_WIN
    codec = CODEC

    def orders(self) -> tuple[Order, ...]:
        return ORDERS

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(k, s.title, s.summary) for k, s in scenarios().items()]

    def new_state(self, scenario: str = "", seed: int = 0, options: dict[str, Any] | None = None) -> TinyState:
        scenario = scenario or next(iter(scenarios()))
        if scenario not in scenarios():
            raise NotFound(f"The Bridge has no scenario '{shorten(scenario, 30)}': choose {', '.join(scenarios())}")
        sc = scenarios()[scenario]
        return TinyState(scenario=scenario, seed=seed, rng=Rng.seeded(seed), options=self.parse_options(options),
                         phase=PLAY, side="red", turns=sc.turns,
                         counters={k: Counter(k, u.side, u.name, u.hex) for k, u in sc.units.items()})

    def before_order(self, state: TinyState, side: str) -> None:
        state.overlays = []  # the map shows the last order's move or fire

    def choose(self, state: TinyState, side: str, level: str) -> tuple[Action, str]:
        return RandomPolicy().choose(self, state, side)

    def gm_apply(self, state: TinyState, action: Action) -> list[Event]:
        events: list[Event] = []
        if action.kind == "end":
            winner = action.args.get("winner") or None
            if winner is not None and winner not in self.sides:
                raise IllegalAction(f"The winner is one of {', '.join(self.sides)} (or none for a draw)")
            reason = shorten(str(action.args.get("reason") or "the GM ended the game"), 100)
            state.end(winner, reason, "GM ruling")
            events.append(Event("gm", f"GM ends the game: {reason}", "GM ruling", phase_end=True))
            return events
        raise IllegalAction(f"Unknown GM correction '{shorten(action.kind, 20)}': use end")

    def status_line(self, state: TinyState) -> str:
        if state.over:
            return f"Over: {state.result}"
        return f"Turn {state.turn} of {state.turns}, {SIDE_NAMES[state.side]} to act"

    def invariants(self, state: TinyState) -> list[str]:
        placed = [c.hex for c in state.counters.values() if c.hex is not None]
        problems = [f"two counters in {h}" for h in set(placed) if placed.count(h) > 1]
        labels = {h.label for h in game_map().hexes()}
        problems += [f"{h} is off the map" for h in placed if h not in labels]
        return problems

    def unit_id(self, state: TinyState, text: str) -> str:
        for c in state.counters.values():
            if text.strip().lower() in (c.id.lower(), c.name.lower()):
                return c.id
        raise UnknownUnit(f"No counter '{shorten(text, 20)}': the counters are {', '.join(state.counters)}")

    def hex_label(self, state: TinyState, text: str) -> str:
        return game_map().hex(text).label

    def build_view(self, state: TinyState, side: str | None) -> dict[str, Any]:
        return {
            "scenario": state.scenario, "map": MAP, "turn": state.turn, "turns": state.turns,
            "last_random": state.last_random, "score": {}, "markers": [],
            "legend": {"unit_markers": [], "map_markers": []},  # what the map's legend lists (images.frame)
            "overlays": [dict(o) for o in state.overlays],
            "units": [{"id": c.id, "name": c.name, "side": c.side, "hex": c.hex, "symbol": "infantry",
                       "values": [1], "reduced": False, "status": "on_map" if c.hex else "eliminated",
                       "markers": []} for c in state.counters.values()],
        }


RULES = TinyRules()
