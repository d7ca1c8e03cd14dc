"""The bot keeps its shard lock, or stops taking orders (issue 25).

On Postgres the lock lives on one database session (engine/service/shard_lock.py). When Postgres
restarts or the session is ended, the lock is gone while the bot runs on; a second bot for the same
guilds could then start, and one ``/help`` drew three to five answers. So the holder checks:

- every CHECK_SECONDS (a watchdog task), and before it takes an interaction unless the lock was seen
  held within the last FRESH_SECONDS: one query on the lock's own connection;
- the moment the check fails, every interaction is answered "Umpire is restarting" (ephemeral) and
  none reaches a command; the reason is logged as an ERROR;
- it then tries to take the lock again (RETAKE_ATTEMPTS times, RETAKE_SECONDS apart: a restarting
  Postgres needs a few seconds). Re-taken: a WARNING says so and orders are taken again. Another
  process holds the guilds now, or the database does not come back: the bot says why and exits (2).

The guard sits in front of discord.py's INTERACTION_CREATE parser, so slash commands, buttons and
modals all pass it; nothing else in the bot needs to know.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.service.shard_lock import ShardLock, ShardLockHeld

if TYPE_CHECKING:
    from cogs.host import Host

log = logging.getLogger("umpire.discord")
CHECK_SECONDS = 5.0
FRESH_SECONDS = 0.5
VERIFY_TIMEOUT = 5.0
RETAKE_ATTEMPTS = 12
RETAKE_SECONDS = 2.5
RESTARTING = "Umpire is restarting: nothing was done. Ask again in a minute."


class ShardGuard:
    def __init__(self, bot: Host, locks: list[ShardLock], *, every: float = CHECK_SECONDS,
                 fresh: float = FRESH_SECONDS, attempts: int = RETAKE_ATTEMPTS, pause: float = RETAKE_SECONDS,
                 answer: Callable[[Any], None] | None = None) -> None:
        self.bot = bot
        self.locks = locks
        self.every, self.fresh, self.attempts, self.pause = every, fresh, attempts, pause
        self.answer = answer or self._answer_restarting  # what a refused interaction is told
        self.lost: str | None = None
        self.refused = 0
        self._seen_held = time.monotonic()
        self._original: Callable[[Any], None] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._recovering: asyncio.Task[None] | None = None

    def install(self) -> None:
        parsers = self.bot._connection.parsers
        self._original = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self._parse
        self._tasks.append(asyncio.get_running_loop().create_task(self._watch(), name="umpire-shard-guard"))

    def stop(self) -> None:
        for task in self._tasks + ([self._recovering] if self._recovering else []):
            task.cancel()
        self._tasks = []

    # --- the order path -------------------------------------------------------------------------
    def _parse(self, data: Any) -> None:
        assert self._original is not None
        if self.lost is not None:
            self._refuse(data)
        elif time.monotonic() - self._seen_held < self.fresh:
            self._original(data)
        else:
            asyncio.get_running_loop().create_task(self._checked(data), name="umpire-shard-check")

    async def _checked(self, data: Any) -> None:
        assert self._original is not None
        reason = self.lost or await self.verify()
        if reason is None:
            self._original(data)
            return
        self.lose(reason)
        self._refuse(data)

    def _refuse(self, data: Any) -> None:
        self.refused += 1
        self.answer(data)

    def _answer_restarting(self, data: Any) -> None:
        import discord

        interaction = discord.Interaction(data=data, state=self.bot._connection)

        async def answer() -> None:
            try:
                if interaction.type is discord.InteractionType.autocomplete:
                    await interaction.response.autocomplete([])
                else:
                    await interaction.response.send_message(RESTARTING, ephemeral=True)
            except discord.HTTPException:
                log.warning("could not tell a user Umpire is restarting", exc_info=True)

        asyncio.get_running_loop().create_task(answer(), name="umpire-restarting")

    # --- checking and re-taking -----------------------------------------------------------------
    async def verify(self) -> str | None:
        for lock in self.locks:
            try:
                reason = await asyncio.wait_for(asyncio.to_thread(lock.verify), VERIFY_TIMEOUT)
            except TimeoutError:
                reason = f"the database did not answer the shard lock's check within {VERIFY_TIMEOUT:.0f} s"
            if reason is not None:
                return reason
        self._seen_held = time.monotonic()
        return None

    def lose(self, reason: str) -> None:
        if self.lost is not None:
            return
        self.lost = reason
        log.error("shard lock lost: %s; answering 'restarting' to every command until it is re-taken", reason,
                  extra={"fields": {"event": "shard_lock_lost", "reason": reason}})
        self._recovering = asyncio.get_running_loop().create_task(self._recover(), name="umpire-shard-retake")

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            if self.lost is None:
                reason = await self.verify()
                if reason is not None:
                    self.lose(reason)

    async def _recover(self) -> None:
        why = self.lost or "lost"
        for attempt in range(1, self.attempts + 1):
            await asyncio.sleep(self.pause)
            try:
                for lock in self.locks:
                    await asyncio.to_thread(lock.reacquire)
            except ShardLockHeld as exc:
                await self._exit(f"shard lock lost ({why}) and another process took these guilds meanwhile: "
                                 f"{exc.message}")
                return
            except Exception as exc:  # noqa: BLE001  (the database is not back yet: try again)
                log.warning("re-taking the shard lock, attempt %d of %d: %s", attempt, self.attempts,
                            (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200])
                continue
            self.lost = None
            self._seen_held = time.monotonic()
            log.warning("shard lock re-taken after it was lost (%s): taking orders again", why,
                        extra={"fields": {"event": "shard_lock_retaken"}})
            return
        await self._exit(f"shard lock lost ({why}) and not re-taken in {self.attempts} attempts: exiting")

    async def _exit(self, reason: str) -> None:
        log.error("%s", reason, extra={"fields": {"event": "shard_lock_exit"}})
        self.bot.exit_reason = reason
        await self.bot.shutdown(reason)
