"""Finding the game a command means (by number, by the thread or channel, by the user's only game), the
sides a member holds in it, its lock, its server's settings, and the options typed for a new game."""

from __future__ import annotations

import asyncio
import logging
import shlex
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from engine import registry
from engine.errors import Forbidden, IllegalAction, NotFound
from engine.game import GameRules
from engine.service import GameInfo, GameService
from engine.service.flow import held_sides, seat_words, side_name, turn_of
from engine.service.server_settings import ServerConfig

from .replies import bot_of, defer
from .words import clean, esc

log = logging.getLogger("umpire.discord")

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


def user_name(user: discord.abc.User) -> str:
    """The member's name as Umpire stores it: one clean line of at most 32 characters (escape it to show it)."""
    return clean(getattr(user, "display_name", None) or user.name) or "player"


def seat_label(rules: GameRules, info: GameInfo, side: str) -> str:
    seat = info.seats[side]
    if seat.kind == "bot":
        return f"{side_name(rules, side)}: the bot"
    if seat.user_id is None:
        return f"{side_name(rules, side)}: open (/game join)"
    return f"{side_name(rules, side)}: {esc(seat.user_name or 'player')}"



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
                           + "; ".join(game_words(service, g, uid) for g in seated[-5:]) + ")")
        if len(pool) == 1:
            return pool[0]
        if len(pool) > 1:
            raise NotFound(f"{len(pool)} games are played here: name one with game:<number> ("
                           + "; ".join(game_words(service, g, uid) for g in pool[-5:]) + ")")
    mine = [g for g in service.list_games(user_id=uid, active_only=True) if not game_key or g.game == game_key]
    if guild_id is not None:
        mine = [g for g in mine if g.guild_id == str(guild_id)]
    if len(mine) == 1:
        return mine[0]
    raise NotFound("No game here: start one with /game new, or name one with game:<number> (see /game list)")


def game_words(service: GameService, info: GameInfo, user_id: str) -> str:
    """A game as a refusal asking for ``game:`` names it: '#8 vs bob, turn 3' (several games of one title
    may share a channel where threads are forbidden)."""
    mine = held_sides(info, user_id)
    others = [s for s in info.seats if s not in mine] if mine else list(info.seats)
    names = [seat_words(info, s) for s in others]
    who = ("vs " if mine else "") + (", ".join(names) if mine else " vs ".join(names))
    try:
        turn = turn_of(service, info.id)
    except Exception:  # a refusal names the games it can; one that does not load is named by its number
        log.exception("reading game %s for a refusal", info.id)
        turn = None
    return f"#{info.id} {esc(who, 100)}" + (f", turn {turn}" if turn else "")


async def game_for(interaction: discord.Interaction[Any], game_id: int | None = None,
                   game_key: str | None = None) -> GameInfo:
    return await asyncio.to_thread(find_game, bot_of(interaction).service, interaction.guild_id,
                                   interaction.channel_id, interaction.user.id, game_id, game_key)


def sides_held(info: GameInfo, user_id: int | str) -> list[str]:
    return held_sides(info, user_id)


async def my_game(interaction: discord.Interaction[Any], game_id: int | None) -> tuple[GameInfo, list[str]]:
    """The game in question and the sides the user holds in it; refused if they hold none."""
    info = await game_for(interaction, game_id)
    mine = sides_held(info, interaction.user.id)
    if not mine:
        raise Forbidden(f"You hold no side in game #{info.id}")
    return info, mine

def server_config(interaction: discord.Interaction[Any]) -> ServerConfig:
    """The settings of the server the command is typed in (/settings; in a DM, the defaults): for what
    happens there (a new game, /settings). A command about a game reads ``game_config`` instead."""
    return bot_of(interaction).server_settings.get(interaction.guild_id)


# --- authority: the game's server decides, wherever the command is typed -------------------------------
def game_config(interaction: discord.Interaction[Any], info: GameInfo) -> ServerConfig:
    """The settings of the game's server (a DM game: the defaults), wherever the command is typed: a
    member's own server or DM never lends its rules, or his rights there, to a game of another server."""
    return bot_of(interaction).server_settings.get(info.guild_id)



@asynccontextmanager
async def game_lock(interaction: discord.Interaction[Any], game_id: int) -> AsyncIterator[None]:
    """The game's lock; when another command of the game holds it, the interaction is deferred first
    so that it is acknowledged within Discord's 3 seconds."""
    lock = bot_of(interaction).locks(game_id)
    if lock.locked() and not interaction.response.is_done():
        await defer(interaction)
    async with lock:
        yield


