"""Helpers for the SAF tests: a bench state emptied of units, and scripted dice, cards and chits.

Dice are forced by replacing the state's Rng with ``Scripted`` (a test-only subclass): queued
values come out first, then it falls back to the seeded generator. Cards are forced by putting the
wanted card on top of the state's deck. Nothing here touches production code paths.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.events import Event
from engine.game import Action
from engine.games.saf import RULES
from engine.games.saf.state import SafState, Unit
from engine.games.saf.table import Table
from engine.rng import Rng


class Scripted(Rng):
    def __init__(self) -> None:
        super().__init__(12345)
        self.dice_q: list[int] = []
        self.picks: list[int] = []

    def die(self, sides: int = 6) -> int:
        if self.dice_q:
            return self.dice_q.pop(0)
        return Rng.below(self, sides) + 1  # not self.below: keep scripted picks for chits

    def below(self, n: int) -> int:
        if self.picks:
            v = self.picks.pop(0)
            assert 0 <= v < n, f"scripted pick {v} out of range {n}"
            return v
        return super().below(n)


class Bench:
    """A state of the given scenario with every unit removed; add the units a test needs."""

    def __init__(self, scenario: str = "1") -> None:
        self.s: SafState = RULES.new_state(scenario, 7, {})
        self.s.units = {}
        self.s.next_id = {}
        self.s.phase = "orders"
        self.s.dice = []
        self.rng = Scripted()
        self.s.rng = self.rng

    @property
    def t(self) -> Table:
        """A table for one step of a test, handed its own collector (as an order's perform hands one)."""
        return Table(self.s, [])

    def add(self, kind: str, hex: str, number: int = 0, **kw: Any) -> Unit:
        return self.t.new_unit(kind, number, hex=hex, **kw)

    def lt(self, unit: Unit) -> Unit:
        return self.t.new_unit("us_lt", hex=unit.hex, attached_to=unit.id)

    def dice(self, *values: int) -> None:
        self.rng.dice_q.extend(values)

    def cover(self, clear: str = "none", cover: str = "hard") -> None:
        """Put a cover card with these entries on top of the cover deck (6.3.4)."""
        t = self.t
        idx = next(i for i, c in enumerate(t.d.cover) if c.clear == clear and c.cover == cover)
        self.s.cover_deck.draw_pile.append(str(idx))

    def action(self, name: str) -> None:
        idx = next(i for i, c in enumerate(self.t.d.actions) if c.name == name)
        self.s.action_deck.draw_pile.append(str(idx))

    def chit(self, cup: str, result: str, morale: int | None = None) -> None:
        """Queue the draw of a chit with this result (and morale value) from a cup."""
        entries = getattr(self.t.d.chits, cup)
        chits = [e for e in entries for _ in range(e.count)]
        idx = next(i for i, c in enumerate(chits)
                   if c.result == result and (morale is None or getattr(c, "morale", 0) == morale))
        self.rng.picks.append(idx)

    def order(self, **args: Any) -> list[Event]:
        return RULES.apply(self.s, "us", Action("order", args))

    def act(self, kind: str, **args: Any) -> list[Event]:
        """An American order; ``end`` also plays the German turn's steps (the German side's entries)."""
        events = RULES.apply(self.s, "us", Action(kind, args))
        return events + (german_steps(self.s) if kind == "end" else [])


def german_steps(s: SafState) -> list[Event]:
    """Play the German turn's steps (5.0 B) as the service does: one entry of the German side each."""
    events: list[Event] = []
    while RULES.to_act(s) == "ge":
        events += RULES.apply(s, "ge", Action("german"))
    return events


def text(events: list[Event]) -> str:
    return "\n".join(e.line() for e in events)


@pytest.fixture
def bench() -> Bench:
    return Bench()


@pytest.fixture
def make_bench() -> type[Bench]:
    """The Bench class, for tests that need a scenario other than 1."""
    return Bench


@pytest.fixture
def say() -> Any:
    return text
