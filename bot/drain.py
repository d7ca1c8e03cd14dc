"""Stopping under load without losing an answer, and announcing at start what a stop left unsaid.

When SIGTERM (or SIGINT) arrives the bot drains (``Drain.run``):

1. It takes no new work: every interaction that arrives from then on is answered at once, privately,
   "Umpire is restarting: try again in a moment" (nothing is applied); autocomplete gets no choices.
2. The answers in flight finish (their replies, the bots' moves, the maps, the next player's notice),
   and the background pass finishes its round, for up to UMPIRE_SHUTDOWN_GRACE seconds.
3. An answer still running when the grace ends is cancelled, and its game is recorded in the data
   folder (``unannounced-<shards>.json``, mode 0600): its order may have been applied without the
   notice being posted. The next start posts, for each recorded game, where it stands (the map now,
   the bots' moves still due, the next player's notice with its buttons), then forgets the record.

The record lives in a file, not a table: it is one process's (one set of shards') note to itself,
read once at its next start; the data folder persists across restarts in every deployment
(systemd's StateDirectory, the compose volume).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord

from engine.errors import UmpireError

if TYPE_CHECKING:
    from cogs.host import Host

log = logging.getLogger("umpire.discord")

RESTARTING = "Umpire is restarting: try again in a moment."
REFUSAL_WAIT = 5.0  # seconds the refusals sent while stopping may take to reach Discord
CANCEL_WAIT = 5.0  # seconds the cancelled answers get to unwind (their locks released)
MAX_RECORDED = 10_000  # a record file larger than this many games is not read (a bound, not a use)


class Outbox:
    """The games whose last answer may not have been announced: a small JSON file, written atomically."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> list[int]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            log.warning("the record of unannounced games %s cannot be read (%s): ignored", self.path.name, exc)
            return []
        games = data.get("games") if isinstance(data, dict) else None
        if not isinstance(games, list):
            return []
        return [int(g) for g in games[:MAX_RECORDED] if type(g) is int and g > 0]

    def write(self, games: list[int]) -> None:
        if not games:
            self.path.unlink(missing_ok=True)
            return
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = self.path.with_name(self.path.name + ".part")
        body = json.dumps({"games": sorted(set(games)), "at": datetime.now(UTC).isoformat(timespec="seconds")})
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(body)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, self.path)

    def add(self, games: list[int]) -> None:
        self.write(self.read() + games)

    def remove(self, game_id: int) -> None:
        self.write([g for g in self.read() if g != game_id])


def outbox_for(bot: Host) -> Outbox:
    from engine.service.database import shard_lock_names

    names = shard_lock_names(bot.settings.shard_ids, bot.settings.umpire_shard_count)
    return Outbox(bot.settings.data_dir / f"unannounced-{'+'.join(names)}.json")


class Drain:
    """The bot's stop: refuse new interactions, finish the ones in flight, record what did not finish."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.outbox = outbox_for(bot)
        self.refusals: set[asyncio.Task[None]] = set()
        self.refused = 0
        self.recorded: list[int] = []

    # --- the gate -----------------------------------------------------------------------------------
    def install(self) -> None:
        """Every INTERACTION_CREATE passes here first: while stopping it is answered, not dispatched."""
        parsers: dict[str, Callable[[Any], None]] = self.bot._connection.parsers
        original = parsers["INTERACTION_CREATE"]

        def interaction_create(data: Any) -> None:
            if not self.bot.stopping:
                original(data)
                return
            task = asyncio.get_running_loop().create_task(self._refuse(data), name="umpire-refuse-restarting")
            self.refusals.add(task)
            task.add_done_callback(self.refusals.discard)

        parsers["INTERACTION_CREATE"] = interaction_create

    async def _refuse(self, data: Any) -> None:
        self.refused += 1
        try:
            interaction: discord.Interaction[Any] = discord.Interaction(data=data, state=self.bot._connection)
            if interaction.type is discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            elif interaction.type is not discord.InteractionType.ping:
                await interaction.response.send_message(RESTARTING, ephemeral=True)
        except Exception as exc:  # noqa: BLE001  (a refusal that cannot be sent is only logged)
            log.warning("could not answer an interaction while stopping: %s", exc)
            return
        log.info("interaction refused while stopping", extra={"fields": {"event": "refused_stopping",
                                                                          "kind": str(data.get("type"))}})

    # --- the stop -----------------------------------------------------------------------------------
    def _pending(self) -> list[asyncio.Task[Any]]:
        tasks = self.bot.in_flight()
        for loop in self._loops():
            task = loop.get_task()
            if task is not None and not task.done():
                tasks.append(task)
        return tasks

    def _loops(self) -> list[Any]:
        from discord.ext import tasks

        return [value for cog in self.bot.cogs.values() for value in vars(cog).values()
                if isinstance(value, tasks.Loop)]

    async def run(self, reason: str) -> None:
        """Steps 2 and 3 (the gate is already closed: ``bot.stopping``). Returns when nothing runs."""
        loop = asyncio.get_running_loop()
        for background in self._loops():
            background.stop()  # its current round finishes; no new round starts
        grace = self.bot.settings.umpire_shutdown_grace
        pending = self._pending()
        log.info("%s: %d answers in flight", reason, len(pending),
                 extra={"fields": {"event": "shutdown", "in_flight": len(pending)}})
        end = loop.time() + grace
        while pending:
            left = end - loop.time()
            if left <= 0:
                break
            await asyncio.wait(pending, timeout=left)
            pending = self._pending()
        if pending:
            held = self.bot.locks.held()
            self.recorded = held
            if held:
                await asyncio.to_thread(self.outbox.add, held)
            log.warning("%d answers still in flight after %.0f s: cancelled; games %s recorded, announced at the "
                        "next start", len(pending), grace, held or "none",
                        extra={"fields": {"event": "shutdown_cut", "in_flight": len(pending), "games": held}})
            for task in pending:
                task.cancel()
            await asyncio.wait(pending, timeout=CANCEL_WAIT)
        if self.refusals:
            await asyncio.wait(set(self.refusals), timeout=REFUSAL_WAIT)
        log.info("drained: %d interactions refused while stopping", self.refused,
                 extra={"fields": {"event": "drained", "refused": self.refused, "recorded": len(self.recorded)}})

    # --- the next start -----------------------------------------------------------------------------
    async def announce_recorded(self) -> int:
        """Post where each recorded game stands; returns how many were announced."""
        from cogs.play import advance
        from cogs.replies import post

        games = await asyncio.to_thread(self.outbox.read)
        done = 0
        for game_id in games:
            if self.bot.stopping:
                break
            try:
                async with self.bot.locks(game_id):
                    info = await asyncio.to_thread(self.bot.service.info, game_id)
                    await post(self.bot, info, f"Umpire restarted before it had announced everything of game "
                               f"#{game_id}: here is where it stands.")
                    await advance(self.bot, game_id, [], force_map=True)
                done += 1
            except (UmpireError, discord.NotFound, discord.Forbidden) as exc:  # the game or its thread is gone
                log.warning("game %s cannot be announced after the restart (%s): forgotten", game_id, exc)
            except Exception:  # noqa: BLE001  (Discord or the database failing now: kept for the next start)
                log.exception("announcing game %s after the restart failed: kept for the next start", game_id)
                continue
            await asyncio.to_thread(self.outbox.remove, game_id)
        if games:
            log.info("announced %d games a stop had left unannounced", done,
                     extra={"fields": {"event": "announced_recorded", "games": done}})
        return done

