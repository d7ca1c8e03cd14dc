"""What a Panzer Leader order spends of its units' movement, in a few words ("3 MP of 6"), counted by the
functions the order's own check and its move use (movement.plan, overrun.overrun_cost,
transport.load_cost): the board shows it on the hex a move goes to, /odds beside the order
(``Contract.order_cost``). Orders that spend no movement have no cost here (fire has its odds)."""

from __future__ import annotations

from engine.game import Action

from .board import own_unit
from .combat import R_TRANSPORT
from .movement import mp_after, planned_spend
from .overrun import overrun_cost, overrun_groups
from .state import PlState
from .transport import load_cost, transport_left


def cost(state: PlState, side: str, action: Action) -> str | None:
    """The MP ``action`` spends of the (lowest) allowance its units have left, or None."""
    args = action.args
    if action.kind == "move":
        ids = _ids(args.get("units"))
        via = tuple(_ids(args.get("via")))
        movers, spent = planned_spend(state, side, ids, str(args.get("to", "")), via)
        have = min(u.mp_left for u in movers)
        fresh = all(not u.moved for u in movers)
        return _words(spent, have, mp_after(have, spent, fresh))
    if action.kind == "overrun":
        groups = overrun_groups(state, side, _ids(args.get("units")))
        said = []
        for group in groups:
            need = overrun_cost(state, group, str(args.get("target", "")))
            if need is None:
                return None
            have = min(u.mp_left for u in group)
            words = _words(need, have, max(0.0, have - need))
            said.append(words if len(groups) == 1 else f"{','.join(u.id for u in group)} {words}")
        return "; ".join(said)
    if action.kind in ("load", "unload"):
        carrier = own_unit(state, side, str(args.get("unit", "")), R_TRANSPORT)
        cargo_id = str(args.get("cargo", "")) if action.kind == "load" else carrier.cargo
        if not cargo_id or cargo_id not in state.units:
            return None
        need = load_cost(carrier, state.units[cargo_id])
        return _words(need, carrier.mp_left, transport_left(carrier, need))
    return None


def _words(spent: float, have: float, left: float) -> str:
    """'3 MP of 6'; where the order takes every MP left though it needs less (or more: a first hex), so."""
    if left <= 0 and abs(have - spent) > 1e-9:
        return f"all {have:g} MP left ({spent:g} needed)"
    return f"{spent:g} MP of {have:g}"


def _ids(value: object) -> list[str]:
    return [p for p in str(value or "").split(",") if p]
