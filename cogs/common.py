"""What every cog shares: finding a game, who may act, replies within Discord's limits, map images,
and what follows an accepted order (the bot's turns, the map after a phase, the next player's notice).

Slow work (the database, rendering, the bot's thinking) runs in worker threads; the first reply to
an interaction comes before anything slow, or after a defer.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import shlex
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, cast

import discord

from engine import registry
from engine.errors import Forbidden, GameOver, IllegalAction, NotFound, NotYourTurn, UmpireError
from engine.events import Event
from engine.game import Action, GameRules
from engine.service import GameInfo, GameService, Outcome
from engine.service.server_settings import ServerConfig
from engine.service.service import SECRET_TEXT

from .text import MAX_NAME, clean, clip, no_links, no_mentions, shown

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("umpire.discord")

MAX_CONTENT = 2000
MAX_EMBED_DESCRIPTION = 4096
DEFAULT_FILESIZE = 10 * 1024 * 1024


def playable_games() -> list[str]:
    """The games that load; one whose package is broken is logged and left out, not fatal to the bot."""
    keys = []
    for key in registry.GAME_PACKAGES:
        try:
            rules = registry.get(key)
            rules.commands()
        except NotFound:
            continue
        except Exception:
            log.exception("the game %s does not load: it is left out", key)
            continue
        keys.append(key)
    return keys


def bot_of(interaction: discord.Interaction[Any]) -> Host:
    return cast("Host", interaction.client)


MAX_QUOTED = 60  # characters of a value quoted back in a message
NO_MENTIONS = discord.AllowedMentions.none()


def esc(text: object, limit: int = MAX_NAME) -> str:
    """A name or value someone typed, for a message or an embed: the one escaping function (cogs/text.py)."""
    return shown(text, limit)


def code(text: object, limit: int = 200) -> str:
    """A value inside `code`: it cannot close the code span or carry mentions."""
    return no_mentions(clean(text, limit).replace("`", "'"))


# An absolute path of two or more parts (/home/x/data/deck.yaml, C:\\x\\y): only its last part is shown.
_PATH = re.compile(r"(?<![\w.~/\\-])(?:[A-Za-z]:)?(?:[\\/][^\s\\/'\"`<>|*?]+){2,}[\\/]?")
_QUOTED = re.compile(r"(?<!\w)'([^'\n]+)'(?!\w)")


def no_paths(text: str) -> str:
    """The host's paths out of a message: a path is shown by its file name."""
    return _PATH.sub(lambda m: re.split(r"[\\/]", m[0].rstrip("/\\"))[-1], text)


def safe_refusal(message: str, limit: int = 1500) -> str:
    """A refusal's text for Discord: quoted values shortened and escaped, no host paths, no mentions."""
    text = no_paths(message)
    text = _QUOTED.sub(lambda m: "'" + shown(m[1], MAX_QUOTED) + "'", text)
    return clip(no_links(no_mentions(clean(text, 10 * limit))), limit)


def user_name(user: discord.abc.User) -> str:
    """The member's name as Umpire stores it: one clean line of at most 32 characters (escape it to show it)."""
    return clean(getattr(user, "display_name", None) or user.name) or "player"


def side_name(rules: GameRules, side: str | None) -> str:
    if side is None:
        return "nobody"
    names: dict[str, str] = rules.side_names
    return names.get(side, side.upper())


def seat_label(rules: GameRules, info: GameInfo, side: str) -> str:
    seat = info.seats[side]
    if seat.kind == "bot":
        return f"{side_name(rules, side)}: the bot"
    if seat.user_id is None:
        return f"{side_name(rules, side)}: open (/game join)"
    return f"{side_name(rules, side)}: {esc(seat.user_name or 'player')}"


# --- text within Discord's limits ------------------------------------------------------------
def fit(text: str, limit: int = MAX_CONTENT, filename: str = "umpire.txt") -> tuple[str, discord.File | None]:
    """Text cut at a line to fit ``limit``; the whole text comes back as a file when it was cut."""
    if len(text) <= limit:
        return text, None
    note = "\n... (the rest is in the attached file)"
    cut = text.rfind("\n", 0, limit - len(note))
    if cut <= 0:
        cut = limit - len(note)
    return text[:cut] + note, discord.File(io.BytesIO(text.encode("utf-8")), filename=filename)


# Seconds a user waits between two heavy reads of a kind (per user; everyone else is not held up).
COOLDOWNS = {"replay": 60.0, "export": 30.0, "log": 2.0, "rulings": 2.0, "map": 3.0, "odds": 5.0}


def cooldown(interaction: discord.Interaction[Any], kind: str) -> None:
    """Refuse a heavy read asked again too soon by the same user (checked before any work)."""
    import time

    bot = bot_of(interaction)
    key = (interaction.user.id, kind)
    now = time.monotonic()
    last = bot.cooldowns.get(key)
    if last is not None and now - last < COOLDOWNS[kind]:
        wait = COOLDOWNS[kind] - (now - last)
        raise Forbidden(f"You asked for a {kind} {now - last:.0f} s ago: ask again in {wait:.0f} s")
    bot.cooldowns[key] = now
    if len(bot.cooldowns) > 10_000:  # forget the old ones
        for k in [k for k, t in bot.cooldowns.items() if now - t > max(COOLDOWNS.values())]:
            del bot.cooldowns[k]


def mentions_of(user_ids: Sequence[str | int]) -> discord.AllowedMentions:
    """Exactly these members may be pinged; never @everyone, @here or a role."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(int(u)) for u in user_ids])


ANSWERED = "umpire_answered"  # interaction.extras: a message answered it (after a deferral, too)
DEFERRED = "umpire_deferred"  # interaction.extras: "public" or "private"


async def defer(interaction: discord.Interaction[Any], *, ephemeral: bool = False) -> None:
    """Acknowledge now, answer later; a refusal after a public deferral is still private (cogs.errors)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        interaction.extras[DEFERRED] = "private" if ephemeral else "public"


async def reply(interaction: discord.Interaction[Any], content: str = "", *, ephemeral: bool = False,
                embed: discord.Embed | None = None, files: Sequence[discord.File] = (),
                view: discord.ui.View | None = None, mention: Sequence[str | int] = ()) -> None:
    """The first response to an interaction, or a follow-up once it was answered or deferred."""
    content, extra = fit(no_paths(content))
    interaction.extras[ANSWERED] = True
    all_files = list(files) + ([extra] if extra else [])
    kwargs: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": mentions_of(mention)}
    if embed is not None:
        kwargs["embed"] = embed
    if all_files:
        kwargs["files"] = all_files
    if view is not None:
        kwargs["view"] = view
    if not content and embed is None and not all_files:
        content = "Done."
    if not interaction.response.is_done():
        await interaction.response.send_message(content or None, **kwargs)
    else:
        await interaction.followup.send(content or "", **kwargs)


async def post(bot: Host, info: GameInfo, content: str = "", *, interaction: discord.Interaction[Any] | None
               = None, files: Sequence[discord.File] = (), view: discord.ui.View | None = None,
               mention: Sequence[str | int] = ()) -> None:
    """A message in the game's home (its thread or DM): as a follow-up when the interaction is there."""
    if interaction is not None and str(interaction.channel_id) == info.channel_id:
        await reply(interaction, content, files=files, view=view, mention=mention)
        return
    if info.channel_id is None:
        return
    content, extra = fit(no_paths(content))
    channel = bot.get_partial_messageable(int(info.channel_id),
                                          guild_id=int(info.guild_id) if info.guild_id else None)
    all_files = list(files) + ([extra] if extra else [])
    kwargs: dict[str, Any] = {"allowed_mentions": mentions_of(mention)}
    if all_files:
        kwargs["files"] = all_files
    if view is not None:
        kwargs["view"] = view
    await channel.send(content or None, **kwargs)


def parse_pairs(text: str) -> dict[str, str]:
    """``unit:Spitze to:1308`` -> {"unit": "Spitze", "to": "1308"} (quotes for values with spaces)."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise IllegalAction(f"Cannot read the options: {exc}") from None
    pairs = {}
    for w in words:
        key, sep, value = w.partition(":")
        if not sep or not key:
            raise IllegalAction(f"Write key:value pairs, such as unit:Spitze to:1308 (not '{w}')")
        pairs[key.strip().lower()] = value
    return pairs


def game_options(rules: GameRules, text: str) -> dict[str, Any]:
    """``exits_to_win:3 jokers:2`` read by the game's one option parser (engine/options.py): typed and
    bounded, an unknown or out-of-range option refused with what it allows and its ruling."""
    pairs = parse_pairs(text)
    parsed = rules.parse_options(pairs)
    return {key: parsed[key] for key in (k.strip().lower() for k in pairs)}


# --- finding a game and the player's side -------------------------------------------------------
def find_game(service: GameService, guild_id: int | None, channel_id: int | None, user_id: int,
              game_id: int | None = None, game_key: str | None = None) -> GameInfo:
    """The game named by id, else the game of this thread/channel/DM, else the user's only active game."""
    uid = str(user_id)
    if game_id is not None:
        info = service.info(game_id)
        seated = any(s.user_id == uid for s in info.seats.values())
        here = info.guild_id is not None and info.guild_id == (str(guild_id) if guild_id else None)
        if not (seated or here):
            raise NotFound(f"No game #{game_id} here: see /game list")
        return info
    games = service.list_games(channel_id=str(channel_id)) if channel_id is not None else []
    if game_key:
        games = [g for g in games if g.game == game_key]
    active = [g for g in games if g.status == "active"]
    # Several games in one channel (where threads are not allowed): the one the player holds a seat
    # in (the one awaiting them first), never simply the newest.
    for pool in (active, games):
        seated = [g for g in pool if any(s.user_id == uid for s in g.seats.values())]
        waiting = [g for g in seated if g.to_act and g.seats[g.to_act].user_id == uid]
        if len(waiting) == 1 or len(seated) == 1:
            return (waiting if len(waiting) == 1 else seated)[0]
        if len(seated) > 1:
            raise NotFound(f"You play {len(seated)} games here: name one with game:<number> ("
                           + ", ".join(f"#{g.id} {g.title}" for g in seated[-5:]) + ")")
        if len(pool) == 1:
            return pool[0]
        if len(pool) > 1:
            raise NotFound(f"{len(pool)} games are played here: name one with game:<number> ("
                           + ", ".join(f"#{g.id} {g.title}" for g in pool[-5:]) + ")")
    mine = [g for g in service.list_games(user_id=uid, active_only=True) if not game_key or g.game == game_key]
    if guild_id is not None:
        mine = [g for g in mine if g.guild_id == str(guild_id)]
    if len(mine) == 1:
        return mine[0]
    raise NotFound("No game here: start one with /game new, or name one with game:<number> (see /game list)")


async def game_for(interaction: discord.Interaction[Any], game_id: int | None = None,
                   game_key: str | None = None) -> GameInfo:
    return await asyncio.to_thread(find_game, bot_of(interaction).service, interaction.guild_id,
                                   interaction.channel_id, interaction.user.id, game_id, game_key)


def sides_held(info: GameInfo, user_id: int | str) -> list[str]:
    return [s for s, seat in info.seats.items() if seat.kind == "human" and seat.user_id == str(user_id)]


async def my_game(interaction: discord.Interaction[Any], game_id: int | None) -> tuple[GameInfo, list[str]]:
    """The game in question and the sides the user holds in it; refused if they hold none."""
    info = await game_for(interaction, game_id)
    mine = sides_held(info, interaction.user.id)
    if not mine:
        raise Forbidden(f"You hold no side in game #{info.id}")
    return info, mine


def acting_side(info: GameInfo, user_id: int | str) -> str:
    rules = registry.get(info.game)
    mine = sides_held(info, user_id)
    if not mine:
        raise Forbidden(f"You hold no side in game #{info.id}: only its seated players give orders "
                        "(/game join takes a side the bot or nobody holds)")
    if info.status == "over" or info.to_act is None:
        raise GameOver(f"Game #{info.id} is over: {info.status_line}")
    if info.to_act in mine:
        return info.to_act
    raise NotYourTurn(f"It is {side_name(rules, info.to_act)}'s decision now: {info.status_line}")


def server_config(interaction: discord.Interaction[Any]) -> ServerConfig:
    """The settings of the server the command is typed in (/settings; in a DM, the defaults): for what
    happens there (a new game, /settings). A command about a game reads ``game_config`` instead."""
    return bot_of(interaction).server_settings.get(interaction.guild_id)


# --- authority: the game's server decides, wherever the command is typed -------------------------------
def game_config(interaction: discord.Interaction[Any], info: GameInfo) -> ServerConfig:
    """The settings of the game's server (a DM game: the defaults), wherever the command is typed: a
    member's own server or DM never lends its rules, or his rights there, to a game of another server."""
    return bot_of(interaction).server_settings.get(info.guild_id)


def typed_in(interaction: discord.Interaction[Any], guild_id: str | None) -> bool:
    """Whether the command was typed in that server: only there do its roles and permissions count."""
    return guild_id is not None and interaction.guild_id is not None and str(interaction.guild_id) == guild_id


def role_ids(interaction: discord.Interaction[Any]) -> set[str]:
    return {str(r.id) for r in getattr(interaction.user, "roles", [])}


def has_gm_role(interaction: discord.Interaction[Any], config: ServerConfig | None = None) -> bool:
    """Manage Server, or the server's GM role (/settings set gm-role), else the role named UMPIRE_GM_ROLE:
    in the server of ``config`` (default: where the command is typed), and only when typed there (the
    member's permissions and roles Discord sends are those of the server the command is typed in)."""
    config = config if config is not None else server_config(interaction)
    if not typed_in(interaction, config.guild_id):
        return False
    if interaction.permissions.manage_guild:
        return True
    if config.gm_role is not None:
        return config.gm_role in role_ids(interaction)
    role = config.gm_role_name.lower()
    return any(r.name.lower() == role for r in getattr(interaction.user, "roles", []))


def gm_role_text(interaction: discord.Interaction[Any], config: ServerConfig | None = None) -> str:
    """Who is a GM in the server of ``config`` (default: here), in words (for refusals)."""
    config = config if config is not None else server_config(interaction)
    if config.gm_role is not None:
        return f"Manage Server or the '{role_name(interaction, config.gm_role, config.guild_id)}' role"
    return f"Manage Server or the '{clean(config.gm_role_name)}' role"


def role_name(interaction: discord.Interaction[Any], role_id: str | None, guild_id: str | None = None) -> str:
    """A role's name as its server (default: this one) calls it now (one clean line), or its id."""
    if role_id is None:
        return "none"
    guild = interaction.guild if guild_id is None or typed_in(interaction, guild_id) else \
        interaction.client.get_guild(int(guild_id))
    role = guild.get_role(int(role_id)) if guild is not None else None
    return clean(role.name) if role is not None else f"role {role_id}"


def is_gm(interaction: discord.Interaction[Any], info: GameInfo) -> bool:
    """Manage Server or the GM role of the game's server, typed in that server; in a DM game, its owner
    (who opened it) alone: a player seated there later never gets GM power over it."""
    if info.guild_id is None:
        if info.owner_id is not None:
            return str(interaction.user.id) == info.owner_id
        return bool(sides_held(info, interaction.user.id))  # a game opened before owners were kept
    return has_gm_role(interaction, game_config(interaction, info))


def is_guild_gm(interaction: discord.Interaction[Any]) -> bool:
    """A GM where no game exists yet: Manage Server or the server's GM role; in a DM, its user (whose
    solo game it will be)."""
    if interaction.guild_id is None:
        return True
    return has_gm_role(interaction)


def elsewhere(interaction: discord.Interaction[Any], info: GameInfo) -> str:
    """For a refusal: where the command must be typed to count, when it was typed elsewhere."""
    if info.guild_id is None or typed_in(interaction, info.guild_id):
        return ""
    return f" (game #{info.id} belongs to another server: a GM's rights count there, so type it there)"


GM_ONLY_NAMES = ("crt", "tec", "wec")  # Panzer Leader's tables; SAF's decks and cups end in _file


def is_gm_only(spec: Any) -> bool:
    """Whether only a GM may set this game option (``GameOptionSpec.gm_only``; data files and tables)."""
    name = str(getattr(spec, "name", ""))
    return bool(getattr(spec, "gm_only", False)) or name.endswith("_file") or name in GM_ONLY_NAMES


def gm_only_options(rules: GameRules, chosen: dict[str, Any]) -> list[str]:
    specs = {o.name: o for o in rules.option_specs()}
    return [k for k in chosen if k in specs and is_gm_only(specs[k])]


def require_gm(interaction: discord.Interaction[Any], info: GameInfo) -> None:
    if not is_gm(interaction, info):
        raise Forbidden(f"Only a GM may do this: {gm_role_text(interaction, game_config(interaction, info))} "
                        f"(in a DM game, its player){elsewhere(interaction, info)}")


# --- images ---------------------------------------------------------------------------------
def render_map_png(view: dict[str, Any], hex_label: str | None = None, radius: int = 3) -> bytes | None:
    """The map as PNG bytes, or None when the renderer is missing or fails (a reply never waits on it)."""
    try:
        from images.maps import view_png
    except ImportError:
        return None
    try:
        return view_png(view, hex_label, radius)
    except Exception:  # the renderer is another module's: log it, never fail the order
        log.exception("rendering the map failed")
        return None


async def map_file(bot: Host, game_id: int, *, hex_label: str | None = None, radius: int = 3,
                   limit: int = DEFAULT_FILESIZE) -> discord.File | None:
    """The map now, without the phase's moves (a new game's): on the heavy threads; None when busy."""
    from .host import Busy

    try:
        async with bot.heavy_slot():
            view = await bot.on_heavy(bot.service.view, game_id, None)
            data = await bot.draw(render_map_png, view, hex_label, radius)
    except Busy:
        return None
    if data is None or len(data) > limit:
        return None
    suffix = f"-{hex_label}" if hex_label else ""
    return discord.File(io.BytesIO(data), filename=f"game{game_id}-v{view.get('version', 0)}{suffix}.png")


# --- outcomes -------------------------------------------------------------------------------
def public_events(events: Sequence[Event]) -> list[Event]:
    """What the whole table may read of an answer: a secret's events (``Event.only``) become one line
    saying a secret order was given (the service shows them to all once the game reveals them)."""
    out = [e for e in events if not e.only]
    if len(out) < len(events):
        out.insert(0, Event("secret", SECRET_TEXT))
    return out


def outcome_lines(rules: GameRules, o: Outcome, *, by_bot: bool = False, private: bool = False) -> list[str]:
    """An answer's lines; posted for the whole table unless ``private`` (the player's own reply)."""
    lines = []
    if by_bot and o.action is not None and (o.action.kind in hidden_orders(rules) or any(e.only for e in o.events)):
        return [f"**{side_name(rules, o.side)}** (bot) gives a secret order (`/{rules.key} {o.action.kind}`)."]
    if by_bot and o.action is not None:
        why = f" - {event_text(o.reason)}" if o.reason else ""
        lines.append(f"**{side_name(rules, o.side)}** (bot) `{code(o.action.command(rules.key))}`{why}")
    for e in (o.events if private else public_events(o.events)):
        if by_bot and e.kind == "prompt":
            continue
        lines.append(f"> {event_text(e.line())}" if by_bot else event_text(e.line()))
    return lines


def status_of(info: GameInfo) -> str:
    """A game's status line for a message or an embed (it holds a GM's result: no link, no mention)."""
    return event_text(info.status_line, 1000)


def event_text(line: str, limit: int = 500) -> str:
    """A line of the rules' (which may quote a GM's or player's words): no mentions, no paths, shortened."""
    return no_links(no_mentions(clip(no_paths(line), limit)))


@asynccontextmanager
async def game_lock(interaction: discord.Interaction[Any], game_id: int) -> AsyncIterator[None]:
    """The game's lock; when another command of the game holds it, the interaction is deferred first
    so that it is acknowledged within Discord's 3 seconds."""
    lock = bot_of(interaction).locks(game_id)
    if lock.locked() and not interaction.response.is_done():
        await defer(interaction)
    async with lock:
        yield


def hidden_orders(rules: GameRules) -> tuple[str, ...]:
    """Order kinds a game keeps secret until they resolve (``rules.hidden_orders``, if it has one)."""
    return tuple(getattr(rules, "hidden_orders", ()) or ())


def private_orders(rules: GameRules) -> tuple[str, ...]:
    """Order kinds answered privately: secret until the game ends, or until they land (``secret_orders``)."""
    return hidden_orders(rules) + rules.secret_orders


async def give_order(interaction: discord.Interaction[Any], game_id: int | None, action: Action, *,
                     expected_version: int | None = None, game_key: str | None = None) -> None:
    """A player's order (slash command or button): check the seat, apply it, answer, carry on the game."""
    bot = bot_of(interaction)
    info = await game_for(interaction, game_id, game_key)
    rules = registry.get(info.game)
    secret = action.kind in private_orders(rules)
    if secret:
        await defer(interaction, ephemeral=True)  # the reply stays the player's
    async with game_lock(interaction, info.id):
        info = await asyncio.to_thread(bot.service.info, info.id)
        uid = str(interaction.user.id)
        try:
            side = acting_side(info, interaction.user.id)
        except UmpireError:
            # a second delivery of an interaction another process (or a retry) already applied?
            done = await asyncio.to_thread(bot.service.repeated, str(interaction.id))
            if done is None:
                raise
            outcome, side = done, done.side or ""
        else:
            outcome = await asyncio.to_thread(bot.service.submit, info.id, side, action, uid,
                                              user_name(interaction.user), expected_version,
                                              interaction_id=str(interaction.id))
        head = f"**{side_name(rules, side)}** `{code(action.command(rules.key))}`"
        if outcome.repeated:  # applied once already: answered from its entry, nothing applied again
            await reply(interaction, "\n".join([head + " (already applied)"]
                                               + outcome_lines(rules, outcome, private=True)), ephemeral=True)
            return
        if interaction.type is discord.InteractionType.component and not interaction.response.is_done():
            await interaction.response.edit_message(view=None)  # the choice is made: its buttons go
        await reply(interaction, "\n".join([head] + outcome_lines(rules, outcome, private=secret)), ephemeral=secret)
        await advance(bot, info.id, [outcome], interaction=interaction, last_user=uid)


async def advance(bot: Host, game_id: int, outcomes: Sequence[Outcome], *,
                  interaction: discord.Interaction[Any] | None = None, last_user: str | None = None,
                  force_map: bool = False) -> None:
    """After accepted entries (call under the game's lock): the bot's decisions, the map when a phase
    ended, the result at the end, else the next decision's notice."""
    service = bot.service
    bot_outcomes = await asyncio.to_thread(service.run_bots, game_id)
    info = await asyncio.to_thread(service.info, game_id)
    rules = registry.get(info.game)
    if bot_outcomes:
        lines = [line for o in bot_outcomes for line in outcome_lines(rules, o, by_bot=True)]
        await post(bot, info, "\n".join(lines), interaction=interaction)
    every = list(outcomes) + bot_outcomes
    closed = [o.seq for o in every if o.phase_ended]
    if force_map or info.status == "over" or closed:
        from .maps import answer_maps

        limit = interaction.filesize_limit if interaction is not None else DEFAULT_FILESIZE
        # a map of each phase, of that phase (else the map now): on the heavy threads, at the rate of
        # the member whose order or ruling this was (a button or a GM command draws no more maps)
        files, words = await answer_maps(bot, game_id, closed, limit,
                                         interaction.user.id if interaction is not None else None)
        from .board import board_button

        await post(bot, info, f"Map{'s' * (len(files) > 1)} of {words}, game #{game_id}: {status_of(info)}",
                   interaction=interaction, files=files, view=await board_button(bot, game_id))
    if info.status == "over":
        record = await asyncio.to_thread(service.seed_record, game_id)
        view = await asyncio.to_thread(service.view, game_id, None)
        result = view.get("result") or {}
        why = f"{result['text']}" + (f" [{result['rule']}]" if result.get("rule") else "") \
            if result.get("text") else status_of(info)
        players = [s.user_id for s in info.seats.values() if s.kind == "human" and s.user_id]
        pings = " ".join(f"<@{uid}>" for uid in players)
        await post(bot, info, f"{pings} **Game #{game_id} is over: {esc(why, 300)}.**\n{seed_text(record)} "
                   "/game log, /game map phase:N, /game seed and /game export still answer.",
                   interaction=interaction, mention=players)
        return
    await notify_turn(bot, info, interaction=interaction, last_user=None if bot_outcomes else last_user)


def seed_text(record: dict[str, Any]) -> str:
    """The seeds as /game seed and the end of a game show them: hashes always, seeds and salts once revealed."""
    if record["seed"] is None:
        return (f"Seed hash `{record['seed_hash']}`: the seed (and its salt) are revealed when the game ends, so "
                "anyone can check every card and die.")
    parts = [f"Seed `{record['seed']}`, salt `{record['seed_salt']}` (hash `{record['seed_hash'][:16]}…`, "
             "published at the start)"]
    for n, r in enumerate(record.get("reseeds") or [], 1):
        if r["seed"] is None:
            parts.append(f"fresh seed #{n} in play since the game came back: hash `{r['hash']}`, revealed at the end")
        else:
            parts.append(f"fresh seed #{n} `{r['seed']}`, salt `{r['salt']}` (hash `{r['hash'][:16]}…`)")
    return "; ".join(parts) + ": replay the log from them to check every card and die."


async def notify_turn(bot: Host, info: GameInfo, *, interaction: discord.Interaction[Any] | None = None,
                      last_user: str | None = None, prefix: str = "") -> None:
    """Tell the player who must decide, with buttons for the choices the rules offer. The player is
    mentioned only when the decision passes to them (no ping for each of their own moves)."""
    from cogs.buttons import choice_view

    side = info.to_act
    if side is None:
        return
    rules = registry.get(info.game)
    seat = info.seats[side]
    if seat.kind != "human":
        return
    if seat.user_id is None:
        await post(bot, info, f"{prefix}{side_name(rules, side)} must decide, but the seat is open: "
                   f"/game join side:{side}", interaction=interaction)
        return
    state = await asyncio.to_thread(bot.service.state, info.id)
    legal = await asyncio.to_thread(rules.legal_actions, state, side)
    kinds = list(dict.fromkeys(a.kind for a in legal))
    orders = ", ".join(f"`/{rules.key} {k}`" for k in kinds)
    ping = seat.user_id != last_user
    who = f"<@{seat.user_id}>" if ping else esc(seat.user_name or side_name(rules, side))
    text = f"{prefix}{who}, {side_name(rules, side)} to decide. {status_of(info)}\nYour orders: {orders}"
    view = choice_view(info.id, info.version, rules, legal)
    mention = [seat.user_id] if ping else []
    dm_allowed = info.guild_id is None or bot.server_settings.get(info.guild_id).dm_notices
    if seat.notify == "dm" and ping and dm_allowed:
        try:
            dm = await bot.create_dm(discord.Object(int(seat.user_id)))
            extra: dict[str, Any] = {"view": view} if view is not None else {}
            await dm.send(fit(no_paths(f"Game #{info.id}: {text}"))[0], allowed_mentions=mentions_of(mention), **extra)
            return
        except discord.HTTPException:
            log.warning("could not DM the player of game %s; notifying in the channel", info.id)
    await post(bot, info, text, interaction=interaction, view=view, mention=mention)
