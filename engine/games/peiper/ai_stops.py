"""The hard German reads ruling 23 exactly in its distance fields (the original layout).

The fields of ``ai_field`` count a stop next to a US unit as a small delay (``ADJ_PENALTY``), so a
unit next to a US unit looks a few ACTs from the exit when every legal step from it leads only to
other hexes next to US units: ruling 23 lets a unit that starts its ACT next to an enemy move only
to a hex next to none. Traced on the tuning seed (11, historical, the ``thoughtful`` US): Spitze and
501 in Stoumont next to 99 BG in Targnon, with 30/117/1 at 0201, were given 4.35 ACTs to the exit
when no legal move got them nearer, and the German passed two whole turns of cards waiting there.
With ``strict`` the fields forbid a step from a hex next to a US unit to another such hex, so such
a unit is seen as cut off (or routed back round), and a hit on the blocker is worth what it opens.

A way closed so is charged rather than forbidden (``ADJ_STEP``, ``THROUGH_US``): with the US on every
choke a Mech unit has (traced on seed 11 against the ``demolisher``: the N633 at 0603 and 0704,
Neufmoulin, the west bank), every German Mech unit was cut off, every order scored nothing and the
hard German passed three turns of cards with two units never entered. Charged, a way that needs no
blocker gone is still the cheaper, and where none is left the unit keeps the way that needs the fewest.

Used for the hard German's own activation scores on the layouts of ``STRICT_IN``; every other
decision (normal, easy, the US, the styles) keeps the fields as they were. Public position only.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from . import ai_field
from .state import PeiperState

STRICT_IN: tuple[str, ...] = ("historical",)  # layouts where the hard German reads the fields strictly
# What the strict fields charge, in ACTs, instead of forbidding (0.0 forbids, the first reading): a step
# from a hex next to a US unit to another such hex (the US unit must move or fall first), and a step into
# a US-held hex (the same, for the unit itself).
ADJ_STEP = 4.0
THROUGH_US = 6.0


@contextmanager
def strict(state: PeiperState, always: bool = False) -> Iterator[None]:
    """Within the block, the fields read ruling 23 strictly (on the layouts of ``STRICT_IN``, or on any
    with ``always``: the strong US styles of ``ai_us_strong`` see the walls on every layout)."""
    if state.scenario not in STRICT_IN and not always:
        yield
        return
    token = ai_field.STRICT_STOPS.set(True)
    costs = ai_field.STRICT_COSTS.set((ADJ_STEP, THROUGH_US))
    try:
        yield
    finally:
        ai_field.STRICT_COSTS.reset(costs)
        ai_field.STRICT_STOPS.reset(token)
