"""Panzer Leader (Avalon Hill) as run online by a gamemaster: Umpire resolves and narrates."""

from .rules import RULES, PanzerLeader

__all__ = ["RULES", "PanzerLeader"]
