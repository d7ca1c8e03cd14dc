"""The games Umpire knows, by key. Each game package exposes ``RULES``."""

from __future__ import annotations

import importlib
import pkgutil

from engine.errors import NotFound
from engine.game import GameRules


def _discover() -> dict[str, str]:
    """Every package under engine/games is a game, keyed by its folder name (each exposes ``RULES``)."""
    import engine.games

    found = sorted(m.name for m in pkgutil.iter_modules(engine.games.__path__) if m.ispkg)
    return {name: f"engine.games.{name}" for name in found}


GAME_PACKAGES = _discover()


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
            raise NotFound(f"The game '{key}' is not playable yet") from None
        raise
    rules: GameRules = module.RULES
    return rules


def title(key: str) -> str:
    """A game's title, from the game itself."""
    return get(key).title
