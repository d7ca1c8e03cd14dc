"""A hard German with no good move still plays (issue 42; the original layout).

Traced against the strong US styles (``ai_us_strong``; docs/ai.md, "Issue 42"): the hard German passed
13 cards a game, in three kinds of position, about equally often: (1) no move gains ground in the strict
fields (the US walls every way west; ruling 23), (2) the only order worth anything is a shot of 20% or
less, kept for a one-ACT card (``ai_activation.TAKE_SHOT``) because the shot would end a bigger card,
(3) every German unit cut off for good (the bridges blown behind the Mech units; no bridge is repaired).
In (1) and (2) an order that improves the position was there and was not given:

- **close up on a blocker** (``CLOSE``): a US unit whose removal would take ground off the German way
  west (its worth: the strict potential without it, ``Context.pot_us_removed``) is attacked by the
  units that can hit it; a move that brings such a unit a hex nearer a hex next to the blocker earns
  ``CLOSE`` x the blocker's worth x the chance to hit it from there. A unit already next to it earns
  nothing more (its shot is scored by the plan, and ``ai_activation.sequence`` fires it with the last
  ACT, after the others have closed up, so the card is taken, not passed);
- **out of the fire** (``ESCAPE``): a move that takes a unit out of US fire it stands in (``Planner.risk``
  where it stands less where it stops) earns that much; the plan weighs only the fire where a unit
  stops, so a unit pinned with no move that gains ground was left in the fire.

Both are added only when no order but a shot scores above zero (the plan has no move that gains), so
every position where the plan moves plays as before. On the layouts of ``FALLBACK_IN`` (the original
one); the contest layout is untouched. Public position only: no card order, no dice.
"""

from __future__ import annotations

from engine.hexgrid import Hex

from .ai_activation import Ranked
from .ai_plan import Planner
from .ai_score import POINTS, hit_chance
from .board import in_supply, spec
from .combat import values
from .state import PeiperState
from .units import game_map

FALLBACK_IN: tuple[str, ...] = ("historical",)  # layouts where it plays; () = off
CLOSE = 0.1  # share of (blocker's worth x chance to hit it) a hex nearer it is worth
BLOCKER_MIN = 0.3  # ACTs: a US unit worth less than this to remove is no blocker
BLOCKER_MAX = 10.0  # ACTs: a blocker's worth counted at most this (one whose fall frees a cut-off unit
# reads as tens of ACTs, and would drown every other term)
ESCAPE = 1.0  # points a move gains for each point of US fire it takes the unit out of
TERRAIN_MOD = {"town": 1, "forest": 1}


def stuck(order: Ranked) -> bool:
    """No order but a shot (or the end) scores above zero: the plan has no move that gains."""
    return not any(s > 0 for s, _, a, _ in order if a.kind not in ("end", "attack"))


def blockers(planner: Planner) -> list[tuple[str, Hex, float]]:
    """US units whose removal would take ground off the German way west: (id, hex, worth in ACTs)."""
    ctx = planner.ctx
    out = []
    for uid, h in planner.us:
        worth = ctx.pot - ctx.pot_us_removed(uid)
        if worth >= BLOCKER_MIN:
            out.append((uid, h, min(worth, BLOCKER_MAX)))
    return out


def fire_chance(state: PeiperState, uid: str, target: str, at: Hex, supplied: bool) -> float:
    """The chance ``uid``'s shot hits ``target`` (terrain, supply; the river not counted) from next to it."""
    at_v, _prof, ai_v = values(state, uid)
    strength = at_v if spec(target).mech else ai_v
    return hit_chance(strength, TERRAIN_MOD.get(game_map().terrain_of(at), 0) + (0 if supplied else 1))


def adjust(state: PeiperState, order: Ranked) -> Ranked:
    """``order`` with the fallback's terms added to the moves, when the plan has no move that gains."""
    if state.scenario not in FALLBACK_IN or not stuck(order) or not any(a.kind == "move" for _, _, a, _ in order):
        return order
    planner = Planner(state)
    targets = blockers(planner)
    supplied: dict[str, bool] = {}
    out: Ranked = []
    for s, i, a, why in order:
        if a.kind != "move":
            out.append((s, i, a, why))
            continue
        uid = a.args["unit"]
        here_label = state.units[uid].hex
        assert here_label is not None
        here, to = Hex.parse(here_label), Hex.parse(a.args["to"])
        if uid not in supplied:
            supplied[uid] = in_supply(state, uid)
        bonus, notes = 0.0, []
        best = 0.0
        for tid, th, worth in targets:
            d0, d1 = here.distance(th) - 1, to.distance(th) - 1
            if d1 >= d0:
                continue
            p = fire_chance(state, uid, tid, th, supplied[uid])
            gain = CLOSE * POINTS * worth * p * (d0 - d1)
            if gain > best:
                best, name = gain, tid
        if best > 0.05:
            bonus += best
            notes.append(f"closes on {name}, who blocks the way west")
        lifted = planner.risk(uid, here)[0] - planner.risk(uid, to)[0]
        if lifted > 0.05:
            bonus += ESCAPE * lifted
            notes.append(f"out of the US fire ({lifted:.1f} points lifted)")
        if bonus > 0:
            out.append((s + bonus, i, a, f"{why}; no move gains ground, so it {' and '.join(notes)}"))
        else:
            out.append((s, i, a, why))
    out.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return out



