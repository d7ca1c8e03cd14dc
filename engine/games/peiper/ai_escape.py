"""The hard German takes a unit out of the US fire (issue 30: traced losses, 2 December 2026).

The activation's scores (``ai_plan``'s, or normal's on the contest layout) weigh the US fire where
a unit would stop, never the fire where it stands now: a unit next to US units that could step
clear was left there while the others moved on, and the US spent card after card on it (seed 11,
contest, game 16: 3/2 LAH shot four times next to 2/23/3 while 3FJ/KG1 walked to the exit). Every
move is also worth ``ESCAPE_WEIGHT`` times the expected cost of the fire it takes the unit out of:
the risk where it stands less the risk where it stops (``Planner.risk``: the US units next to it at
their real odds, those two hexes away, the reinforcements on the edges), when that is a gain.

A step back (away from the exit) earns it only with the activation's last ACT (``BACK``): before
that the unit could step forward again at once, and the two moves cycled.

Not on the layouts of ``ESCAPE_OFF_IN`` (the original one: measured worse there). Everything is read
from the public position: no card order, no dice.
"""

from __future__ import annotations

from engine.hexgrid import Hex

from .ai_activation import Ranked, acts_left
from .ai_plan import Planner
from .state import PeiperState

# Points a move gains for each point of expected fire cost it lifts (0: off). Above 1 because the
# risk where a unit stands counts the few shots before it steps away (SHOTS_ESCAPE), while a unit
# left there draws fire card after card; measured on seed 11 against the demolisher (20 deals a
# layout): 1.0 gave contest 11 and historical 4 wins, 2.0 gave 14 and 6 (without the rule: 9 and 4).
ESCAPE_WEIGHT = 2.0
# Layouts where the term is not added: on the original layout (seed 2030, against the demolisher) the hard
# German won 14 of 80 with it and 9 of 40 without (the plan's own risk term already holds units back
# there, and unit-turns parked rose from 4.2 to 5.7 a game with it); docs/ai.md, "as merged".
ESCAPE_OFF_IN: tuple[str, ...] = ("historical",)
# How a step back (a move that takes the unit further from the exit) is weighed (issue 30, against being chased):
# "last" (kept): its lifted fire counts only with the activation's last ACT, when the US answer comes next; with
# ACTs left the unit can step forward again at once, and the two moves cycled (seed 11, contest, against
# `aggressive`: 3/2 LAH pinned by 106 BG stepped 1209-1310-1209-... for 20 ACTs, up to 24 of a game's 85 German
# moves undid the one before). "full": always, as before; "none": never. Tried and dropped: the fire a move walks
# into counted against it too (the symmetric form, "net"). Measured (seed 11, 20 deals, aggressive / demolisher): full 8 / 13, last 9 / 14,
# none 8 / 9, net 3 / 3 (docs/ai.md, "against being chased").
BACK = "last"
BACK_TOLERANCE = 0.05  # ACTs: a step that loses less than this is not a step back


def adjust(state: PeiperState, order: Ranked) -> Ranked:
    """``order`` (scored, best first) with each move's lifted fire added, re-sorted."""
    if ESCAPE_WEIGHT <= 0 or state.scenario in ESCAPE_OFF_IN or not any(a.kind == "move" for _, _, a, _ in order):
        return order
    planner = Planner(state)
    ctx = planner.ctx
    out: Ranked = []
    for s, i, a, why in order:
        if a.kind != "move":
            out.append((s, i, a, why))
            continue
        uid = a.args["unit"]
        here = state.units[uid].hex
        assert here is not None
        lifted = planner.risk(uid, Hex.parse(here))[0] - planner.risk(uid, Hex.parse(a.args["to"]))[0]
        back = ctx.sit.field(uid).dist[ctx.idx(a.args["to"])] > ctx.dist[uid] + BACK_TOLERANCE
        if back and (BACK == "none" or (BACK == "last" and acts_left(state) > 1)):
            lifted = 0.0
        if lifted > 0.05:
            out.append((s + ESCAPE_WEIGHT * lifted, i, a, f"{why}; out of the US fire ({lifted:.1f} points lifted)"))
        else:
            out.append((s, i, a, why))
    out.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return out
