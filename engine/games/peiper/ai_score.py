"""Scoring Peiper orders for the AI, on one scale: ten points per German ACT of the potential.

Each scorer returns (score, reason). A German order scores what it takes off the German potential
(ai_field), a US order what it adds; fire is worth its chance to hit times what the hit does to
the potential, plus a little for attrition and for the card it burns (every card drawn brings the
Joker nearer, which suits the US and costs the Germans).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

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


@lru_cache(maxsize=1024)  # a few small whole numbers, asked for every shot the AI weighs
def hit_chance(strength: int, modifier: int) -> float:
    """A number card (ace to 10; face cards redrawn) plus modifier at most strength."""
    return sum(1 for v in range(1, 11) if v + modifier <= strength) / 10


@lru_cache(maxsize=1024)
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
    _steps_without: dict[int, list[int]] = field(default_factory=dict)
    _sit_without: dict[int, Situation] = field(default_factory=dict)

    @classmethod
    def build(cls, state: PeiperState, side: str) -> Context:
        sit = situation(state)
        dist = dict(zip(german_ids(), distances(state, sit), strict=True))
        counts: dict[int, int] = {}
        for u in state.units.values():
            if u.side == "us" and u.status == UNIT_ON_MAP and u.hex:
                i = sit.t.at(u.hex)
                counts[i] = counts.get(i, 0) + 1
        pot = us_objective(state, sit) if side == "us" else potential(list(dist.values()))
        return cls(state, side, sit, dist, pot, counts)

    def idx(self, label: str) -> int:
        return self.sit.t.at(label)

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

    def corridor_steps(self, without: int | None = None) -> list[int]:
        """Hexes from each hex to the nearest hex on a German way out (breadth-first, once).

        ``without``: the ways out as they would be with one US unit gone from that hex, the same
        whichever hex the unit goes to; a US move is scored against it, so that a move and the move
        back cannot both look like closing in (the bot moved a unit back and forth for eight ACTs)."""
        if without is None and self._steps is not None:
            return self._steps
        if without is not None and without in self._steps_without:
            return self._steps_without[without]
        t = self.sit.t
        far = len(t.hexes)
        dist = [far] * far
        frontier = [t.index[h] for h in self.corridor(without)]
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
        steps = [0 if d == far else d for d in dist]
        if without is None:
            self._steps = steps
        else:
            self._steps_without[without] = steps
        return steps

    def corridor_distance(self, h: Hex) -> int:
        """Hexes from h to the nearest hex on a German way out."""
        return self.corridor_steps()[self.sit.t.index[h]]

    def situation_without(self, frm: int) -> Situation:
        """The full fields with one US unit gone from hex ``frm`` (cached per hex)."""
        if frm not in self._sit_without:
            counts = dict(self.us_count)
            counts[frm] -= 1
            us = {i for i, c in counts.items() if c > 0}
            self._sit_without[frm] = situation(self.state, us, t=self.sit.t)
        return self._sit_without[frm]

    def corridor(self, without: int | None = None) -> list[Hex]:
        if without is None and self._corridor is not None:
            return self._corridor
        sit = self.sit if without is None else self.situation_without(without)
        dist = self.dist if without is None else dict(zip(german_ids(), distances(self.state, sit), strict=True))
        t, hexes = sit.t, set()
        for uid in sorted(dist, key=lambda g: dist[g])[:4]:
            u = self.state.units[uid]
            f = sit.field(uid)
            if u.status == UNIT_ON_MAP and u.hex:
                start = t.at(u.hex)
            elif u.status == "awaiting":
                start = min((i for i in t.east if i not in sit.us), key=lambda i: f.dist[i], default=-1)
            else:
                continue
            here, steps = start, 0
            while here >= 0 and steps < 40 and f.dist[here] < FAR:
                hexes.add(t.hexes[here])
                here, steps = f.nxt[here], steps + 1
        out = sorted(hexes)
        if without is None:
            self._corridor = out
        return out


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
    mods = ", ".join(att.reasons)
    if p <= 0.0:  # an order that cannot succeed: never given (it would only burn a card)
        return -1.0, f"{uid} cannot hit {target} ({mods})"
    value, what = hit_value(ctx, target)
    s = p * value + (CARD_BURN if ctx.side == "us" else -CARD_BURN)
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
    """A US move or entry: what it adds to the German potential, plus a little for closing on the
    German ways out and for cover. Every term is a difference between the position after and the
    position before (the ways out measured without the moving unit, cover counted where it stands
    and where it goes), so a move and the move back sum to nothing: the bot cannot shuttle a unit
    between two hexes while nothing else changes."""
    st, uid = ctx.state, a.args["unit"]
    to_label = a.args["to"] if a.kind == "move" else a.args["at"]
    to = ctx.idx(to_label)
    to_hex = ctx.sit.t.hexes[to]
    here = hex_of(st, uid)
    frm = ctx.sit.t.index[here] if here is not None else None
    steps = ctx.corridor_steps(frm)
    after: Situation | None = None
    if steps[to] > 2 and (frm is None or steps[frm] > 2):
        delta = 0.0  # far from every German way out, before and after: it cannot block yet
    else:
        pot_after, after = ctx.pot_us_moved(frm, to)
        delta = pot_after - ctx.pot
    s = POINTS * delta
    c_new = steps[to]
    if frm is not None:
        s += 0.8 * (steps[frm] - c_new)
    else:
        s += 3.0 - 0.3 * c_new
    gmap = game_map()
    cover = ("town", "forest")
    s += 0.3 * ((gmap.terrain_of(to_hex) in cover) - (here is not None and gmap.terrain_of(here) in cover))
    what = us_move_purpose(ctx, uid, to, after, delta)
    if here is None:
        return s, f"{uid} enters at {gmap.name_of(to_hex)}: {what}"
    return s, f"{uid} moves {here.label}-{gmap.name_of(to_hex)}: {what}"


def _ways(sit: Situation, uid: str, start: int) -> list[int]:
    """The hexes of a German unit's way out, from ``start``."""
    f, here = sit.field(uid), start
    out: list[int] = []
    while here >= 0 and len(out) < 40 and f.dist[here] < FAR:
        out.append(here)
        here = f.nxt[here]
    return out


def _named_near(ctx: Context, path: list[int], to: int) -> str:
    """The place or bridge on ``path`` nearest to hex ``to``, in a player's words."""
    gmap, t = game_map(), ctx.sit.t
    target = t.hexes[to]
    best: tuple[int, int, str] | None = None
    for k, i in enumerate(path):
        h = t.hexes[i]
        name = gmap.place_at.get(h)
        if name is None and k + 1 < len(path):
            bridge = gmap.bridge_between(h, t.hexes[path[k + 1]])
            name = f"the {bridge.name} bridge" if bridge is not None else None
        if name is not None:
            d = h.distance(target)
            if best is None or (d, k) < best[:2]:
                best = (d, k, name)
    if best is not None and best[0] <= 2:
        return best[2]
    return gmap.place_at.get(target, f"{target.label}")


def us_move_purpose(ctx: Context, uid: str, to: int, after: Situation | None, delta: float) -> str:
    """What a US move does, as a player would say it: whose way west it bars and where, the supply
    road it cuts, the Fuel Depot it guards, or whom it closes on."""
    st, t = ctx.state, ctx.sit.t
    to_hex = t.hexes[to]
    depot = game_map().markers["fuel_depot"][0]
    parts: list[str] = []
    if to_hex == depot and st.fuel_depot == "held":
        parts.append("guards the Fuel Depot in Stavelot")
    if after is not None:
        on_map = [g for g in german_ids() if st.units[g].status == UNIT_ON_MAP and st.units[g].hex]
        if ctx.sit.zone is not None and after.zone is not None:
            cut = [g for g in on_map if t.at(st.units[g].hex or "") in ctx.sit.zone
                   and t.at(st.units[g].hex or "") not in after.zone]
            if cut:
                parts.append(f"cuts the supply road of {_names(cut)}")
            elif len(after.zone) < len(ctx.sit.zone) - 4:
                parts.append("cuts a German supply road from the east edge")
        new = dict(zip(german_ids(), distances(st, after), strict=True))
        slowed = sorted(((new[g] - ctx.dist[g], g) for g in german_ids()
                         if new[g] - ctx.dist[g] > 0.05 and ctx.dist[g] < FAR), reverse=True)
        if slowed:
            g = slowed[0][1]
            u = st.units[g]
            if u.status == UNIT_ON_MAP and u.hex:
                start = t.at(u.hex)
            else:
                f = ctx.sit.field(g)
                start = min((i for i in t.east if i not in ctx.sit.us), key=lambda i: f.dist[i], default=-1)
            where = _named_near(ctx, _ways(ctx.sit, g, start), to) if start >= 0 else to_hex.label
            others = [x for _, x in slowed[1:3]]
            who = _names([g, *others])
            if new[g] >= FAR:
                parts.append(f"bars the way west past {where} to {who}")
            else:
                parts.append(f"blocks the way west past {where} ({who} slowed by about "
                             f"{slowed[0][0]:.1f} ACT{'s' * (slowed[0][0] >= 1.05)})")
    if not parts and delta < -0.05:
        parts.append(f"moves up toward the Germans, though it opens a way past {_named_near(ctx, [], to)}")
    if not parts:
        near = _nearest_german(ctx, to_hex)
        steps = ctx.corridor_steps()[to]
        if near is not None and near[0] <= 1:
            parts.append(f"closes with {near[1]} in {near[2]} to fire on it")
        elif steps == 0:
            parts.append("stands on the German way west")
        elif near is not None:
            parts.append(f"closes on {near[1]} in {near[2]} ({near[0]} hexes away)")
        else:
            parts.append("waits for the German columns on the way west")
    return "; ".join(parts)


def _names(ids: list[str]) -> str:
    return ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + " and " + ids[-1]


def _nearest_german(ctx: Context, h: Hex) -> tuple[int, str, str] | None:
    best: tuple[int, str, str] | None = None
    for u in ctx.state.units.values():
        if u.side == "ge" and u.status == UNIT_ON_MAP and u.hex:
            gh = Hex.parse(u.hex)
            cand = (gh.distance(h), u.id, game_map().name_of(gh))
            if best is None or cand < best:
                best = cand
    return best


def _demolish(ctx: Context, name: str) -> tuple[float, str]:
    st = ctx.state
    gmap = game_map()
    bridge = gmap.bridges[name]
    near = {bridge.side.a.label, bridge.side.b.label}
    sides = {u.side for u in st.units.values() if u.status == UNIT_ON_MAP and u.hex in near}
    mod = (-1 if "us" in sides else 0) + (2 if "ge" in sides else 0)
    p = under_ten(mod)
    t = tables(tuple(sorted([*st.bridges_down, name])))
    sit = situation(st, t=t, us={t.at(u.hex) for u in st.units.values()
                                 if u.side == "us" and u.status == UNIT_ON_MAP and u.hex})
    gain = us_objective(st, sit, ctx.depot_stake()) - ctx.pot
    s = p * POINTS * gain + (0.2 if gain <= 0.05 else CARD_BURN)
    if gain > 0.05:
        why = (f"blow the {name} bridge: {int(p * 100)}% to succeed; the Germans would have to go round "
               f"(about {gain:.1f} ACT{'s' * (gain >= 1.05)} longer)")
    else:
        why = (f"blow the {name} bridge: {int(p * 100)}% to succeed; no German needs it now, but every draw "
               "brings the Joker and the turn's end nearer")
    return s, why


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
