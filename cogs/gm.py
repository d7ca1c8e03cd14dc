"""/gm: corrections outside the rules, for a server's GMs (Manage Server or the GM role; in a DM game, its
player). Each needs a reason and may cite a rule; each is a ruling in the log, listed by /gm rulings and
revertible with /gm revert.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import NotFound
from engine.game import Action
from engine.service import Seat
from engine.service import flow as play_flow
from engine.service.flow import Move, side_name

from .finding import find_game, game_for, game_lock, parse_pairs, user_name
from .gm_rights import require_gm
from .play import advance, show
from .replies import bot_of, cooldown, defer, reply
from .text import clip, shown
from .words import code, esc, event_text

Reason = app_commands.Range[str, 1, 300]
Rule = app_commands.Range[str, 0, 100]


async def _units(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    bot = bot_of(interaction)

    def work() -> list[tuple[str, str]]:
        info = find_game(bot.service, interaction.guild_id, interaction.channel_id, interaction.user.id,
                         getattr(interaction.namespace, "game", None))
        view = bot.service.view(info.id, None)
        return [(f"{u['id']} ({u['side']}, {u.get('hex') or u.get('status')})", str(u["id"]))
                for u in view.get("units", [])]

    try:  # the autocomplete threads, at the user's rate (UmpireBot.complete)
        pairs = await bot.complete(interaction.user.id, work) or []
    except Exception:
        return []
    typed = current.lower()
    return [app_commands.Choice(name=clip(label, 100), value=value[:100]) for label, value in pairs
            if typed in label.lower()][:25]


async def _sides(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    bot = bot_of(interaction)
    try:
        info = await bot.complete(interaction.user.id, find_game, bot.service, interaction.guild_id,
                                  interaction.channel_id, interaction.user.id,
                                  getattr(interaction.namespace, "game", None))
    except Exception:
        return []
    if info is None:
        return []
    rules = registry.get(info.game)
    return [app_commands.Choice(name=f"{s} ({side_name(rules, s)})", value=s) for s in info.seats
            if current.lower() in s][:25]


@app_commands.default_permissions(manage_guild=True)  # shown to Manage Server; a server may grant the GM role
class GmCog(commands.GroupCog, group_name="gm", group_description="GM corrections, each with a reason"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def _ruling(self, interaction: discord.Interaction[Any], game: int | None, action: Action, reason: str,
                      rule: str, *, force_map: bool = True) -> None:
        info = await game_for(interaction, game)
        require_gm(interaction, info)
        await self._rule(interaction, info, "gm", reason, f"`/gm {code(action.kind, 40)}`", action=action, rule=rule,
                         force_map=force_map)

    async def _rule(self, interaction: discord.Interaction[Any], info: Any, kind: str, reason: str,
                    what: str | Callable[[Move], str], *, action: Action | None = None, entry: int = 0,
                    rule: str = "", force_map: bool = True) -> None:
        """A ruling through the flow (the player awaited is not pinged again for it): announced, then the
        rest of the flow rendered."""
        bot = bot_of(interaction)
        async with game_lock(interaction, info.id):
            first = await asyncio.to_thread(play_flow.ruling, bot.service, info.id, kind, str(interaction.user.id),
                                            reason, action=action, entry=entry, rule=rule,
                                            actor_name=user_name(interaction.user),
                                            interaction_id=str(interaction.id), then_follow=False)
            move = first.applied[0]
            await self._announce(interaction, move, what if isinstance(what, str) else what(move), reason, rule)
            flow = await asyncio.to_thread(play_flow.carry_on, bot.service, first)
            await show(bot, flow, interaction=interaction, force_map=force_map)

    async def _announce(self, interaction: discord.Interaction[Any], m: Move, what: str, reason: str,
                        rule: str = "") -> None:
        lines = [f"**Ruling #{m.seq}** by {esc(user_name(interaction.user))}: {what} - reason: {esc(reason, 300)}"
                 + (f" [{esc(rule, 100)}]" if rule else "")]
        lines += [f"> {event_text(e.line())}" for e in m.public_events()]
        await reply(interaction, "\n".join(lines))

    @app_commands.command(name="move", description="Put a unit in a hex")
    @app_commands.describe(unit="The unit", to="The hex", reason="Why (shown in the log)", rule="Rule reference", game="Game number")
    @app_commands.autocomplete(unit=_units)
    async def move(self, interaction: discord.Interaction[Any], unit: str, to: str, reason: Reason,
                   rule: Rule = "", game: int | None = None) -> None:
        await self._ruling(interaction, game, Action("move", {"unit": unit, "to": to}), reason, rule)

    @app_commands.command(name="place", description="Bring a unit onto the map in a hex")
    @app_commands.describe(unit="The unit", at="The hex", reason="Why (shown in the log)", rule="Rule reference", game="Game number")
    @app_commands.autocomplete(unit=_units)
    async def place(self, interaction: discord.Interaction[Any], unit: str, at: str, reason: Reason,
                    rule: Rule = "", game: int | None = None) -> None:
        await self._ruling(interaction, game, Action("place", {"unit": unit, "at": at}), reason, rule)

    @app_commands.command(name="remove", description="Take a unit off the map")
    @app_commands.describe(unit="The unit", status="eliminated (default) or awaiting", reason="Why",
                           rule="Rule reference", game="Game number")
    @app_commands.autocomplete(unit=_units)
    async def remove(self, interaction: discord.Interaction[Any], unit: str, reason: Reason,
                     status: Literal["eliminated", "awaiting"] = "eliminated", rule: Rule = "",
                     game: int | None = None) -> None:
        await self._ruling(interaction, game, Action("remove", {"unit": unit, "status": status}), reason, rule)

    @app_commands.command(name="flip", description="Flip a unit to its reduced side (restore: back to full)")
    @app_commands.describe(unit="The unit", restore="True to restore it to full strength", reason="Why",
                           rule="Rule reference", game="Game number")
    @app_commands.autocomplete(unit=_units)
    async def flip(self, interaction: discord.Interaction[Any], unit: str, reason: Reason, restore: bool = False,
                   rule: Rule = "", game: int | None = None) -> None:
        await self._ruling(interaction, game, Action("restore" if restore else "flip", {"unit": unit}), reason, rule)

    @app_commands.command(name="turn", description="Set the turn number")
    @app_commands.describe(turn="The turn", reason="Why", rule="Rule reference", game="Game number")
    async def turn(self, interaction: discord.Interaction[Any], turn: app_commands.Range[int, 1, 100],
                   reason: Reason, rule: Rule = "", game: int | None = None) -> None:
        await self._ruling(interaction, game, Action("turn", {"turn": str(turn)}), reason, rule, force_map=False)

    @app_commands.command(name="correct", description="Any other correction the game knows: kind and key:value args")
    @app_commands.describe(kind="Such as bridge, depot, morale", args='Such as bridge:Cheneux state:down',
                           reason="Why", rule="Rule reference", game="Game number")
    async def correct(self, interaction: discord.Interaction[Any], kind: str, reason: Reason, args: str = "",
                      rule: Rule = "", game: int | None = None) -> None:
        await self._ruling(interaction, game, Action(kind.strip().lower(), parse_pairs(args)), reason, rule)

    @app_commands.command(name="end", description="End the game with a result")
    @app_commands.describe(winner="The winning side", result="What happened", reason="Why", rule="Rule reference", game="Game number")
    @app_commands.autocomplete(winner=_sides)
    async def end(self, interaction: discord.Interaction[Any], winner: str, reason: Reason,
                  result: app_commands.Range[str, 1, 100] = "ended by the GM", rule: Rule = "",
                  game: int | None = None) -> None:
        # the result is kept in the game and shown everywhere (status line, map, embed): plain words, no
        # markup, link or mention (cogs/text.py)
        result = shown(result, 100, markup=False) or "ended by the GM"
        await self._ruling(interaction, game, Action("end", {"winner": winner, "result": result}), reason, rule)

    @app_commands.command(name="reroll", description="Re-roll the last random event (card or dice)")
    @app_commands.describe(reason="Why", game="Game number")
    async def reroll(self, interaction: discord.Interaction[Any], reason: Reason, game: int | None = None) -> None:
        info = await game_for(interaction, game)
        require_gm(interaction, info)
        await self._rule(interaction, info, "reroll", reason, lambda m: f"re-roll of #{m.seq}", force_map=False)

    @app_commands.command(name="rewind", description="Go back to the state after a log entry (later ones undone)")
    @app_commands.describe(entry="The log entry number to go back to (see /game log)", reason="Why", game="Game number")
    async def rewind(self, interaction: discord.Interaction[Any], entry: app_commands.Range[int, 0, 1_000_000],
                     reason: Reason, game: int | None = None) -> None:
        info = await game_for(interaction, game)
        require_gm(interaction, info)
        await self._rule(interaction, info, "rewind", reason, f"rewind to #{entry}", entry=entry, force_map=True)

    @app_commands.command(name="revert", description="Revert one ruling or order (refused if later orders need it)")
    @app_commands.describe(entry="The log entry number (see /gm rulings or /game log)", reason="Why", game="Game number")
    async def revert(self, interaction: discord.Interaction[Any], entry: app_commands.Range[int, 1, 1_000_000],
                     reason: Reason, game: int | None = None) -> None:
        info = await game_for(interaction, game)
        require_gm(interaction, info)
        await self._rule(interaction, info, "revert", reason, f"revert of #{entry}", entry=entry, force_map=True)

    @app_commands.command(name="seat", description="Give a side to a player, or to the bot")
    @app_commands.describe(side="The side", player="The player (leave out: the bot)", reason="Why", game="Game number")
    @app_commands.autocomplete(side=_sides)
    async def seat(self, interaction: discord.Interaction[Any], side: str, reason: Reason,
                   player: discord.User | None = None, game: int | None = None) -> None:
        bot = bot_of(interaction)
        info = await game_for(interaction, game)
        require_gm(interaction, info)
        if side not in info.seats:
            raise NotFound(f"No side '{side}' in game #{info.id}: sides are {', '.join(info.seats)}")
        seat = Seat("human", str(player.id), user_name(player)) if player and not player.bot else Seat("bot")
        async with game_lock(interaction, info.id):
            info = await asyncio.to_thread(bot.service.set_seat, info.id, side, seat, str(interaction.user.id), reason)
            rules = registry.get(info.game)
            who = esc(seat.user_name) if seat.kind == "human" else "the bot"
            await reply(interaction, f"**Seat change** by {esc(user_name(interaction.user))}: {side_name(rules, side)} "
                        f"is now held by {who} - reason: {esc(reason, 300)}")
            await advance(bot, info.id, [], interaction=interaction)

    @app_commands.command(name="rulings", description="The game's GM rulings: who, what, why, and the rule")
    @app_commands.describe(game="Game number")
    async def rulings(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        bot = bot_of(interaction)
        cooldown(interaction, "rulings")
        await defer(interaction)  # before the first database call
        info = await game_for(interaction, game)
        entries, total = await bot.heavy(bot.service.rulings_page, info.id, 25)
        if not entries:
            await reply(interaction, f"Game #{info.id} has no rulings.")
            return
        lines = []
        for e in entries:
            what = Action.from_dict(e.action).command("gm") if e.action else e.kind
            ref = f" (on #{e.refers_to})" if e.refers_to else ""
            mark = f" - reverted by #{e.undone_by}" if e.undone else ""
            lines.append(f"**#{e.seq}** {e.kind}{ref} `{code(what)}` by {esc(e.actor_name or e.actor)}: "
                         f"{esc(e.reason, 200)}" + (f" [{esc(e.rule, 100)}]" if e.rule else "") + mark)
        shown = f" (the newest {len(entries)} of {total})" if total > len(entries) else ""
        await reply(interaction, f"Game #{info.id} rulings{shown}:\n" + "\n".join(lines))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GmCog(bot))
