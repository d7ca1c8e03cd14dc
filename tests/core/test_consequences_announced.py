"""Nothing silent (issue 27, "every consequence announced"): in seeded playouts of each game, every unit
whose state changes in an order (placed, moved off, eliminated, out of the game, reduced) is named, by its
id or its name, in that order's events, so the answer and the log say what happened to it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import registry

SCENARIOS = {"peiper": "historical", "saf": "1", "pl": "utah"}


def _states(view: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    return {str(u["id"]): (u.get("status"), bool(u.get("reduced")), u.get("hex") is None) for u in view.get("units", [])}


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_every_unit_an_order_changes_is_named_in_its_events(game: str) -> None:
    rules = registry.get(game)
    changed = 0
    for seed in (1,):
        state = rules.new_state(SCENARIOS[game], seed, {})
        rnd = random.Random(seed)
        for _ in range(500):
            side = rules.to_act(state)
            if side is None:
                break
            legal = rules.legal_actions(state, side)
            action = rnd.choice(legal) if rnd.random() < 0.7 else rules.bot_action(state, side)[0]
            view = rules.view(state, None)
            names = {str(u["id"]): str(u.get("name") or u["id"]) for u in view.get("units", [])}
            before = _states(view)
            events = rules.apply(state, side, action)
            text = " ".join(e.line() for e in events)
            for uid, now in _states(rules.view(state, None)).items():
                if before.get(uid) == now:
                    continue
                changed += 1
                said = uid in text or names.get(uid, uid) in text or _role(names.get(uid, "")) in text
                assert said, f"{game}: {uid} went {before.get(uid)} -> {now} in {action.command(rules.key)} unsaid: {text}"
    assert changed >= 5  # the playouts did change units: the test has something to check


def _role(name: str) -> str:
    """A leader named by rank alone ("the 1st Lieutenant is killed"): the name without its id."""
    words = name.split()
    return " ".join(words[:-1]) if len(words) > 1 else "\x00"
