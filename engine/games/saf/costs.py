"""What a Scream, Aim, Fire! move costs, in a few words ("die 2; 3 of 4 MP"): the order dice it uses
(6.2 A, as ``american.plan_of`` reads them and ``do_order`` removes them) and the MP of the way it takes,
from ``movement.move_costs``, the search ``destinations`` lists the hexes from (6.3.1 A: the allowance,
+1 along a road; 6.3.1 B: always one hex). The board shows it on the hex a move goes to, /odds beside the
order (``Contract.order_cost``). Orders that move no unit have no cost here (their die is in their words)."""

from __future__ import annotations

from engine.game import Action

from . import american
from .movement import ADJACENT, ROAD, move_costs
from .state import SafState
from .table import Table


def cost(state: SafState, side: str, action: Action) -> str | None:
    """The dice and MP a listed ``order`` that moves a unit spends, or None."""
    args = action.args
    if action.kind != "order" or not args.get("to") or str(args.get("type", "")) not in american.ORDER_DICE \
            or not str(args.get("die", "")).isdigit():
        return None
    t = Table(state)
    plan = american.plan_of(t, action)
    mover = plan.get("mover") or plan["unit"]
    found = move_costs(t, mover).get(plan["to"])
    if found is None:
        return None
    dice = f"die {plan['pip']}" if plan["need"] == 1 else f"two {plan['pip']}s"
    mp, how = t.spec(mover).mp, found[1]
    spent = f"{found[0]:g}"
    if how == ROAD:
        way = f"{spent} of {mp}+1 MP by road"
    elif how == ADJACENT:
        way = f"1 hex ({spent} MP, always allowed)"
    else:
        way = f"{spent} of {mp} MP"
    return f"{dice}; {way}"
