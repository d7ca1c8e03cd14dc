"""Legal orders for a side, bounded: fire per unit and target hex, moves to reachable hexes."""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable

from .board import (
    STACK_LIMIT,
    adjacent,
    board_labels,
    distance,
    on_board,
    utype,
)
from .fire import fire_refusal, target_refusal
from .indirect import indirect_refusal
from .movement import (
    flail_reserve,
    label_cost_fn,
    move_refusal,
    occupancy,
    stack_size,
)
from .state import PlState, Unit


def enemy_hexes(state: PlState, side: str) -> list[str]:
    return sorted({u.hex for u in state.on_map(state.enemy(side)) if u.hex and not u.carrier})


def fire_targets(state: PlState, u: Unit) -> list[str]:
    if u.hex is None:
        return []
    out = []
    queued = {i for o in state.fire_queue for i in o.units}
    if u.id in queued:
        return []
    for label in enemy_hexes(state, u.side):
        if distance(u.hex, label) > 2 * utype(u).range + 1:
            continue
        if fire_refusal(state, u, label) or target_refusal(state, u.side, label):
            continue
        from .fire import build_direct
        from .state import AttackOrder

        if any(o.target == label and o.unit for o in state.fire_queue):
            continue
        if build_direct(state, u.side, AttackOrder([u.id], label)).attack <= 0:
            continue
        out.append(label)
    return out


def indirect_targets(state: PlState, u: Unit) -> list[str]:
    from .board import spotters

    if any(o.unit == u.id and o.turn == state.turn + 1 for o in state.indirect):
        return []
    out = []
    for label in enemy_hexes(state, u.side):
        if indirect_refusal(state, u, label):
            continue
        if not any(not e.dispersed for e in state.at(label) if e.side != u.side and not e.carrier):
            continue
        if spotters(state, u.side, label):
            out.append(label)
    return out


def reach(start: str, budget: float, cost: Callable[[str, str], float | None]) -> dict[str, float]:
    """Every board hex reachable from start within budget, with its least cost: Dijkstra over labels
    (the same hexes and costs as engine.hexgrid.reachable, which keys by Hex; least costs do not
    depend on the order the search settles hexes in)."""
    best: dict[str, float] = {start: 0.0}
    frontier: list[tuple[float, str]] = [(0.0, start)]
    while frontier:
        spent, here = heapq.heappop(frontier)
        if spent > best[here]:
            continue
        for nxt in adjacent(here):
            step = cost(here, nxt)
            if step is None:
                continue
            total = spent + step
            if total <= budget + 1e-9 and total < best.get(nxt, math.inf):
                best[nxt] = total
                heapq.heappush(frontier, (total, nxt))
    return best


_TARGETS: dict[tuple[object, ...], list[str]] = {}
_TARGETS_MAX = 20_000


def move_world(state: PlState) -> tuple[object, ...]:
    """Everything a unit's reachable hexes depend on besides the unit itself: where every unit is
    (and whether it is carried or ON a fortification), wrecks, mines, blocks, fortifications,
    bridges, and the options (tables, optional rules)."""
    return (
        tuple((u.id, u.hex, u.status, u.on_fort, u.carrier) for u in state.units.values()),
        tuple(sorted(state.wrecks.items())), tuple(sorted(state.mines.items())), tuple(state.mines_seen),
        tuple(state.blocks),
        tuple(state.built_blocks), tuple(sorted(state.forts.items())), tuple(state.bridges_down),
        tuple(sorted(state.temp_bridges.items())), repr(sorted(state.options.items())),
    )


def move_targets(state: PlState, u: Unit) -> list[str]:
    """The hexes u may move to now, in board order. Cached by the unit's own movement facts and
    move_world: the bot, the legal check and the AI ask for the same position many times."""
    if move_refusal(state, u, state.phase) or u.hex is None:
        return []
    key = (move_world(state), state.board, u.id, u.type, u.side, u.hex, u.mp_left, u.moved)
    got = _TARGETS.get(key)
    if got is None:
        if len(_TARGETS) >= _TARGETS_MAX:
            _TARGETS.clear()
        with on_board(state):  # cached per board: answered on the state's own, whoever asks
            got = _TARGETS[key] = _move_targets(state, u, u.hex)
    return list(got)


def _move_targets(state: PlState, u: Unit, start: str) -> list[str]:
    cost = label_cost_fn(state, [u], start)
    got = reach(start, u.mp_left - flail_reserve(state, [u]), cost)
    if not u.moved:
        for n in adjacent(start):
            if n not in got and cost(start, n) is not None:
                got[n] = 0
    occ = occupancy(state)
    labels = board_labels()
    out = []
    for label in sorted(got, key=labels.__getitem__):
        if label == start:
            continue
        if stack_size(state, occ, label) + 1 > STACK_LIMIT:
            continue
        out.append(label)
    return out
