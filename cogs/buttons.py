"""Buttons for the choices the rules offer (take or pass, redraw or miss, ...).

Each button is a ``discord.ui.DynamicItem``: its custom_id ``umpire:<game>:v<version>:<action>`` (with
at most one ``:<arg>=<value>``) holds all it needs, so it answers after a restart and in any process,
and a click on a board that has changed since is refused.
"""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

import discord

from engine.errors import StaleVersion
from engine.game import Action, GameRules

TEMPLATE = r"umpire:(?P<game>\d+):v(?P<version>\d+):(?P<action>[a-z_]+)(?::(?P<key>[a-z_]+)=(?P<value>[^:]{1,60}))?"
MAX_BUTTONS = 25
MAX_WITH_ARG = 10  # one-argument choices become buttons only when there are few of them
MAX_ID = 2**63 - 1  # a game number or version past a database integer was never shown: a stale button


def custom_id(game_id: int, version: int, action: Action) -> str:
    cid = f"umpire:{game_id}:v{version}:{action.kind}"
    if action.args:
        (key, value), = action.args.items()
        cid += f":{key}={value}"
    return cid


def label_of(action: Action) -> str:
    text = action.kind.replace("_", " ").capitalize()
    if action.args:
        text += " " + " ".join(str(v) for v in action.args.values())
    return text[:80]


OnChoice = Callable[..., Awaitable[None]]


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    # What a click does: cogs/play.py's ``give_order`` (it sets this when it loads), so the buttons
    # import nothing of the flow that shows them.
    on_choice: ClassVar[OnChoice | None] = None

    def __init__(self, game_id: int, version: int, action: Action, label: str | None = None,
                 quiet: bool = False) -> None:
        self.game_id = game_id
        self.version = version
        self.action = action
        # the choices that give something up (the game's quiet_orders) are grey
        style = discord.ButtonStyle.secondary if quiet else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label or label_of(action), style=style,
                                           custom_id=custom_id(game_id, version, action)))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoiceButton:
        args = {match["key"]: match["value"]} if match["key"] else {}
        return cls(int(match["game"]), int(match["version"]), Action(match["action"], args),
                   getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from cogs.errors import report_error

        from .host import outcome_of

        start = time.perf_counter()
        error: BaseException | None = None
        try:
            if not (0 < self.game_id <= MAX_ID and 0 <= self.version <= MAX_ID):
                raise StaleVersion("This button is stale (its game or version is not one Umpire showed): look "
                                   "again and re-issue the order")
            if ChoiceButton.on_choice is None:
                raise RuntimeError("no order flow is loaded for the buttons (cogs.play)")
            await ChoiceButton.on_choice(interaction, self.game_id, self.action, expected_version=self.version)
        except Exception as exc:  # a dynamic item's errors would only be logged: answer the click
            error = exc
            await report_error(interaction, exc)
        finally:  # one log line and the metrics, as for a slash command (bot/observe.py)
            observer = getattr(interaction.client, "observer", None)
            if observer is not None:
                observer.command(f"button {self.action.kind}", outcome_of(error), time.perf_counter() - start,
                                 interaction)


def button_actions(legal: list[Action]) -> list[Action]:
    """The legal actions worth a button: those with no argument, and few one-argument ones."""
    plain = [a for a in legal if not a.args]
    single = [a for a in legal if len(a.args) == 1 and len(custom_id(0, 0, a)) < 80
              and re.fullmatch(r"[^:]{1,60}", str(next(iter(a.args.values()))))]
    chosen = plain + (single if len(single) <= MAX_WITH_ARG else [])
    return list(dict.fromkeys(chosen))[:MAX_BUTTONS]


def choice_view(game_id: int, version: int, rules: GameRules, legal: list[Action]) -> discord.ui.View | None:
    actions = button_actions(legal)
    if not actions:
        return None
    view = discord.ui.View(timeout=None)
    for a in actions:
        view.add_item(ChoiceButton(game_id, version, a, quiet=a.kind in rules.quiet_orders))
    return view
