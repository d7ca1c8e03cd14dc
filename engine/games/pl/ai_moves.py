"""The Panzer Leader AI's movement (normal, and hard with its weights): each unit's reachable hexes
scored by distance to the objectives, objective hexes held, terrain defense and the expected loss
from the enemy's fire lanes there; overruns when the expected loss is high; riders unloaded near the
objectives. Which objectives are contested or open is decided here for the attacks too."""

from __future__ import annotations

from engine.game import Action

from .ai_value import (
    attacker_side,
    defense_multiplier,
    objectives,
    outcome,
    result_chances,
    threat,
)
from .ai_weights import NORMAL, Weights
from .board import STACK_LIMIT, crt, distance, hx, stack_count, utype
from .combat import elements_at
from .fire import build_direct
from .goals import lay_bridge
from .legal import enemy_hexes, move_targets
from .overrun import overrun_refusal
from .state import AttackOrder, PlState, Unit
from .transport import transport_refusal


def place_value(state: PlState, side: str, u: Unit, label: str, objs: list[str], open_objs: list[str],
                w: Weights = NORMAL) -> float:
    """How good it is for u to stop at label: nearer the objectives (attackers, and defenders off
    them), on an objective, in cover, out of the enemy's fire lanes."""
    v = 0.0
    goal = min(distance(label, o) for o in (open_objs or objs))
    risk = w.risk
    hold = w.hold
    if side == attacker_side(state):
        v -= w.goal * goal
        # the objectives count at the end: the nearer it is, the more risk is worth taking for them
        late = max(0, state.turn - (state.turns - w.late_turns))
        hold += w.late_hold * late
        risk *= max(0.0, 1.0 - w.late_risk * late)
        if w.att_second_hold != 1.0 and label in objs and any(
                x.side == side and x.id != u.id and x.id != u.cargo for x in state.at(label)):
            hold *= w.att_second_hold  # the hex counts once toward the victory, however many hold it
    else:
        # the defender closes on the objectives the enemy is near (else on any), much as the attacker
        hot = contested_objectives(state, side, objs, w)
        if hot:
            v -= w.defend * min(distance(label, o) for o in hot)
        else:
            v -= w.defender_goal * min(distance(label, o) for o in objs)
        if label in objs and any(x.side == side for x in state.at(label)):
            hold *= w.second_hold  # a second defender in a held hex adds less than holding another
        if w.shore != 0 and label in objs:
            v += w.shore * shoring(state, side, u, label)
    if side == attacker_side(state) and w.mass > 0:
        v += w.mass * massing(state, side, u, label, objs)
    if label in objs:
        v += hold
    v += w.cover * (defense_multiplier(state, label) - 1)
    v -= risk * threat(state, u, label)
    return v


ASSAULT_KINDS = ("infantry", "engineer", "mg")


def _clear_p(state: PlState, attack: float, defense: float) -> float:
    if defense <= 0:
        return 1.0
    col = crt(state).column(attack, defense)
    if col is None:
        return 0.0
    return result_chances(state, col, -2).get("X", 0.0)


def shoring(state: PlState, side: str, u: Unit, label: str) -> float:
    """How much less likely the side's stack on the objective label is to be wiped out by a close
    assault of every enemy rifle within two hexes if u stands there too."""
    attack = sum(utype(e).attack for e in state.on_map(state.enemy(side))
                 if e.hex is not None and not e.carrier and utype(e).kind in ASSAULT_KINDS
                 and distance(e.hex, label) <= 2)
    if attack <= 0:
        return 0.0
    mult = defense_multiplier(state, label)
    others = sum(utype(x).defense * mult for x in state.at(label) if x.side == side and x.id != u.id)
    if others <= 0:
        return 0.0  # an empty hex: what holding it is worth counts already
    return _clear_p(state, attack, others) - _clear_p(state, attack, others + utype(u).defense * mult)


def massing(state: PlState, side: str, u: Unit, label: str, objs: list[str]) -> float:
    """How much more likely a close assault is to clear the enemy-held objective next to label (the
    best one) if u stands at label with the side's rifles already next to it."""
    if utype(u).kind not in ASSAULT_KINDS:
        return 0.0
    best = 0.0
    for o in objs:
        if distance(label, o) != 1:
            continue
        els = elements_at(state, o, enemy_of=side)
        if not els:
            continue
        defense = sum(e.defense for e in els)
        others = sum(utype(x).attack for x in state.on_map(side)
                     if x.id != u.id and x.hex is not None and not x.dispersed and utype(x).kind in ASSAULT_KINDS
                     and distance(x.hex, o) == 1)
        best = max(best, _clear_p(state, others + utype(u).attack, defense) - _clear_p(state, others, defense))
    return best


def contested_objectives(state: PlState, side: str, objs: list[str], w: Weights = NORMAL) -> list[str]:
    """The objectives with an enemy unit within CONTEST_RANGE hexes: where the defence is needed."""
    enemy = {e.hex for e in state.on_map(state.enemy(side)) if e.hex is not None}
    return [o for o in objs if any(distance(o, h) <= w.contest_range for h in enemy)]


def open_objectives(state: PlState, side: str, objs: list[str]) -> list[str]:
    return [o for o in objs if not any(x.side == side for x in state.at(o))]


def move_options(state: PlState, side: str, w: Weights = NORMAL) -> list[tuple[float, Action, str]]:
    objs = objectives(state)
    open_objs = open_objectives(state, side, objs)
    out: list[tuple[float, Action, str]] = []
    mine = sorted(state.on_map(side), key=lambda x: x.id)
    if state.phase == "move_vehicles":
        out += overruns(state, side, mine, w) + _unloads(state, side, mine, objs)
        for u in mine:  # the Valentine Bridgelayer (engineer vehicles): as greedy lays it
            bridge = lay_bridge(state, side, u)
            if bridge:
                out.append((w.hold, bridge[0], bridge[1]))
    for u in mine:
        if u.moved or u.hex is None:
            continue
        options = move_targets(state, u)
        if not options:
            continue
        here = place_value(state, side, u, u.hex, objs, open_objs, w)
        # a unit on an objective holds it (the defender's only if it is alone there)
        if u.hex in objs and (side == attacker_side(state) or all(
                x.id == u.id or x.carrier == u.id for x in state.at(u.hex))):
            continue
        scored = sorted(((place_value(state, side, u, t, objs, open_objs, w), t) for t in options),
                        key=lambda p: (-p[0], p[1]))
        v, t = scored[0]
        if v - here <= 0.5:
            continue
        risk, was = threat(state, u, t), threat(state, u, u.hex)
        d = min(distance(t, o) for o in objs)
        where = ("onto Hill 30" if state.scenario.startswith("hill30") else "onto an objective") if t in objs else \
            f"to {d} hex{'es' if d != 1 else ''} from the nearest objective"
        fire = ("safer from enemy fire there" if risk < was - 0.05 else "more exposed to enemy fire there"
                if risk > was + 0.05 else "no more exposed to enemy fire there")
        why = f"{u.id} moves {u.hex} to {t}, {where}; {fire} (expected loss {risk:.1f}, was {was:.1f})"
        if w.mass > 0 and side == attacker_side(state):
            gain = massing(state, side, u, t, objs)
            if gain > 0:
                why += f" (hard: {gain:.0%} more to clear the objective next to it by close assault)"
        out.append((v - here, Action("move", {"units": u.id, "to": t}), why))
    return out


def overruns(state: PlState, side: str, mine: list[Unit], w: Weights = NORMAL) -> list[tuple[float, Action, str]]:
    from .movement import move_refusal

    out = []
    for u in mine:
        if u.hex is None or move_refusal(state, u, state.phase):
            continue
        for n in hx(u.hex).neighbors():
            t = n.label
            if not any(e.side != side for e in state.at(t)) or overrun_refusal(state, side, [u], t):
                continue
            els = elements_at(state, t)
            att = build_direct(state, side, AttackOrder([u.id], t))
            att.attack, att.shift = float(utype(u).attack), 1
            att.defense = sum(e.defense for e in els)
            oc = outcome(state, att)
            gain = oc.value - threat(state, u, t) * w.overrun_risk + _overrun_leaves(state, side, u, t, w)
            if oc.column is not None and gain > w.fire_min:
                out.append((gain, Action("overrun", {"units": u.id, "target": t}),
                            f"{u.id} overruns {t}: {att.attack:g}/{att.defense:g} = {oc.odds(state)}"
                            f" (one column up), {oc.destroy:.0%} to destroy"))
    return out


def _overrun_leaves(state: PlState, side: str, u: Unit, target: str, w: Weights = NORMAL) -> float:
    """What the overrun's end costs a unit that moved onto an objective this phase: the overrun ends
    its move in the exit hex beyond the target, so it would undo that move (Utah: AC1 drove onto
    Pouppeville, then overran a US stack and ended where it came from); where the exit hex is worth
    less than the objective (place_value) the difference counts against the overrun. Every other
    overrun is judged as before."""
    objs = objectives(state)
    if not u.moved or u.hex is None or u.hex not in objs:
        return 0.0
    d = hx(u.hex).direction_to(hx(target))
    if d is None:
        return 0.0
    exit_hex = hx(target).neighbor(d).label
    open_objs = open_objectives(state, side, objs)
    return min(0.0, place_value(state, side, u, exit_hex, objs, open_objs, w)
               - place_value(state, side, u, u.hex, objs, open_objs, w))


def _unloads(state: PlState, side: str, mine: list[Unit], objs: list[str]) -> list[tuple[float, Action, str]]:
    out = []
    for u in mine:
        if not u.cargo or u.hex is None or u.moved:
            continue
        if min(distance(u.hex, o) for o in objs) > 3 and not any(
                distance(u.hex, e) <= 2 for e in enemy_hexes(state, side)):
            continue
        cargo = state.units[u.cargo]
        if transport_refusal(state, u, cargo, False) or stack_count(state, u.hex) + 1 > STACK_LIMIT:
            continue
        out.append((5.0, Action("unload", {"unit": u.id}), f"{u.id} unloads {cargo.id} near the fighting"))
    return out
