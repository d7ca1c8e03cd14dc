"""Strong US styles for measuring the hard German (issue 42): a careful player and a shallow search.

Issue 42's held-out US, "written from the rulebook, plays as a careful person does": it blows bridges
when the odds favour it, holds the towns on the way west, and counter-attacks units that stand next to
it. The project's styles (``ai_styles``) re-weight the normal US, whose fields count a stop next to a
US unit as a small delay: they do not see that ruling 23 turns two US units a hex apart into a wall.
These two read the fields as the hard German does (``ai_stops.strict``: no step from a hex next to a
US unit to another such hex, charged), so they see the walls:

- ``careful``: the normal US's scores in the strict fields, and
  - a demolition whose odds favour it (``DEMOLISH_ODDS``: a draw under 10, -1 with a US unit next to
    the bridge) of a bridge the Germans need, before anything else;
  - towns and villages on the German ways west (within ``TOWN_NEAR`` hexes of them) held: the last
    holder leaves only for a move worth ``LEAVE_TOWN``, an empty one is worth ``TAKE_TOWN``;
  - every German unit next to a US unit fired on (``COUNTER`` points plus the chance), with the
    activation's last ACT (an attack ends the activations, ruling 12): moves that score first.
- ``searcher``: ``careful``'s best ``TOP`` orders (and every demolition and the best shot) each played
  on a copy of the position, scored by the strict potential after it (a demolition and a shot at their
  odds: the outcome and the miss weighed) less ``REPLY`` of the best German answer there (the most one
  German move takes off the potential): the order whose worst German reply leaves the Germans furthest
  from the exit. One ply and the reply, no card order read (no hidden information used).

Deterministic: no RNG. Public position only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import Action
from engine.hexgrid import Hex

from . import ai_stops
from .ai_activation import acts_left, chance
from .ai_field import distances, german_ids, situation
from .ai_policy import best_action, rank
from .ai_score import POINTS, Context, score, under_ten, us_objective
from .board import destinations, in_supply
from .state import ACTIVATE, UNIT_ELIMINATED, UNIT_ON_MAP, PeiperState
from .units import game_map

if TYPE_CHECKING:
    from .rules import PeiperRules

FIRST = 100.0
DEMOLISH_ODDS = 0.55  # a demolition is tried first when it succeeds at least this often (+2 with a German unit
# next to the bridge and no US unit: 53%, not tried first; +1 with both: 60%, tried)
COUNTER = 20.0  # points for firing on a German unit next to a US unit (plus ten a hit chance)
HOLD_TERRAIN = ("town", "village")
TOWN_NEAR = 3  # hexes from a German way west: a town this near is on the way
LEAVE_TOWN = 15.0
TAKE_TOWN = 8.0
TOP = 5  # the searcher's candidates from careful's ranking
REPLY = 0.8  # share of the best German reply counted against a US order
Ranked = list[tuple[float, int, Action, str]]


def _demolish_odds(state: PeiperState, name: str) -> float:
    bridge = game_map().bridges[name]
    near = {bridge.side.a.label, bridge.side.b.label}
    sides = {u.side for u in state.units.values() if u.status == UNIT_ON_MAP and u.hex in near}
    return under_ten((-1 if "us" in sides else 0) + (2 if "ge" in sides else 0))


def _us_in(state: PeiperState, label: str | None) -> int:
    return sum(1 for u in state.units.values() if u.side == "us" and u.status == UNIT_ON_MAP and u.hex == label)


def _careful_score(ctx: Context, s: float, a: Action) -> float:
    state, gmap = ctx.state, game_map()
    if a.kind == "demolish":
        useful = s > 0.6  # 0.5 is a useless bridge's card burn (ai_score._demolish)
        return FIRST + s if useful and _demolish_odds(state, a.args["bridge"]) >= DEMOLISH_ODDS else s
    if a.kind == "attack":
        p = chance(state, a)
        return COUNTER + POINTS * p + s if p > 0 else -1.0
    if a.kind in ("move", "enter"):
        here = state.units[a.args["unit"]].hex if a.kind == "move" else None
        to = a.args["to"] if a.kind == "move" else a.args["at"]
        got = s
        if here and gmap.terrain_of(Hex.parse(here)) in HOLD_TERRAIN and _us_in(state, here) == 1 \
                and ctx.corridor_distance(Hex.parse(here)) <= TOWN_NEAR:
            got -= LEAVE_TOWN
        to_hex = Hex.parse(to)
        if gmap.terrain_of(to_hex) in HOLD_TERRAIN and _us_in(state, to) == 0 \
                and ctx.corridor_distance(to_hex) <= TOWN_NEAR:
            got += TAKE_TOWN
        return got
    return s


def careful_ranking(state: PeiperState, legal: list[Action]) -> tuple[Context, Ranked]:
    """Every legal US order scored by ``careful`` (in the strict fields), best first."""
    ctx = Context.build(state, "us")

    def rescored(a: Action) -> tuple[float, str]:
        s, why = score(ctx, a)
        return _careful_score(ctx, s, a), why

    return ctx, rank(legal, rescored)


def _sequenced(state: PeiperState, order: Ranked, style: str) -> tuple[Action, str]:
    worth = [t for t in order if t[2].kind != "end" and t[0] > 0]
    if not worth:
        return Action("end"), f"{style}: end the activations, nothing left worth an ACT"
    best = worth[0]
    if best[2].kind == "attack" and acts_left(state) > 1:
        first = next((t for t in worth if t[2].kind != "attack"), None)
        if first is not None:  # the attack ends the activations (ruling 12): the moves first
            best = first
    return best[2], f"{style}: {best[3]}"


def choose_careful(rules: PeiperRules, state: PeiperState, side: str) -> tuple[Action, str]:
    if side != "us" or state.phase != ACTIVATE:
        return best_action(rules, state, side)
    with ai_stops.strict(state, always=True):
        _, order = careful_ranking(state, rules.legal_actions(state, side))
        return _sequenced(state, order, "careful")


# --- the searcher ----------------------------------------------------------------------------------
def german_reply(state: PeiperState) -> float:
    """The most one German move or entry could take off the potential (ACTs), the US standing still."""
    sit = situation(state)
    dist = dict(zip(german_ids(), distances(state, sit), strict=True))
    best = 0.0
    for g in german_ids():
        u = state.units[g]
        if u.status != UNIT_ON_MAP or not u.hex:
            continue
        f = sit.field(g)
        here = dist[g]
        for h in destinations(state, g, in_supply(state, g)):
            best = max(best, here - f.dist[sit.t.at(h.label)])
    return best


def value(state: PeiperState) -> float:
    """The position's worth to the US: the strict potential, less the best German reply, plus losses."""
    if state.winner is not None:
        return 10_000.0 if state.winner == "us" else -10_000.0
    pot = us_objective(state, situation(state))
    hurt = sum((6.0 if u.status == UNIT_ELIMINATED else 2.0 if u.reduced else 0.0) * (1 if u.side == "ge" else -1)
               for u in state.units.values())
    return POINTS * (pot - REPLY * german_reply(state)) + hurt


def _outcome(rules: PeiperRules, state: PeiperState, a: Action) -> float:
    """The worth of order ``a``: played on a copy (a move), or its outcomes weighed at their odds."""
    probe = rules.load(rules.dump(state))
    if a.kind in ("move", "enter"):
        rules.apply(probe, "us", a)
        return value(probe)
    now = value(probe)
    if a.kind == "demolish":
        p = _demolish_odds(state, a.args["bridge"])
        probe.bridges_down = sorted([*probe.bridges_down, a.args["bridge"]])
        return p * value(probe) + (1 - p) * now
    if a.kind == "attack":
        p = chance(state, a)
        target = probe.units[a.args["target"]]
        if target.reduced:
            target.status, target.hex = UNIT_ELIMINATED, None
        else:
            target.reduced = True
        return p * value(probe) + (1 - p) * now
    return now


def choose_searcher(rules: PeiperRules, state: PeiperState, side: str) -> tuple[Action, str]:
    if side != "us" or state.phase != ACTIVATE:
        return best_action(rules, state, side)
    with ai_stops.strict(state, always=True):
        _, order = careful_ranking(state, rules.legal_actions(state, side))
        first, why = _sequenced(state, order, "searcher")
        if first.kind == "end":
            return first, why
        pool = [t for t in order if t[0] > 0 and t[2].kind != "end"][:TOP]
        pool += [t for t in order if t[2].kind == "demolish" and t[0] > 0.6 and t not in pool]
        if acts_left(state) > 1:  # the attack would end the card: only when nothing else is worth it
            pool = [t for t in pool if t[2].kind != "attack"] or pool
        if len(pool) < 2:
            return first, why
        now = value(state)
        scored = [(_outcome(rules, state, t[2]) - now, -i, t) for i, t in enumerate(pool)]
        _, _, best = max(scored, key=lambda x: (x[0], x[1]))
        return best[2], f"searcher: {best[3]} (best of {len(pool)} weighed against the German reply)"


CHOOSERS = {"careful": choose_careful, "searcher": choose_searcher}
