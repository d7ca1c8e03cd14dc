"""/game odds order:<an order as typed at the table>: what it would do, each outcome with its chance, worked
out from the rules (engine.odds) on copies of the game; nothing is done. Costly, so on the heavy threads at
the user's cooldown."""

from __future__ import annotations

from typing import Any

from engine import registry
from engine.errors import NotYourTurn
from engine.odds import odds
from engine.orderline import parse, to_action

from .words import esc, event_text


def odds_text(service: Any, game_id: int, side: str, typed: str) -> str:
    """The answer for ``side`` (blocking: run it on the heavy threads)."""
    info = service.info(game_id)
    rules = registry.get(info.game)
    state = service.state(game_id)
    if rules.to_act(state) != side:
        raise NotYourTurn(f"Odds are for your own decision: it is {rules.side_name(rules.to_act(state))}'s now")
    action = to_action(parse(typed, rules.key), rules.commands(), rules.key)
    shown = odds(rules, state, side, action)
    return f"Game #{game_id}, if you gave {esc(shown.command, 200)}:\n{event_text(shown.text(), 1800)}"
