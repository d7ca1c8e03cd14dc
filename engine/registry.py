"""The games Umpire knows, by key. Each game package exposes ``RULES``.

The games Umpire ships are found, not listed: every package under engine/games is one, keyed by its
folder name. ``register`` adds a game whose package lives elsewhere (a test's throwaway game, a game
kept apart); it is known from then on, as the three are, to everything that asks the registry (the
service, the table, the CLI's menus, the board). The Discord bot reads the games when it starts: a game
registered after that gets its slash commands at the next start.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from pathlib import Path

from engine import maps
from engine.errors import NotFound
from engine.game import GameRules

KEY = re.compile(r"[a-z][a-z0-9_]{0,31}")  # a key is a slash-command group's name and a map key's game


def _discover() -> dict[str, str]:
    """Every package under engine/games is a game, keyed by its folder name (each exposes ``RULES``)."""
    import engine.games

    found = sorted(m.name for m in pkgutil.iter_modules(engine.games.__path__) if m.ispkg)
    return {name: f"engine.games.{name}" for name in found}


GAME_PACKAGES = _discover()
_REGISTERED: set[str] = set()  # the keys ``register`` added (only these may be unregistered)


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


def register(key: str, package: str) -> GameRules:
    """Add the game in ``package`` (an importable package exposing ``RULES`` whose ``key`` is ``key``,
    its data files in the package's ``data`` folder) under ``key``; its rules are returned.

    The package is imported now, so a game that does not load is refused here rather than at its first
    game. A key must be a lowercase word (``KEY``) not taken already: a shipped game is never replaced.
    """
    if not isinstance(key, str) or not KEY.fullmatch(key):
        raise ValueError(f"A game's key is a lowercase word of at most 32 letters, digits or _, not {key!r:.40}")
    if key in GAME_PACKAGES:
        raise ValueError(f"The game key '{key}' is taken by {GAME_PACKAGES[key]}")
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"{package!r:.80} is not an importable package")
    rules: GameRules = importlib.import_module(package).RULES
    if rules.key != key:
        raise ValueError(f"{package} is the game '{rules.key}', not '{key}'")
    GAME_PACKAGES[key] = package
    _REGISTERED.add(key)
    maps.add_data_dir(key, Path(next(iter(spec.submodule_search_locations))) / "data")
    return rules


def unregister(key: str) -> None:
    """Forget a game ``register`` added (a test's, when it is done); the shipped games stay."""
    if key not in _REGISTERED:
        raise ValueError(f"'{key}' was not registered (only registered games can be forgotten)")
    _REGISTERED.discard(key)
    del GAME_PACKAGES[key]
    maps.drop_data_dir(key)


def title(key: str) -> str:
    """A game's title, from the game itself."""
    return get(key).title
