"""What the players are told: victory conditions from the start, why a factor was halved and where
a defense came from on every resolution line, and a warning when an order cannot succeed."""

from __future__ import annotations

from pl_helpers import build, rig

from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.board import elevation, line_of_sight


def test_situation_victory_conditions_stated_at_the_start_in_the_status_and_the_view() -> None:
    s = RULES.new_state("utah", 1, {})
    assert "Victory: The Allied side wins if at the end of turn 10 it holds 1704 and 1804" in RULES.status_line(s)
    assert "Pouppeville" in RULES.view(s, None)["victory"]
    events = RULES.apply(s, s.side, Action("end")) + RULES.apply(s, s.side, Action("end"))
    said = [e.text for e in events if e.kind == "victory"]
    assert said and "La Fiere bridge taken" in said[0] and "otherwise the German side wins" in said[0]


def test_I_combat_an_order_below_1_4_is_warned_when_given_and_its_line_says_why() -> None:
    s = build([("R1", "us_rifle", "0307"), ("G1", "ge_rifle", "0308"), ("G2", "ge_rifle", "0308")])
    events = RULES.apply(s, "us", Action("fire", {"units": "R1", "target": "0308"}))
    assert "below the table" in events[0].text and "WARNING: below 1-4" in events[0].text
    rig(s, [1])
    events = RULES.apply(s, "us", Action("end"))
    line = next(e.text for e in events if "against 0308" in e.text)
    assert "below 1-4: no attack" in line
    assert "defense 8 x2 in woods (TEC)" in line  # where the defense of 32 came from
    assert "2/32" in line


def test_I_combat_the_resolution_line_says_why_a_factor_was_halved() -> None:
    top = "0906"
    assert elevation(top) == 2
    firer = "0409"  # clear ground, 5 hexes off, in sight of the hilltop
    assert elevation(firer) < 2 and line_of_sight(build([]), firer, top)[0]
    s = build([("S1", "m4", firer), ("P1", "pz4", top)])
    RULES.apply(s, "us", Action("fire", {"units": "S1", "target": top}))
    rig(s, [6])
    events = RULES.apply(s, "us", Action("end"))
    line = next(e.text for e in events if f"against {top}" in e.text and e.kind == "attack")
    assert "halved for elevation: the target is on a hilltop" in line
    assert "P1: defense 8" in line
