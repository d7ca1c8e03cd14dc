"""Logging in to Discord when Discord (or the network) is not there yet: retried with back-off.

A connection refused, a DNS failure, a timeout or a 5xx from Discord at start is retried
UMPIRE_DISCORD_RETRIES times, waiting 1, 2, 4 ... seconds (at most UMPIRE_DISCORD_RETRY_MAX_SECONDS,
with a little jitter so shard processes do not knock together), each attempt logged; then the bot
stops with one line and exit 1 (systemd's Restart= tries again later). A refused token is not
retried (exit 2: it will not get better by itself). Once connected, discord.py reconnects by itself.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

import aiohttp
import discord

from engine.errors import UmpireError

if TYPE_CHECKING:
    from cogs.host import Host

log = logging.getLogger("umpire.discord")
TRANSIENT = (OSError, aiohttp.ClientError, asyncio.TimeoutError, discord.DiscordServerError)


class DiscordUnreachable(UmpireError):
    """Discord could not be reached after every retry."""


def delays(retries: int, cap: float) -> list[float]:
    """The waits between ``retries`` attempts: doubling from 1 s, capped (without jitter)."""
    return [min(2.0 ** n, cap) for n in range(max(retries - 1, 0))]


async def login_with_retry(bot: Host, token: str) -> None:
    settings = bot.settings
    waits = delays(settings.umpire_discord_retries, settings.umpire_discord_retry_max_seconds)
    for attempt in range(1, settings.umpire_discord_retries + 1):
        try:
            await bot.login(token)
            if attempt > 1:
                log.info("logged in to Discord at attempt %d", attempt)
            return
        except discord.LoginFailure:
            raise
        except TRANSIENT as exc:
            reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
            await bot.http.close()  # the attempt's HTTP session and its connector; the next opens new ones
            bot.http.connector = discord.utils.MISSING
            if attempt > len(waits) or bot.stopping:
                raise DiscordUnreachable(f"Discord could not be reached after {attempt} attempts: {reason}") from None
            wait = waits[attempt - 1] * random.uniform(1.0, 1.2)  # noqa: S311  (jitter, not a secret)
            log.warning("Discord unreachable (%s): attempt %d of %d, again in %.1f s", reason, attempt,
                        settings.umpire_discord_retries, wait,
                        extra={"fields": {"event": "discord_retry", "attempt": attempt, "wait_s": round(wait, 2)}})
            await asyncio.sleep(wait)


async def start(bot: Host, token: str) -> None:
    """``Client.start`` with the login retried."""
    await login_with_retry(bot, token)
    await bot.connect(reconnect=True)
