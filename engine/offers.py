"""What an order's options may still be, read from the legal listing: the one source of completion at the
table (``bot.completion``) and in Discord's autocomplete (``cogs.orders``), so what is offered is what
``apply`` accepts.

Values typed so far narrow strictly: an order whose typed values no legal order matches is offered nothing
(not every unit of the side, nor every choice of the option), because anything offered then would be
refused. A ``units`` group (Panzer Leader's fire groups, listed as single-unit forms) fits an action when
the action's unit is one of the group's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.game import Action, CommandSpec

MAX_OFFERS = 200  # values offered for one option: a completion listing stays cheap to show


def _same(kind: str, listed: Any, typed: str) -> bool:
    if kind == "units":
        named = {u.strip().lower() for u in typed.split(",") if u.strip()}
        return bool(named) and all(u.lower() in named for u in str(listed).split(",") if u)
    return str(listed).lower() == typed.lower()


def fitting(legal: Iterable[Action], spec: CommandSpec, given: Mapping[str, Any]) -> list[Action]:
    """The legal actions of ``spec``'s order consistent with every value given (blank values ignored)."""
    kinds = {o.name: o.kind for o in spec.options}
    typed = {k: str(v) for k, v in given.items() if v not in (None, "") and k in kinds}
    return [a for a in legal if a.kind == spec.name
            and all(k in a.args and _same(kinds[k], a.args[k], v) for k, v in typed.items())]


def values(actions: Iterable[Action], name: str, kind: str = "") -> list[str]:
    """The values ``name`` takes among ``actions``, in listing order, once each (a group's units one by one)."""
    out: dict[str, None] = {}
    for a in actions:
        if name not in a.args:
            continue
        for v in (str(a.args[name]).split(",") if kind == "units" else [str(a.args[name])]):
            if v:
                out[v] = None
        if len(out) >= MAX_OFFERS:
            break
    return list(out)
