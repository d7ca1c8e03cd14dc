"""The hard German's strict fields charge a closed way instead of forbidding it (ai_stops, the original layout).

Movement: "Units may not move if adjacent to an enemy unit, except to a new hex not adjacent to an
enemy unit" (ruling 23). Read strictly, with the US holding the two chokes of the N633 (2/23/2 at 0704,
99 BG at 0603), Neufmoulin (106 BG, reduced) and the west bank (30/117/1 at 0208, 2/23/3 at 0205), no
German Mech unit has a way out at all: the strict fields (and even the loose ones) put Spitze, 1/1 LAH
and 501 at FAR, every order scored nothing, and the hard German passed whole turns with two units still
to enter (traced on the tuning seed 11, historical, the ``demolisher`` US, deal 1: 89 cards passed, the
game lost with 3 of 4 units off). With ``ADJ_STEP`` and ``THROUGH_US`` a step that needs a blocker to
move or fall costs ACTs instead, so the unit still has a way, the one that needs the fewest blockers gone,
and the units close in and enter."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engine.game import Action
from engine.games.peiper import RULES, ai_fallback, ai_field, ai_stops
from engine.games.peiper.ai_field import FAR, situation, unit_distance
from engine.games.peiper.ai_search import _ge_ranking
from engine.games.peiper.state import ACTIVATE, PeiperState
from engine.games.peiper.units import scenario_map

MECH = ("Spitze", "1/1 LAH", "501")


def _chokes(scenario: str = "historical") -> PeiperState:
    """Turn 2, the Fuel Depot taken, 3/2 LAH and 3FJ/KG1 off; Spitze at 0706 south of Cheneux, 1/1 LAH
    and 501 still to enter; the US on every choke (deal 1 of seed 11 against the demolisher)."""
    state = RULES.new_state(scenario, 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    for uid in ("3/2 LAH", "3FJ/KG1"):
        state.units[uid].status = "exited"
        state.exited.append(uid)
    for uid, at in (("Spitze", "0706"), ("2/23/2", "0704"), ("99 BG", "0603"), ("106 BG", "0310"),
                    ("30/117/1", "0208"), ("2/23/3", "0205"), ("CCR/3/1", "1209")):
        state.units[uid].status, state.units[uid].hex = "on_map", at
    state.units["106 BG"].reduced = True
    for uid in ("30/117/2", "CCB/3/1"):
        state.units[uid].status = "eliminated"
    state.fuel_depot = "captured"
    state.turn = 2
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "ge", 3, []
    return state


@contextmanager
def _costs(adj_step: float, through: float) -> Iterator[None]:
    old = ai_stops.ADJ_STEP, ai_stops.THROUGH_US
    ai_stops.ADJ_STEP, ai_stops.THROUGH_US = adj_step, through
    try:
        yield
    finally:
        ai_stops.ADJ_STEP, ai_stops.THROUGH_US = old


def _mech_distances(state: PeiperState) -> dict[str, float]:
    with ai_stops.strict(state):
        sit = situation(state)
        return {g: unit_distance(state, sit, g) for g in MECH}


def test_ai_movement_closed_ways_are_charged_not_forbidden() -> None:
    """Forbidden, every Mech unit is cut off (FAR); charged, each has a way, dearer than a free one."""
    with scenario_map("historical"):
        state = _chokes()
        with _costs(0.0, 0.0):
            assert all(d >= FAR for d in _mech_distances(state).values())
        charged = _mech_distances(state)
        assert all(d < FAR for d in charged.values())
        # the blocker must move or fall: dearer than the road would be with the US gone
        for uid in ("2/23/2", "99 BG", "106 BG", "30/117/1", "2/23/3"):
            state.units[uid].status, state.units[uid].hex = "eliminated", None
        free = _mech_distances(state)
        assert all(charged[g] >= free[g] + ai_stops.ADJ_STEP for g in MECH)


def test_ai_movement_hard_german_closes_in_on_the_chokes() -> None:
    """The hard German's activation: charged, it moves Spitze on toward a choke or brings a unit in
    (an order worth over an ACT); forbidden (the first strict reading), nothing scores and it would
    end (or pass the card)."""
    with scenario_map("historical"):
        state = _chokes()
        legal = RULES.legal_actions(state, "ge")
        best = _ge_ranking(state, legal, "plan")[0]
        assert best[2].kind in ("move", "enter") and best[2].args["unit"] in MECH and best[0] > 10.0
        old = ai_fallback.FALLBACK_IN
        try:  # the fields alone (issue 42's fallback would close on a blocker rather than end)
            ai_fallback.FALLBACK_IN = ()
            with _costs(0.0, 0.0):
                forbidden = _ge_ranking(state, legal, "plan")[0]
        finally:
            ai_fallback.FALLBACK_IN = old
        assert forbidden[0] <= 0.0


def test_ai_movement_charges_only_within_the_strict_block() -> None:
    """Outside ai_stops.strict (normal, easy, the US, the styles) and on the contest layout the fields
    are as before: no charge is set."""
    with scenario_map("historical"):
        state = _chokes()
        assert ai_field.STRICT_COSTS.get() == (0.0, 0.0)
        sit = situation(state)
        assert all(unit_distance(state, sit, g) >= FAR for g in MECH)  # loose: cut off, as before
        with ai_stops.strict(state):
            assert ai_field.STRICT_COSTS.get() == (ai_stops.ADJ_STEP, ai_stops.THROUGH_US)
        assert ai_field.STRICT_COSTS.get() == (0.0, 0.0)
    with scenario_map("contest"):
        state = _chokes("contest")
        with ai_stops.strict(state):
            assert ai_field.STRICT_COSTS.get() == (0.0, 0.0)
