"""The background task: reminders for idle players and the standing order when a deadline runs out.

Every few minutes (UMPIRE_CHECK_MINUTES) it asks the database for the active games of this process's
shards that are idle or have a deadline (``engine.service.background.due_games``: filtered in SQL,
indexed, no state read). A human who has left a decision for UMPIRE_REMINDER_HOURS is reminded once
per decision (a server may set its own hours: /settings set reminder); the reminder is remembered in
the database, so a restart does not send it again.
It also forgets the players of servers the bot left UMPIRE_LEFT_GUILD_DAYS ago (PRIVACY.md). When a game has a
deadline (/game deadline) and it runs out, the standing order is given for the side (see
``standing_order``) and logged with the reason "deadline".
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from discord.ext import commands, tasks

from engine import registry
from engine.errors import UmpireError
from engine.game import Action, GameRules
from engine.service import GameInfo, GameService
from engine.service import flow as play_flow
from engine.service.background import due_games, mark_reminded
from engine.service.flow import heading, side_name, turn_of
from engine.service.privacy import expire_departures

from .play import notify_turn, show
from .replies import post
from .words import code, esc, event_text

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("umpire.discord")

def standing_order(rules: GameRules, state: Any, side: str) -> tuple[Action, str]:
    legal = rules.legal_actions(state, side)
    # The game's standing orders (rules.standing_orders), in its order of preference; else the bot decides.
    for kind in rules.standing_orders:
        for a in legal:
            if a.kind == kind and not a.args:
                return a, f"the standing order '{kind}'"
    if len(legal) == 1:
        return legal[0], "the only order the rules allow"
    action, why = rules.bot_action(state, side, rules.default_level)
    return action, f"the bot's choice ({why})"


def idle_hours(service: GameService, game_id: int, now: datetime) -> float:
    last = service.info(game_id).last_action_at
    if last is None:
        return 0.0
    if last.tzinfo is None:  # SQLite drops the zone; the service writes UTC
        last = last.replace(tzinfo=UTC)
    return (now - last).total_seconds() / 3600


class Notices(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.loop = tasks.loop(minutes=bot.settings.umpire_check_minutes)(self._tick)

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _tick(self) -> None:
        await self.bot.wait_until_ready()
        try:  # counted and timed; failing for longer than its interval turns /healthz red (bot/observe.py)
            async with self.bot.observer.background_pass("notices", self.bot.settings.umpire_check_minutes * 60):
                await self.check_games()
        except Exception:  # one bad game must not stop the task
            log.exception("checking idle games failed")

    def handles(self, info: GameInfo) -> bool:
        """Whether this process's shards hold the game's guild (DM games: the process with shard 0)."""
        count = self.bot.shard_count or 1
        mine = self.bot.shard_ids if self.bot.shard_ids is not None else list(range(count))
        shard = (int(info.guild_id) >> 22) % count if info.guild_id else 0
        return shard in mine

    async def check_games(self, now: datetime | None = None) -> None:
        now = now or datetime.now(UTC)
        service, settings = self.bot.service, self.bot.settings
        count = self.bot.shard_count or 1
        # the shortest reminder time of any server: each game is then held to its own server's (check_game).
        # Each step stands alone: one that fails is logged and the pass goes on (one bad row harms one server)
        try:
            soonest = await asyncio.to_thread(self.bot.server_settings.shortest_reminder)
        except Exception:
            log.exception("reading the servers' reminder hours failed: the default applies this pass")
            soonest = float(settings.umpire_reminder_hours)
        try:
            due = await asyncio.to_thread(due_games, service.engine, soonest, count, self.bot.shard_ids, now)
        except Exception:
            log.exception("finding the games due a reminder or a deadline failed: none this pass")
            due = []
        for game in due:
            try:  # one game that fails (its options, its deleted thread) must not stop the others
                await self.check_game(game, now)
            except Exception:
                log.exception("checking game %s failed: the other games go on", game.game_id)
        try:
            forgotten = await asyncio.to_thread(expire_departures, service.engine, settings.umpire_left_guild_days,
                                                now)
        except Exception:
            log.exception("the retention rule's pass failed: it runs again next pass")
            forgotten = []
        for guild in forgotten:
            log.info("forgot the players of server %s (left %g days ago or more)", guild,
                     settings.umpire_left_guild_days)

    async def check_game(self, game: Any, now: datetime) -> None:
        service = self.bot.service
        idle = game.idle_hours(now)
        deadline = game.deadline_hours is not None and idle >= game.deadline_hours
        hours = (await asyncio.to_thread(self.bot.server_settings.get, game.guild_id)).reminder_hours
        remind = idle >= hours and game.reminded_version != game.version
        if not (deadline or remind):
            return
        info = await asyncio.to_thread(service.info, game.game_id)
        side = info.to_act
        if side is None:
            return
        seat = info.seats[side]
        if seat.kind != "human" or seat.user_id is None:
            return
        if deadline:
            await self.apply_deadline(info)
        else:
            await asyncio.to_thread(mark_reminded, service.engine, info.id, info.version)
            await notify_turn(self.bot, info, prefix=f"Reminder ({idle:.0f} h idle): ")

    async def apply_deadline(self, info: GameInfo) -> None:
        service = self.bot.service
        rules = registry.get(info.game)
        async with self.bot.locks(info.id):
            fresh = await asyncio.to_thread(service.info, info.id)
            side = fresh.to_act
            if fresh.version != info.version or side is None:
                return  # someone acted meanwhile
            seat = fresh.seats[side]
            state = await asyncio.to_thread(service.state, info.id)
            action, why = await asyncio.to_thread(standing_order, rules, state, side)
            try:  # through the flow, for the seat whose time ran out
                first = await asyncio.to_thread(play_flow.order, service, info.id, seat.user_id or "", action,
                                                actor_name="deadline", sides=[side], expected_version=info.version,
                                                then_follow=False, reason=f"deadline: {why}")
            except UmpireError as exc:
                log.warning("the standing order for game %s was refused: %s", info.id, exc)
                return
            # the player whose time ran out is pinged; the game is named (several may share a channel)
            head = heading(fresh, side=side, turn=await asyncio.to_thread(turn_of, service, info.id), name=esc)
            who = f"<@{seat.user_id}>, the" if seat.user_id else "the"
            lines = [f"{head}: {who} deadline ({info.deadline_hours:g} h) ran out for {side_name(rules, side)}: "
                     f"`{code(action.command(rules.key))}` ({event_text(why)})."] + [
                         event_text(e.line()) for e in first.applied[0].public_events()]
            await post(self.bot, fresh, "\n".join(lines), mention=[seat.user_id] if seat.user_id else [])
            # the next decision's player is pinged, as after any order given for someone else
            await show(self.bot, await asyncio.to_thread(play_flow.follow, service, info.id, first.applied))


    @commands.Cog.listener()
    async def on_guild_remove(self, guild: Any) -> None:
        """The retention rule starts: the server's players, and its settings, are forgotten after
        UMPIRE_LEFT_GUILD_DAYS."""
        from engine.service.privacy import left_guild

        await asyncio.to_thread(left_guild, self.bot.service.engine, str(guild.id))
        log.info("left server %s: its players are forgotten in %g days unless the bot is added back", guild.id,
                 self.bot.settings.umpire_left_guild_days)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: Any) -> None:
        from engine.service.privacy import rejoined_guild

        await asyncio.to_thread(rejoined_guild, self.bot.service.engine, str(guild.id))


async def setup(bot: commands.Bot) -> None:
    from .host import Host

    assert isinstance(bot, Host)
    await bot.add_cog(Notices(bot))
