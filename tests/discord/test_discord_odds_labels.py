"""Issue 27: the completion labels of attacks carry their odds ("106 BG -> Spitze: hits on A-2, 15%"),
from engine.odds (the resolution's own code), bounded: only values that complete one listed order, at
most MAX_PRICED of them, within a time budget; the rest are offered plain."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "peiper"))

from peiper_helpers import facing, put  # noqa: E402

from cogs.orders import MAX_PRICED, priced  # noqa: E402
from engine.game import Action  # noqa: E402
from engine.games.peiper import RULES  # noqa: E402
from engine.odds import odds  # noqa: E402


def _facing():
    return facing(2)


def _spec(name: str):
    return next(c for c in RULES.commands() if c.name == name)


def test_combat_an_attacks_target_label_carries_the_odds_of_that_attack() -> None:
    state = _facing()
    spec = _spec("attack")
    target = next(o for o in spec.options if o.name == "target")
    [(label, value)] = priced(RULES, state, "ge", spec, target, {"unit": "3/2 LAH"}, [("2/23/2 (1202)", "2/23/2")])
    expected = odds(RULES, state, "ge", Action("attack", {"unit": "3/2 LAH", "target": "2/23/2"})).short()
    assert value == "2/23/2" and expected and label == f"2/23/2 (1202): {expected}"
    assert "%" in label


def test_a_value_that_completes_no_single_order_is_offered_plain() -> None:
    state = _facing()
    put(state, "106 BG", "1103")  # a second target beside 3/2 LAH
    spec = _spec("attack")
    unit = next(o for o in spec.options if o.name == "unit")
    assert len([a for a in RULES.legal_actions(state, "ge") if a.kind == "attack"]) == 2
    # the unit chosen first, two targets open: no one order is complete, so nothing is priced
    assert priced(RULES, state, "ge", spec, unit, {}, [("3/2 LAH (1102)", "3/2 LAH")]) == [("3/2 LAH (1102)", "3/2 LAH")]


def test_pricing_is_bounded_in_count_and_time() -> None:
    state = _facing()
    spec = _spec("attack")
    target = next(o for o in spec.options if o.name == "target")
    many = [("2/23/2 (1202)", "2/23/2")] * (MAX_PRICED + 5)
    # the count bound, with time to spare (a loaded machine must not make it a timing test)
    labels = [label for label, _ in priced(RULES, state, "ge", spec, target, {"unit": "3/2 LAH"}, many, budget_s=600)]
    assert sum(":" in label for label in labels) == MAX_PRICED and len(labels) == len(many)
    spent = [label for label, _ in priced(RULES, state, "ge", spec, target, {"unit": "3/2 LAH"}, many, budget_s=0.0)]
    assert not any(":" in label for label in spent)  # no budget: every value offered, none priced
