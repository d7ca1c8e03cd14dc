"""Test helpers (not a test module): builders for Panzer Leader positions: an empty board with chosen units, and rigged dice."""

from __future__ import annotations

from typing import Any

from engine.games.pl import RULES
from engine.games.pl.state import PlState, Unit
from engine.rng import Rng


def rig(state: PlState, dice: list[int]) -> None:
    """Set the game's RNG so that its next rolls are exactly these dice."""
    k = 0
    while Rng(k).dice(len(dice)) != dice:
        k += 1
    state.rng = Rng(k)


def build(units: list[tuple[str, str, str]], side: str = "us", phase: str = "combat", turn: int = 1,
          options: dict[str, Any] | None = None, board: str = "") -> PlState:
    """A state on a board (the first board unless named: "utah_beach") with only the given (id, type, hex) units."""
    from engine.games.pl.board import utype

    state = RULES.new_state("utah", 7, options or {})
    state.board = board
    state.units = {}
    for uid, utype_key, label in units:
        u = Unit(uid, utype_key, "us" if utype_key.startswith(("us_", "m")) else "ge", hex=label)
        state.units[uid] = u
    for u in state.units.values():
        u.side = utype(u).side
        u.mp_left = float(utype(u).movement)
    state.mines = {}
    state.blocks = []
    state.side = side
    state.phase = phase
    state.turn = turn
    return state
