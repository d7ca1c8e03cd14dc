"""The movement speed-ups give the same hexes as the plain search: move_targets (label Dijkstra,
cached by position) against engine.hexgrid.reachable over the Hex cost function, along random
playouts of every situation, including after the position changes."""

from __future__ import annotations

import pytest

from engine.games.pl import RULES
from engine.games.pl.board import STACK_LIMIT, gmap, hx, on_board, stack_count
from engine.games.pl.datafiles import situations
from engine.games.pl.legal import move_targets
from engine.games.pl.movement import cost_fn, flail_reserve, move_refusal
from engine.games.pl.state import PlState, Unit
from engine.hexgrid import reachable


def _plain(state: PlState, u: Unit) -> list[str]:
    """move_targets as it was written before the speed-up."""
    if move_refusal(state, u, state.phase) or u.hex is None:
        return []
    start = hx(u.hex)
    cost = cost_fn(state, [u], start)
    got = reachable(start, u.mp_left - flail_reserve(state, [u]), cost)
    if not u.moved:
        for n in gmap().neighbors(start):
            if n not in got and cost(start, n) is not None:
                got[n] = 0
    return [h.label for h, _ in sorted(got.items())
            if h != start and stack_count(state, h.label) + 1 <= STACK_LIMIT]


@pytest.mark.parametrize("scenario", sorted(situations()))
def test_move_targets_match_the_plain_search(scenario: str) -> None:
    state = RULES.new_state(scenario, 5, {})
    checked = 0
    for _ in range(400):
        if RULES.is_over(state):
            break
        side = RULES.to_act(state)
        assert side is not None
        if state.phase in ("move_vehicles", "move_infantry"):
            with on_board(state):
                for u in state.on_map(side):
                    assert move_targets(state, u) == _plain(state, u), (u.id, u.hex)
                    checked += 1
        action, _ = RULES.bot_action(state, side, "random")
        RULES.apply(state, side, action)
    assert checked > 20
