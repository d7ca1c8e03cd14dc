"""The bot's settings: the one ``Settings`` of every command, the bot and the service (engine/service/settings.py)."""

from engine.service.settings import (
    DEFAULT_HEAVY_WORKERS,
    DEFAULT_RENDER_WORKERS,
    DEFAULT_WORKERS,
    Settings,
    load_settings,
)

__all__ = ["DEFAULT_HEAVY_WORKERS", "DEFAULT_RENDER_WORKERS", "DEFAULT_WORKERS", "Settings", "load_settings"]
