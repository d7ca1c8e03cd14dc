"""How far each hex is from leaving by the west edge: the greedy bot's and the waste counters' yardstick.

Below both ``bot`` and ``ai_waste`` (which the AI imports), so neither needs the other.
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from engine.hexgrid import Hex

from .board import BridgesDown, mech_step_cost, spec
from .state import PeiperState
from .units import game_map, map_key


@lru_cache(maxsize=64)
def _west_distance(mech: bool, bridges_down: tuple[str, ...], _map: str = "") -> dict[Hex, float]:
    """Least MP cost from each hex to leaving by the west edge, ignoring units."""
    gmap = game_map()
    probe = BridgesDown(list(bridges_down))
    dist: dict[Hex, float] = {h: 1.0 for h in gmap.edges["west"]}
    heap = [(d, h) for h, d in dist.items()]
    heapq.heapify(heap)
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist.get(here, 1e9):
            continue
        for prev in gmap.neighbors(here):
            step = mech_step_cost(probe, gmap, prev, here) if mech else 1.0
            if step is None:
                continue
            if d + step < dist.get(prev, 1e9):
                dist[prev] = d + step
                heapq.heappush(heap, (d + step, prev))
    return dist


def west_distance(state: PeiperState, uid: str, h: Hex) -> float:
    return _west_distance(spec(uid).mech, tuple(sorted(state.bridges_down)), map_key()).get(h, 99.0)
