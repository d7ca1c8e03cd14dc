"""What the service hands out and what its log holds, below every part of the service.

``Seat``, ``GameInfo`` and ``Outcome`` (what callers get back), the kinds of log entry, events as the
log stores them, and the seed's published commitment. Every other module of the service imports these
from here, so none of them needs the facade (``service.GameService``) and no import runs in a circle.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.events import Event
from engine.game import Action
from engine.rng import seed_hash

SNAPSHOT_EVERY = 20  # a snapshot of the state every this many entries: rebuilds stay short
BOT = "bot"  # the actor of a bot seat's orders
STATE_KINDS = ("action", "gm", "reroll")  # entries that change the state when replayed
RULING_KINDS = ("gm", "revert", "reroll", "rewind", "seat", "deadline")  # what /gm rulings lists


class BrokenInvariant(Exception):
    """An order left the game's invariants broken: Umpire's fault (an internal fault), never stored."""


@dataclass
class Seat:
    kind: str = "human"  # human | bot
    user_id: str | None = None
    user_name: str = ""
    level: str = "normal"
    notify: str = "channel"


@dataclass
class Outcome:
    """What one accepted entry did."""

    game_id: int
    seq: int
    version: int
    side: str | None
    action: Action | None
    events: list[Event]
    reason: str = ""
    to_act: str | None = None
    over: bool = False
    winner: str | None = None
    repeated: bool = False  # a second delivery of an interaction: this is the entry it made the first time

    @property
    def phase_ended(self) -> bool:
        return any(e.phase_end for e in self.events)


@dataclass
class GameInfo:
    id: int
    game: str
    scenario: str
    title: str
    version: int
    status: str
    winner: str | None
    seats: dict[str, Seat]
    guild_id: str | None
    channel_id: str | None
    to_act: str | None
    status_line: str
    seed_hash: str
    deadline_hours: float | None = None
    options: dict[str, Any] = field(default_factory=dict)
    last_action_at: datetime | None = None
    owner_id: str | None = None  # who opened the game (in a DM game, its only GM)


def commitment(seed: int, salt: str | None) -> str:
    """The published hash of a seed: salted (a chosen small seed cannot be found from it); games made
    before salts existed keep the unsalted ``seed_hash``."""
    if not salt:
        return seed_hash(seed)
    return hashlib.sha256(f"umpire-seed:{salt}:{seed}".encode()).hexdigest()


def event_dict(e: Event) -> dict[str, Any]:
    """An event as a log entry stores it (``phases.CLOSES`` matches this text in SQL)."""
    d = {"kind": e.kind, "text": e.text, "rule": e.rule, "side": e.side, "data": e.data,
         "random": e.random, "phase_end": e.phase_end}
    if e.only:
        d.update(only=e.only, until=e.until)
    return d


def event_from_dict(d: dict[str, Any]) -> Event:
    return Event(d["kind"], d["text"], d.get("rule", ""), d.get("side", ""), d.get("data", {}),
                 d.get("random", False), d.get("phase_end", False), d.get("only", ""), d.get("until", ""))
