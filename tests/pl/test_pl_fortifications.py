"""Fortifications (optional rule): units IN and ON a fortification, the automatic attack on the
units IN it, and demolition by the placing player."""

from __future__ import annotations

import pytest
from pl_helpers import build, rig

from engine.errors import IllegalAction
from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.board import stack_count
from engine.games.pl.fire import build_direct
from engine.games.pl.forts import R_CROSSFIRE
from engine.games.pl.movement import cost_fn
from engine.games.pl.state import AttackOrder, PlState
from engine.hexgrid import Hex

FORT = {"fortifications": True}


def besieged(extra: list[tuple[str, str, str]] | None = None, side: str = "ge", phase: str = "combat") -> PlState:
    """German G1, G2 IN the fortification at 1010 (placed by the Germans); US rifle R1 ON it."""
    s = build([("G1", "ge_rifle", "1010"), ("G2", "ge_rifle", "1010"), ("R1", "us_rifle", "1010")] + (extra or []),
              side=side, phase=phase, options=FORT)
    s.forts["1010"] = "ge"
    s.units["R1"].on_fort = True
    assert RULES.invariants(s) == []
    return s


def test_fortifications_enemy_units_may_be_on_a_fortification_while_friendly_units_are_in_it() -> None:
    s = build([("G1", "ge_rifle", "1010"), ("G2", "ge_rifle", "1010"), ("R1", "us_rifle", "1110")],
              side="us", phase="move_infantry", options=FORT)
    s.forts["1010"] = "ge"
    assert Action("move", {"units": "R1", "to": "1010"}) in RULES.legal_actions(s, "us")
    RULES.apply(s, "us", Action("move", {"units": "R1", "to": "1010"}))
    r1 = s.units["R1"]
    assert r1.hex == "1010" and r1.on_fort and r1.mp_left == 0
    assert not s.units["G1"].on_fort
    assert RULES.invariants(s) == []
    flags = {u["id"]: u["markers"] for u in RULES.view(s, None)["units"]}
    assert "on_fortification" in flags["R1"] and "on_fortification" not in flags["G1"]
    # Without the fortification the hex is simply enemy-held: no entry.
    t = build([("G1", "ge_rifle", "1010"), ("R1", "us_rifle", "1110")], side="us", phase="move_infantry", options=FORT)
    with pytest.raises(IllegalAction, match="no path"):
        RULES.apply(t, "us", Action("move", {"units": "R1", "to": "1010"}))


def test_fortifications_units_going_on_stop_there_and_count_for_stacking() -> None:
    s = besieged([("S1", "m4", "1110"), ("G3", "ge_rifle", "1009")], side="us", phase="move_vehicles")
    # The fortification with the units IN it counts one; each unit ON it counts one.
    assert stack_count(s, "1010") == 2
    # A unit going ON it stops: no step out of the hex in the same move.
    cost = cost_fn(s, [s.units["S1"]], Hex.parse("1110"))
    assert cost(Hex.parse("1110"), Hex.parse("1010")) is not None
    assert cost(Hex.parse("1010"), Hex.parse("0910")) is None
    # German units may not join their comrades IN it while the enemy is ON it.
    g3 = cost_fn(s, [s.units["G3"]], Hex.parse("1009"))
    assert g3(Hex.parse("1009"), Hex.parse("1010")) is None


def test_fortifications_units_in_are_protected_units_on_are_attacked_normally() -> None:
    s = besieged([("S1", "m4", "1110"), ("SG", "stug", "1009")])
    # The US attacks the hex: the target is the fortification (the units IN it), never R1.
    us = build_direct(s, "us", AttackOrder(["S1"], "1010"))
    assert [e.fort for e in us.elements] == [True] and us.defense == 12
    assert {u.id for u in us.elements[0].units} == {"G1", "G2"}
    with pytest.raises(IllegalAction, match="protects it"):
        build_direct(s, "us", AttackOrder(["S1"], "1010", "G1"))
    # The Germans attack the hex: the target is R1 ON the fortification, at its own defense.
    ge = build_direct(s, "ge", AttackOrder(["SG"], "1010"))
    assert [u.id for e in ge.elements for u in e.units] == ["R1"] and ge.defense == 6 and not ge.armoured
    single = build_direct(s, "ge", AttackOrder(["SG"], "1010", "R1"))
    assert single.defense == 6


def test_fortifications_attack_on_units_on_it_results_in_automatic_attack_on_units_in_it() -> None:
    s = besieged([("SG", "stug", "1009")])
    RULES.apply(s, "ge", Action("fire", {"units": "SG", "target": "1010"}))
    rig(s, [6, 1])
    events = RULES.apply(s, "ge", Action("end"))
    attacks = [e for e in events if e.kind == "attack"]
    # First the attack on R1 (12 A x1/2 soft = 6 vs 6, 1-1, die 6: no effect), then the automatic one
    # on the fortification (12 A vs 12 armoured, 1-1, die 1: DD).
    assert len(attacks) == 2 and attacks[1].rule.startswith(R_CROSSFIRE)
    assert attacks[0].data["odds"] == "1-1" and attacks[0].data["result"] == "-"
    assert attacks[1].data["odds"] == "1-1" and attacks[1].data["result"] == "DD"
    assert not s.units["R1"].dispersed
    assert s.units["G1"].dispersed and s.units["G2"].dispersed


def test_fortifications_close_assault_on_units_on_it_also_attacks_units_in_it() -> None:
    s = besieged([("G3", "ge_rifle", "1110")], phase="assault")
    RULES.apply(s, "ge", Action("assault", {"units": "G3", "target": "1010"}))
    rig(s, [1, 1])
    events = RULES.apply(s, "ge", Action("end"))
    attacks = [e for e in events if e.kind == "attack"]
    assert len(attacks) == 2 and attacks[1].rule.startswith(R_CROSSFIRE)
    # 3 vs R1's 6 = 1-2, die 1-2 = -1: X; then 3 vs the fortification's 12 = 1-4, -1: D.
    assert s.units["R1"].status == "eliminated"
    assert attacks[1].data["odds"] == "1-4" and attacks[1].data["result"] == "D"
    # (the German segment ends with this phase, so G1 and G2 are already face up again)
    hit = [e for e in events if e.kind == "result" and "dispersed" in e.text]
    assert hit and set(hit[-1].data["units"]) == {"G1", "G2"}


def test_fortifications_units_in_may_not_leave_while_enemy_units_are_on_it() -> None:
    s = besieged(side="ge", phase="move_infantry")
    assert not [a for a in RULES.legal_actions(s, "ge") if a.kind == "move"]
    with pytest.raises(IllegalAction, match="may not leave"):
        RULES.apply(s, "ge", Action("move", {"units": "G1", "to": "1009"}))
    s.units["R1"].hex = "1110"
    s.units["R1"].on_fort = False
    RULES.apply(s, "ge", Action("move", {"units": "G1", "to": "1009"}))
    assert s.units["G1"].hex == "1009"


def test_fortifications_units_in_may_attack_units_on_it_with_direct_fire_not_cat() -> None:
    s = besieged()
    assert Action("fire", {"units": "G1", "target": "1010"}) in RULES.legal_actions(s, "ge")
    RULES.apply(s, "ge", Action("fire", {"units": "G1,G2", "target": "1010"}))
    rig(s, [6, 6])
    events = RULES.apply(s, "ge", Action("end"))
    assert [e.data.get("odds") for e in events if e.kind == "attack"][0] == "1-1"  # 6 I vs 6, not halved
    # Close assault is refused to them (and they are offered none).
    s = besieged(phase="assault")
    assert not [a for a in RULES.legal_actions(s, "ge") if a.kind == "assault"]
    with pytest.raises(IllegalAction, match="not adjacent"):
        RULES.apply(s, "ge", Action("assault", {"units": "G1", "target": "1010"}))
    # The units ON it do not fire at the fortification under them.
    s = besieged(side="us")
    with pytest.raises(IllegalAction, match="in the target hex"):
        RULES.apply(s, "us", Action("fire", {"units": "R1", "target": "1010"}))


def test_fortifications_abandoned_fortification_may_be_used_by_either_player() -> None:
    s = besieged([("SG", "stug", "1009")])
    for uid in ("G1", "G2"):
        RULES.gm_apply(s, Action("remove", {"unit": uid}))
    assert not s.units["R1"].on_fort and RULES.invariants(s) == []
    att = build_direct(s, "ge", AttackOrder(["SG"], "1010"))
    assert att.elements[0].fort and [u.id for u in att.elements[0].units] == ["R1"]


def test_fortifications_may_only_be_destroyed_by_the_placing_player() -> None:
    s = build([("G1", "ge_rifle", "1010")], side="ge", phase="move_infantry", options=FORT)
    s.forts["1010"] = "ge"
    assert Action("demolish_fort", {"unit": "G1"}) in RULES.legal_actions(s, "ge")
    events = RULES.apply(s, "ge", Action("demolish_fort", {"unit": "G1"}))
    assert events[0].kind == "demolish" and "1010" not in s.forts and not s.wrecks.get("1010")
    assert s.units["G1"].moved and s.units["G1"].mp_left == 0
    # The enemy holding a German fortification may not destroy it.
    t = build([("R1", "us_rifle", "1010")], side="us", phase="move_infantry", options=FORT)
    t.forts["1010"] = "ge"
    assert Action("demolish_fort", {"unit": "R1"}) not in RULES.legal_actions(t, "us")
    with pytest.raises(IllegalAction, match="placing player"):
        RULES.apply(t, "us", Action("demolish_fort", {"unit": "R1"}))
    # Not with enemy units ON it, and only in the Movement phase.
    with pytest.raises(IllegalAction, match="enemy units"):
        RULES.apply(besieged(phase="move_infantry"), "ge", Action("demolish_fort", {"unit": "G1"}))
    with pytest.raises(IllegalAction, match="not an order now .Combat phase"):
        RULES.apply(besieged(), "ge", Action("demolish_fort", {"unit": "G1"}))


def test_fortifications_random_legal_orders_around_a_besieged_fortification_are_never_refused() -> None:
    from engine.rng import Rng

    seen_on = seen_in_fire = 0
    for seed in range(4):
        s = besieged([("R2", "us_rifle", "1110"), ("R3", "us_rifle", "1009"), ("S1", "m4", "1111"),
                      ("E1", "us_engineer", "1011"), ("G3", "ge_rifle", "0910"), ("SG", "stug", "0911")],
                     side="us", phase="combat")
        chooser = Rng.seeded(seed)
        for _ in range(300):
            if RULES.is_over(s):
                break
            side = RULES.to_act(s)
            assert side is not None
            legal = RULES.legal_actions(s, side)
            pool = [a for a in legal if a.kind != "end"] or legal
            action = chooser.choice(legal if chooser.below(3) == 0 else pool)
            if action.kind == "fire" and s.units[str(action.args["units"])].hex == action.args["target"]:
                seen_in_fire += 1
            RULES.apply(s, side, action)
            assert RULES.invariants(s) == []
            seen_on += any(u.on_fort for u in s.units.values())
    assert seen_on and seen_in_fire  # the position was really played, not left at once


def test_fortifications_opportunity_fire_at_units_going_on_it_also_attacks_the_units_in_it() -> None:
    s = build([("G1", "ge_rifle", "1010"), ("G2", "ge_rifle", "1010"), ("R1", "us_rifle", "1110")],
              side="us", phase="move_infantry", options=dict(FORT, opportunity_fire=True))
    s.forts["1010"] = "ge"
    RULES.apply(s, "us", Action("move", {"units": "R1", "to": "1010"}))
    assert (s.phase, s.side) == ("opportunity", "ge")
    fire = Action("fire", {"units": "G1", "target": "1010", "at_unit": "R1"})
    assert fire in RULES.legal_actions(s, "ge")
    rig(s, [6, 6])
    events = RULES.apply(s, "ge", fire)
    attacks = [e for e in events if e.kind == "attack"]
    assert len(attacks) == 2 and attacks[1].rule.startswith(R_CROSSFIRE)


def test_fortifications_indirect_fire_counts_the_fortification_and_each_unit_on_it() -> None:
    from engine.games.pl.combat import elements_at

    s = besieged()
    els = elements_at(s, "1010")
    assert [e.fort for e in els] == [True, False] and [u.id for u in els[1].units] == ["R1"]
