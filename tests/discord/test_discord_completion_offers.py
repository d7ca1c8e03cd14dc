"""Discord's autocomplete offers what works: every value offered for an option, beside the other options of
an order the rules list, gives an order the rules accept (issue 27: `order 5 SH3 he target:` offered all
six Germans, each refused as out of range)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cogs.orders import _autocompletes, candidates
from engine import registry
from engine.game import Action

SCENARIOS = {"peiper": "historical", "saf": "1", "pl": "utah"}


def _positions(game: str, count: int = 5, every: int = 12) -> list[tuple[Any, str]]:
    rules = registry.get(game)
    state = rules.new_state(SCENARIOS[game], 5, {})
    rnd, out = random.Random(3), []
    for step in range(count * every):
        side = rules.to_act(state)
        if side is None:
            break
        if step % every == 0:
            import copy

            out.append((copy.deepcopy(state), side))
        legal = rules.legal_actions(state, side)
        action = rnd.choice(legal) if rnd.random() < 0.5 else rules.bot_action(state, side)[0]
        rules.apply(state, side, action)
    return out


@pytest.mark.parametrize("game", ["peiper", "saf", "pl"])
def test_every_value_autocomplete_offers_beside_a_listed_order_is_accepted(game: str) -> None:
    rules = registry.get(game)
    specs = {c.name: c for c in rules.commands()}
    checked = 0
    for state, side in _positions(game):
        legal = rules.legal_actions(state, side)
        for action in random.Random(1).sample(legal, min(12, len(legal))):
            spec = specs[action.kind]
            for opt in spec.options:
                if not _autocompletes(opt) or opt.kind == "units" or opt.name not in action.args:
                    continue
                others = {k: v for k, v in action.args.items() if k != opt.name}
                for _label, value in candidates(rules, state, side, spec, opt, others):
                    rules.check(state, side, Action(action.kind, {**others, opt.name: value}))
                    checked += 1
    assert checked > 20


def test_an_order_no_listed_order_matches_is_offered_nothing() -> None:
    """`order die:5 unit:SH3 type:he target:` with no HE target in range: no target offered at all."""
    rules = registry.get("saf")
    state, side = next((st, sd) for st, sd in _positions("saf", 10, 6)
                       if any(a.kind == "order" and "target" in a.args for a in rules.legal_actions(st, sd)))
    spec = next(c for c in rules.commands() if c.name == "order")
    target = next(o for o in spec.options if o.name == "target")
    legal = rules.legal_actions(state, side)
    unit = next(str(a.args["unit"]) for a in legal if a.kind == "order")
    typed = {"die": 6, "unit": unit, "type": "not-an-order"}
    assert candidates(rules, state, side, spec, target, typed) == []
    listed = {str(a.args["target"]) for a in legal if a.kind == "order" and "target" in a.args}
    assert {v for _l, v in candidates(rules, state, side, spec, target, {})} == listed
