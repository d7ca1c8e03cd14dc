"""A sensible American policy for selfplay: greedy expected morale, then progress to the goal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.ai.random_policy import RandomPolicy
from engine.ai.sampling import hasty
from engine.errors import IllegalAction
from engine.game import Action
from engine.hexgrid import Hex

from .american import ORDER_DICE
from .state import SafState, Unit
from .table import US_INFANTRY, Table

if TYPE_CHECKING:
    from .rules import SafRules


EASY_SLIP = 0.25  # share of easy decisions drawn at random among the legal orders


def choose(rules: SafRules, state: SafState, side: str, level: str) -> tuple[Action, str]:
    """``random``: uniform over the legal orders (a fork of the RNG); ``easy``: the greedy player, but
    about a quarter of its decisions a legal order picked at random; ``greedy``, ``normal`` and ``hard``:
    the greedy expected-morale player (below; no search is built for the American). The German side is
    the rules' own AI (7.0), never a bot."""
    if side == "ge" and state.phase == "german":  # the rules' own AI: one step, whatever the level
        return Action("german"), f"the rules' own AI plays the {rules.phase_name(state)} (5.0 B, 7.0)"
    if side != "us":
        raise IllegalAction("The German side is played by the rules themselves (7.0)", "7.0")
    if level == "random":
        return RandomPolicy().choose(rules, state, side)
    if level == "easy":
        slip = hasty(rules, state, side, EASY_SLIP, "saf-easy")
        if slip is not None:
            return slip
    return expected_choose(rules, state)


def _p_d6(need: int) -> float:
    return min(1.0, max(1, 7 - need) / 6)


def _p_best_of(n: int, need: int) -> float:
    miss = min(1.0, max(0, need - 1) / 6)
    return 1 - (miss ** n if need <= 6 else (5 / 6) ** n)


def _goal_hexes(t: Table) -> list[Hex]:
    m, v = t.m, t.sc.victory
    if v == "objective":
        return list(m.markers["objective"])
    if v == "centre_buildings":
        return list(m.markers["centre_buildings"])
    if v == "near_red":
        return list(m.markers["red"])
    return [t.hex(g) for g in t.s.on_map("ge") if not t.is_tank(g)] or list(m.markers["red"])


def _fire_value(t: Table, u: Unit, g: Unit, mode: str) -> float:
    ground = t.m.terrain.get(t.hex(g), "clear")
    cover = 0.4 if (ground not in ("woods", "building") or mode == "he") else 2.0
    if mode == "sniper":
        cover = 0.0
    need = t.spec(g).hit + round(cover)
    drm = (1 if t.spec(u).veteran else 0) + (1 if t.americans_near_lt(u) else 0) + (1 if g.spotted else 0)
    drm -= 1 if u.state == "panic" else 0
    p = _p_best_of(2, need - drm) if mode == "he" else _p_d6(need - drm)
    return p * 5.0


def _move_value(t: Table, u: Unit, to: str) -> float:
    goals = _goal_hexes(t)
    if not goals:
        return 0.0
    a, b = t.hex(u), Hex.parse(to)
    before = min(a.distance(g) for g in goals)
    after = min(b.distance(g) for g in goals)
    if t.is_tank(u):
        foes = [t.hex(g) for g in t.s.on_map("ge") if t.is_tank(g)] or goals
        before = min(a.distance(g) for g in foes)
        after = min(b.distance(g) for g in foes)
        return 0.3 * (before - after) if after >= 3 else -0.2
    cover = {"building": 0.4, "woods": 0.3, "hill": 0.2}.get(t.m.terrain.get(b, "clear"), 0.0)
    if u.kind not in US_INFANTRY:
        return -0.5
    # The closer morale is to the goal, the more the ground matters (8.x victory conditions).
    urgency = max(0.0, min(1.0, t.s.morale / max(1, t.sc.morale_goal)))
    weight = 0.5 + 1.5 * urgency
    on_goal = 0.0
    if t.sc.victory in ("objective", "centre_buildings") and b in goals and a not in goals:
        on_goal = 1.0 + 3.0 * urgency
    if t.sc.victory == "near_red" and after <= 2 < before:
        on_goal = 1.0 + 3.0 * urgency
    return weight * (before - after) + cover + on_goal - _danger(t, b) * (1.0 - 0.6 * urgency)


def _danger(t: Table, h: Hex) -> float:
    """Adjacent Germans may assault (7.2.4); rifles in range may shoot. Best kept away from both."""
    risk = 0.0
    for g in t.s.on_map("ge"):
        if t.is_tank(g) or g.hex is None:
            continue
        d = t.hex(g).distance(h)
        if d == 1 and g.kind != "mg42":
            risk += 1.2
        elif d <= t.spec(g).range:
            risk += 0.15
    return risk


def score(t: Table, a: Action) -> float:
    args = a.args
    kind = args.get("type")
    u = t.unit(args["unit"])
    assert u is not None
    g = t.unit(args["target"]) if args.get("target") else None
    value = 0.0
    if kind == "medic":
        return 2.0
    if kind == "assault" and g is not None:
        n = len(t.s.at(t.hex(g)))
        drm = (1 if t.spec(u).veteran else 0) - 2 * (n - 1)
        # P(4d6 >= 14 - drm) roughly: 4d6 mean 14, sd 3.4
        p = max(0.0, min(1.0, 0.5 + (drm + 0.5) * 0.11))
        return p * 10 * n - (1 - p) * 2
    if kind == "mortar" and g is not None:
        return 0.67 * _p_best_of(2, t.spec(g).hit) * 5
    if kind == "spot":
        return 0.8
    if kind == "sniper" and g is not None:
        return 0.67 * _fire_value(t, u, g, "sniper") + 0.6
    if kind == "tank" and g is not None:
        return (0.75 if u.kind == "m10" else 0.58) * 6.0
    if kind == "he" and g is not None:
        return _fire_value(t, u, g, "he")
    if g is not None:
        value += _fire_value(t, u, g, "rifle")
    if args.get("to"):
        mover = t.unit(args["mover"]) if args.get("mover") else u
        assert mover is not None
        value += _move_value(t, mover, args["to"])
    return value


def _describe(t: Table, a: Action) -> str:
    args = a.args
    u = t.unit(args["unit"])
    who = t.name(u) if u else args["unit"]
    kind = str(args["type"]).replace("_", " ")
    parts = [f"{kind}: {who}"]
    if args.get("mover"):
        parts.append(f"covers {args['mover']}")
    if args.get("to"):
        parts.append(f"to {args['to']}")
    if args.get("target"):
        g = t.unit(args["target"])
        parts.append(f"at {t.name(g) if g else args['target']}")
    return " ".join(parts)


def _dice_value(dice: list[int], usable: set[tuple[int, int]]) -> int:
    left = list(dice)
    n = 0
    for pip in range(1, 7):
        while (pip, 2) in usable and left.count(pip) >= 2:
            left.remove(pip)
            left.remove(pip)
            n += 3
    return n + sum(1 for d in left if (d, 1) in usable)


def _usable(rules: SafRules, state: SafState) -> set[tuple[int, int]]:
    saved = list(state.dice)
    state.dice = [1, 1, 2, 3, 4, 4, 5, 6, 6]
    try:
        orders = [a for a in rules.legal_actions(state, "us") if a.kind == "order"]
    finally:
        state.dice = saved
    out = set()
    for a in orders:
        pip = int(a.args["die"])
        kind = a.args["type"]
        out.add((pip, ORDER_DICE[kind][1] if ORDER_DICE[kind][0] == pip else 1))
    return out


def _distinct(orders: list[Action], t: Table) -> list[Action]:
    """The orders worth scoring: a move_fire that only moves or only fires is the plain move or fire of
    the same 3 listed before it, a named second mortar target is the automatic one's equal, and an
    assault on another unit of a hex already named assaults the same hex."""
    out: list[Action] = []
    seen: set[tuple[str, int, str | None]] = set()
    for a in orders:
        args = a.args
        if args["type"] == "move_fire" and not ("to" in args and "target" in args) or "second" in args:
            continue
        if args["type"] == "assault":
            key = (args["unit"], args["die"], t.unit(args["target"]).hex)  # type: ignore[union-attr]
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


def expected_choose(rules: SafRules, state: SafState) -> tuple[Action, str]:
    """The greedy expected-morale American."""
    t = Table(state)
    legal = rules.legal_actions(state, "us")
    if not legal:
        raise ValueError("no legal action")
    keep = 5 if t.sc.victory == "supply" else 0
    for a in legal:
        if a.kind == "supply" and state.supply > keep:
            return a, f"Replenish {a.args['unit']}: a unit that cannot fire is wasted"
    if state.phase in ("setup", "roll"):
        return Action("roll"), "Roll the order dice"
    if not state.adjusted:
        usable = _usable(rules, state)
        base = _dice_value(state.dice, usable)
        best: tuple[int, Any] = (base, None)
        for a in legal:
            if a.kind == "adjust":
                dice = list(state.dice)
                dice.remove(int(a.args["die"]))
                dice.append(int(a.args["to"]))
                v = _dice_value(dice, usable)
                if v > best[0]:
                    best = (v, a)
        if best[1] is not None:
            adj = best[1]
            return adj, f"Turn a {adj.args['die']} into a {adj.args['to']}: it gives a usable order"
    orders = _distinct([a for a in legal if a.kind == "order"], t)
    if orders:
        scored = max(((score(t, a), i, a) for i, a in enumerate(orders)), key=lambda x: (x[0], -x[1]))
        if scored[0] > 0.05:
            a = scored[2]
            return a, f"{_describe(t, a)} (best expected value {scored[0]:.1f})"
    return Action("end"), "No order worth its die: end the turn"
