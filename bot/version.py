"""Which Umpire is running: ``umpire --version``, the bot's first log line, ``/healthz`` and the
``umpire_build_info`` metric all read ``build_info()``."""

from __future__ import annotations

import platform
from functools import lru_cache
from importlib import metadata


@lru_cache(maxsize=1)
def version() -> str:
    """The installed package's version (the wheel's, or the checkout's editable install)."""
    try:
        return metadata.version("umpire")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def build_info() -> dict[str, str]:
    import discord

    return {"version": version(), "python": platform.python_version(), "discord_py": discord.__version__}
