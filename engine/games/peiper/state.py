"""The state of a game of "Just a Peiper Dream?": plain dataclasses, JSON-safe through pydantic."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cards import Deck
from engine.codec import StateCodec
from engine.gamestate import OVER as OVER
from engine.gamestate import SETUP as SETUP
from engine.gamestate import GameState

# Phases, in the order of the Turn Sequence.
# SETUP (engine.gamestate): Set-Up, the US places its set-up units
DRAW = "draw"  # Turn Begins: the German player makes a card draw
DECIDE = "decide"  # the side of the card's colour takes activations, uses its OBA, or passes
ACTIVATE = "activate"  # the side spends its activations
FACE = "face"  # a face card came up in a combat draw: redraw or miss (firer's option)
# OVER (engine.gamestate): the game has ended

UNIT_AWAITING = "awaiting"
UNIT_ON_MAP = "on_map"
UNIT_EXITED = "exited"
UNIT_ELIMINATED = "eliminated"


@dataclass
class UnitState:
    id: str
    side: str
    status: str = UNIT_AWAITING
    hex: str | None = None
    reduced: bool = False


@dataclass
class PendingAttack:
    """One attack waiting for its card: a unit's fire, or one of the OBA's attacks."""

    attacker: str  # a unit id, or "OBA"
    side: str
    target: str
    strength: int
    modifier: int
    reasons: list[str] = field(default_factory=list)


@dataclass
class PeiperState(GameState):
    turns: int = 5
    turn: int = 0
    deck: Deck = field(default_factory=Deck)
    units: dict[str, UnitState] = field(default_factory=dict)
    card: str = ""  # the card being decided on
    acts: int = 0  # activations left from a number card
    act_units: list[str] = field(default_factory=list)  # units holding one ACT each (face card)
    attacks: list[PendingAttack] = field(default_factory=list)  # attacks waiting for a card
    spent: dict[str, bool] = field(default_factory=lambda: {"ge": False, "us": False})
    oba_used: dict[str, bool] = field(default_factory=lambda: {"ge": False, "us": False})
    oba_support: dict[str, list[str]] = field(default_factory=lambda: {"ge": [], "us": []})
    bridges_down: list[str] = field(default_factory=list)
    fuel_depot: str = "held"  # "held" (in Stavelot, not yet taken), "captured", "destroyed"
    depot_owed: bool = False  # a German unit occupied Stavelot when no card was left: the draw is owed
    exited: list[str] = field(default_factory=list)
    actions: int = 0


CODEC = StateCodec(PeiperState)
