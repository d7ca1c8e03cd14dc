"""Waste counters shared by the games' tallies (issue 30): which units stood on the map, moved, fired.

A game's tally (``engine/games/<game>/ai_waste.py``: ``tally(rules)`` with ``see(state, side, action)``
before each order, ``seen(state, events)`` after it, ``figures(state)`` at the end and a ``result``
that selfplay fills) counts its own orders; this holds the unit bookkeeping they share.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class UnitUse:
    """Units seen on the map, and those that moved or fired, by id (each unit has one side)."""

    on_map: dict[str, str] = field(default_factory=dict)  # unit -> side
    moved: set[str] = field(default_factory=set)
    fired: set[str] = field(default_factory=set)

    def seen_on_map(self, units: Iterable[tuple[str, str]]) -> None:
        for uid, side in units:
            self.on_map.setdefault(uid, side)

    def counts(self, side: str, gone: set[str] | None = None) -> dict[str, int]:
        """The side's units that never moved, never fired, and did neither (``gone``: not counted)."""
        mine = [u for u, s in self.on_map.items() if s == side and u not in (gone or set())]
        return {"units_never_moved": sum(1 for u in mine if u not in self.moved),
                "units_never_fired": sum(1 for u in mine if u not in self.fired),
                "units_never_fired_nor_moved": sum(1 for u in mine if u not in self.moved and u not in self.fired)}
