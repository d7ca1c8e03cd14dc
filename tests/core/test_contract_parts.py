"""Where the contract finds a game's parts (issue 29: one dialect, no circles in the game packages):
every game's bot has the one entry ``choose(rules, state, side, level)`` in its package's ``bot``
module, the rules module imports no bot or AI module (so the bot may import the rules freely), and
every game's order table is ``ORDERS`` in its ``commands`` module."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from engine import registry
from engine.contract import Contract
from engine.game import GameRules

GAMES = registry.available()


@pytest.mark.parametrize("key", GAMES)
def test_every_game_is_a_contract_and_its_bot_is_found_by_its_package(key: str) -> None:
    rules = registry.get(key)
    assert isinstance(rules, Contract) and GameRules in type(rules).__mro__  # the contract implements the protocol
    bot = rules._part("bot")
    assert bot is not None
    assert list(inspect.signature(bot.choose).parameters)[:4] == ["rules", "state", "side", "level"]
    state = rules.new_state(rules.scenarios()[0].key, 3, {})
    side = rules.to_act(state)
    assert side is not None
    action, why = rules.bot_action(state, side, "random")
    assert action in rules.legal_actions(state, side) and why


@pytest.mark.parametrize("key", GAMES)
def test_no_rules_module_imports_its_bot_or_ai(key: str) -> None:
    rules_file = Path(inspect.getfile(type(registry.get(key))))
    tree = ast.parse(rules_file.read_text(encoding="utf-8"))
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
            imported.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
    assert not {name for name in imported if name.split(".")[-1] == "bot" or name.split(".")[-1].startswith("ai_")}


@pytest.mark.parametrize("key", GAMES)
def test_every_game_keeps_its_order_table_in_its_commands_module(key: str) -> None:
    rules = registry.get(key)
    table = importlib.import_module(f"engine.games.{key}.commands")
    assert rules.orders() is table.ORDERS
    assert {o.name for o in table.ORDERS} == {c.name for c in rules.commands()}
