"""One slash-command group per game (/peiper, /saf, /pl), built from the game's CommandSpecs.

A game present in ``engine.registry.available()`` gets its group with no change here. Options of
kind unit, hex, bridge or str autocomplete from ``legal_actions`` of the side to act (what the user
typed filters them; the other options already given narrow them: the hexes a chosen unit may reach).
Autocomplete runs on threads of its own at a per-user rate (``UmpireBot.complete``): past it, or when
its threads are busy, it answers an empty list at once, and an order never waits behind it.
"""

from __future__ import annotations

import inspect
import time
from typing import Any, Literal, Optional

import discord
from discord import app_commands
from discord.ext import commands

from engine import offers, registry
from engine.errors import UmpireError
from engine.game import Action, CommandSpec, GameRules, OptionSpec

from .finding import find_game, playable_games, sides_held
from .play import give_order
from .replies import bot_of

MAX_CHOICES = 25


def _annotation(opt: OptionSpec) -> Any:
    if opt.kind == "int":
        base: Any = int
    elif opt.kind == "choice" and 0 < len(opt.choices) <= MAX_CHOICES:
        base = Literal[tuple(opt.choices)]
    else:
        base = str
    return base if opt.required else Optional[base]  # noqa: UP045 (discord.py reads typing.Optional)


def _autocompletes(opt: OptionSpec) -> bool:
    return opt.kind in ("unit", "units", "hex", "bridge", "str") or (
        opt.kind == "choice" and len(opt.choices) > MAX_CHOICES)


def _place_names(view: dict[str, Any]) -> dict[str, str]:
    try:
        from engine.maps import map_of

        gmap = map_of(view)
        return {h.label: name for name, h in gmap.places.items()}
    except Exception:
        return {}


def candidates(rules: GameRules, state: Any, side: str, spec: CommandSpec, opt: OptionSpec,
               given: dict[str, Any], legal: list[Action] | None = None) -> list[tuple[str, str]]:
    """(label, value) pairs for one option, from the legal actions of this command consistent with every
    other option given (strictly: an option typed that no legal order has narrows to nothing, since anything
    offered then would be refused; engine.offers)."""
    others = {name: _canonical(rules, state, spec, name, value) for name, value in given.items()
              if name != opt.name and value not in (None, "")}
    listing = rules.legal_actions(state, side) if legal is None else legal
    values = offers.values(offers.fitting(listing, spec, others), opt.name, opt.kind)
    view = rules.view(state, side)
    units = {u["id"]: u for u in view.get("units", [])}
    places = _place_names(view) if opt.kind == "hex" else {}
    out = []
    for v in values:
        label = v
        if v in units and units[v].get("hex"):
            label = f"{v} ({units[v]['hex']})"
        elif v in places:
            label = f"{v} {places[v]}"
        out.append((label, v))
    return out


# Odds in the labels (issue 27: "106 BG -> Spitze: hits on A-2, 15%"): only the values shown (the best
# matches of what is typed), only those that complete one listed order, at most MAX_PRICED of them and
# within ODDS_BUDGET_S; the rest are offered plain. The chance is engine.odds', the resolution's own.
MAX_PRICED = 8
ODDS_BUDGET_S = 0.4


def priced(rules: GameRules, state: Any, side: str, spec: CommandSpec, opt: OptionSpec, given: dict[str, Any],
           pairs: list[tuple[str, str]], budget_s: float = ODDS_BUDGET_S,
           legal: list[Action] | None = None) -> list[tuple[str, str]]:
    """``pairs`` with the likeliest result and its chance added to each label whose value completes one order."""
    from engine.odds import odds

    others = {name: _canonical(rules, state, spec, name, value) for name, value in given.items()
              if name != opt.name and value not in (None, "")}
    mine = [a for a in (rules.legal_actions(state, side) if legal is None else legal) if a.kind == spec.name]
    start, out = time.monotonic(), []
    for n, (label, value) in enumerate(pairs):
        if n < MAX_PRICED and time.monotonic() - start < budget_s:
            fits = offers.fitting(mine, spec, {**others, opt.name: value})
            if len(fits) == 1:
                try:
                    short = odds(rules, state, side, fits[0]).short()
                except UmpireError:
                    short = ""
                if short:
                    label = f"{label}: {short}"
        out.append((label, value))
    return out


def _canonical(rules: GameRules, state: Any, spec: CommandSpec, name: str, value: Any) -> Any:
    """A unit typed by another name (Peiper's "30/177/1", any case) as the listing names it."""
    opt = next((o for o in spec.options if o.name == name), None)
    if opt is None or opt.kind != "unit":
        return value
    try:
        with rules.ground(state):
            return rules.unit_id(state, str(value))
    except Exception:  # not a unit the game knows: compared as typed (and so narrows to nothing)
        return value


def _matching(pairs: list[tuple[str, str]], current: str) -> list[tuple[str, str]]:
    typed = current.strip().lower()
    starts = [p for p in pairs if p[1].lower().startswith(typed) or p[0].lower().startswith(typed)]
    within = [p for p in pairs if typed in p[0].lower() and p not in starts]
    return (starts + within)[:MAX_CHOICES]


def _filter(pairs: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=label[:100], value=value[:100]) for label, value in _matching(pairs, current)]


def filter_units(pairs: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    """A group typed as ``A,B,C``: the units already named stay, the last one is completed, none twice."""
    head, _, last = current.rpartition(",")
    named = [u.strip() for u in head.split(",") if u.strip()]
    lowered = {u.lower() for u in named}
    rest = [(label, value) for label, value in pairs if value.lower() not in lowered]
    prefix = ",".join(named) + "," if named else ""
    return [app_commands.Choice(name=(prefix + label)[:100], value=(prefix + value)[:100])
            for label, value in _matching(rest, last) if len(prefix + value) <= 100]


def _completer(key: str, spec: CommandSpec, opt: OptionSpec) -> Any:
    async def complete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        bot = bot_of(interaction)
        ns = interaction.namespace
        given = {o.name: getattr(ns, o.name, None) for o in spec.options}

        def work() -> list[tuple[str, str]]:
            info = find_game(bot.service, interaction.guild_id, interaction.channel_id, interaction.user.id,
                             getattr(ns, "game", None), key)
            side = info.to_act
            if side is None or side not in sides_held(info, interaction.user.id):
                return []
            rules = registry.get(info.game)
            state = bot.service.state(info.id)
            legal = rules.legal_actions(state, side)  # listed once, for the values and their odds
            pairs = candidates(rules, state, side, spec, opt, given, legal)
            if opt.kind == "units":
                return pairs
            return priced(rules, state, side, spec, opt, given, _matching(pairs, current), legal=legal)

        try:  # on the autocomplete threads, at the user's rate (bot.complete): never the order threads
            pairs = await bot.complete(interaction.user.id, work) or []
        except Exception:  # autocomplete never raises at the user: no suggestions instead
            return []
        return filter_units(pairs, current) if opt.kind == "units" else _filter(pairs, current)

    return complete


def build_command(key: str, spec: CommandSpec) -> app_commands.Command[Any, ..., None]:
    async def order(interaction: discord.Interaction[Any], **values: Any) -> None:
        game_id = values.pop("game", None)
        args = {k: str(v) for k, v in values.items() if v is not None and str(v) != ""}
        await give_order(interaction, game_id, Action(spec.name, args), game_key=key)

    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction)]
    descriptions: dict[str, str] = {}
    completers: dict[str, Any] = {}
    for opt in spec.options:
        default = inspect.Parameter.empty if opt.required else None
        params.append(inspect.Parameter(opt.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                        annotation=_annotation(opt)))
        descriptions[opt.name] = opt.description[:100] or opt.name
        if _autocompletes(opt):
            completers[opt.name] = _completer(key, spec, opt)
    params.append(inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, default=None,
                                    annotation=Optional[int]))  # noqa: UP045
    descriptions["game"] = "Game number, when not the game of this channel"
    order.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    order.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    order.__discord_app_commands_param_autocomplete__ = completers  # type: ignore[attr-defined]
    order.__name__ = order.__qualname__ = f"{key}_{spec.name}"
    return app_commands.Command(name=spec.name, description=spec.description[:100] or spec.name, callback=order)


def build_group(key: str) -> app_commands.Group:
    rules = registry.get(key)
    group = app_commands.Group(name=key, description=f"Orders in {rules.title}"[:100])
    for spec in rules.commands():
        group.add_command(build_command(key, spec))
    return group


class Orders(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.groups = [build_group(key) for key in playable_games()]

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group, override=True)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Orders(bot))
