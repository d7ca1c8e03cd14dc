"""What the cogs need of the bot that hosts them, declared here so that they import nothing from ``bot``.

``Host`` is the discord.py bot as the cogs see it: the service and settings, the per-game locks, the
bounded pools (heavy reads, drawing, autocomplete), the rates and the live board. ``bot.discord_app``'s
``UmpireBot`` is a ``Host`` and gives each of these its body; the cogs type against ``Host`` and get the
running bot from the interaction (``cogs.replies.bot_of``). ``Busy`` and ``outcome_of`` live here for the
same reason: the cogs raise and read them, the bot re-exports them.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, TypeVar

from discord import app_commands
from discord.ext import commands

from engine.errors import UmpireError

if TYPE_CHECKING:
    from engine.service import GameService
    from engine.service.server_settings import ServerSettingsStore

R = TypeVar("R")


class Busy(UmpireError):
    """A bounded queue is full: the request is refused, not queued without end."""


def outcome_of(error: BaseException | None) -> str:
    """ok, refused (the player's mistake or the rules' refusal, a failed check) or fault (Umpire's)."""
    if error is None:
        return "ok"
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, UmpireError | app_commands.CheckFailure):
        return "refused"
    return "fault"


class Host(commands.AutoShardedBot):
    """The bot as the cogs use it (``bot.discord_app.UmpireBot`` fills it in)."""

    service: GameService
    settings: Any  # engine.service.settings.Settings
    server_settings: ServerSettingsStore
    locks: Any  # one asyncio.Lock per game (bot.discord_app.GameLocks)
    observer: Any  # the command log and metrics (bot.observe.Observer)
    cooldowns: dict[tuple[int, str], float]
    map_rate: Any  # the maps an order or ruling posts, per giver (a token bucket)
    late_maps: Any  # the maps held back by map_rate, posted as it allows (cogs.late_maps.LateMaps)
    board: Any  # the live board's server (bot.board), or None
    board_port: int
    stopping: bool

    async def heavy(self, function: Callable[..., R], *args: Any) -> R:
        """A heavy read on its own threads, refused with ``Busy`` when their queue is full."""
        raise NotImplementedError

    def heavy_slot(self) -> AbstractAsyncContextManager[None]:
        raise NotImplementedError

    def answer_slot(self) -> AbstractAsyncContextManager[None]:
        raise NotImplementedError

    async def on_heavy(self, function: Callable[..., R], *args: Any) -> R:
        raise NotImplementedError

    async def draw(self, function: Callable[..., R], *args: Any) -> R:
        """A drawing function on the render threads."""
        raise NotImplementedError

    async def complete(self, user_id: int, function: Callable[..., R], *args: Any) -> R | None:
        """An autocomplete's work on its own threads (None: answer nothing)."""
        raise NotImplementedError
