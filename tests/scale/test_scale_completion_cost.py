"""What a completion listing costs on a big Panzer Leader position: the legal listing it is built on, the
table's words and Discord's candidates for an option, printed as figures (a benchmark, not a timed test).
Odds in the labels were measured too and left out: see the figures printed (engine.odds per order)."""

from __future__ import annotations

import copy
import random
import time
from typing import Any

import pytest

from bot.completion import word_completions
from cogs.orders import candidates
from engine import registry
from engine.odds import odds


def _big_position(steps: int = 90) -> tuple[Any, str]:
    """The largest listing outside the set-up in a bounded playout of Assault Crossing."""
    rules = registry.get("pl")
    state = rules.new_state("crossing", 5, {})
    rnd, best = random.Random(2), None
    for _ in range(steps):
        side = rules.to_act(state)
        if side is None:
            break
        legal = rules.legal_actions(state, side)
        if state.phase != "setup" and (best is None or len(legal) > best[0]):
            best = (len(legal), copy.deepcopy(state), side)
        rules.apply(state, side, rules.bot_action(state, side)[0] if rnd.random() < 0.7 else rnd.choice(legal))
    assert best is not None
    return best[1], best[2]


@pytest.mark.slow
def test_a_completion_listing_on_a_big_position_prints_its_cost() -> None:
    rules = registry.get("pl")
    state, side = _big_position()
    specs = {c.name: c for c in rules.commands()}
    t0 = time.perf_counter()
    legal = rules.legal_actions(state, side)
    listed = time.perf_counter() - t0
    kind = max({a.kind for a in legal}, key=lambda k: sum(a.kind == k for a in legal))
    t0 = time.perf_counter()
    words = word_completions(f"{kind} ", "pl", list(specs.values()), legal)
    worded = time.perf_counter() - t0
    spec = specs[kind]
    opt = spec.options[0]
    t0 = time.perf_counter()
    pairs = candidates(rules, state, side, spec, opt, {})
    discord = time.perf_counter() - t0
    print(f"\nPL listing of {len(legal)} orders ({state.phase}): legal_actions {listed * 1000:.1f} ms; "
          f"table words for '{kind} ' {len(words)} in {worded * 1000:.2f} ms beyond it; "
          f"Discord candidates {kind}.{opt.name} {len(pairs)} in {discord * 1000:.1f} ms (listing included)")
    chance = [a for a in legal if a.kind in ("fire", "assault", "overrun")][:3]
    if chance:
        t0 = time.perf_counter()
        for a in chance:
            odds(rules, state, side, a)
        each = (time.perf_counter() - t0) / len(chance)
        print(f"engine.odds {each * 1000:.0f} ms per order: labels for 25 choices would take {each * 25000:.0f} ms")
    assert words and pairs
