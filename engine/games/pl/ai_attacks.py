"""The Panzer Leader AI's attacks (normal, and hard with its weights): fire groups trimmed of units
that do not change the odds column, indirect fire on the stack worth most, close assaults, opportunity
fire; each valued by its expected loss to the defender, less what the attacker gives up by firing,
plus what clearing the hex would open (an objective) or disrupt (rifles near one)."""

from __future__ import annotations

from engine.errors import UmpireError
from engine.game import Action

from .ai_moves import contested_objectives, open_objectives
from .ai_value import (
    attacker_side,
    element_worth,
    objectives,
    outcome,
    result_chances,
)
from .ai_weights import NORMAL, Weights
from .assault import build_assault
from .board import crt, distance, hx, utype
from .combat import Attack, direct_strength, element_of, elements_at, shifted, total, wec_factor
from .fire import build_direct
from .goals import assault_groups, assault_order
from .indirect import indirect_estimate
from .legal import fire_targets, indirect_targets
from .rules import RULES
from .state import AttackOrder, PlState, Unit


def clear_chance(state: PlState, att: Attack) -> float:
    """The chance an attack leaves its hex without a defender: every counter in it destroyed."""
    col = shifted(state, crt(state).column(att.attack, att.defense), att.shift)
    if col is None or not att.elements:
        return 0.0
    chances = result_chances(state, col, att.modifier)
    return sum(p for res, p in chances.items()
               if all(res == "X" or (res == "DD" and all(u.dispersed for u in el.units)) for el in att.elements))


def disruption(state: PlState, side: str, att: Attack, objs: list[str]) -> float:
    """The defender's fire on enemy rifles within two hexes of an objective it holds: their attack
    factors times the chance of any result (dispersed, they may not close assault next turn)."""
    if side == attacker_side(state) or not any(
            distance(att.target, o) <= 2 and any(x.side == side for x in state.at(o)) for o in objs):
        return 0.0
    factors = sum(utype(u).attack for el in att.elements for u in el.units
                  if not u.dispersed and utype(u).kind in ("infantry", "engineer", "mg"))
    if factors <= 0:
        return 0.0
    col = shifted(state, crt(state).column(att.attack, att.defense), att.shift)
    if col is None:
        return 0.0
    return factors * sum(p for r, p in result_chances(state, col, att.modifier).items() if r != "-")


def opening(state: PlState, side: str, att: Attack, objs: list[str], w: Weights, assault: bool = False) -> float:
    """What clearing the target hex is worth: an objective the enemy holds opened to the attacking
    side (open_value), or one the attacker holds retaken by the defender (retake_value)."""
    value = w.open_value if side == attacker_side(state) else w.retake_value
    if value <= 0 or att.target not in objs or not (assault or w.open_by_fire):
        return 0.0
    return value * clear_chance(state, att)


def _names(state: PlState, ids: list[str]) -> str:
    return ", ".join(ids)


def _target_text(state: PlState, els: list, armoured: bool) -> str:
    heads = ", ".join(f"{e.head.id} {utype(e.head).name}" if not e.fort else "fortification" for e in els)
    return f"{heads}, {'armoured' if armoured else 'soft'}"


def _advancing(state: PlState, side: str, u: Unit, objs: list[str], w: Weights = NORMAL) -> bool:
    """An attacking unit still short of the objectives: firing would cost it its move."""
    if side != attacker_side(state) or utype(u).movement <= 1 or u.hex is None or u.hex in objs:
        return False
    open_objs = open_objectives(state, side, objs) or objs
    reach = 1 if state.turn >= state.turns - 3 else w.advance_reach
    return min(distance(u.hex, o) for o in open_objs) > reach


def _reinforcing(state: PlState, side: str, u: Unit, objs: list[str], w: Weights = NORMAL) -> bool:
    """A defending unit off the objectives while the enemy closes on some: firing would cost it the
    move toward them."""
    if side == attacker_side(state) or utype(u).movement <= 0 or u.hex is None or u.hex in objs:
        return False
    hot = contested_objectives(state, side, objs, w)
    return bool(hot) and min(distance(u.hex, o) for o in hot) > w.reinforce_from


def _fire_cost(state: PlState, side: str, u: Unit, objs: list[str], w: Weights = NORMAL) -> float:
    """What firing costs: the move it gives up (a unit of the attacking side short of the
    objectives, a defender on its way to a contested one), and for the attacker in the last turns
    the empty objective hex it could have driven onto instead."""
    moving = _advancing(state, side, u, objs, w) or _reinforcing(state, side, u, objs, w)
    cost = w.move_given_up if moving else 0.0
    if side == attacker_side(state) and state.turn >= state.turns - 2 and u.hex is not None and u.hex not in objs:
        empty = [o for o in objs if not state.at(o)]
        if any(distance(u.hex, o) <= max(1, utype(u).movement // 3) for o in empty):
            cost += w.hold
    return cost


def _saving_for_assault(state: PlState, side: str, u: Unit, objs: list[str]) -> bool:
    """Rifles next to an enemy-held objective keep themselves for the close assault (a unit that
    fires may not assault, and assault is how rifles hurt units in a town)."""
    if u.hex is None or utype(u).kind not in ("infantry", "engineer", "mg"):
        return False
    return any(n.label in objs and any(e.side != side for e in state.at(n.label)) for n in hx(u.hex).neighbors())


def fire_options(state: PlState, side: str, w: Weights = NORMAL) -> list[tuple[float, Action, str]]:
    objs = objectives(state)
    cands: dict[str, list[Unit]] = {}
    for u in sorted(state.on_map(side), key=lambda x: x.id):
        if _saving_for_assault(state, side, u, objs):
            continue
        for t in fire_targets(state, u):
            cands.setdefault(t, []).append(u)
    out = []
    for t, units in sorted(cands.items()):
        existing = next((o for o in state.fire_queue if o.target == t), None)
        if existing and existing.unit:
            continue
        base = list(existing.units) if existing else []
        cost = {u.id: _fire_cost(state, side, u, objs, w) for u in units}
        # strongest first; drop any unit whose leaving keeps the value (less its cost) as high
        group = sorted(units, key=lambda u: (-direct_strength_of(state, u, t), u.id))

        best = _net(state, side, t, base, group, cost, w, objs)
        for u in reversed(list(group)):
            rest = [x for x in group if x is not u]
            v = _net(state, side, t, base, rest, cost, w, objs)
            if v >= best - 1e-9:
                group, best = rest, v
        if not group:
            continue
        gain = best - _net(state, side, t, base, [], cost, w, objs)
        if gain < w.fire_min:
            continue
        ids = base + [u.id for u in group]
        att = build_direct(state, side, AttackOrder(ids, t))
        oc = outcome(state, att)
        first = group[0].id
        why = (f"{first} fires on {t}{_share(att, ids, base, first)} with {_names(state, ids)}"
               f" ({_target_text(state, att.elements, att.armoured)}):"
               f" {att.attack:g}/{att.defense:g} = {oc.odds(state)}, {oc.destroy:.0%} to destroy")
        if opening(state, side, att, objs, w) > 0:
            why += f" (hard: {clear_chance(state, att):.0%} to clear the objective hex)"
        if w.disrupt > 0 and disruption(state, side, att, objs) > 0:
            why += " (hard: rifles that could close assault a held objective, dispersed would sit out a turn)"
        out.append((gain, Action("fire", {"units": first, "target": t}), why))
    return out


def _share(att: Attack, ids: list[str], base: list[str], first: str) -> str:
    """An order names one unit: where the odds quoted are a group's, what this unit adds to it and
    who has joined already or is to join (each by its own order)."""
    if ids == [first]:
        return ""
    own = att.strengths[ids.index(first)] if len(att.strengths) == len(ids) else 0.0
    rest = [i for i in ids if i != first and i not in base]
    bits = [f"{own:g} of the group's {att.attack:g} factors"]
    if base:
        bits.append(f"joining {', '.join(base)}")
    if rest:
        bits.append(f"{', '.join(rest)} to join")
    return f" ({'; '.join(bits)})"


def _net(state: PlState, side: str, t: str, base: list[str], group: list[Unit], cost: dict[str, float],
         w: Weights = NORMAL, objs: list[str] | None = None) -> float:
    """Expected loss to the defender from the fire group base + group (and the chance it clears an
    objective, if w values that), less what the group gives up."""
    if not group and not base:
        return 0.0
    att = build_direct(state, side, AttackOrder(base + [u.id for u in group], t))
    opened = opening(state, side, att, objs, w) if objs is not None else 0.0
    if objs is not None and w.disrupt > 0:
        opened += w.disrupt * disruption(state, side, att, objs)
    return outcome(state, att).value + opened - sum(cost[u.id] for u in group)


def direct_strength_of(state: PlState, u: Unit, target: str) -> float:
    return build_direct(state, u.side, AttackOrder([u.id], target)).attack


def indirect_attacks(state: PlState, side: str, uid: str, target: str) -> list[Attack]:
    """The indirect fire uid would add on target next turn, as it would land if the hex stood as it
    does now (fire.indirect_attack): the orders already plotted on it for that turn and uid's, their
    strength divided among the counters there, each enemy counter attacked alone."""
    firers = [state.units[o.unit] for o in state.indirect if o.target == target and o.turn == state.turn + 1
              and state.units[o.unit].side == side and o.unit != uid] + [state.units[uid]]
    els = elements_at(state, target, skip_dispersed=True)
    out = []
    for el in els:
        if el.head.side == side:
            continue
        share = round(total([utype(f).attack * wec_factor(state, utype(f).weapon, el.armoured, 0, direct=False)
                             for f in firers]) / len(els), 6)
        out.append(Attack(firers, [share], target, [el], el.armoured, share, el.defense, None))
    return out


def indirect_can_succeed(state: PlState, side: str, uid: str, target: str) -> bool:
    """Whether uid's indirect fire plotted on target now could get a result: not in the last turn (it
    would land after the game), not below the table, and some counter with a result on some die (1-4
    has none) as the hex stands. The bots never plot what cannot succeed."""
    return state.turn < state.turns and bool(indirect_estimate(state, side, uid, target)[1]) and any(
        outcome(state, a).hurt > 0 for a in indirect_attacks(state, side, uid, target))


def indirect_options(state: PlState, side: str) -> list[tuple[float, Action, str]]:
    out: list[tuple[float, Action, str]] = []
    for u in sorted(state.on_map(side), key=lambda x: x.id):
        if not utype(u).indirect:
            continue
        for t in indirect_targets(state, u):
            if not indirect_can_succeed(state, side, u.id, t):
                continue
            odds = indirect_estimate(state, side, u.id, t)[0]
            w = sum(element_worth(state, e) for e in elements_at(state, t, enemy_of=side))
            # ordered now, fired next turn: the stack may move away; value it at a third
            out.append((w / 3, Action("indirect", {"unit": u.id, "target": t}),
                        f"{u.id} plots indirect fire on {t} for next turn, the enemy stack worth most in sight "
                        f"({odds})"))
    return out


def assault_options(state: PlState, side: str, w: Weights = NORMAL) -> list[tuple[float, Action, str]]:
    objs = objectives(state)
    out = []
    for t, ids, existing in assault_groups(state, side):

        def value(group: list[str], t: str = t) -> float:
            if not group:
                return 0.0
            att = build_assault(state, AttackOrder(group, t))
            return outcome(state, att).value + opening(state, side, att, objs, w, assault=True)

        best = value(existing + ids)
        if w.trim_assault:  # drop any unit whose leaving keeps the value: it may assault elsewhere
            for i in reversed(list(ids)):
                rest = [x for x in ids if x != i]
                v = value(existing + rest) if rest else -1.0
                if v >= best - 1e-9:
                    ids, best = rest, v
        att = build_assault(state, AttackOrder(existing + ids, t))
        oc = outcome(state, att)
        gain = best - value(existing)
        if gain < w.assault_min:
            continue
        order, whole = assault_order(state, side, t, ids)
        who = ", ".join(ids) if whole else ids[0]
        joined = f" (with {', '.join(existing)})" if existing else ""
        out.append((gain, order,
                    f"{who} close assault{'' if whole else 's'} {t}{joined}: {att.attack:g} against {att.defense:g}"
                    f" = {oc.odds(state)}, die -2, {oc.destroy:.0%} chance to destroy"
                    + (f" (hard: {clear_chance(state, att):.0%} to clear the objective hex)"
                       if opening(state, side, att, objs, w, assault=True) > 0 else "")))
    return out


def opportunity_options(state: PlState, side: str, w: Weights = NORMAL) -> list[tuple[float, Action, str]]:
    out = []
    for cand in RULES.legal_actions(state, side):
        if cand.kind != "fire":
            continue
        f, m = state.units[cand.args["units"]], state.units[cand.args["at_unit"]]
        at = str(cand.args["target"])  # where the fire meets it: where it ended, or where it was seen
        el = element_of(state, m, alone=bool(m.carrier), at=at)
        if at != m.hex:
            s = direct_strength(state, f, at, el.armoured)[0]
            att = Attack([f], [s], at, [el], el.armoured, total([s]), el.defense, None)
        else:
            try:
                att = build_direct(state, side, AttackOrder([f.id], at, m.id))
            except UmpireError:
                continue
        oc = outcome(state, att)
        gain = oc.value - w.of_marker * utype(f).attack
        if gain >= w.fire_min:
            out.append((gain, cand, f"{f.id} opportunity fire at {m.id} ({'armoured' if el.armoured else 'soft'}):"
                                    f" {att.attack:g}/{att.defense:g} = {oc.odds(state)}, {oc.destroy:.0%} to destroy"))
    return out
