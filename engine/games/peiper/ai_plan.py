"""The hard German plan: each move weighed with the unit's next step and the US fire where it stops.

The normal German scores one order at a time by what it takes off the potential (ai_score). The
hard German adds what that misses (measured against the normal US: the German lost its Mech units
parked next to US units, never went for the Fuel Depot, and let units within two ACTs of the exit
wait until the US reinforcements entered on the west edge in front of them):

- **the next step** (``FOLLOW``): a move or an entry is also worth part of the best move the same
  unit could make from where it arrives. An entry next to an empty Stavelot is worth the Fuel Depot
  draw one ACT later (the depot ends the supply checks, so the Mech units run the roads at 2 MPs);
  a hex from which every way on is blocked is worth little; a hex on the west edge is worth the
  exit after it.
- **the US fire** (``Planner.risk``): a unit that stops next to US units draws their fire until it
  moves on, and one with no hex clear of them in one step is stuck there (the US spends most of
  its ACTs on fire: ten shots and more at one unit are common). Adjacent US units fire at their
  real odds (terrain, river), those two hexes away at a lower rate (they must close first), and
  from turn 2 a US reinforcement may enter on a west or north edge hex next to the unit. The
  expected hits give the chance the unit is eliminated (two hits, one if already reduced), costed
  at what losing the unit adds to the potential, plus a little for a flip.
- **the Mech units first while the bridges stand** (``MECH_FIRST``, on the layouts of ``MECH_FIRST_IN``):
  before the turn the US may blow bridges ("After Turn 2"), a Mech unit's move or entry that brings it
  nearer the exit is worth ``MECH_FIRST`` more (about an ACT), so the Mech units go before the
  infantry. A Mech unit crosses a river only at a bridge and is walled off by a few US units (ruling
  23), an infantry unit crosses anywhere, and one Mech unit at least must get off (four of six, three
  of them infantry). Traced on the tuning seeds against the demolisher: the plan walked the infantry
  off first, the US walled every Mech way west during turn 1, and the Mech units never entered (in 30
  of 55 lost games one or more were still waiting at the end); with the Fuel Depot taken they were
  5.75 ACTs from the exit (four road hexes an ACT) against the infantry's 7.5 (seed 12, deal 6).
- **the nearest unit first** (``FINISH_BONUS``): the unit on the map nearest the exit (within
  ``FINISH_AT`` ACTs) gets its steps before the others: an exited unit counts and is safe, and an
  SS unit out before turn 2 also keeps CCB/3/1 from entering.

Everything is computed from the public position: no card order, no dice.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

from engine.game import Action
from engine.hexgrid import Hex

from .ai_crossings import demolition_turn
from .ai_field import FAR, unit_distance
from .ai_policy import rank
from .ai_score import POINTS, Context, hit_chance, score, under_ten
from .board import destinations, mech_step_cost, spec
from .combat import values
from .state import UNIT_AWAITING, UNIT_ON_MAP, PeiperState
from .units import game_map

FOLLOW = 0.7  # share of the unit's best next move counted with a move or an entry
SHOTS_ESCAPE = 2.5  # US shots a unit next to US units draws before it steps away
SHOTS_STUCK = 10.0  # ... when no hex clear of US units is one step away: it waits under fire
SHOTS_CLOSE = 0.5  # shots from a US unit two hexes away (it must move next to the unit first)
SHOTS_REINFORCE = 1.5  # shots from a US reinforcement that may enter on an edge hex next to the unit
FLIP_COST = 4.0  # points for a flip that does not eliminate (weaker fire, one hit from the end)
FINISH_AT = 3.5  # ACTs from the exit: the nearest unit this close is finished first
FINISH_BONUS = 30.0  # points for a step of that unit
EXIT_NEXT = 20.0  # points for standing on the west edge: the exit is one ACT away
RISK_WEIGHT = 1.0  # share of the expected cost of the US fire counted against a move
MECH_FIRST = 12.0  # points for a Mech unit's gaining step before demolitions are allowed (0 = off)
MECH_FIRST_IN: tuple[str, ...] = ("historical",)  # the layouts where it counts; () = off


@contextmanager
def unit_at(state: PeiperState, uid: str, label: str) -> Iterator[None]:
    """The state with one German unit standing at ``label`` for a moment (restored after)."""
    u = state.units[uid]
    old = (u.status, u.hex)
    u.status, u.hex = UNIT_ON_MAP, label
    try:
        yield
    finally:
        u.status, u.hex = old


def shot_chance(state: PeiperState, us_id: str, us_hex: Hex, uid: str, at: Hex) -> float:
    """The chance one shot of US unit ``us_id`` (from ``us_hex``) hits German ``uid`` at ``at``."""
    gmap = game_map()
    at_value, _prof, ai_value = values(state, us_id)
    modifier = 1 if gmap.terrain_of(at) in ("town", "forest") else 0
    if us_hex.distance(at) == 1 and "river" in gmap.features(us_hex, at):
        modifier += 1
    return hit_chance(at_value if spec(uid).mech else ai_value, modifier)


class Planner:
    """One German decision: the normal scores, with the next step, the US fire and the finish."""

    def __init__(self, state: PeiperState) -> None:
        self.state = state
        self.ctx = Context.build(state, "ge")
        self.us = [(u.id, Hex.parse(u.hex)) for u in state.units.values()
                   if u.side == "us" and u.status == UNIT_ON_MAP and u.hex]
        self.us_hexes = {h for _, h in self.us}
        self._hits: dict[tuple[str, str], tuple[float, bool]] = {}
        self._reinforcements: list[str] | None = None
        on_map = [(d, g) for g, d in self.ctx.dist.items()
                  if state.units[g].status == UNIT_ON_MAP and d <= FINISH_AT]
        self.nearest = min(on_map)[1] if on_map else None

    # --- the US fire ---------------------------------------------------------------------
    def can_step_clear(self, uid: str, at: Hex) -> bool:
        """Whether ``uid`` at ``at`` has a neighbouring hex to step to that no US unit is next to."""
        gmap = game_map()
        mech = spec(uid).mech
        for n in at.neighbors():
            if n not in gmap or n in self.us_hexes:
                continue
            if mech and mech_step_cost(self.state, gmap, at, n) is None:
                continue
            if any(n.distance(h) <= 1 for h in self.us_hexes):
                continue
            return True
        return False

    def reinforcements(self) -> list[str]:
        """US units that may still enter (Set-Up: turn 2 onwards, some with a condition)."""
        if self._reinforcements is None:
            from .orders import enter_problem

            gmap = game_map()
            edge = sorted(set(gmap.edges["west"]) | set(gmap.edges["north"]))
            self._reinforcements = [
                u.id for u in self.state.units.values()
                if u.side == "us" and u.status == UNIT_AWAITING and self.state.turn >= 2
                and any(not enter_problem(self.state, u.id, h) for h in edge)]
        return self._reinforcements

    def expected_hits(self, uid: str, at: Hex) -> tuple[float, bool]:
        """Expected US hits on ``uid`` if it stops at ``at``, and whether it would be stuck there."""
        key = (uid, at.label)
        if key in self._hits:
            return self._hits[key]
        near = [(i, h) for i, h in self.us if h.distance(at) == 1]
        hits, stuck = 0.0, False
        if near:
            stuck = not self.can_step_clear(uid, at)
            chances = sorted((shot_chance(self.state, i, h, uid, at) for i, h in near), reverse=True)
            # The US fires with its best shooter; the others add a little (ACTs are shared).
            p = chances[0] + 0.3 * sum(chances[1:])
            hits += (SHOTS_STUCK if stuck else SHOTS_ESCAPE) * p
        for i, h in self.us:
            if h.distance(at) == 2:
                hits += SHOTS_CLOSE * shot_chance(self.state, i, h, uid, at)
        gmap = game_map()
        if self.reinforcements() and any(
                n in gmap and n not in self.us_hexes and (gmap.on_edge(n, "west") or gmap.on_edge(n, "north"))
                for n in at.neighbors()):
            best = max(shot_chance(self.state, i, at, uid, at) for i in self.reinforcements())
            hits += SHOTS_REINFORCE * best
        self._hits[key] = (hits, stuck)
        return hits, stuck

    def risk(self, uid: str, at: Hex) -> tuple[float, float, bool]:
        """Points the US fire at ``at`` is expected to cost: (cost, expected hits, stuck)."""
        hits, stuck = self.expected_hits(uid, at)
        if hits <= 0.0:
            return 0.0, 0.0, False
        loss = POINTS * max(0.0, self.ctx.pot_with(uid, FAR) - self.ctx.pot)
        p_one = 1.0 - math.exp(-hits)
        if self.state.units[uid].reduced:
            return p_one * loss, hits, stuck
        p_two = 1.0 - math.exp(-hits) * (1.0 + hits)
        return p_two * loss + (p_one - p_two) * FLIP_COST, hits, stuck

    # --- the next step -------------------------------------------------------------------
    def next_step_value(self, uid: str, label: str) -> float:
        """The best the unit could do with one more ACT from ``label``: its best move (what it takes
        off the potential, the Fuel Depot draw in Stavelot, less the US fire where it stops), or
        the exit from the west edge. The US positions, and so the fields, stay as they are."""
        ctx, gmap = self.ctx, game_map()
        here = Hex.parse(label)
        f = ctx.sit.field(uid)
        d0 = f.dist[ctx.idx(label)]
        if gmap.on_edge(here, "west"):
            return POINTS * d0 + EXIT_NEXT
        base = ctx.pot_with(uid, d0)
        supplied = ctx.sit.zone is None or ctx.idx(label) in ctx.sit.zone
        with unit_at(self.state, uid, label):
            dests = destinations(self.state, uid, supplied)
        depot = gmap.markers["fuel_depot"][0]
        best = 0.0
        for h in dests:
            d = f.dist[ctx.idx(h.label)]
            s = POINTS * (base - ctx.pot_with(uid, d)) + 0.5 * (d0 - d)
            if h == depot and self.state.fuel_depot == "held":
                us_near = any(n in self.us_hexes for n in h.neighbors())
                s += under_ten(2 if us_near else 0) * POINTS * max(0.0, ctx.pot - ctx.pot_captured())
            s -= self.risk(uid, h)[0]
            best = max(best, s)
        return best

    # --- the Mech units first -----------------------------------------------------------
    def mech_first(self, uid: str, label: str) -> float:
        """``MECH_FIRST`` for a Mech unit's step that gains ground before the bridges may be blown."""
        st, ctx = self.state, self.ctx
        if MECH_FIRST <= 0 or st.scenario not in MECH_FIRST_IN or not spec(uid).mech:
            return 0.0
        if st.turn >= demolition_turn(st):
            return 0.0
        d = unit_distance(st, ctx.sit, uid, ctx.idx(label))
        return MECH_FIRST if d < FAR and d < ctx.dist[uid] - 0.05 else 0.0

    # --- an order --------------------------------------------------------------------------
    def score(self, a: Action) -> tuple[float, str]:
        """A German order scored by the plan: the normal score, the next step, the US fire."""
        s, why = score(self.ctx, a)
        if a.kind not in ("move", "enter"):
            return s, why
        uid = a.args["unit"]
        label = a.args["to"] if a.kind == "move" else a.args["at"]
        cost, hits, stuck = self.risk(uid, Hex.parse(label))
        follow = FOLLOW * self.next_step_value(uid, label)
        notes = []
        first = self.mech_first(uid, label)
        if first > 0:
            notes.append("a Mech unit over the rivers while the bridges stand")
        finish = 0.0
        if a.kind == "move" and self.nearest == uid:
            if self.ctx.sit.field(uid).dist[self.ctx.idx(label)] < self.ctx.dist[uid] - 0.05:
                finish = FINISH_BONUS
                notes.append("the unit nearest the exit goes first")
        if cost > 0.05:
            notes.append(f"{hits:.1f} US hits expected there{' (no way clear of them)' if stuck else ''}")
        if follow > 0.5:
            notes.append(f"its next step worth {follow / POINTS:.1f} ACTs")
        if notes:
            why += "; " + ", ".join(notes)
        return s - RISK_WEIGHT * cost + follow + finish + first, why



def ranked_plan(state: PeiperState, legal: list[Action]) -> list[tuple[float, int, Action, str]]:
    """Every legal German order with its plan score, best first (ties: the earlier legal order)."""
    return rank(legal, Planner(state).score)
