"""One shape of a "why not" in every game (issue 29): ``engine.refusal.Why``, falsy when nothing fails.

A rules helper that explains a refusal is named ``*_refusal``, ``*_problem`` or ``why_not`` and answers
``Why(reason, rule)``; an order-level refusal (the order table's, or one built from helpers) answers
the contract's ``IllegalAction | None``. A bare string, a (reason, rule) tuple or ``str | None`` under
one of those names fails here. Words that go inside another refusal's sentence (PL's ``step_bar``)
are plain strings under other names.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.errors import IllegalAction
from engine.refusal import FINE, Why, first

GAMES = Path(__file__).resolve().parents[2] / "engine" / "games"
NAMED = re.compile(r"(_refusal|_refusal_now|_problem|^why_not)$")
SHAPES = {"Why", "IllegalAction | None", "UmpireError | None", "IllegalAction"}


def _helpers() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted(GAMES.glob("*/*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and NAMED.search(node.name):
                shape = ast.unparse(node.returns) if node.returns else "(none)"
                out.append((f"{path.parent.name}/{path.name}", node.name, shape))
    return out


def test_every_games_refusal_helper_answers_why_or_the_contracts_error() -> None:
    found = _helpers()
    assert {where.split("/")[0] for where, _, _ in found} >= {"peiper", "saf", "pl"}  # the scan sees them all
    assert any(shape == "Why" for _, _, shape in found)
    wrong = [f"{where} {name} -> {shape}" for where, name, shape in found if shape not in SHAPES]
    assert not wrong, "a refusal helper answers in another shape (use engine.refusal.Why): " + "; ".join(wrong)


def test_no_game_keeps_a_tuple_alias_for_a_problem() -> None:
    for path in GAMES.glob("*/*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\w+ = tuple\[str, str\]", text, re.M), path.name


def test_why_is_falsy_when_fine_and_becomes_the_contracts_refusal() -> None:
    assert not FINE and not Why() and Why("x is dispersed", "II. Dispersal")
    err = Why("is dispersed", "II. Dispersal").error("R1 ")
    assert isinstance(err, IllegalAction) and err.message == "R1 is dispersed" and err.rule == "II. Dispersal"
    assert first(FINE, Why("a", "1"), Why("b", "2")) == Why("a", "1") and first(FINE, FINE) is FINE
    FINE.raise_if()
    with pytest.raises(IllegalAction, match="no line of sight") as caught:
        Why("no line of sight", "Line of Sight").raise_if()
    assert caught.value.rule == "Line of Sight"
