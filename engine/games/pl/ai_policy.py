"""The Panzer Leader AI, levels easy and normal (hard adds look-ahead in ai_search), both sides.

normal, one decision at a time, every order valued in worth points (ai_value.worth):
- combat: for each target hex, the fire group of every unit that may fire at it, trimmed of units
  that do not change the odds column; played if its expected loss to the defender (real CRT, real
  weapons effectiveness, terrain, elevation) is worth it; a unit of the attacking side still far from
  the objectives pays for the move it gives up. Indirect fire goes on the stack worth most.
- movement: each unit's reachable hexes scored by distance to the objectives, objective hexes held,
  terrain defense, and the expected loss from every enemy unit in range and sight there (fire lanes);
  overruns and close assaults when the expected loss is high; riders get off near the objectives.
- opportunity fire: the best expected loss, less the turn of fire the marker costs.
easy: normal, but about a quarter of its decisions are a legal order picked at random.
Where each part lives: this module decides (``choose``, ``ranked``, easy's ``hasty_ok``); the orders
of each phase are valued in ai_attacks.py (fire, indirect fire, close assault, opportunity fire) and
ai_moves.py (movement, overruns, unloading); ai_weights.py holds every figure of the judgement;
ai_value.py the shared arithmetic (worth points, the CRT's chances, fire lanes).

Every figure of that judgement is a field of ``ai_weights.Weights`` (``NORMAL``: normal's, its constants);
hard (ai_search) plays this code with its own ``Weights``, which also switch on what normal does not
weigh: the chance an attack clears an objective hex, trimmed close assault groups, rifles massed next
to the objective an assault may clear, the defender's fire on rifles that could assault it.
"""

from __future__ import annotations

from engine.errors import UmpireError
from engine.game import Action
from engine.rng import Rng

from .ai_attacks import (
    assault_options,
    fire_options,
    indirect_can_succeed,
    indirect_options,
    opportunity_options,
)
from .ai_moves import move_options, overruns
from .ai_value import (
    outcome,
)
from .ai_weights import EASY_SLIP, NORMAL, Choice, Weights
from .assault import build_assault
from .fire import build_direct
from .rules import RULES
from .state import AttackOrder, PlState


def fingerprint(state: PlState, side: str) -> str:
    units = ";".join(f"{u.id}:{u.hex}:{u.status}:{int(u.dispersed)}:{int(u.fired)}:{int(u.moved)}:{u.mp_left}"
                     for u in sorted(state.units.values(), key=lambda x: x.id))
    queues = [(o.target, o.units) for o in state.fire_queue + state.assault_queue]
    return f"{state.turn}|{state.phase}|{state.side}|{side}|{queues}|{units}"


def choose(state: PlState, side: str, level: str, w: Weights = NORMAL) -> Choice:
    if level == "easy":
        rng = Rng(state.rng.state).fork(("pl-easy", fingerprint(state, side)))
        if rng.below(1000) < EASY_SLIP * 1000:
            acts = [a for a in RULES.legal_actions(state, side) if hasty_ok(state, side, a)]
            if acts:
                pick = rng.choice(acts)
                return pick, f"easy: a hasty {pick.kind}, one of {len(acts)} orders picked without much thought"
    return ranked(state, side, w)[0][1:]


def hasty_ok(state: PlState, side: str, a: Action) -> bool:
    """easy's hasty orders are still sensible to watch: none that cannot succeed as things stand (an
    attack, with the group already ordered on its target, below the table or with no result on any
    die; indirect fire normal would not plot for that reason), and no second move for a unit that has
    moved this phase (it could undo the first: normal never moves a unit twice)."""
    try:
        if a.kind in ("fire", "assault", "overrun"):
            ids = str(a.args["units"]).split(",")
            target, at = str(a.args["target"]), str(a.args.get("at_unit", "") or "")
            if at == "bridge":
                return True
            if a.kind == "overrun":
                return any(o[1] == Action("overrun", {"units": ids[0], "target": target})
                           for o in overruns(state, side, [state.units[ids[0]]], Weights(fire_min=-1e9)))
            queue = state.assault_queue if a.kind == "assault" else [] if state.phase == "opportunity" \
                else state.fire_queue
            joined = next((o.units for o in queue if o.target == target and o.unit == at), [])
            order = AttackOrder(list(joined) + ids, target, at)
            att = build_assault(state, order) if a.kind == "assault" else build_direct(state, side, order)
            return outcome(state, att).hurt > 0
        if a.kind == "indirect":
            uid, target = str(a.args["unit"]), str(a.args["target"])
            return indirect_can_succeed(state, side, uid, target)
        if a.kind == "move":
            return not any(state.units[i].moved for i in str(a.args["units"]).split(","))
        if a.kind == "end" and state.phase in ("combat", "assault"):
            # not while a group normal has begun stands where it cannot succeed (its other units to join)
            if state.phase == "assault":
                return all(outcome(state, build_assault(state, o)).hurt > 0 for o in state.assault_queue)
            return all(outcome(state, build_direct(state, side, o)).hurt > 0
                       for o in state.fire_queue if o.unit != "bridge")
    except (UmpireError, KeyError):
        return False
    return True


def ranked(state: PlState, side: str, w: Weights = NORMAL) -> list[tuple[float, Action, str]]:
    """The orders normal considers, best first, each with its value (the end of the phase is 0)."""
    opts: list[tuple[float, Action, str]] = []
    if state.phase == "combat":
        opts += indirect_options(state, side) + fire_options(state, side, w)
        end = "no fire group worth its cost: resolve and close the combat phase"
    elif state.phase in ("move_vehicles", "move_infantry"):
        opts += move_options(state, side, w)
        end = "every unit stands where it is worth most"
    elif state.phase == "opportunity":
        opts += opportunity_options(state, side, w)
        end = "no opportunity fire worth the marker"
    elif state.phase == "assault":
        opts += assault_options(state, side, w)
        end = "no close assault worth making: resolve and close the phase"
    else:
        end = "set-up as the situation gives it"
    opts.sort(key=lambda t: t[0], reverse=True)
    return opts + [(0.0, Action("end"), end)]


__all__ = ["choose", "ranked", "fingerprint", "hasty_ok"]
