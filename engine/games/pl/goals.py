"""What every Panzer Leader bot aims at and shares: the situation's objectives, the distance to
them, the Valentine Bridgelayer's stream and the close-assault groups. The greedy bot (bot.py) and
the AI (ai_attacks.py, ai_moves.py) both read these, so each is decided once."""

from __future__ import annotations

from engine.contract import MAX_UNITS
from engine.game import Action

from .assault import assault_group, assault_refusal
from .board import distance, is_bridge, terrain
from .datafiles import situations
from .legal import enemy_hexes, move_targets
from .movement import engineer_vehicles, special
from .state import PlState, Unit


def objectives(state: PlState) -> list[str]:
    """The hexes the situation's victory conditions name, in board order."""
    vic = situations()[state.scenario].victory
    out: list[str] = []
    for c in vic.any:
        out += c.hold_all + c.hexes
    return sorted(set(out))


def goal_distance(state: PlState, side: str, label: str) -> int:
    """Distance to the nearest objective not yet held by side (the nearest enemy if all are)."""
    objs = [o for o in objectives(state) if not (any(u.side == side for u in state.at(o))
                                                 and not any(u.side != side for u in state.at(o)))]
    if not objs:
        objs = enemy_hexes(state, side) or objectives(state)
    return min(distance(label, o) for o in objs)


def lay_bridge(state: PlState, side: str, u: Unit) -> tuple[Action, str] | None:
    """A Valentine Bridgelayer (engineer vehicles) drives into the stream hex nearest the objectives,
    once, while its side has no temporary bridge; the generic move then takes it out, laying it."""
    if not engineer_vehicles(state) or special(u) != "bridgelayer" or u.moved or u.hex is None:
        return None
    if terrain(u.hex) == "stream" or any(s == side for s in state.temp_bridges.values()):
        return None
    here = goal_distance(state, side, u.hex)
    fords = [t for t in move_targets(state, u)
             if terrain(t) == "stream" and not is_bridge(t) and goal_distance(state, side, t) <= here]
    if not fords:
        return None
    best = min(fords, key=lambda t: (goal_distance(state, side, t), t))
    return Action("move", {"units": u.id, "to": best}), f"{u.id} drives into the stream at {best} to bridge it"


def assault_groups(state: PlState, side: str) -> list[tuple[str, list[str], list[str]]]:
    """Each enemy hex a close assault may reach now: (target, the side's units free to join, in id
    order, the units already ordered against it)."""
    queued = {i for o in state.assault_queue for i in o.units}
    mine = sorted(state.on_map(side), key=lambda x: x.id)
    out = []
    for t in enemy_hexes(state, side):
        ids = [u.id for u in mine if u.id not in queued and u.hex and distance(u.hex, t) == 1
               and not assault_refusal(state, u, t)]
        if ids:
            out.append((t, ids, next((o.units for o in state.assault_queue if o.target == t), [])))
    return out


def assault_order(state: PlState, side: str, target: str, ids: list[str]) -> tuple[Action, bool]:
    """The order that brings ``ids`` into the close assault on target: the whole group in one order
    (one line) where the listing offers it and an order may name them all, else the first joining.
    The flag says which."""
    whole = assault_group(state, side, target) == ids and len(ids) <= MAX_UNITS
    return Action("assault", {"units": ",".join(ids) if whole else ids[0], "target": target}), whole
