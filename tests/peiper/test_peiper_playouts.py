"""Random playouts through every legal action: nothing legal is refused, invariants always hold."""

from __future__ import annotations

import pytest

from engine.errors import UmpireError
from engine.game import Action
from engine.games.peiper import RULES
from engine.rng import Rng


# Seeds 1 and 4 play to the end in seconds; the others are longer games (make test-slow).
@pytest.mark.parametrize("seed", [1, 4, *(pytest.param(s, marks=pytest.mark.slow) for s in (0, 2, 3, 5))])
def test_random_playouts_every_legal_action_applies_and_invariants_hold(seed: int) -> None:
    state = RULES.new_state("historical", seed, {})
    chooser = Rng.seeded(1000 + seed)
    steps = 0
    while not RULES.is_over(state) and steps < 4000:
        side = RULES.to_act(state)
        assert side is not None
        legal = RULES.legal_actions(state, side)
        assert legal, f"no legal action in phase {state.phase}"
        # Favour real orders over ending activations so the game moves.
        pool = [a for a in legal if a.kind != "end"] or legal
        action = chooser.choice(pool)
        RULES.apply(state, side, action)
        assert RULES.invariants(state) == [], (seed, steps, action)
        steps += 1
    assert RULES.is_over(state), f"seed {seed} did not finish"


def test_orders_not_in_legal_actions_are_refused_and_change_nothing() -> None:
    state = RULES.new_state("historical", 2, {})
    RULES.apply(state, "us", Action("ready"))
    probes = [
        Action("move", {"unit": "Spitze", "to": "0101"}),
        Action("attack", {"unit": "99 BG", "target": "Spitze"}),
        Action("take"),
        Action("demolish", {"bridge": "Cheneux"}),
        Action("enter", {"unit": "CCB/3/1", "at": "0105"}),
        Action("fly", {}),
    ]
    for side in ("ge", "us"):
        legal = RULES.legal_actions(state, side)
        for probe in probes:
            if probe in legal:
                continue
            before = RULES.dump(state)
            try:
                RULES.apply(state, side, probe)
            except UmpireError as exc:
                assert exc.message
            else:
                raise AssertionError(f"{probe} was accepted for {side} though not legal")
            assert RULES.dump(state) == before
