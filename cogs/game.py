"""/game: open, join and leave games, and look at them (status, map, log, replay, export, seed).

In a server a game gets its own thread ("Peiper - alice (US) vs bob (GE)"); in a DM it is a solo
game against the bot. Every command finds the game of the current thread, channel or DM, or takes
``game:<number>``.

Why one module of over 500 lines: discord.py binds a command group's subcommands to one Cog class,
and /game is one group; the work of each subcommand lives elsewhere (cogs/game_parts.py, cogs/play.py,
the service), so what stays here is the group's signatures, checks and replies.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import weakref
from contextlib import AsyncExitStack
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.ai.policy import LEVELS
from engine.errors import Forbidden, IllegalAction, NotFound, UmpireError
from engine.game import Action
from engine.service import GameService, Seat
from engine.service import flow as play_flow
from engine.service.flow import Flow, acting_side, seed_text, side_name
from engine.service.limits import pending_invitations

from .common import map_file
from .finding import (
    game_config,
    game_for,
    game_lock,
    game_options,
    my_game,
    playable_games,
    seat_label,
    server_config,
    sides_held,
    user_name,
)
from .game_parts import check_open_games, entry_text, thread_name
from .gm_rights import (
    elsewhere,
    gm_only_options,
    gm_role_text,
    is_gm,
    is_guild_gm,
    role_ids,
    role_name,
    typed_in,
)
from .play import advance, giver_of, notify_turn, run_undo, show
from .replies import bot_of, cooldown, defer, post, reply
from .text import clip
from .words import esc, event_text, no_paths, status_of

log = logging.getLogger("umpire.discord")

LOG_PAGE = 12
REPLAY_FRAMES = 40
GAME_CHOICES = [app_commands.Choice(name=registry.title(k), value=k) for k in playable_games()]
DEADLINE_RULE = ("When a deadline runs out, Umpire gives the standing order for the side to act: pass a card, "
                 "end activations, take a face card as a miss, finish the set-up; where none of these applies, "
                 "the bot decides for the side. The order is logged with the reason 'deadline'.")


REPLAY_WINDOW = 2000  # entries a replay goes back at most (from the snapshot before them)
LIST_PAGE = 20  # games in one /game list page
EXPORT_PAGE = 150  # entries in one /game export file (`umpire db export` writes the whole record)


def replay_views(service: GameService, game_id: int, limit: int = REPLAY_FRAMES) -> list[dict[str, Any]]:
    """Views at the start (the opening, or where the last REPLAY_WINDOW entries begin), after each phase
    end since, and now: rebuilt from a snapshot, so the cost does not grow with the log."""
    return service.replay_frames(game_id, limit, REPLAY_WINDOW)


def render_replay(views: list[dict[str, Any]], limit: int) -> bytes | None:
    try:
        from images.maps import view_gif
    except ImportError:
        return None
    if not views:
        return None
    while views:
        try:
            data = view_gif(views)
        except Exception:
            log.exception("rendering the replay failed")
            return None
        if len(data) <= limit:
            return data
        if len(views) <= 2:
            return None
        views = views[::2] if views[-1] is views[::2][-1] else views[::2] + [views[-1]]
    return None


LEVEL_CHOICES = [app_commands.Choice(name=n, value=n) for n in LEVELS]  # each game refuses those it lacks


class GameCog(commands.GroupCog, group_name="game", group_description="Open, join and look at games"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._opening: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    # --- opening a game --------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a game: in a server a thread; in a DM a solo game")
    @app_commands.describe(game="Which game", scenario="Scenario (default: the first)",
                           side="The side you hold", opponent="A player for the other side (else the bot)",
                           options="Game options as key:value, such as exits_to_win:3 (see /help game)",
                           level="How well the bot plays the sides nobody holds (default: the server's)")
    @app_commands.choices(game=GAME_CHOICES, level=LEVEL_CHOICES)
    async def new(self, interaction: discord.Interaction[Any], game: str, scenario: str | None = None,
                  side: str | None = None, opponent: discord.User | None = None, options: str = "",
                  level: str | None = None) -> None:
        rules = registry.get(game)
        config = server_config(interaction)
        level = level or config.level(rules.key)
        if level not in rules.levels:
            raise IllegalAction(f"{rules.title} plays at {', '.join(rules.levels)}, not '{level}'")
        chosen = game_options(rules, options)
        restricted = gm_only_options(rules, chosen)
        if restricted and not is_guild_gm(interaction):
            raise Forbidden(f"Only a GM may set {', '.join(restricted)} ({gm_role_text(interaction)}): "
                            "leave it out, or ask a GM to open the game")
        keys = [s.key for s in rules.scenarios()]
        scenario = scenario or keys[0]
        if scenario not in keys:
            raise NotFound(f"{rules.title} has no scenario '{scenario}': choose {', '.join(keys)}")
        side = (side or ("us" if "us" in rules.sides else rules.sides[0])).lower()
        if side not in rules.sides:
            raise NotFound(f"{rules.title} has no side '{side}': sides are {', '.join(rules.sides)}")
        in_guild = interaction.guild_id is not None
        if opponent is not None and (opponent.bot or not in_guild):
            raise IllegalAction("Umpire plays any side nobody holds: leave out opponent to play the bot "
                                "(opponents play in a server)")
        seats = {side: Seat("human", str(interaction.user.id), user_name(interaction.user))}
        others = [s for s in rules.sides if s != side]
        if opponent is not None and others:
            seats[others[0]] = Seat("human", str(opponent.id), user_name(opponent))
        for s in others:
            seats.setdefault(s, Seat("bot", level=level))
        await defer(interaction)
        players = sorted({seat.user_id for seat in seats.values() if seat.user_id})
        async with AsyncExitStack() as held:  # the players' counts and the new game, one at a time per player
            for uid in players:  # in order: no deadlock between two players opening games against each other
                lock = self._opening.get(uid)
                if lock is None:
                    lock = self._opening[uid] = asyncio.Lock()
                await held.enter_async_context(lock)
            info, home, note = await self._open(interaction, config, rules, game, scenario, side, chosen, seats)
        await self._announce(interaction, info, rules, game, scenario, side, seats, home, note, config)

    async def _open(self, interaction: discord.Interaction[Any], config: Any, rules: Any, game: str, scenario: str,
                    side: str, chosen: dict[str, Any], seats: dict[str, Seat]) -> tuple[Any, Any, str]:
        bot = bot_of(interaction)
        in_guild = interaction.guild_id is not None
        await asyncio.to_thread(check_open_games, bot.service.engine, config, interaction.user.id, seats)
        # the whole game is built once before anything is opened: a refused game leaves no thread behind
        await asyncio.to_thread(bot.service.check_new_game, game, scenario, chosen, seats)
        ordered = {s: seats[s] for s in sorted(seats, key=lambda s: s != side)}
        home = interaction.channel_id
        note = ""
        thread: int | None = None
        if in_guild:
            name = thread_name(game, rules, ordered)
            try:
                home = thread = await self._open_thread(interaction, name)
            except discord.HTTPException as exc:
                log.warning("could not open a thread (%s): the game stays in the channel", exc)
                note = " (Umpire may not open threads here: the game stays in this channel)"
        try:
            info = await asyncio.to_thread(
                bot.service.create_game, game, scenario, None, chosen, seats,
                str(interaction.guild_id) if in_guild else None, str(home), "", owner_id=str(interaction.user.id))
        except BaseException:
            if thread is not None:  # no empty thread left behind
                try:
                    await bot.http.delete_channel(thread, reason="Umpire: the game was refused")
                except discord.HTTPException:
                    log.warning("could not delete the thread of a refused game")
            raise
        return info, home, note

    async def _announce(self, interaction: discord.Interaction[Any], info: Any, rules: Any, game: str,
                        scenario: str, side: str, seats: dict[str, Seat], home: Any, note: str, config: Any) -> None:
        bot = bot_of(interaction)
        in_guild = interaction.guild_id is not None
        ordered = {s: seats[s] for s in sorted(seats, key=lambda s: s != side)}
        if config.deadline_hours is not None:  # the server's default deadline (/settings set deadline)
            await asyncio.to_thread(bot.service.set_deadline, info.id, config.deadline_hours, "server",
                                    "the server's default deadline")
            info = await asyncio.to_thread(bot.service.info, info.id)
        players = " vs ".join(seat_label(rules, info, s) for s in ordered)
        summary = next((sc.summary for sc in rules.scenarios() if sc.key == scenario), "")
        intro = (f"**Game #{info.id}: {rules.title}** ({scenario}) - {players}.\n"
                 + (f"{clip(summary, 400)}\n" if summary else "") + f"Seed hash `{info.seed_hash}`: the "
                 "seed and its salt are revealed when the game ends (/game seed), so anyone can check every card "
                 "and die.")
        where = f" in <#{home}>" if in_guild and home != interaction.channel_id else ""
        await reply(interaction, f"Game #{info.id} opened{where}{note}. /help {game} lists the orders.")
        async with bot.locks(info.id):  # deferred above
            image = await map_file(bot, info.id, limit=interaction.filesize_limit)
            here = interaction if str(home) == str(interaction.channel_id) else None
            mention = [s.user_id for s in info.seats.values() if s.user_id and here is None]
            pings = " ".join(f"<@{uid}>" for uid in mention)
            await post(bot, info, f"{pings} {intro}".strip(), interaction=here, files=[image] if image else [],
                       mention=mention)
            await advance(bot, info.id, [], interaction=here)

    async def _open_thread(self, interaction: discord.Interaction[Any], name: str) -> int:
        """A thread under the server's games channel (/settings set games-channel), else under this channel."""
        channel = interaction.channel
        parent_id = interaction.channel_id
        if isinstance(channel, discord.Thread) and channel.parent_id:
            parent_id = channel.parent_id
        games_channel = server_config(interaction).games_channel
        if games_channel is not None:
            parent_id = int(games_channel)
        assert parent_id is not None
        data = await bot_of(interaction).http.start_thread_without_message(
            parent_id, name=name, auto_archive_duration=10080, type=discord.ChannelType.public_thread.value,
            reason="Umpire: a thread for a new game")
        return int(data["id"])

    @new.autocomplete("scenario")
    async def _scenarios(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        try:
            rules = registry.get(interaction.namespace.game or "")
        except UmpireError:
            return []
        return [app_commands.Choice(name=clip(f"{s.key}: {s.title}", 100), value=s.key) for s in rules.scenarios()
                if current.lower() in f"{s.key} {s.title}".lower()][:25]

    @new.autocomplete("side")
    async def _sides(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        try:
            rules = registry.get(interaction.namespace.game or "")
        except UmpireError:
            return []
        sides = rules.sides[:1] if rules.solitaire else rules.sides  # solitaire: the player's side
        return [app_commands.Choice(name=side_name(rules, s), value=s) for s in sides
                if current.lower() in f"{s} {side_name(rules, s)}".lower()][:25]

    # --- seats ---------------------------------------------------------------------------------
    @app_commands.command(name="join", description="Take a side the bot or nobody holds")
    @app_commands.describe(side="The side to take (default: the first one free)", game="Game number")
    async def join(self, interaction: discord.Interaction[Any], side: str | None = None, game: int | None = None
                   ) -> None:
        bot = bot_of(interaction)
        info = await game_for(interaction, game)
        if info.guild_id is None:
            raise Forbidden("A DM game is private: open a game in a server to play with others")
        rules = registry.get(info.game)
        await self._may_join(interaction, info)
        free = [s for s, seat in info.seats.items() if seat.kind == "bot" or seat.user_id is None]
        side = (side or (free[0] if free else "")).lower()
        if side not in free:
            raise Forbidden(f"No free side to join in game #{info.id}" if not free else
                            f"The {side} side is not free: free sides are {', '.join(free)}")
        async with game_lock(interaction, info.id):
            seat = Seat("human", str(interaction.user.id), user_name(interaction.user))
            info = await asyncio.to_thread(bot.service.set_seat, info.id, side, seat, str(interaction.user.id),
                                           f"{seat.user_name} joins as {side}")
            await reply(interaction, f"{esc(seat.user_name)} now holds {side_name(rules, side)} in game "
                        f"#{info.id}.")
            await notify_turn(bot, info, interaction=interaction)

    async def _may_join(self, interaction: discord.Interaction[Any], info: Any) -> None:
        """The join rule of the game's server (/settings set join), wherever /game join is typed: anyone,
        a role, or the opener's invitation. A GM of that server (typed there) and the game's opener may
        always join."""
        config = game_config(interaction, info)
        uid = str(interaction.user.id)
        if config.join == "anyone" or is_gm(interaction, info) or uid == info.owner_id:
            return
        if config.join == "role":
            if not typed_in(interaction, info.guild_id):
                raise Forbidden(f"Game #{info.id}'s server lets members of a role join: type /game join in "
                                "that server, where Umpire can see your roles")
            if config.join_role is not None and config.join_role in role_ids(interaction):
                return
            raise Forbidden(f"On this server only members with the "
                            f"'{role_name(interaction, config.join_role, info.guild_id)}' role (or a GM: "
                            f"{gm_role_text(interaction, config)}) may join a game")
        invited = await asyncio.to_thread(bot_of(interaction).service.invited, info.id)
        if uid not in invited:
            raise Forbidden(f"On game #{info.id}'s server a game is joined on its opener's invitation: ask them "
                            f"for /game invite (game #{info.id})")

    @app_commands.command(name="invite", description="Invite a member to take a free side of your game")
    @app_commands.describe(member="Who may join", game="Game number")
    async def invite(self, interaction: discord.Interaction[Any], member: discord.User, game: int | None = None
                     ) -> None:
        bot = bot_of(interaction)
        info = await game_for(interaction, game)
        if info.guild_id is None:
            raise Forbidden("A DM game is private: open a game in a server to play with others")
        if str(interaction.user.id) != info.owner_id and not is_gm(interaction, info):
            raise Forbidden(f"Only the player who opened game #{info.id} or a GM may invite to it")
        if member.bot:
            raise IllegalAction("Umpire plays any side nobody holds: invite a member, not a bot")
        if str(member.id) in await asyncio.to_thread(bot.service.invited, info.id):
            await reply(interaction, f"{esc(user_name(member))} is already invited to game #{info.id}.",
                        ephemeral=True)  # no second ping
            return
        limit = game_config(interaction, info).open_games
        pending = await asyncio.to_thread(pending_invitations, bot.service.engine, str(member.id), info.guild_id)
        if pending >= limit:
            raise Forbidden(f"{esc(user_name(member))} has {pending} pending invitations on this server already, "
                            f"the most a member may (the server's open_games: {limit})")
        await asyncio.to_thread(bot.service.invite, info.id, str(member.id))
        await reply(interaction, f"<@{member.id}>, {esc(user_name(interaction.user))} invites you to game "
                    f"#{info.id}: `/game join game:{info.id}` takes a free side.", mention=[member.id])

    @app_commands.command(name="leave", description="Give your side to the bot")
    @app_commands.describe(game="Game number")
    async def leave(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        bot = bot_of(interaction)
        info, mine = await my_game(interaction, game)
        async with game_lock(interaction, info.id):
            for side in mine:
                await asyncio.to_thread(bot.service.set_seat, info.id, side, Seat("bot"), str(interaction.user.id),
                                        f"{user_name(interaction.user)} leaves; the bot takes {side}")
            await reply(interaction, f"The bot now plays {', '.join(mine)} in game #{info.id}.")
            await advance(bot, info.id, [], interaction=interaction)

    @app_commands.command(name="notify", description="Where your turn notices go: this channel or your DMs")
    @app_commands.describe(where="channel or dm", game="Game number")
    async def notify(self, interaction: discord.Interaction[Any], where: Literal["channel", "dm"],
                     game: int | None = None) -> None:
        bot = bot_of(interaction)
        info, mine = await my_game(interaction, game)
        if where == "dm" and info.guild_id is not None and not bot.server_settings.get(info.guild_id).dm_notices:
            raise Forbidden("This server keeps turn notices in the game's channel (/settings show: dm_notices "
                            "is off)")
        for side in mine:
            await asyncio.to_thread(bot.service.set_notify, info.id, side, where)
        await reply(interaction, f"Your turn notices for game #{info.id} now go to {'your DMs' if where == 'dm' else 'the game channel'}.",
                    ephemeral=True)

    # --- looking ---------------------------------------------------------------------------------
    @app_commands.command(name="list", description="The games of this server (in a DM: yours)")
    @app_commands.describe(page="Page 1 holds the newest games")
    async def list_(self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 100_000] = 1
                    ) -> None:
        service = bot_of(interaction).service
        # one page read in the database (a count and LIST_PAGE rows), however many games the server has
        if interaction.guild_id is not None:
            games, page, total = await asyncio.to_thread(service.list_page, str(interaction.guild_id), None, page,
                                                         LIST_PAGE)
        else:
            games, page, total = await asyncio.to_thread(service.list_page, None, str(interaction.user.id), page,
                                                         LIST_PAGE)
        if not games:
            await reply(interaction, "No games yet: /game new opens one.", ephemeral=True)
            return
        lines = []
        for g in games:
            rules = registry.get(g.game)
            seats = ", ".join(seat_label(rules, g, s) for s in g.seats)
            where = f" <#{g.channel_id}>" if g.guild_id else ""
            lines.append(f"**#{g.id}** {esc(g.title, 100)}{where} - {seats} - {status_of(g)}")
        pages = -(-total // LIST_PAGE)
        if pages > 1:
            lines.append(f"Page {page} of {pages} ({total} games): `/game list page:{page + 1}` goes back."
                         if page < pages else f"Page {page} of {pages} ({total} games).")
        await reply(interaction, "\n".join(lines), ephemeral=True)

    @app_commands.command(name="status", description="The game's turn, phase, score and seats")
    @app_commands.describe(game="Game number")
    async def status(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        info = await game_for(interaction, game)
        rules = registry.get(info.game)
        embed = discord.Embed(title=clip(f"#{info.id} {esc(info.title, 100)} ({esc(info.scenario, 40)})", 256),
                              description=clip(status_of(info), 4096))
        embed.add_field(name="Seats", value=clip("\n".join(seat_label(rules, info, s) for s in info.seats), 1024))
        embed.add_field(name="To decide", value=side_name(rules, info.to_act) if info.to_act else "nobody: over")
        deadline = f"{info.deadline_hours:g} h per decision" if info.deadline_hours else "none"
        embed.add_field(name="Deadline", value=deadline)
        changed = {k: v for k, v in info.options.items()
                   if any(o.name == k and o.default != v for o in rules.option_specs())}
        if changed:
            embed.add_field(name="Options", value=clip(", ".join(f"{k}: {esc(no_paths(str(v)), 60)}"
                                                                 for k, v in changed.items()), 1024))
        embed.set_footer(text=f"version {info.version} - seed hash {info.seed_hash[:16]}…")
        await reply(interaction, embed=embed)

    @app_commands.command(name="map", description="The map now; with hex, a close-up; with phase, an earlier phase")
    @app_commands.describe(hex="A hex or place for a close-up", radius="Close-up radius in hexes (1-6)",
                           phase="An earlier phase's map, by number (1 is the first)", game="Game number")
    async def map(self, interaction: discord.Interaction[Any], hex: str | None = None,
                  radius: app_commands.Range[int, 1, 6] = 3, phase: app_commands.Range[int, 1, 100000] | None = None,
                  game: int | None = None) -> None:
        from .maps import map_command

        await map_command(interaction, hex, radius, phase, game)  # the heavy threads, the user's cooldown

    @app_commands.command(name="log", description="The game's log, newest first, with each rule applied")
    @app_commands.describe(page="Page 1 is the newest", game="Game number")
    async def log_(self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 1000] = 1,
                   game: int | None = None) -> None:
        bot = bot_of(interaction)
        cooldown(interaction, "log")
        await defer(interaction)  # before the first database call
        info = await game_for(interaction, game)
        chunk, page, pages = await bot.heavy(bot.service.log_page, info.id, page, LOG_PAGE)
        text = "\n".join(entry_text(info.game, e) for e in chunk) or "Nothing has happened yet."
        await reply(interaction, f"Game #{info.id} log, page {page} of {pages}:\n{text}")

    @app_commands.command(name="seed", description="The seed's hash; the seed itself once the game is over")
    @app_commands.describe(game="Game number")
    async def seed(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        info = await game_for(interaction, game)
        record = await asyncio.to_thread(bot_of(interaction).service.seed_record, info.id)
        await reply(interaction, seed_text(record))

    @app_commands.command(name="board", description="Your link to the game's live board (privately)")
    @app_commands.describe(revoke="Owner or GM: refuse every link given out before, then give new ones",
                           game="Game number")
    async def board(self, interaction: discord.Interaction[Any], revoke: bool = False,
                    game: int | None = None) -> None:
        from .board import board_answer

        info = await game_for(interaction, game)
        if revoke and not (info.owner_id == str(interaction.user.id) or is_gm(interaction, info)):
            raise Forbidden(f"Only the game's owner or a GM may revoke its board links{elsewhere(interaction, info)}")
        text = await board_answer(bot_of(interaction), info, sides_held(info, interaction.user.id), revoke)
        await reply(interaction, text, ephemeral=True)

    @app_commands.command(name="odds", description="What an order would do, each outcome with its chance (nothing done)")
    @app_commands.describe(order="The order as at the table, such as: attack unit:\"106 BG\" target:Spitze",
                           game="Game number")
    async def odds(self, interaction: discord.Interaction[Any], order: app_commands.Range[str, 1, 300],
                   game: int | None = None) -> None:
        from .odds import odds_text

        bot = bot_of(interaction)
        cooldown(interaction, "odds")
        await defer(interaction, ephemeral=True)
        info, _ = await my_game(interaction, game)
        side = acting_side(info, sides_held(info, interaction.user.id))
        text = await bot.heavy(odds_text, bot.service, info.id, side, order)
        await reply(interaction, text, ephemeral=True)

    @app_commands.command(name="export", description="The game's record as a JSON file")
    @app_commands.describe(page=f"Page 1 holds the newest {EXPORT_PAGE} entries", game="Game number")
    async def export(self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 100_000] = 1,
                     game: int | None = None) -> None:
        bot = bot_of(interaction)
        cooldown(interaction, "export")
        await defer(interaction)  # before the first database call
        info = await game_for(interaction, game)
        record = await bot.heavy(bot.service.export, info.id, EXPORT_PAGE, page)
        data = json.dumps(record, indent=1, ensure_ascii=False, default=str).encode("utf-8")
        part = "" if record["pages"] == 1 else (
            f" Page {record['page']} of {record['pages']}: entries #{record['log_from']}-#{record['log_to']} "
            f"(`/game export page:{record['page'] + 1}` goes back; the whole record in one file: "
            f"`umpire db export {info.id}` on the host).")
        suffix = "" if record["pages"] == 1 else f"-p{record['page']}"
        await reply(interaction, f"Game #{info.id}: the record (no seed before the end).{part}",
                    files=[discord.File(io.BytesIO(data), filename=f"umpire-game{info.id}{suffix}.json")])

    @app_commands.command(name="replay", description="The game so far as an animated map, one frame per phase")
    @app_commands.describe(game="Game number")
    async def replay(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        bot = bot_of(interaction)
        cooldown(interaction, "replay")
        await defer(interaction)  # before the first database call
        info = await game_for(interaction, game)
        views = await bot.heavy(replay_views, bot.service, info.id)
        data = await bot.draw(render_replay, views, interaction.filesize_limit)
        if data is None:
            await reply(interaction, f"(no replay image: the renderer is not available) {len(views)} phases so far.")
            return
        await reply(interaction, f"Game #{info.id}: {len(views)} frames, to now.",
                    files=[discord.File(io.BytesIO(data), filename=f"umpire-game{info.id}-replay.gif")])

    # --- changing the game ------------------------------------------------------------------------
    @app_commands.command(name="undo", description="Take back your last order (never past a card or a die)")
    @app_commands.describe(game="Game number")
    async def undo(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        bot = bot_of(interaction)
        info, mine = await my_game(interaction, game)
        async def answer(text: str, private: bool, first: Flow) -> None:
            await reply(interaction, text, ephemeral=private)

        async with game_lock(interaction, info.id):
            await run_undo(bot, info, giver_of(interaction, mine), answer)

    @app_commands.command(name="resign", description="Concede the game: the other side wins")
    @app_commands.describe(game="Game number")
    async def resign(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        bot = bot_of(interaction)
        info, mine = await my_game(interaction, game)
        others = [s for s in info.seats if s not in mine]
        if not others:
            raise IllegalAction("You hold every side: a GM may end the game with /gm end")
        rules = registry.get(info.game)
        async with game_lock(interaction, info.id):
            result = f"{side_name(rules, mine[0])} resigned"
            first = await asyncio.to_thread(
                play_flow.ruling, bot.service, info.id, "gm", str(interaction.user.id), result,
                action=Action("end", {"winner": others[0], "result": result}), actor_name=user_name(interaction.user),
                interaction_id=str(interaction.id), then_follow=False)
            await reply(interaction, "\n".join([f"{esc(user_name(interaction.user))} resigns."] +
                                               [event_text(e.line()) for e in first.applied[0].events]))
            await show(bot, await asyncio.to_thread(play_flow.carry_on, bot.service, first), interaction=interaction)

    @app_commands.command(name="deadline", description="Hours each decision may take (0: none); then the standing order")
    @app_commands.describe(hours="Hours per decision, 0 to remove the deadline", game="Game number")
    async def deadline(self, interaction: discord.Interaction[Any], hours: app_commands.Range[float, 0, 720],
                       game: int | None = None) -> None:
        bot = bot_of(interaction)
        info = await game_for(interaction, game)
        gm = is_gm(interaction, info)
        if not (sides_held(info, interaction.user.id) or gm):
            raise Forbidden("Only a seated player or a GM may set the deadline")
        name = user_name(interaction.user)
        async with game_lock(interaction, info.id):
            waiting = await asyncio.to_thread(bot.service.propose_deadline, info.id, hours or None,
                                              str(interaction.user.id), name, gm)
        what = f"{hours:g} hours per decision" if hours else "no deadline"
        if waiting:
            pings = " ".join(f"<@{uid}>" for uid in waiting)
            await reply(interaction, f"{esc(name)} proposes {what} for game #{info.id}. {pings}: it applies when you "
                        f"agree with `/game deadline hours:{hours:g}` (or a GM sets it).", mention=waiting)
            return
        text = (f"Game #{info.id}: {what}. {DEADLINE_RULE}" if hours else f"Game #{info.id}: no deadline.")
        await reply(interaction, text, mention=[])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))

