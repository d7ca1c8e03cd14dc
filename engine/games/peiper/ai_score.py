"""Scoring Peiper orders for the AI, on one scale: ten points per German ACT of the potential.

Each scorer returns (score, reason). A German order scores what it takes off the German potential
(ai_field), a US order what it adds; fire is worth its chance to hit times what the hit does to
the potential, plus a little for attrition and for the card it burns (every card drawn brings the
Joker nearer, which suits the US and costs the Germans).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import cards
from engine.game import Action
from engine.hexgrid import Hex

from .ai_field import (
    FAR,
    Situation,
    distances,
    german_ids,
    landmark,
    potential,
    situation,
    tables,
    unit_distance,
)
from .board import destinations, hex_of, in_supply, occupants, spec
from .combat import unit_attack
from .state import UNIT_ON_MAP, PeiperState
from .units import game_map

POINTS = 10.0  # per German ACT of potential
CARD_BURN = 0.5  # a card drawn in combat or demolition: good for the US, bad for the Germans
FIRST_ACT = 2.0  # the US spending its first ACT of a turn lets the Joker end the turn
OBA_HIT = 0.4  # OBA strength 4: a number card of 4 or less


def hit_chance(strength: int, modifier: int) -> float:
    """A number card (ace to 10; face cards redrawn) plus modifier at most strength."""
    return sum(1 for v in range(1, 11) if v + modifier <= strength) / 10


def under_ten(modifier: int) -> float:
    """Chance a fresh card plus modifier is under 10 (face cards and the Joker fail)."""
    return sum(4 for v in range(1, 11) if v + modifier < 10) / 53


@dataclass
class Context:
    """Everything one decision needs, computed once."""

    state: PeiperState
    side: str
    sit: Situation
    dist: dict[str, float]
    pot: float
    us_count: dict[int, int]
    _captured: float | None = None
    _removed: dict[str, float] = field(default_factory=dict)
    _corridor: list[Hex] | None = None
    _steps: list[int] | None = None

    @classmethod
    def build(cls, state: PeiperState, side: str) -> Context:
        sit = situation(state)
        dist = dict(zip(german_ids(), distances(state, sit), strict=True))
        counts: dict[int, int] = {}
        for u in state.units.values():
            if u.side == "us" and u.status == UNIT_ON_MAP and u.hex:
                i = sit.t.index[Hex.parse(u.hex)]
                counts[i] = counts.get(i, 0) + 1
        pot = us_objective(state, sit) if side == "us" else potential(list(dist.values()))
        return cls(state, side, sit, dist, pot, counts)

    def idx(self, label: str) -> int:
        return self.sit.t.index[Hex.parse(label)]

    def pot_with(self, uid: str, d: float) -> float:
        over = dict(self.dist)
        over[uid] = d
        return potential(list(over.values()))

    def depot_stake(self) -> float:
        """What capturing the Fuel Depot would take off the potential now (0 once it is gone)."""
        if self.state.fuel_depot != "held":
            return 0.0
        return max(0.0, potential(list(self.dist.values())) - self.pot_captured())

    def pot_captured(self) -> float:
        """The potential if the Germans held the Fuel Depot (no supply checks)."""
        if self._captured is None:
            sit = situation(self.state, self.sit.us, depot_captured=True, t=self.sit.t)
            self._captured = potential(distances(self.state, sit))
        return self._captured

    def pot_us_moved(self, frm: int | None, to: int | None) -> tuple[float, Situation]:
        """The potential with one US unit gone from ``frm`` and/or arrived in ``to``."""
        counts = dict(self.us_count)
        if frm is not None:
            counts[frm] -= 1
        if to is not None:
            counts[to] = counts.get(to, 0) + 1
        us = {i for i, c in counts.items() if c > 0}
        sit = situation(self.state, us, t=self.sit.t, partial=True)
        if self.side == "us":
            return us_objective(self.state, sit, self.depot_stake()), sit
        return potential(distances(self.state, sit)), sit

    def pot_us_removed(self, uid: str) -> float:
        if uid not in self._removed:
            h = hex_of(self.state, uid)
            self._removed[uid] = self.pot_us_moved(self.sit.t.index[h], None)[0] if h else self.pot
        return self._removed[uid]

    def corridor_steps(self) -> list[int]:
        """Hexes from each hex to the nearest hex on a German way out (breadth-first, once)."""
        if self._steps is None:
            t = self.sit.t
            far = len(t.hexes)
            dist = [far] * far
            frontier = [t.index[h] for h in self.corridor()]
            for i in frontier:
                dist[i] = 0
            while frontier:
                nxt = []
                for i in frontier:
                    for n in t.nbrs[i]:
                        if dist[n] == far:
                            dist[n] = dist[i] + 1
                            nxt.append(n)
                frontier = nxt
            self._steps = [0 if d == far else d for d in dist]
        return self._steps

    def corridor_distance(self, h: Hex) -> int:
        """Hexes from h to the nearest hex on a German way out."""
        return self.corridor_steps()[self.sit.t.index[h]]

    def corridor(self) -> list[Hex]:
        if self._corridor is None:
            t, hexes = self.sit.t, set()
            for uid in sorted(self.dist, key=lambda g: self.dist[g])[:4]:
                u = self.state.units[uid]
                f = self.sit.field(uid)
                if u.status == UNIT_ON_MAP and u.hex:
                    start = t.index[Hex.parse(u.hex)]
                elif u.status == "awaiting":
                    start = min((i for i in t.east if i not in self.sit.us), key=lambda i: f.dist[i], default=-1)
                else:
                    continue
                here, steps = start, 0
                while here >= 0 and steps < 40 and f.dist[here] < FAR:
                    hexes.add(t.hexes[here])
                    here, steps = f.nxt[here], steps + 1
            self._corridor = sorted(hexes)
        return self._corridor


def score(ctx: Context, a: Action) -> tuple[float, str]:
    k = a.kind
    if k == "end":
        return 0.0, "no order left that helps"
    if ctx.side == "ge":
        if k == "exit":
            n = len(ctx.state.exited) + 1
            return 1000.0, f"{a.args['unit']} exits west: {n} of the {ctx.state.options['exits_to_win']} needed are off"
        if k in ("move", "enter"):
            return _ge_move(ctx, a)
        if k == "attack":
            return _attack(ctx, a.args["unit"], a.args["target"])
    else:
        bonus = FIRST_ACT if not ctx.state.spent["us"] else 0.0
        if k in ("move", "enter"):
            s, why = _us_move(ctx, a)
        elif k == "attack":
            s, why = _attack(ctx, a.args["unit"], a.args["target"])
        elif k == "demolish":
            s, why = _demolish(ctx, a.args["bridge"])
        else:
            return 0.0, ""
        return s + bonus, why
    return 0.0, ""


def _ge_move(ctx: Context, a: Action) -> tuple[float, str]:
    st, uid = ctx.state, a.args["unit"]
    to_label = a.args["to"] if a.kind == "move" else a.args["at"]
    to = ctx.idx(to_label)
    d_old, d_new = ctx.dist[uid], unit_distance(st, ctx.sit, uid, to)
    gain = ctx.pot - ctx.pot_with(uid, d_new)
    s = POINTS * gain + 0.5 * (d_old - d_new)
    gmap = game_map()
    to_hex = ctx.sit.t.hexes[to]
    notes = []
    depot = gmap.markers["fuel_depot"][0]
    if to_hex == depot and st.fuel_depot == "held":
        us_near = any(n in ctx.sit.us for n in ctx.sit.t.nbrs[to])
        p = under_ten(2 if us_near else 0)
        s += p * POINTS * max(0.0, ctx.pot - ctx.pot_captured())
        notes.append(f"{int(p * 100)}% to capture the Fuel Depot")
    supplied_after = ctx.sit.zone is None or to in ctx.sit.zone
    if not supplied_after and spec(uid).mech:
        notes.append("leaves supply")
    via = landmark(ctx.sit, uid, to)
    if a.kind == "enter":
        road = " on the road" if to_hex in gmap.road_hexes else ""
        why = f"{uid} enters at {to_label}{road} toward {via}: {d_new:.1f} ACTs from the exit"
    else:
        here = hex_of(st, uid)
        assert here is not None
        road = " by road" if to_hex in gmap.road_hexes and here in gmap.road_hexes else ""
        why = f"{uid} moves {here.label}-{to_label}{road} toward {via}: {d_new:.1f} ACTs from the exit (was {d_old:.1f})"
    if d_new >= FAR:
        why = f"{uid} moves {to_label}: every way west is blocked, so it waits for a gap"
    if notes:
        why += "; " + ", ".join(notes)
    return s, why


def _attack(ctx: Context, uid: str, target: str) -> tuple[float, str]:
    att = unit_attack(ctx.state, uid, target)
    p = hit_chance(att.strength, att.modifier)
    value, what = hit_value(ctx, target)
    s = p * value + (CARD_BURN if ctx.side == "us" else -CARD_BURN)
    mods = ", ".join(att.reasons)
    return s, f"{uid} fires on {target}: {int(p * 100)}% to hit ({mods}); a hit {what}"


def hit_value(ctx: Context, target: str) -> tuple[float, str]:
    """What one hit on ``target`` is worth to the firer, and a few words on why."""
    st = ctx.state
    reduced = st.units[target].reduced
    share = 1.0 if reduced else 0.4  # a flip is most of the way to elimination
    verb = "eliminates it" if reduced else "flips it"
    if st.units[target].side == "ge":
        opened = ctx.pot_with(target, FAR) - ctx.pot
        alive = sum(1 for g in german_ids() if st.units[g].status not in ("eliminated",))
        attrition = 4.0 + (6.0 if alive <= int(st.options["exits_to_win"]) else 0.0)
        return share * (POINTS * opened + attrition), f"{verb} ({opened:.1f} ACTs more for the Germans)"
    gap = ctx.pot - ctx.pot_us_removed(target)
    return share * (POINTS * max(0.0, gap) + 2.0), f"{verb} ({gap:.1f} ACTs off the German way west)"


def _us_move(ctx: Context, a: Action) -> tuple[float, str]:
    st, uid = ctx.state, a.args["unit"]
    to_label = a.args["to"] if a.kind == "move" else a.args["at"]
    to = ctx.idx(to_label)
    to_hex = ctx.sit.t.hexes[to]
    here = hex_of(st, uid)
    frm = ctx.sit.t.index[here] if here is not None else None
    steps = ctx.corridor_steps()
    if steps[to] > 2 and (frm is None or steps[frm] > 2):
        delta = 0.0  # far from every German way out, before and after: it cannot block yet
    else:
        delta = ctx.pot_us_moved(frm, to)[0] - ctx.pot
    s = POINTS * delta
    c_new = ctx.corridor_distance(to_hex)
    if here is not None:
        c_old = ctx.corridor_distance(here)
        s += 0.8 * (c_old - c_new)
    else:
        s += 3.0 - 0.3 * c_new
    terrain = game_map().terrain_of(to_hex)
    if terrain in ("town", "forest"):
        s += 0.3
    if delta > 0.05:
        goal = f"the Germans need {delta:.1f} more ACTs to get out"
    elif delta < -0.05:
        goal = f"it opens {-delta:.1f} ACTs of German way, but nothing better is left"
    else:
        goal = f"{c_new} hexes from the German way west"
    if here is None:
        return s, f"{uid} enters at {game_map().name_of(to_hex)}: {goal}"
    return s, f"{uid} moves {here.label}-{game_map().name_of(to_hex)} to block: {goal}"


def _demolish(ctx: Context, name: str) -> tuple[float, str]:
    st = ctx.state
    gmap = game_map()
    bridge = gmap.bridges[name]
    near = {bridge.side.a.label, bridge.side.b.label}
    sides = {u.side for u in st.units.values() if u.status == UNIT_ON_MAP and u.hex in near}
    mod = (-1 if "us" in sides else 0) + (2 if "ge" in sides else 0)
    p = under_ten(mod)
    t = tables(tuple(sorted([*st.bridges_down, name])))
    sit = situation(st, t=t, us={t.index[Hex.parse(u.hex)] for u in st.units.values()
                                 if u.side == "us" and u.status == UNIT_ON_MAP and u.hex})
    gain = us_objective(st, sit, ctx.depot_stake()) - ctx.pot
    s = p * POINTS * gain + (0.2 if gain <= 0.05 else CARD_BURN)
    return s, f"blow the {name} bridge: {int(p * 100)}% to succeed, {gain:.1f} ACTs more for the Germans"


def us_objective(state: PeiperState, sit: Situation, depot_stake: float | None = None) -> float:
    """The potential as the US sees it: while the Fuel Depot is still in Stavelot, an empty Stavelot
    risks its capture (the Germans would then ignore supply). ``depot_stake``: what the capture
    would take off the potential, if already known for this decision."""
    pot = potential(distances(state, sit))
    if state.fuel_depot != "held":
        return pot
    depot = sit.t.index[game_map().markers["fuel_depot"][0]]
    risk = 0.1 if depot in sit.us else 0.5
    if depot_stake is None:
        captured = situation(state, sit.us, depot_captured=True, t=sit.t)
        depot_stake = max(0.0, pot - potential(distances(state, captured)))
    return pot - risk * depot_stake


# --- what a whole activation is worth, for the card decision -----------------------------------
def unit_options(state: PeiperState, side: str, uid: str) -> list[Action]:
    """The orders one unit could be given with an ACT (moves, attacks, exit)."""
    acts: list[Action] = []
    supplied = in_supply(state, uid)
    for h in sorted(destinations(state, uid, supplied)):
        acts.append(Action("move", {"unit": uid, "to": h.label}))
    here = hex_of(state, uid)
    if here is None:
        return acts
    for t in state.units.values():
        if t.side != side and t.status == UNIT_ON_MAP and t.hex and Hex.parse(t.hex).distance(here) == 1:
            acts.append(Action("attack", {"unit": uid, "target": t.id}))
    if side == "ge" and game_map().on_edge(here, "west"):
        acts.append(Action("exit", {"unit": uid}))
    return acts


def best_for_unit(ctx: Context, uid: str) -> float:
    options = unit_options(ctx.state, ctx.side, uid)
    return max((score(ctx, a)[0] for a in options), default=0.0)


def hex_activation_value(ctx: Context, label: str) -> float:
    ids = [u.id for u in ctx.state.units.values()
           if u.status == UNIT_ON_MAP and u.hex == label and u.side == ctx.side]
    return sum(max(0.0, best_for_unit(ctx, uid)) for uid in ids)


def oba_value(ctx: Context, label: str) -> tuple[float, list[str]]:
    targets = [u.id for u in ctx.state.units.values()
               if u.status == UNIT_ON_MAP and u.hex == label and u.side != ctx.side]
    total = 0.0
    for t in targets:
        total += OBA_HIT * hit_value(ctx, t)[0] + (CARD_BURN if ctx.side == "us" else -CARD_BURN)
    return total, targets


def card_acts(card: str) -> int:
    import math

    return 1 if cards.rank(card) == "A" else math.ceil(cards.value(card) / 2)


__all__ = ["Context", "score", "hex_activation_value", "oba_value", "occupants", "card_acts"]
