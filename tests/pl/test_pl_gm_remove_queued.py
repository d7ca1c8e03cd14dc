"""A GM removes a unit whose fire order is queued (found by tools/events_dump.py, Utah inland seed 15):
the group's other units, and new ones joining it, are still checked and listed, without the removed
unit (it no longer adds to the attack; at the phase's end it was already left out). Before the fix the
side's every listing raised an internal fault (an assertion on the removed unit's hex)."""

from __future__ import annotations

from pl_helpers import build

from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.fire import fire_problem


def test_a_queued_fire_group_with_a_removed_unit_still_lists_and_takes_new_units() -> None:
    s = build([("S1", "m4", "1009"), ("S2", "m4", "1109"), ("G1", "ge_rifle", "1409")])
    RULES.apply(s, s.side, Action("fire", {"units": "S1", "target": "1409"}))
    events = RULES.gm_apply(s, Action("remove", {"unit": "S1"}))
    assert events and s.units["S1"].hex is None
    legal = RULES.legal_actions(s, s.side)  # raised AssertionError before the fix
    assert Action("fire", {"units": "S2", "target": "1409"}) in legal
    assert fire_problem(s, s.side, ["S2"], "1409") is None
    out = RULES.apply(s, s.side, Action("fire", {"units": "S2", "target": "1409"}))
    assert "S2" in out[0].text and s.fire_queue[0].units == ["S1", "S2"]
    resolved = RULES.apply(s, s.side, Action("end"))
    assert not any("S1" in e.text and "fire" in e.text.lower() and "S2" not in e.text for e in resolved)
