"""The Panzer Leader bot: one entry point for every level, and the greedy (one-step heuristic) level.

``choose(rules, state, side, level)``: random (uniform over the legal orders), greedy (below: fire at
the best odds, move toward the objectives, overrun and close assault when the odds are good, then
end the phase), easy and normal (ai_policy), hard (ai_search). An unknown level raises
``engine.ai.UnknownPolicy``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ai.policy import check_level
from engine.ai.random_policy import RandomPolicy
from engine.game import Action

from .ai_attacks import indirect_can_succeed
from .ai_policy import choose as ai_choose
from .ai_policy import fingerprint
from .ai_search import choose_hard
from .assault import build_assault
from .board import crt, hx, spotters, stack_count, utype
from .combat import direct_strength, element_of, elements_at
from .datafiles import situations
from .fire import build_direct
from .goals import assault_groups, assault_order, goal_distance, lay_bridge, objectives
from .indirect import indirect_estimate
from .legal import enemy_hexes, fire_targets, indirect_targets, move_targets
from .movement import move_refusal
from .overrun import overrun_refusal
from .state import AttackOrder, PlState, Unit
from .transport import transport_refusal

if TYPE_CHECKING:
    from .rules import PanzerLeader


def _col(state: PlState, attack: float, defense: float, shift: int = 0) -> int:
    c = crt(state).column(attack, defense)
    if c is None:
        return -1
    return min(len(crt(state).columns) - 1, c + shift)


def _one_one(state: PlState) -> int:
    cols = crt(state).columns
    return cols.index("1-1") if "1-1" in cols else len(cols) // 2


def choose(rules: PanzerLeader, state: PlState, side: str, level: str = "normal") -> tuple[Action, str]:
    """``random``: engine.ai.RandomPolicy, uniform over the legal actions (RNG forked, never advanced); ``greedy``: the
    heuristic; ``easy``/``normal``: ai_policy; ``hard``: ai_search."""
    check_level(level)
    if level in ("easy", "normal"):
        return ai_choose(state, side, level)
    if level == "hard":
        return choose_hard(state, side)
    if level == "random":
        return RandomPolicy(fingerprint).choose(rules, state, side)
    return greedy_choose(rules, state, side)


def greedy_choose(rules: PanzerLeader, state: PlState, side: str) -> tuple[Action, str]:
    """Fire at the best odds, move toward the objectives, overrun and close assault when the odds are
    good, then end the phase."""
    mine = sorted(state.on_map(side), key=lambda u: u.id)
    if state.phase == "combat":
        for u in mine:
            if utype(u).indirect:
                # never fire that cannot succeed (ai_attacks.indirect_can_succeed)
                targets = [t for t in indirect_targets(state, u) if indirect_can_succeed(state, side, u.id, t)]
                if targets:
                    best = max(targets, key=lambda t: (len(elements_at(state, t)), t))
                    return Action("indirect", {"unit": u.id, "target": best}), (
                        f"{u.id} plots indirect fire on {best} for next turn, the most crowded hex in sight "
                        f"({indirect_estimate(state, side, u.id, best)[0]})")
        act = _best_fire(state, side, mine)
        if act:
            return act
        return Action("end"), "no fire at 1-1 or better: resolve and close the combat phase"
    if state.phase in ("move_vehicles", "move_infantry"):
        act = _move(state, side, mine)
        if act:
            return act
        return Action("end"), "every unit has moved or holds"
    if state.phase == "opportunity":
        return _opportunity(rules, state, side)
    if state.phase == "assault":
        act = _assault(state, side)
        if act:
            return act
        return Action("end"), "no close assault worth making: resolve and close the phase"
    return Action("end"), "set-up as the situation gives it"


def _advancing(state: PlState, side: str, u: Unit) -> bool:
    """Units of the side that must take the objectives keep moving while far from them."""
    vic = situations()[state.scenario].victory
    return (side == vic.side and utype(u).movement > 1 and u.hex is not None
            and goal_distance(state, side, u.hex) > 3)


def _saving_for_assault(state: PlState, side: str, u: Unit) -> bool:
    """Infantry next to an enemy-held objective holds its fire: a unit that fires may not close
    assault, and close assault is the only way rifles hurt units in a town."""
    if u.hex is None or utype(u).kind not in ("infantry", "engineer", "mg"):
        return False
    objs = set(objectives(state))
    return any(n.label in objs and any(e.side != side for e in state.at(n.label)) for n in hx(u.hex).neighbors())


def _best_fire(state: PlState, side: str, mine: list[Unit]) -> tuple[Action, str] | None:
    by_target: dict[str, list[str]] = {}
    for u in mine:
        if _advancing(state, side, u) or _saving_for_assault(state, side, u):
            continue
        for t in fire_targets(state, u):
            by_target.setdefault(t, []).append(u.id)
    best: tuple[int, str, list[str]] | None = None
    for t, ids in sorted(by_target.items()):
        existing = next((o for o in state.fire_queue if o.target == t), None)
        group = (existing.units if existing else []) + ids
        att = build_direct(state, side, AttackOrder(group, t))
        col = _col(state, att.attack, att.defense)
        if col >= _one_one(state) and (best is None or col > best[0]):
            best = (col, t, ids)
    if best is None:
        return None
    col, t, ids = best
    # One unit per order: orders on the same hex join one fire group, so each is a legal action.
    return (Action("fire", {"units": ids[0], "target": t}),
            f"{ids[0]} joins the fire group on {t} ({', '.join(ids)} together make {crt(state).columns[col]})")


def _move(state: PlState, side: str, mine: list[Unit]) -> tuple[Action, str] | None:
    if state.phase == "move_vehicles":
        for u in mine:
            if move_refusal(state, u, state.phase) or u.hex is None:
                continue
            for t in sorted({n.label for n in hx(u.hex).neighbors()} & set(enemy_hexes(state, side))):
                if overrun_refusal(state, side, [u], t):
                    continue
                att = [e for e in elements_at(state, t)]
                if _col(state, float(utype(u).attack), sum(e.defense for e in att), 1) >= _one_one(state) + 1:
                    return Action("overrun", {"units": u.id, "target": t}), f"{u.id} overruns {t}"
            act = lay_bridge(state, side, u)
            if act:
                return act
            if u.cargo and not u.moved and goal_distance(state, side, u.hex) <= 3:
                cargo = state.units[u.cargo]
                if not transport_refusal(state, u, cargo, False) and stack_count(state, u.hex) < 4:
                    return Action("unload", {"unit": u.id}), f"{u.id} unloads {cargo.id} near the objective"
    for u in mine:
        if u.moved or u.hex is None:
            continue
        here = goal_distance(state, side, u.hex)
        if here == 0 or u.hex in objectives(state):
            continue  # hold the objective
        options = move_targets(state, u)
        if not options:
            continue
        best = min(options, key=lambda t: (goal_distance(state, side, t), t))
        if goal_distance(state, side, best) < here:
            return Action("move", {"units": u.id, "to": best}), f"{u.id} advances toward the objective"
    return None


def _assault(state: PlState, side: str) -> tuple[Action, str] | None:
    for t, ids, existing in assault_groups(state, side):
        att = build_assault(state, AttackOrder(existing + ids, t))
        if _col(state, att.attack, att.defense, att.shift) >= _one_one(state):
            order, whole = assault_order(state, side, t, ids)
            if whole:
                return order, f"{', '.join(ids)} close assault {t} together"
            return order, f"{ids[0]} joins the close assault on {t}"
    return None


__all__ = ["choose", "spotters"]


def _opportunity(rules: PanzerLeader, state: PlState, side: str) -> tuple[Action, str]:
    chosen: tuple[int, Action] | None = None
    for cand in rules.legal_actions(state, side):
        if cand.kind != "fire":
            continue
        f, m = state.units[cand.args["units"]], state.units[cand.args["at_unit"]]
        at = str(cand.args["target"])  # where it ended, or where the firer saw it move
        el = element_of(state, m, at=at)
        c = _col(state, direct_strength(state, f, at, el.armoured)[0], el.defense)
        if c >= _one_one(state) and (chosen is None or c > chosen[0]):
            chosen = (c, cand)
    if chosen:
        return chosen[1], f"opportunity fire by {chosen[1].args['units']} at {chosen[1].args['at_unit']}"
    return Action("end"), "no opportunity fire at 1-1 or better"
