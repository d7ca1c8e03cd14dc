"""Play sequence (5.0), the order table, counters (2.0) and the odds and ends of 6.x-8.x."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.game import Action
from engine.games.saf import RULES, german, german_guns, german_infantry
from engine.games.saf.american import ORDER_DICE, order_types, rifle_targets
from engine.games.saf.combat import fire_targets
from engine.games.saf.movement import destinations
from engine.games.saf.table import Table
from engine.hexgrid import Hex
from tests.saf.conftest import german_steps

H = Hex.parse


def test_2_0_G_snipers_do_not_move(bench) -> None:
    sn = bench.add("us_sniper", "0207")
    bench.s.dice = [2, 3]
    assert destinations(bench.t, sn) == []
    with pytest.raises(IllegalAction):
        bench.order(die=2, unit=sn.id, type="move", to="0307")


def test_5_0_turn_sequence_end_runs_german_turn_then_next_american_turn(bench, say) -> None:
    bench.add("us_infantry", "0207")
    bench.add("ge_infantry", "1510")
    bench.s.dice = [2]
    events = bench.act("end")
    kinds = [e.text for e in events]
    german_at = next(i for i, x in enumerate(kinds) if x.startswith("German turn 1"))
    american_at = next(i for i, x in enumerate(kinds) if x.startswith("American turn 2"))
    assert german_at < american_at
    assert any(e.rule == "6.1 A" for e in events[american_at:])  # the Enemy Spotted check comes first
    assert bench.s.turn == 2 and bench.s.phase == "roll" and bench.s.dice == []
    assert any(e.phase_end for e in events)


def test_6_2_A_issuing_orders_table() -> None:
    assert set(order_types(1)) == {"medic", "assault"} and ORDER_DICE["assault"] == (1, 2)
    assert set(order_types(2)) == {"move", "fire"}
    assert set(order_types(3)) == {"move_fire", "move", "fire"}
    assert set(order_types(4)) == {"mortar"} and ORDER_DICE["mortar"] == (4, 2)
    assert set(order_types(5)) == {"tank", "he"}
    assert set(order_types(6)) == {"cover", "sniper", "spot"} and ORDER_DICE["sniper"] == (6, 2)


def test_6_3_3_I_american_cannot_fire_through_own_infantry(bench) -> None:
    shooter = bench.add("us_infantry", "0203")
    blocker = bench.add("us_infantry", "0204")
    g = bench.add("ge_infantry", "0205")
    assert g not in rifle_targets(bench.t, shooter)
    bench.t.eliminate(blocker, "test")
    assert g in rifle_targets(bench.t, shooter)


def test_6_3_3_K_range_limits_fire(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    near = bench.add("ge_infantry", "0607")
    far = bench.add("ge_infantry", "0707")
    assert rifle_targets(bench.t, inf) == [near] and far.status == "on_map"


def test_6_3_6_2_mover_must_be_adjacent_and_both_act(bench) -> None:
    firer = bench.add("us_infantry", "0207")
    far = bench.add("us_infantry", "0209")
    near = bench.add("us_infantry", "0208")
    bench.s.dice = [6]
    with pytest.raises(IllegalAction, match="adjacent"):
        bench.order(die=6, unit=firer.id, type="cover", mover=far.id, to="0310")
    bench.order(die=6, unit=firer.id, type="cover", mover=near.id, to="0309")
    assert firer.acted and near.acted and not firer.fired and near.hex == "0309"


def test_6_3_6_3_B_medic_does_not_count_for_stacking(bench) -> None:
    a = bench.add("us_infantry", "0207", state="panic")
    bench.add("us_infantry", "0207")
    bench.s.dice = [1]
    bench.dice(5)
    bench.order(die=1, unit=a.id, type="medic")
    assert a.state == "alert" and not RULES.invariants(bench.s)


def test_6_5_3_A_lieutenant_check_after_a_german_assault(bench) -> None:
    us = bench.add("us_infantry", "0207")
    lt = bench.lt(us)
    g = bench.add("ge_infantry", "0307")
    bench.action("Charge!")
    bench.dice(1, 1, 1, 1, 1)  # the assault fails, then the Lieutenant check rolls a 1
    german_infantry.infantry_action(bench.t, g)
    assert us.status == "on_map" and lt.status == "eliminated" and bench.s.morale == -10


def test_7_2_B_G_H_one_card_per_unit_actions_complete_then_flipped_back(bench) -> None:
    bench.add("us_infantry", "0207")
    a = bench.add("ge_infantry", "0807")
    b = bench.add("ge_infantry", "1107")
    bench.action("Advance")
    bench.action("Advance")
    t = bench.t
    german.german_turn(t)
    lines = [e.text for e in t.events]
    first_card = next(i for i, x in enumerate(lines) if "draws" in x and a.id in x)
    second_card = next(i for i, x in enumerate(lines) if "draws" in x and b.id in x)
    assert any(a.id in x and "moves" in x for x in lines[first_card:second_card])
    assert not a.acted and not b.acted and not a.moved


def test_7_2_6_B_tiger_range_seven_panzer_five(bench) -> None:
    sh = bench.add("m4", "0207")
    pz = bench.add("panzer", "0807")
    tg = bench.add("tiger", "0904")
    t = bench.t
    assert H(pz.hex).distance(H(sh.hex)) == 6 and fire_targets(t, pz, tanks=True) == []
    assert H(tg.hex).distance(H(sh.hex)) == 7 and fire_targets(t, tg, tanks=True) == [sh]


def test_8_2_2_C_tiger_moves_three_hexes(bench) -> None:
    bench.add("m4", "0104")
    tg = bench.add("tiger", "1604")
    german_guns.tank_action(bench.t, tg, 3)
    assert H(tg.hex).distance(H("1604")) == 3


def test_7_3_A_no_surprise_without_a_six(bench) -> None:
    bench.add("us_infantry", "0207")
    bench.dice(5)
    german_guns.surprise(bench.t)
    assert not bench.s.on_map("ge")


def test_8_4_1_F_shermans_arrive_on_turn_4_at_the_blue_hex() -> None:
    s = RULES.new_state("4", 3, {})
    t = Table(s)
    blue = t.m.markers["blue"][0].label
    for u in s.on_map("us"):
        if u.hex == blue:  # the Lieutenant's unit steps off the blue hex first
            u.hex = "0201"
    s.turn, s.phase, s.dice = 3, "orders", []
    RULES.apply(s, "us", Action("end"))
    german_steps(s)
    arrived = [u for u in s.on_map("us") if u.kind == "m4" and u.hex == blue]
    assert s.turn == 4 and len(arrived) == 2 and not RULES.invariants(s)


def test_gm_overrides_move_remove_morale(bench) -> None:
    u = bench.add("us_infantry", "0207")
    RULES.gm_apply(bench.s, Action("move", {"unit": u.id, "to": "0307"}))
    assert u.hex == "0307"
    RULES.gm_apply(bench.s, Action("morale", {"delta": 5, "reason": "ruling"}))
    assert bench.s.morale == 5
    RULES.gm_apply(bench.s, Action("remove", {"unit": u.id}))
    assert u.status == "eliminated"


def test_view_shows_markers_and_overlays(bench) -> None:
    inf = bench.add("us_infantry", "0207", state="alert", supply="low_ammo")
    g = bench.add("ge_infantry", "0407")
    bench.add("us_infantry", "0208")
    bench.s.dice = [2, 2]
    bench.cover("none", "hard")
    bench.dice(2)
    bench.order(die=2, unit="I2", type="move", to="0308")
    v: dict[str, Any] = RULES.view(bench.s, "us")
    me = next(x for x in v["units"] if x["id"] == inf.id)
    assert {"alert", "low_ammo"} <= set(me["markers"])
    assert v["overlays"] == [{"kind": "move", "side": "us", "unit": "I2", "path": ["0208", "0308"]}]
    assert next(x for x in v["units"] if x["id"] == "I2")["markers"] == ["spent"]
    assert g.id in {x["id"] for x in v["units"]} and v["score"]["morale"] == 0
    assert RULES.status_line(bench.s).startswith("Turn 1/12")


def test_8_0_B_germans_avoid_the_easy_shot(bench) -> None:
    bench.add("us_infantry", "0207")  # number 1, the German's key
    bench.add("us_veteran", "0303")  # sees 0406 but not 0407
    g = bench.add("ge_infantry", "0507", 1)
    t = bench.t
    assert german_infantry.exposure(t, H("0406")) > german_infantry.exposure(t, H("0407"))
    bench.action("Take cover")  # calm: move 1
    german_infantry.infantry_action(t, g)
    assert g.hex == "0407"  # as close as 0406, same cover, fewer rifles on it


def test_6_3_3_A_fire_order_needs_los(bench) -> None:
    inf = bench.add("us_infantry", "0203")
    bench.add("us_infantry", "0204")
    g = bench.add("ge_infantry", "0205")
    bench.s.dice = [2]
    with pytest.raises(IllegalAction, match=r"no line of sight \(blocked by friendly Infantry I2 at 0204\) \(6.3.3 I\)$") as err:
        bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    assert err.value.rule == "6.3.3 I"  # the one clause that blocks it
    assert bench.s.dice == [2]


def test_6_3_3_C_a_refusal_names_the_terrain_that_blocks_the_line_of_sight(bench) -> None:
    inf = bench.add("us_infantry", "0506")
    g = bench.add("ge_infantry", "0906")
    bench.s.dice = [2]
    with pytest.raises(IllegalAction) as err:
        bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    text = err.value.message
    # both lines nudged either side of the hexsides cross building 0706: it alone blocks (C)
    assert text.endswith("no line of sight (blocked by building 0706)") and "range" not in text
    assert err.value.rule == "6.3.3 C"
    assert bench.s.dice == [2] and not inf.fired


def test_6_3_3_D_a_refusal_names_the_blockers_either_side_of_the_hexside(bench) -> None:
    inf = bench.add("us_infantry", "0203")
    g = bench.add("ge_infantry", "0603")
    bench.s.dice = [2]
    with pytest.raises(IllegalAction) as err:
        bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    assert err.value.message.endswith("no line of sight (blocked by building 0303 and woods 0503, either side of the "
                                      "hexside line)")
    assert err.value.rule == "6.3.3 D"  # the line may graze one blocking hex, not one on each side: one section


def test_6_3_3_K_a_refusal_out_of_range_gives_the_distance_and_the_range(bench) -> None:
    inf = bench.add("us_infantry", "0506")
    g = bench.add("ge_infantry", "1006")
    bench.s.dice = [2]
    with pytest.raises(IllegalAction, match=r"cannot fire at Rifle squad R1: out of range \(5 hexes, range 4\)"):
        bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    tank = bench.add("m4", "0306")
    bench.s.dice = [5]
    with pytest.raises(IllegalAction, match=r"out of range \(7 hexes, range 5\)"):
        bench.order(die=5, unit=tank.id, type="he", target=g.id)


def test_7_2_6_1_A_panzer_draws_one_chit(bench, say) -> None:
    sh = bench.add("m4", "0207")
    pz = bench.add("panzer", "0607")
    bench.chit("tank", "miss")
    t = bench.t
    german_guns.tank_action(t, pz)
    assert say(t.events).count("Tank chit") == 1 and sh.status == "on_map"


def test_7_5_E_at_gun_destroyed_scores_as_normal_combat(bench) -> None:
    inf = bench.add("us_veteran", "0207")
    at = bench.add("at_gun", "0407")
    bench.s.dice = [2]
    bench.cover("none", "hard")
    bench.dice(5)
    bench.chit("damage", "destroyed", 10)
    bench.order(die=2, unit=inf.id, type="fire", target=at.id)
    assert at.status == "eliminated" and bench.s.morale == 10


def test_7_2_F_low_supply_icon_only_after_firing(bench) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "1107")  # out of range and LOS
    bench.action("Open fire")
    german_infantry.infantry_action(bench.t, g)
    assert not g.fired and g.supply == ""


def test_6_2_C_example_turn_a_5_into_6_for_sniper_or_4_for_mortar(bench) -> None:
    sn = bench.add("us_sniper", "0207")
    mo = bench.add("us_mortar", "0208")
    g = bench.add("ge_infantry", "0507")

    def orders() -> set[str]:
        return {a.args["type"] for a in RULES.legal_actions(bench.s, "us") if a.kind == "order"}

    bench.s.dice = [4, 5, 6]
    assert "sniper" not in orders() and "mortar" not in orders()
    bench.act("adjust", die=5, to=6)
    assert "sniper" in orders() and "mortar" not in orders()
    bench.s.dice, bench.s.adjusted = [4, 5, 6], False
    bench.act("adjust", die=5, to=4)
    assert "mortar" in orders() and "sniper" not in orders()
    assert sn.status == mo.status == g.status == "on_map"


def test_6_3_6_7_A_tank_moves_or_fires_not_both(bench) -> None:
    sh = bench.add("m4", "0207")
    pz = bench.add("panzer", "0607")
    bench.s.dice = [5]
    with pytest.raises(IllegalAction, match="not both"):
        bench.order(die=5, unit=sh.id, type="tank", to="0307", target=pz.id)
    assert sh.hex == "0207" and bench.s.dice == [5]


def _scenario_4_before_turn_4(options: dict[str, Any] | None = None) -> tuple[Any, Table, str]:
    s = RULES.new_state("4", 3, options or {})
    t = Table(s)
    blue = t.m.markers["blue"][0].label
    assert any(u.hex == blue for u in s.on_map("us") if u.kind != "us_lt")  # the Lieutenant's unit (8.4.1 B)
    s.turn, s.phase, s.dice = 3, "orders", []
    return s, t, blue


def test_6_4_a_scheduled_american_tank_arrival_whose_blue_hex_is_occupied_takes_the_nearest_free_hex() -> None:
    s, t, blue = _scenario_4_before_turn_4()
    events = RULES.apply(s, "us", Action("end")) + german_steps(s)
    shermans = [u for u in s.units.values() if u.kind == "m4" and u.arrive_turn == 4]
    assert s.turn == 4 and len(shermans) == 2 and all(u.status == "on_map" for u in shermans)
    spots = [t.hex(u) for u in shermans]
    room_before = [h for h in t.m.hexes() if h.distance(Hex.parse(blue)) < min(x.distance(Hex.parse(blue))
                                                                               for x in spots)]
    assert all(not t.room(h, "m4", 1, "us") or h in spots for h in room_before)  # none nearer was free
    lines = [e for e in events if e.kind == "arrive" and e.side == "us"]
    assert len(lines) == 2 and all("occupied, so the nearest free hex" in e.text and e.rule == "6.4" for e in lines)
    assert not RULES.invariants(s)


def test_6_4_a_stored_game_keeps_the_old_reading_the_arrival_waits_a_turn() -> None:
    s, t, blue = _scenario_4_before_turn_4({"arrival_nearest": False})
    RULES.apply(s, "us", Action("end"))
    german_steps(s)
    waiting = [u for u in s.units.values() if u.kind == "m4" and u.status == "awaiting"]
    assert s.turn == 4 and len(waiting) == 2 and all(u.arrive_turn == 5 for u in waiting)
