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
"""

from __future__ import annotations

from engine.errors import UmpireError
from engine.game import Action
from engine.rng import Rng

from .ai_value import attacker_side, defense_multiplier, element_worth, objectives, outcome, threat, worth
from .board import STACK_LIMIT, distance, hx, stack_count, utype
from .bot import lay_bridge
from .combat import element_of, elements_at
from .fire import assault_refusal, build_assault, build_direct
from .legal import enemy_hexes, fire_targets, indirect_targets, legal_actions, move_targets
from .movement import overrun_refusal, transport_refusal
from .state import AttackOrder, PlState, Unit

EASY_SLIP = 0.25  # share of easy decisions drawn at random among the legal orders
GOAL_WEIGHT = 3.0  # worth points per hex nearer the objectives (attacking side)
DEFEND_WEIGHT = 6.0  # worth points per hex nearer a contested objective (defending side)
CONTEST_RANGE = 4  # an objective with an enemy unit this near is contested
REINFORCE_FROM = 1  # a defender further than this from a contested objective holds its fire to move
HOLD_WEIGHT = 12.0  # standing on an objective hex
RISK_WEIGHT = 1.0  # per worth point of expected loss where the unit stops
COVER_WEIGHT = 2.0  # per step of terrain defense multiplier above 1
MOVE_GIVEN_UP = 4.0  # what an advancing unit gives up by firing (it may not move after)
FIRE_MIN = 0.8  # the least expected loss worth an order
OF_MARKER = 0.3  # share of a unit's attack the opportunity fire marker costs (no fire next turn)

Choice = tuple[Action, str]


def fingerprint(state: PlState, side: str) -> str:
    units = ";".join(f"{u.id}:{u.hex}:{u.status}:{int(u.dispersed)}:{int(u.fired)}:{int(u.moved)}:{u.mp_left}"
                     for u in sorted(state.units.values(), key=lambda x: x.id))
    queues = [(o.target, o.units) for o in state.fire_queue + state.assault_queue]
    return f"{state.turn}|{state.phase}|{state.side}|{side}|{queues}|{units}"


def choose(state: PlState, side: str, level: str) -> Choice:
    if level == "easy":
        rng = Rng(state.rng.state).fork(("pl-easy", fingerprint(state, side)))
        if rng.below(1000) < EASY_SLIP * 1000:
            acts = legal_actions(state, side)
            pick = rng.choice(acts)
            return pick, f"easy: a hasty {pick.kind}, one of {len(acts)} orders picked without much thought"
    return ranked(state, side)[0][1:]


def ranked(state: PlState, side: str) -> list[tuple[float, Action, str]]:
    """The orders normal considers, best first, each with its value (the end of the phase is 0)."""
    opts: list[tuple[float, Action, str]] = []
    if state.phase == "combat":
        opts += indirect_options(state, side) + fire_options(state, side)
        end = "no fire group worth its cost: resolve and close the combat phase"
    elif state.phase in ("move_vehicles", "move_infantry"):
        opts += move_options(state, side)
        end = "every unit stands where it is worth most"
    elif state.phase == "opportunity":
        opts += opportunity_options(state, side)
        end = "no opportunity fire worth the marker"
    elif state.phase == "assault":
        opts += assault_options(state, side)
        end = "no close assault worth making: resolve and close the phase"
    else:
        end = "set-up as the situation gives it"
    opts.sort(key=lambda t: t[0], reverse=True)
    return opts + [(0.0, Action("end"), end)]


def _names(state: PlState, ids: list[str]) -> str:
    return ", ".join(ids)


def _target_text(state: PlState, els: list, armoured: bool) -> str:
    heads = ", ".join(f"{e.head.id} {utype(e.head).name}" if not e.fort else "fortification" for e in els)
    return f"{heads}, {'armoured' if armoured else 'soft'}"


# --- combat -------------------------------------------------------------------------------------
def _advancing(state: PlState, side: str, u: Unit, objs: list[str]) -> bool:
    """An attacking unit still short of the objectives: firing would cost it its move."""
    if side != attacker_side(state) or utype(u).movement <= 1 or u.hex is None or u.hex in objs:
        return False
    open_objs = _open_objectives(state, side, objs) or objs
    reach = 1 if state.turn >= state.turns - 3 else 3
    return min(distance(u.hex, o) for o in open_objs) > reach


def _reinforcing(state: PlState, side: str, u: Unit, objs: list[str]) -> bool:
    """A defending unit off the objectives while the enemy closes on some: firing would cost it the
    move toward them."""
    if side == attacker_side(state) or utype(u).movement <= 0 or u.hex is None or u.hex in objs:
        return False
    hot = contested_objectives(state, side, objs)
    return bool(hot) and min(distance(u.hex, o) for o in hot) > REINFORCE_FROM


def _fire_cost(state: PlState, side: str, u: Unit, objs: list[str]) -> float:
    """What firing costs: the move it gives up (a unit of the attacking side short of the
    objectives, a defender on its way to a contested one), and for the attacker in the last turns
    the empty objective hex it could have driven onto instead."""
    moving = _advancing(state, side, u, objs) or _reinforcing(state, side, u, objs)
    cost = MOVE_GIVEN_UP if moving else 0.0
    if side == attacker_side(state) and state.turn >= state.turns - 2 and u.hex is not None and u.hex not in objs:
        empty = [o for o in objs if not state.at(o)]
        if any(distance(u.hex, o) <= max(1, utype(u).movement // 3) for o in empty):
            cost += HOLD_WEIGHT
    return cost


def _saving_for_assault(state: PlState, side: str, u: Unit, objs: list[str]) -> bool:
    """Rifles next to an enemy-held objective keep themselves for the close assault (a unit that
    fires may not assault, and assault is how rifles hurt units in a town)."""
    if u.hex is None or utype(u).kind not in ("infantry", "engineer", "mg"):
        return False
    return any(n.label in objs and any(e.side != side for e in state.at(n.label)) for n in hx(u.hex).neighbors())


def fire_options(state: PlState, side: str) -> list[tuple[float, Action, str]]:
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
        cost = {u.id: _fire_cost(state, side, u, objs) for u in units}
        # strongest first; drop any unit whose leaving keeps the value (less its cost) as high
        group = sorted(units, key=lambda u: (-direct_strength_of(state, u, t), u.id))

        best = _net(state, side, t, base, group, cost)
        for u in reversed(list(group)):
            rest = [x for x in group if x is not u]
            v = _net(state, side, t, base, rest, cost)
            if v >= best - 1e-9:
                group, best = rest, v
        if not group:
            continue
        gain = best - _net(state, side, t, base, [], cost)
        if gain < FIRE_MIN:
            continue
        ids = base + [u.id for u in group]
        att = build_direct(state, side, AttackOrder(ids, t))
        oc = outcome(state, att)
        first = group[0].id
        why = (f"{first} fires on {t} with {_names(state, ids)} ({_target_text(state, att.elements, att.armoured)}):"
               f" {att.attack:g}/{att.defense:g} = {oc.odds(state)}, {oc.destroy:.0%} to destroy")
        out.append((gain, Action("fire", {"units": first, "target": t}), why))
    return out


def _net(state: PlState, side: str, t: str, base: list[str], group: list[Unit], cost: dict[str, float]) -> float:
    """Expected loss to the defender from the fire group base + group, less what the group gives up."""
    if not group and not base:
        return 0.0
    att = build_direct(state, side, AttackOrder(base + [u.id for u in group], t))
    return outcome(state, att).value - sum(cost[u.id] for u in group)


def direct_strength_of(state: PlState, u: Unit, target: str) -> float:
    return build_direct(state, u.side, AttackOrder([u.id], target)).attack


def indirect_options(state: PlState, side: str) -> list[tuple[float, Action, str]]:
    out = []
    for u in sorted(state.on_map(side), key=lambda x: x.id):
        if not utype(u).indirect:
            continue
        for t in indirect_targets(state, u):
            w = sum(element_worth(state, e) for e in elements_at(state, t, enemy_of=side))
            # ordered now, fired next turn: the stack may move away; value it at a third
            out.append((w / 3, Action("indirect", {"unit": u.id, "target": t}),
                        f"{u.id} orders indirect fire on {t} for next turn: the enemy stack worth most in sight"))
    return out


# --- movement -----------------------------------------------------------------------------------
def place_value(state: PlState, side: str, u: Unit, label: str, objs: list[str], open_objs: list[str]) -> float:
    """How good it is for u to stop at label: nearer the objectives (attackers, and defenders off
    them), on an objective, in cover, out of the enemy's fire lanes."""
    v = 0.0
    goal = min(distance(label, o) for o in (open_objs or objs))
    risk = RISK_WEIGHT
    hold = HOLD_WEIGHT
    if side == attacker_side(state):
        v -= GOAL_WEIGHT * goal
        # the objectives count at the end: the nearer it is, the more risk is worth taking for them
        late = max(0, state.turn - (state.turns - 4))
        hold += 6.0 * late
        risk *= 1.0 - 0.15 * late
    else:
        # the defender closes on the objectives the enemy is near (else on any), much as the attacker
        hot = contested_objectives(state, side, objs)
        if hot:
            v -= DEFEND_WEIGHT * min(distance(label, o) for o in hot)
        else:
            v -= GOAL_WEIGHT / 2 * min(distance(label, o) for o in objs)
        if label in objs and any(x.side == side for x in state.at(label)):
            hold /= 3  # a second defender in a held hex adds less than holding another
    if label in objs:
        v += hold
    v += COVER_WEIGHT * (defense_multiplier(state, label) - 1)
    v -= risk * threat(state, u, label)
    return v


def contested_objectives(state: PlState, side: str, objs: list[str]) -> list[str]:
    """The objectives with an enemy unit within CONTEST_RANGE hexes: where the defence is needed."""
    enemy = {e.hex for e in state.on_map(state.enemy(side)) if e.hex is not None}
    return [o for o in objs if any(distance(o, h) <= CONTEST_RANGE for h in enemy)]


def _open_objectives(state: PlState, side: str, objs: list[str]) -> list[str]:
    return [o for o in objs if not any(x.side == side for x in state.at(o))]


def move_options(state: PlState, side: str) -> list[tuple[float, Action, str]]:
    objs = objectives(state)
    open_objs = _open_objectives(state, side, objs)
    out: list[tuple[float, Action, str]] = []
    mine = sorted(state.on_map(side), key=lambda x: x.id)
    if state.phase == "move_vehicles":
        out += _overruns(state, side, mine) + _unloads(state, side, mine, objs)
        for u in mine:  # the Valentine Bridgelayer (engineer vehicles): as greedy lays it
            bridge = lay_bridge(state, side, u)
            if bridge:
                out.append((HOLD_WEIGHT, bridge[0], bridge[1]))
    for u in mine:
        if u.moved or u.hex is None:
            continue
        options = move_targets(state, u)
        if not options:
            continue
        here = place_value(state, side, u, u.hex, objs, open_objs)
        # a unit on an objective holds it (the defender's only if it is alone there)
        if u.hex in objs and (side == attacker_side(state) or all(
                x.id == u.id or x.carrier == u.id for x in state.at(u.hex))):
            continue
        scored = sorted(((place_value(state, side, u, t, objs, open_objs), t) for t in options),
                        key=lambda p: (-p[0], p[1]))
        v, t = scored[0]
        if v - here <= 0.5:
            continue
        risk = threat(state, u, t)
        why = (f"{u.id} moves {u.hex}-{t}: {min(distance(t, o) for o in objs)} from the objectives"
               f"{', on Hill 30' if t in objs and state.scenario == 'hill30' else ', on an objective' if t in objs else ''}"
               f", expected loss there {risk:.1f} (was {threat(state, u, u.hex):.1f})")
        out.append((v - here, Action("move", {"units": u.id, "to": t}), why))
    return out


def _overruns(state: PlState, side: str, mine: list[Unit]) -> list[tuple[float, Action, str]]:
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
            gain = oc.value - threat(state, u, t) * 0.5
            if oc.column is not None and gain > FIRE_MIN:
                out.append((gain, Action("overrun", {"units": u.id, "target": t}),
                            f"{u.id} overruns {t}: {att.attack:g}/{att.defense:g} = {oc.odds(state)}"
                            f" (one column up), {oc.destroy:.0%} to destroy"))
    return out


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


# --- close assault and opportunity fire ----------------------------------------------------------
def assault_options(state: PlState, side: str) -> list[tuple[float, Action, str]]:
    queued = {i for o in state.assault_queue for i in o.units}
    mine = sorted(state.on_map(side), key=lambda x: x.id)
    out = []
    for t in enemy_hexes(state, side):
        ids = [u.id for u in mine if u.id not in queued and u.hex and distance(u.hex, t) == 1
               and not assault_refusal(state, u, t)]
        if not ids:
            continue
        existing = next((o.units for o in state.assault_queue if o.target == t), [])
        att = build_assault(state, AttackOrder(existing + ids, t))
        oc = outcome(state, att)
        before = outcome(state, build_assault(state, AttackOrder(existing, t))).value if existing else 0.0
        gain = oc.value - before
        if gain < FIRE_MIN / 2:
            continue
        out.append((gain, Action("assault", {"units": ids[0], "target": t}),
                    f"{ids[0]} close assaults {t} with {', '.join(existing + ids)}: {att.attack:g}/{att.defense:g}"
                    f" = {oc.odds(state)}, die -2, {oc.destroy:.0%} to destroy"))
    return out


def opportunity_options(state: PlState, side: str) -> list[tuple[float, Action, str]]:
    out = []
    for cand in legal_actions(state, side):
        if cand.kind != "fire":
            continue
        f, m = state.units[cand.args["units"]], state.units[cand.args["at_unit"]]
        el = element_of(state, m)
        try:
            att = build_direct(state, side, AttackOrder([f.id], m.hex or "", m.id))
        except UmpireError:
            continue
        oc = outcome(state, att)
        gain = oc.value - OF_MARKER * utype(f).attack
        if gain >= FIRE_MIN:
            out.append((gain, cand, f"{f.id} opportunity fire at {m.id} ({'armoured' if el.armoured else 'soft'}):"
                                    f" {att.attack:g}/{att.defense:g} = {oc.odds(state)}, {oc.destroy:.0%} to destroy"))
    return out


__all__ = ["choose", "ranked", "fingerprint", "worth"]
