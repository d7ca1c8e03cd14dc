"""The play flow on Discord: a player's order (slash command or button) goes through
``engine.service.flow`` and its ``Flow`` is rendered here: the player's answer, the bots' lines, the
maps of the phases closed, the ending, and the next decision's notice with its buttons.

The flow runs in two steps around the first reply (``order``/``ruling`` without ``then_follow``, then
``carry_on``): the player's answer never waits on the bots' thinking.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Giver:
    """Who gives an order and where its answer goes: a member's command or button (``interaction``), or a
    side's board page (issue 37: no interaction; ``note`` says so in the thread, ``reason`` in the log)."""

    user_id: str
    user_name: str
    interaction_id: str  # the order applies at most once per id (a retry, a double click)
    interaction: discord.Interaction[Any] | None = None
    sides: Sequence[str] | None = None  # the sides they speak for (default: the seats they hold)
    note: str = ""
    reason: str = ""

    @property
    def charged(self) -> int | None:
        """Whose map rate the maps of this order are charged to (``cogs.maps.answer_maps``)."""
        if self.interaction is not None:
            return self.interaction.user.id
        return int(self.user_id) if self.user_id.isdigit() else None


Answer = Callable[[str, bool, Flow], Awaitable[None]]  # (the answer's text, private?, the applied part)


async def run_order(bot: Host, info: GameInfo, action: Action, giver: Giver, answer: Answer, *,
                    expected_version: int | None = None) -> Flow:
    """An order through the flow (call under the game's lock): applied, answered (``answer``: the player's
    reply, or the thread's message and the page's answer), then carried on (the bots' lines, the maps, the
    ending, the next notice). The one path of a typed order, a button and a board page; returns the
    applied part."""
    rules = registry.get(info.game)
    secret = action.kind in private_orders(rules)
    first = await asyncio.to_thread(play_flow.order, bot.service, info.id, giver.user_id, action,
                                    actor_name=giver.user_name, sides=giver.sides, expected_version=expected_version,
                                    interaction_id=giver.interaction_id, then_follow=False, reason=giver.reason)
    head = f"**{side_name(rules, first.side)}** `{code(action.command(rules.key))}`{giver.note}"
    if first.repeated:  # applied once already: answered from its entry, nothing applied again
        await answer("\n".join([head + " (already applied)"] + move_lines(rules, first.applied[0], private=True)),
                     True, first)
        return first
    await answer("\n".join([head] + move_lines(rules, first.applied[0], private=secret)), secret, first)
    flow = await asyncio.to_thread(play_flow.carry_on, bot.service, first)
    await show(bot, flow, interaction=giver.interaction, charged=giver.charged)
    return first


async def run_undo(bot: Host, info: GameInfo, giver: Giver, answer: Answer, *,
                   expected_version: int | None = None) -> Flow:
    """Take back the giver's last order (call under the game's lock): answered naming what it took back
    (as the whole table may read it: a secret order by its kind alone), then carried on. A board page's
    undo carries the version it was drawn at (``expected_version``: refused as stale once the game moved);
    ``/game undo`` shows no version and carries none."""
    first = await asyncio.to_thread(play_flow.undo, bot.service, info.id, giver.user_id, sides=giver.sides,
                                    interaction_id=giver.interaction_id, then_follow=False,
                                    expected_version=expected_version)
    what = f"Undone{giver.note}: {code(first.taken_back)}" if first.taken_back else \
        f"{first.applied[0].events[0].text}{giver.note}"
    await answer(f"{what}. {status_of(first.info)}", first.repeated, first)  # a repeat: to the giver alone
    if first.repeated:
        return first
    flow = await asyncio.to_thread(play_flow.carry_on, bot.service, first)
    await show(bot, flow, interaction=giver.interaction, charged=giver.charged)
    return first


def giver_of(interaction: discord.Interaction[Any], sides: Sequence[str] | None = None) -> Giver:
    return Giver(str(interaction.user.id), user_name(interaction.user), str(interaction.id), interaction, sides)


async def give_order(interaction: discord.Interaction[Any], game_id: int | None, action: Action, *,
                     expected_version: int | None = None, game_key: str | None = None) -> None:
    """A player's order (slash command or button): through the flow, answered, the game carried on."""
    bot = bot_of(interaction)
    info = await game_for(interaction, game_id, game_key)
    if action.kind in private_orders(registry.get(info.game)):
        await defer(interaction, ephemeral=True)  # the reply stays the player's

    async def answer(text: str, private: bool, first: Flow) -> None:
        if not first.repeated and interaction.type is discord.InteractionType.component \
                and not interaction.response.is_done():
            await interaction.response.edit_message(view=None)  # the choice is made: its buttons go
        await reply(interaction, text, ephemeral=private)

    async with game_lock(interaction, info.id):
        await run_order(bot, info, action, giver_of(interaction), answer, expected_version=expected_version)


BOARD_NOTE = f" ({play_flow.BOARD_REASON})"


async def board_order(bot: Host, game_id: int, side: str, user_id: str, user_name: str, action: Action | None,
                      *, version: int, key: str, answered: Callable[[Flow], None]) -> None:
    """An order (``action``; None: an undo) clicked on a side's board page (issue 37), on the path of a typed
    one: the game's lock, the flow, the same messages in the game's thread (its answer noted "given from
    the board"; a private one stays the player's: the page shows it), the bots' replies, maps, ending and
    the next notice, pinging as they would. ``answered`` gets the applied part at once (the page's answer)."""
    giver = Giver(user_id, user_name, key, sides=[side], note=BOARD_NOTE, reason=play_flow.BOARD_REASON)

    async with bot.locks(game_id):
        info = await asyncio.to_thread(bot.service.info, game_id)

        async def answer(text: str, private: bool, first: Flow) -> None:
            answered(first)
            if not private:
                await post(bot, info, text)

        if action is None:
            await run_undo(bot, info, giver, answer, expected_version=version)
        else:
            await run_order(bot, info, action, giver, answer, expected_version=version)


ChoiceButton.on_choice = give_order  # a click gives the order it shows (buttons.py imports nothing of this)


async def advance(bot: Host, game_id: int, outcomes: Sequence[Outcome] = (), *,
                  interaction: discord.Interaction[Any] | None = None, last_user: str | None = None,
                  force_map: bool = False) -> Flow:
    """After accepted entries (call under the game's lock): the flow's ``follow``, rendered."""
    flow = await asyncio.to_thread(play_flow.follow, bot.service, game_id, outcomes, last_user=last_user)
    await show(bot, flow, interaction=interaction, force_map=force_map)
    return flow


async def show(bot: Host, flow: Flow, *, interaction: discord.Interaction[Any] | None = None,
               force_map: bool = False, charged: int | None = None) -> None:
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
        # the member whose order or ruling this was (a button, a board click or a GM command draws no more maps)
        if charged is None and interaction is not None:
            charged = interaction.user.id
        files, words = await answer_maps(bot, game_id, flow.closed, limit, charged)
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
