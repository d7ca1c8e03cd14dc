"""The SAF game state: plain dataclasses, the Rng inside, dumped to JSON-safe dicts by pydantic."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cards import Deck
from engine.codec import StateCodec
from engine.gamestate import GameState
from engine.hexgrid import Hex


@dataclass
class Unit:
    id: str
    kind: str  # key into counters.yaml
    side: str  # "us" or "ge"
    number: int = 0  # the key number in the upper right (6.1 D)
    hex: str | None = None
    status: str = "on_map"  # on_map, awaiting, eliminated
    state: str = "calm"  # calm, alert, panic (7.2 C, 7.2.3 A)
    acted: bool = False  # flipped to the lighter side (6.2 E, 7.2 G)
    moved: bool = False
    fired: bool = False
    supply: str = ""  # "", "low_ammo" (6.3.5 G) or "low_supply" (6.5.1, 7.2 F)
    medic: bool = False  # First Aid counter (6.3.6.3)
    attached_to: str = ""  # the 1st Lieutenant's unit (6.5.3)
    exempt: bool = False  # arrived stacked in a set-up hex; normal stacking after leaving (8.3.2 B)
    spotted: bool = False  # sniper spot this turn (6.3.6.5 C)
    holds: bool = False  # 8.6.2 E building holders
    surprise: bool = False  # the 7.3 surprise unit
    arrive_turn: int = 0
    arrive_when: str = ""
    arrive_zone: str = ""
    fire_on_entry: bool = False

    def where(self) -> Hex | None:
        return Hex.parse(self.hex) if self.hex else None


@dataclass
class MoraleEvent:
    delta: int
    reason: str
    turn: int


@dataclass
class SafState(GameState):  # phases: setup, roll, orders, german, over
    side: str = "us"  # unused: the side to act follows the phase (SafRules.side_to_act)
    turn: int = 1
    german_step: str = ""  # the German turn's step under way in phase "german" (5.0 B): infantry, mg42, tanks
    units: dict[str, Unit] = field(default_factory=dict)
    dice: list[int] = field(default_factory=list)  # order dice not yet used (6.2)
    adjusted: bool = False
    morale: int = 0  # the US morale track; always the sum of morale_log (an invariant)
    morale_log: list[MoraleEvent] = field(default_factory=list)
    reserve_at: int = 30  # the scenario's reserve score (8.1.2 D)
    reserve_moves: int = 0  # one per morale loss (6.5.2)
    reserve_arrivals: int = 0
    supply: int = 0  # Supply counters in hand (6.5.1 B)
    german_destroyed: int = 0
    supply_earned: int = 0
    panzers_destroyed: int = 0
    cover_deck: Deck = field(default_factory=Deck)
    action_deck: Deck = field(default_factory=Deck)
    reserve_deck: Deck = field(default_factory=Deck)
    pool: dict[str, list[int]] = field(default_factory=dict)  # German counters set aside (6.1)
    next_id: dict[str, int] = field(default_factory=dict)
    placed: list[str] = field(default_factory=list)  # units the player has set up (option setup_place)

    @property
    def reserve_track(self) -> int:
        return self.reserve_moves - self.reserve_at * self.reserve_arrivals

    def on_map(self, side: str | None = None) -> list[Unit]:
        return [u for u in self.units.values() if u.status == "on_map" and (side is None or u.side == side)]

    def at(self, h: Hex | str) -> list[Unit]:
        label = h if isinstance(h, str) else h.label
        return [u for u in self.units.values() if u.status == "on_map" and u.hex == label]


CODEC = StateCodec(SafState)
