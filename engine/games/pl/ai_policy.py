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
Why one module of over 600 lines: each phase's valuation above shares the fire lanes and worth
points computed once per decision; ai_value.py holds the shared arithmetic.

Every figure of that judgement is a field of ``Weights`` (``NORMAL``: normal's, the module constants);
hard (ai_search) plays this code with its own ``Weights``, which also switch on what normal does not
weigh: the chance an attack clears an objective hex, trimmed close assault groups, rifles massed next
to the objective an assault may clear, the defender's fire on rifles that could assault it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import UmpireError
from engine.game import Action
from engine.rng import Rng

from .ai_value import (
    attacker_side,
    defense_multiplier,
    element_worth,
    objectives,
    outcome,
    result_chances,
    threat,
    worth,
)
from .assault import build_assault
from .board import STACK_LIMIT, crt, distance, hx, stack_count, utype
from .combat import Attack, direct_strength, element_of, elements_at, shifted, total, wec_factor
from .fire import build_direct
from .goals import assault_groups, assault_order, lay_bridge
from .indirect import indirect_estimate
from .legal import enemy_hexes, fire_targets, indirect_targets, move_targets
from .overrun import overrun_refusal
from .rules import RULES
from .state import AttackOrder, PlState, Unit
from .transport import transport_refusal

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


@dataclass(frozen=True)
class Weights:
    """normal's judgement, every figure in one place (the module constants above are normal's);
    hard plays the same code with its own set (ai_search.HARD)."""

    goal: float = GOAL_WEIGHT
    defend: float = DEFEND_WEIGHT
    contest_range: int = CONTEST_RANGE
    reinforce_from: int = REINFORCE_FROM
    hold: float = HOLD_WEIGHT
    risk: float = RISK_WEIGHT
    cover: float = COVER_WEIGHT
    move_given_up: float = MOVE_GIVEN_UP
    fire_min: float = FIRE_MIN
    of_marker: float = OF_MARKER
    late_turns: int = 4  # the attacker's last turns, in which holding counts more and risk less
    late_hold: float = 6.0  # added to hold, per late turn
    late_risk: float = 0.15  # risk accepted less, per late turn
    advance_reach: int = 3  # an attacker further than this from an open objective is advancing
    second_hold: float = 1 / 3  # share of hold a defender adds to a hex already held
    overrun_risk: float = 0.5  # share of the fire lane an overrunning unit counts
    assault_min: float = FIRE_MIN / 2  # the least expected loss worth a close assault
    defender_goal: float = GOAL_WEIGHT / 2  # defender, per hex to any objective while none is contested
    open_value: float = 0.0  # attacker: worth of the chance an attack clears an enemy-held objective hex
    retake_value: float = 0.0  # defender: the same for an objective hex the attacker holds
    open_by_fire: bool = True  # open_value/retake_value also for direct fire (else close assault only)
    trim_assault: bool = False  # close assault groups trimmed like fire groups (spare units elsewhere)
    mass: float = 0.0  # attacker: per unit of the chance a close assault clears an enemy-held objective
    #                    next to the hex, the difference u makes by joining the rifles already next to it
    disrupt: float = 0.0  # defender: per attack factor of enemy rifles near a held objective its fire may
    #                       disperse or destroy (a dispersed unit may not close assault in its next turn)
    shore: float = 0.0  # defender: per unit of the chance its stack on an objective is cleared by the
    #                     rifles within two hexes, the difference u makes by standing there
    att_second_hold: float = 1.0  # attacker: share of hold for an objective hex its units hold already


NORMAL = Weights()


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
                           for o in _overruns(state, side, [state.units[ids[0]]], Weights(fire_min=-1e9)))
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


def _names(state: PlState, ids: list[str]) -> str:
    return ", ".join(ids)


def _target_text(state: PlState, els: list, armoured: bool) -> str:
    heads = ", ".join(f"{e.head.id} {utype(e.head).name}" if not e.fort else "fortification" for e in els)
    return f"{heads}, {'armoured' if armoured else 'soft'}"


# --- combat -------------------------------------------------------------------------------------
def _advancing(state: PlState, side: str, u: Unit, objs: list[str], w: Weights = NORMAL) -> bool:
    """An attacking unit still short of the objectives: firing would cost it its move."""
    if side != attacker_side(state) or utype(u).movement <= 1 or u.hex is None or u.hex in objs:
        return False
    open_objs = _open_objectives(state, side, objs) or objs
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


# --- movement -----------------------------------------------------------------------------------
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


def _open_objectives(state: PlState, side: str, objs: list[str]) -> list[str]:
    return [o for o in objs if not any(x.side == side for x in state.at(o))]


def move_options(state: PlState, side: str, w: Weights = NORMAL) -> list[tuple[float, Action, str]]:
    objs = objectives(state)
    open_objs = _open_objectives(state, side, objs)
    out: list[tuple[float, Action, str]] = []
    mine = sorted(state.on_map(side), key=lambda x: x.id)
    if state.phase == "move_vehicles":
        out += _overruns(state, side, mine, w) + _unloads(state, side, mine, objs)
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


def _overruns(state: PlState, side: str, mine: list[Unit], w: Weights = NORMAL) -> list[tuple[float, Action, str]]:
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
    open_objs = _open_objectives(state, side, objs)
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


# --- close assault and opportunity fire ----------------------------------------------------------
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


__all__ = ["choose", "ranked", "fingerprint", "worth", "Weights", "NORMAL"]
