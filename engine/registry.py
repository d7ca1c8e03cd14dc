"""The games Umpire knows, by key. Each game package exposes ``RULES``."""

from __future__ import annotations

import importlib

from engine.errors import NotFound
from engine.game import GameRules

GAME_PACKAGES = {
    "peiper": "engine.games.peiper",
    "saf": "engine.games.saf",
    "pl": "engine.games.pl",
}
GAME_TITLES = {
    "peiper": "Just a Peiper Dream?",
    "saf": "Scream, Aim, Fire!",
    "pl": "Panzer Leader",
}


def available() -> list[str]:
    """Keys of the games whose package is present and loads."""
    keys = []
    for key in GAME_PACKAGES:
        try:
            get(key)
        except NotFound:
            continue
        keys.append(key)
    return keys


def get(key: str) -> GameRules:
    key = key.strip().lower()
    if key not in GAME_PACKAGES:
        raise NotFound(f"Unknown game '{key}': choose one of {', '.join(GAME_PACKAGES)}")
    try:
        module = importlib.import_module(GAME_PACKAGES[key])
    except ModuleNotFoundError as exc:
        if exc.name and GAME_PACKAGES[key].startswith(exc.name):
            raise NotFound(f"{GAME_TITLES[key]} is not playable yet") from None
        raise
    rules: GameRules = module.RULES
    return rules
