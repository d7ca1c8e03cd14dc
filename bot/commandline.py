"""Typed slash commands at the local table: ``engine.orderline`` reads them; the table's own words
(``/help``, ``/odds``...) are slash-prefixed only, so every game order word (exit, help...) works bare."""

from __future__ import annotations

from engine import orderline
from engine.orderline import GROUPS, Typed, to_action, usage

TABLE_COMMANDS = ("help", "status", "log", "undo", "map", "quit", "seed", "gm", "rules", "export", "odds")


def parse(line: str, default_group: str) -> Typed:
    return orderline.parse(line, default_group, TABLE_COMMANDS)


__all__ = ["GROUPS", "TABLE_COMMANDS", "Typed", "parse", "to_action", "usage"]
