"""The play flow on Discord: a player's order (slash command or button) goes through
``engine.service.flow`` and its ``Flow`` is rendered here: the player's answer, the bots' lines, the
maps of the phases closed, the ending, and the next decision's notice with its buttons.

The flow runs in two steps around the first reply (``order``/``ruling`` without ``then_follow``, then
``carry_on``): the player's answer never waits on the bots' thinking.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from engine import registry
from engine.game import Action, GameRules
from engine.service import GameInfo, Outcome
from engine.service import flow as play_flow
from engine.service.flow import Flow, Move, private_orders, side_name

from .buttons import ChoiceButton, choice_view
from .finding import game_for, game_lock, user_name
from .replies import DEFAULT_FILESIZE, bot_of, defer, fit, mentions_of, post, reply
from .words import code, esc, event_text, no_paths, status_of

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("umpire.discord")


def move_lines(rules: GameRules, m: Move, *, private: bool = False) -> list[str]:
    """A move's lines: a bot's with its order and reason (a secret one named by its kind alone), each
    event's line; the whole table's unless ``private`` (the player's own reply)."""
    if m.by_bot and m.action is not None and m.secret:
        return [f"**{side_name(rules, m.side)}** (bot) gives a secret order (`/{rules.key} {m.action.kind}`)."]
    lines = []
    if m.by_bot and m.action is not None:
        why = f" - {event_text(m.reason)}" if m.reason else ""
        lines.append(f"**{side_name(rules, m.side)}** (bot) `{code(m.action.command(rules.key))}`{why}")
    for e in (m.events if private else m.public_events()):
        if m.by_bot and e.kind == "prompt":
            continue
        lines.append(f"> {event_text(e.line())}" if m.by_bot else event_text(e.line()))
    return lines


async def give_order(interaction: discord.Interaction[Any], game_id: int | None, action: Action, *,
                     expected_version: int | None = None, game_key: str | None = None) -> None:
    """A player's order (slash command or button): through the flow, answered, the game carried on."""
    bot = bot_of(interaction)
    info = await game_for(interaction, game_id, game_key)
    rules = registry.get(info.game)
    secret = action.kind in private_orders(rules)
    if secret:
        await defer(interaction, ephemeral=True)  # the reply stays the player's
    async with game_lock(interaction, info.id):
        uid = str(interaction.user.id)
        first = await asyncio.to_thread(play_flow.order, bot.service, info.id, uid, action,
                                        actor_name=user_name(interaction.user), expected_version=expected_version,
                                        interaction_id=str(interaction.id), then_follow=False)
        head = f"**{side_name(rules, first.side)}** `{code(action.command(rules.key))}`"
        if first.repeated:  # applied once already: answered from its entry, nothing applied again
            await reply(interaction, "\n".join([head + " (already applied)"]
                                               + move_lines(rules, first.applied[0], private=True)), ephemeral=True)
            return
        if interaction.type is discord.InteractionType.component and not interaction.response.is_done():
            await interaction.response.edit_message(view=None)  # the choice is made: its buttons go
        await reply(interaction, "\n".join([head] + move_lines(rules, first.applied[0], private=secret)),
                    ephemeral=secret)
        flow = await asyncio.to_thread(play_flow.carry_on, bot.service, first)
        await show(bot, flow, interaction=interaction)


ChoiceButton.on_choice = give_order  # a click gives the order it shows (buttons.py imports nothing of this)


async def advance(bot: Host, game_id: int, outcomes: Sequence[Outcome] = (), *,
                  interaction: discord.Interaction[Any] | None = None, last_user: str | None = None,
                  force_map: bool = False) -> Flow:
    """After accepted entries (call under the game's lock): the flow's ``follow``, rendered."""
    flow = await asyncio.to_thread(play_flow.follow, bot.service, game_id, outcomes, last_user=last_user)
    await show(bot, flow, interaction=interaction, force_map=force_map)
    return flow


async def show(bot: Host, flow: Flow, *, interaction: discord.Interaction[Any] | None = None,
               force_map: bool = False) -> None:
    """A flow's rest, after the answer: the bots' lines, the maps of the phases closed, the ending,
    else the next decision's notice."""
    info, game_id = flow.info, flow.game_id
    rules = registry.get(info.game)
    if flow.bots:
        lines = [line for m in flow.bots for line in move_lines(rules, m)]
        await post(bot, info, "\n".join(lines), interaction=interaction)
    if force_map or flow.ending is not None or flow.closed:
        from .board import board_button
        from .maps import answer_maps

        limit = interaction.filesize_limit if interaction is not None else DEFAULT_FILESIZE
        # a map of each phase, of that phase (else the map now): on the heavy threads, at the rate of
        # the member whose order or ruling this was (a button or a GM command draws no more maps)
        files, words = await answer_maps(bot, game_id, flow.closed, limit,
                                         interaction.user.id if interaction is not None else None)
        await post(bot, info, f"Map{'s' * (len(files) > 1)} of {words}, game #{game_id}: {status_of(info)}",
                   interaction=interaction, files=files, view=await board_button(bot, game_id))
    if flow.ending is not None:
        why = flow.ending.line if flow.ending.text else status_of(info)
        players = flow.ending.players
        pings = " ".join(f"<@{uid}>" for uid in players)
        await post(bot, info, f"{pings} **Game #{game_id} is over: {esc(why, 300)}.**\n{flow.ending.seed_text} "
                   "/game log, /game map phase:N, /game seed and /game export still answer.",
                   interaction=interaction, mention=players)
        return
    await notify(bot, flow, interaction=interaction)


async def notify_turn(bot: Host, info: GameInfo, *, interaction: discord.Interaction[Any] | None = None,
                      last_user: str | None = None, prefix: str = "") -> None:
    """The notice of the decision now (a join, an undo, a reminder): the flow's decision, no bot moved."""
    flow = await asyncio.to_thread(play_flow.follow, bot.service, info.id, (), last_user=last_user,
                                   run_bots=False)
    await notify(bot, flow, interaction=interaction, prefix=prefix)


async def notify(bot: Host, flow: Flow, *, interaction: discord.Interaction[Any] | None = None,
                 prefix: str = "") -> None:
    """Tell the player who must decide, with buttons for the choices the rules offer. The notice names
    the game and the opponent (several games may share a channel); the player is mentioned only when
    the decision passes to them (no ping for each of their own moves)."""
    decision, info = flow.decision, flow.info
    if decision is None or decision.seat == "bot":
        return
    rules = registry.get(info.game)
    head = f"{prefix}{play_flow.heading(info, decision, name=esc)}: "
    if decision.seat == "open":
        await post(bot, info, f"{head}{decision.side_name} must decide, but the seat is open: "
                   f"/game join side:{decision.side}", interaction=interaction)
        return
    assert decision.user_id is not None
    notice = flow.notices[0]
    orders = ", ".join(f"`/{rules.key} {k}`" for k in decision.kinds)
    who = f"<@{decision.user_id}>" if notice.ping else esc(decision.user_name or decision.side_name)
    text = f"{head}{who}, {decision.side_name} to decide. {status_of(info)}\nYour orders: {orders}"
    view = choice_view(info.id, decision.version, rules, decision.legal)
    mention = [decision.user_id] if notice.ping else []
    dm_allowed = info.guild_id is None or bot.server_settings.get(info.guild_id).dm_notices
    if notice.dm and dm_allowed:
        try:
            dm = await bot.create_dm(discord.Object(int(decision.user_id)))
            extra: dict[str, Any] = {"view": view} if view is not None else {}
            await dm.send(fit(no_paths(text))[0], allowed_mentions=mentions_of(mention), **extra)
            return
        except discord.HTTPException:
            log.warning("could not DM the player of game %s; notifying in the channel", info.id)
    await post(bot, info, text, interaction=interaction, view=view, mention=mention)
