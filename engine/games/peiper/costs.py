"""What a Peiper order spends, in a few words ("1 ACT of 3; 1.5 of 2 MP"), counted by the functions the
order itself uses: ``orders.require_act`` and ``orders.own_act`` (the ACT ``orders.spend`` takes), and for a
move the path ``board.destinations`` finds, priced by its own step table (Movement: "Each ACT spent allows
a Mech unit to move up to 2 MPs paying hex terrain costs, OR an Infantry unit can move 1 hex ... or 2 hexes
along roads"). The board shows it on the hex an order points at, /odds beside the order
(``Contract.order_cost``)."""

from __future__ import annotations

from engine.game import Action

from . import orders
from .board import MECH_MP, destinations, hex_of, in_supply, spec, step_table
from .state import PeiperState
from .units import game_map

SPENDS_ACT = ("move", "attack", "enter", "exit", "demolish")


def cost(state: PeiperState, side: str, action: Action) -> str | None:
    """The ACT ``action`` spends (and a move's MP or hexes within it), or None for an order that spends none."""
    if action.kind not in SPENDS_ACT:
        return None
    uid = str(action.args.get("unit", "")) or None
    if action.kind in ("enter", "demolish"):
        uid = None  # from a number card's ACTs only
        if state.acts <= 0:
            return None
    elif uid not in state.units:
        return None
    else:
        orders.require_act(state, side, uid)
    act = "its face-card ACT" if orders.own_act(state, uid) else f"1 ACT of {state.acts}"
    if action.kind == "move":
        assert uid is not None
        way = _move_words(state, uid, str(action.args.get("to", "")))
        return None if way is None else f"{act}; {way}"
    if action.kind == "attack" and state.options.get("combat_ends_activations", False):
        lost = state.acts + len(state.act_units) - 1
        return f"{act}; ends the activations" + (f" ({lost} more lost)" if lost > 0 else "")
    return act


def _move_words(state: PeiperState, uid: str, to: str) -> str | None:
    """The move within its ACT: a supplied Mech unit's MP of 2, else the hexes it moves."""
    gmap = game_map()
    if to not in {h.label for h in gmap.terrain} or hex_of(state, uid) is None:
        return None
    supplied = in_supply(state, uid)
    path = destinations(state, uid, supplied).get(gmap.hex(to))
    if path is None:
        return None
    if spec(uid).mech and supplied:
        steps = step_table(state, gmap).mech
        mp = sum(steps[(a, b)] or 0.0 for a, b in zip(path, path[1:], strict=False))
        return f"{mp:g} of {MECH_MP:g} MP"
    hexes = len(path) - 1
    return f"{hexes} hex{'es' * (hexes != 1)}" + (" by road" if hexes > 1 else "") + \
        ("" if supplied else " (out of supply)")
