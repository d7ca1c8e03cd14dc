"""Panzer Leader's odds (engine.odds): a fire group or a close assault is resolved when the phase ends, so
its odds are those of the phase's end right after it (the group's odds column and the CRT by die)."""

from __future__ import annotations

from typing import Any

from engine.game import Action

RESOLVED_AT_PHASE_END = ("fire", "assault")


def follow(state: Any, side: str, action: Action) -> tuple[str, Action] | None:
    return (side, Action("end")) if action.kind in RESOLVED_AT_PHASE_END else None
