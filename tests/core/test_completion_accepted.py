"""Completion of what works: in a scripted game of each game, every completion offered at several points,
accepted and completed on, gives an order the rules accept (never one they refuse)."""

from __future__ import annotations

import io

import pytest

from bot.commandline import TABLE_COMMANDS
from bot.completion import split_line
from bot.console import Table
from engine import registry
from engine.errors import UmpireError
from engine.orderline import parse, to_action
from engine.service import GameService, Seat

SCENARIOS = {"peiper": "historical", "saf": "1", "pl": ""}
POINTS = 8  # checkpoints in each game
BRANCH = 4  # candidates followed at each step (first, last and between): bounded, yet every kind tried


def _table(game: str, seed: int) -> tuple[GameService, Table]:
    rules = registry.get(game)
    service = GameService("sqlite://")
    seats = {s: Seat("human", "console") for s in rules.sides}
    info = service.create_game(game, SCENARIOS[game] or None, seed=seed, seats=seats)
    return service, Table(service, info.id, list(rules.sides), None, out=io.StringIO(), images=False)


def _accepted(table: Table, line: str) -> bool:
    side = table.service.info(table.game_id).to_act
    try:
        typed = parse(line, table.group, TABLE_COMMANDS)
        if typed.group == "":
            return False
        action = to_action(typed, table.rules.commands(), table.group)
        table.rules.check(table.service.state(table.game_id), side, action)
    except UmpireError:
        return False
    return True


def _spread(found: list[str]) -> list[str]:
    if len(found) <= BRANCH:
        return found
    step = (len(found) - 1) / (BRANCH - 1)
    return [found[round(i * step)] for i in range(BRANCH)]


def _walk(table: Table, line: str, depth: int, refused: list[str], tried: list[str]) -> None:
    start = len(line) - len(split_line(line)[1]) if not line.endswith(" ") else len(line)
    found = table.completions("", line)
    for cand in _spread(found) if depth else found[:1]:
        new = line[:start] + cand + ("" if cand.endswith(":") else " ")
        if _accepted(table, new):
            tried.append(new)
            continue
        deeper = table.completions("", new)
        if not deeper or depth > 8:
            refused.append(new)
            continue
        _walk(table, new, depth + 1, refused, tried)


@pytest.mark.parametrize("game", ["peiper", "saf", "pl"])
def test_every_completion_offered_in_a_scripted_game_is_accepted(game: str) -> None:
    service, table = _table(game, seed=5)
    rules = table.rules
    tried: list[str] = []
    for point in range(POINTS):
        legal = table.legal_now()
        kinds = sorted({a.kind for a in legal})
        for kind in kinds:
            refused: list[str] = []
            if not table.completions("", kind + " "):  # nothing to complete: the bare order is one
                assert _accepted(table, kind), (point, kind)
                continue
            _walk(table, kind + " ", 1, refused, tried)
            assert not refused, (point, refused[:5])
        for _ in range(12):  # the bots play a few orders to the next checkpoint
            side = service.info(table.game_id).to_act
            if side is None:
                break
            action, _ = rules.bot_action(service.state(table.game_id), side)
            service.submit(table.game_id, side, action, "console")

    assert len({t.split()[0] for t in tried}) >= 2, tried[:5]  # orders of several kinds were completed whole


def test_tab_lists_names_with_spaces_whole_and_quoted() -> None:
    """`place ` Tab listed `BG"  BG"  2/23/2`: the list shows each word whole, as it will be typed."""
    from bot.completion import line_completions, shown

    line = "place "
    matches = line_completions(line, ['"99 BG"', '"106 BG"', "2/23/2"])
    assert shown(line, matches) == ['"99 BG"', '"106 BG"', "2/23/2"]
    line = 'demolish bridge:"Trois'
    matches = line_completions(line, ['bridge:"Trois-Ponts station"', 'bridge:"Trois-Ponts (Amblève)"'])
    assert shown(line, matches) == ['bridge:"Trois-Ponts station"', 'bridge:"Trois-Ponts (Amblève)"']


def test_a_positional_form_skips_an_optional_slot_the_order_leaves_empty() -> None:
    """`order 4 MO1 mortar ` offered nothing until `target:` was typed: the next slot filled is named."""
    from bot.completion import word_completions
    from engine.game import Action

    rules = registry.get("saf")
    legal = [Action("order", {"die": 4, "unit": "MO1", "type": "mortar", "target": t}) for t in ("R1", "R2")]
    assert word_completions("order 4 MO1 mortar ", "saf", rules.commands(), legal) == ["target:R1", "target:R2"]
    assert word_completions("order 4 MO1 mortar target:", "saf", rules.commands(), legal) == ["target:R1", "target:R2"]
    assert word_completions("order 4 MO1 he ", "saf", rules.commands(), legal) == []  # no such order: nothing
