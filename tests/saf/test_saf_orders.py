"""The American turn: 6.1 Enemy Spotted, 6.2 order dice, 6.3.1 movement, 6.3.2 stacking, 6.4, 6.5."""

from __future__ import annotations

import copy

import pytest

from engine.errors import IllegalAction
from engine.game import Action
from engine.games.saf import RULES
from engine.games.saf import turn as turn_mod
from engine.games.saf.movement import destinations, step_cost
from engine.hexgrid import Hex

H = Hex.parse


# --- 6.1 Enemy Spotted check -------------------------------------------------------------------------
def test_6_1_A_spotted_table_roll_3_brings_three_infantry_two_veterans(bench, say) -> None:
    bench.add("us_infantry", "0207")
    bench.dice(3, 2, 3, 4, 5, 6)
    turn_mod.spotting(bench.t)
    ge = bench.s.on_map("ge")
    assert sorted(u.kind for u in ge) == ["ge_infantry"] * 3 + ["ge_veteran"] * 2


def test_6_1_A_no_roll_with_five_or_more_in_play(bench, say) -> None:
    for h in ("1105", "1106", "1107", "1108", "1204"):
        bench.add("ge_infantry", h)
    events = []
    t = bench.t
    t.events = events
    turn_mod.spotting(t)
    assert not any(e.random for e in events) and "no roll" in say(events)


def test_6_1_B_arrival_roll_1_red_hex_else_numbered_hex(bench) -> None:
    t = bench.t
    bench.dice(1, 4)
    a, b = t.arrive_german([("ge_infantry", 1), ("ge_infantry", 2)], "6.1 B")
    assert a.hex == t.m.markers["red"][0].label
    assert b.hex == t.m.markers["reinforcement_4"][0].label


def test_6_1_C_overflow_goes_to_lowest_numbered_hex_with_room(bench) -> None:
    t = bench.t
    bench.dice(3, 3, 3, 3)
    placed = t.arrive_german([("ge_infantry", n) for n in (1, 2, 3, 4)], "6.1 B")
    r3 = t.m.markers["reinforcement_3"][0].label
    assert [u.hex for u in placed[:2]] == [r3, r3]
    # the red hex counts as hex 1 (rulings 6.1 C)
    assert [u.hex for u in placed[2:]] == [t.m.markers["red"][0].label] * 2


def test_6_1_D_german_units_carry_key_numbers() -> None:
    s = RULES.new_state("1", 5, {})
    RULES.apply(s, "us", Action("roll"))
    numbers = [u.number for u in s.on_map("ge") if u.kind in ("ge_infantry", "ge_veteran")]
    assert numbers and any(n > 0 for n in numbers)


# --- 6.2 Order phase ---------------------------------------------------------------------------------
def test_6_2_A_roll_five_order_dice(bench) -> None:
    bench.s.phase = "roll"
    bench.add("us_infantry", "0207")
    bench.dice(1, 2, 3, 4, 5)
    bench.act("roll")
    assert bench.s.dice == [1, 2, 3, 4, 5] and bench.s.phase == "orders"


def test_6_2_A_x2_order_needs_two_matching_dice(bench) -> None:
    mortar = bench.add("us_mortar", "0207")
    bench.add("ge_infantry", "0507")
    bench.s.dice = [4, 5]
    with pytest.raises(IllegalAction, match="needs 2 dice showing 4"):
        bench.order(die=4, unit=mortar.id, type="mortar", target="R1")
    bench.s.dice = [4, 4]
    bench.dice(5, 2, 3)
    bench.order(die=4, unit=mortar.id, type="mortar", target="R1")
    assert bench.s.dice == []


def test_6_2_A_die_must_match_order_type(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    bench.s.dice = [4, 5]
    with pytest.raises(IllegalAction, match="A 5 orders"):
        bench.order(die=5, unit=inf.id, type="move", to="0307")


def test_6_2_B_outnumbered_rolls_six_dice(bench) -> None:
    bench.s.phase = "roll"
    bench.s.options["outnumbered"] = True
    bench.add("us_infantry", "0207")
    bench.add("ge_infantry", "1105")
    bench.add("ge_infantry", "1106")
    bench.act("roll")
    assert len(bench.s.dice) == 6
    bench.s.options["outnumbered"] = False
    bench.s.phase = "roll"
    bench.act("roll")
    assert len(bench.s.dice) == 5


def test_6_2_C_adjust_one_die_by_one_pip_once(bench) -> None:
    bench.s.dice = [1, 2, 3, 4, 5]
    with pytest.raises(IllegalAction, match="one pip"):
        bench.act("adjust", die=3, to=5)
    bench.act("adjust", die=5, to=6)
    assert bench.s.dice == [1, 2, 3, 4, 6]
    with pytest.raises(IllegalAction, match="only one die"):
        bench.act("adjust", die=4, to=5)


def test_6_2_D_example_dice_1_2_3_4_5(bench, say) -> None:
    i1 = bench.add("us_infantry", "0207")
    i2 = bench.add("us_infantry", "0208")
    i3 = bench.add("us_infantry", "0307")
    tank = bench.add("m4", "0304")
    bench.add("ge_infantry", "0807", 9)
    bench.s.dice = [1, 2, 3, 4, 5]
    bench.act("adjust", die=1, to=2)  # "no units that need a Medic, so adjusts that roll to a 2"
    assert bench.s.dice == [2, 2, 3, 4, 5]
    bench.order(die=2, unit=i1.id, type="move", to="0407")
    bench.order(die=2, unit=i2.id, type="move", to="0408")
    bench.cover("none", "hard")
    bench.dice(5)
    events = bench.order(die=3, unit=i3.id, type="move_fire", to="0507", target="R1")
    assert i3.hex == "0507" and any(e.kind == "fire" for e in events)
    bench.order(die=5, unit=tank.id, type="tank", to="0504")
    assert H(tank.hex).distance(H("0304")) == 2
    assert bench.s.dice == [4]
    with pytest.raises(IllegalAction):
        bench.order(die=4, unit=i1.id, type="mortar", target="R1")
    events = bench.act("end")
    assert "Unused order dice are lost: 4" in say(events)


def test_6_2_E_acted_units_flip_and_recover_at_turn_end(bench) -> None:
    i1 = bench.add("us_infantry", "0207")
    bench.add("ge_infantry", "1510")
    bench.s.dice = [2, 2]
    bench.order(die=2, unit=i1.id, type="move", to="0307")
    assert i1.acted
    with pytest.raises(IllegalAction, match="already acted"):
        bench.order(die=2, unit=i1.id, type="move", to="0407")
    bench.act("end")
    assert not i1.acted


def test_refused_order_leaves_state_unchanged(bench) -> None:
    i1 = bench.add("us_infantry", "0207")
    bench.s.dice = [2]
    snapshot = copy.deepcopy(bench.s.units)
    with pytest.raises(IllegalAction):
        bench.order(die=2, unit=i1.id, type="move", to="1207")
    assert bench.s.units == snapshot and bench.s.dice == [2]


# --- 6.3.1 Movement -------------------------------------------------------------------------------------
def test_6_3_1_A_terrain_costs(bench) -> None:
    t = bench.t
    inf = bench.add("us_infantry", "0207")
    tank = bench.add("m4", "0308")
    a = H("0207")
    costs = {k: step_cost(t, inf, a, h) for k, h in
             (("clear", H("0208")), ("woods", H("0409")), ("hill", H("0708")), ("building", H("0303")))}
    assert costs == {"clear": 1, "woods": 2, "hill": 2, "building": 3}
    assert step_cost(t, tank, a, H("0409")) is None and step_cost(t, tank, a, H("0303")) is None


def test_6_3_1_A_three_mps_in_the_open(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    d = destinations(bench.t, inf)
    assert H("0507") in d and H("0607") not in d


def test_6_3_1_A_road_gives_one_more_mp(bench) -> None:
    on_road = bench.add("us_infantry", "0106")
    assert H("0506") in destinations(bench.t, on_road)  # four road hexes
    off_road = bench.add("us_infantry", "0107")
    assert H("0507") not in destinations(bench.t, off_road)


def test_6_3_1_B_may_always_enter_an_adjacent_hex(bench) -> None:
    mortar = bench.add("us_mortar", "0304")  # 2 MPs; the building at 0303 costs 3
    assert H("0303") in destinations(bench.t, mortar)


def test_6_3_1_C_a_unit_moves_once(bench) -> None:
    cover = bench.add("us_veteran", "0207")
    mover = bench.add("us_infantry", "0208")
    bench.s.dice = [6, 2]
    bench.order(die=6, unit=cover.id, type="cover", mover=mover.id, to="0308")
    assert mover.moved and mover.acted
    with pytest.raises(IllegalAction):
        bench.order(die=2, unit=mover.id, type="move", to="0408")


def _open_ground(t) -> Hex:  # type: ignore[no-untyped-def]
    """A hex of map 1 whose every hex within two is clear and on the map, with no road out of it."""
    def fits(h: Hex) -> bool:
        near = [x for x in t.m.hexes() if x.distance(h) <= 2]
        roads = any(t.m.road_between(h, n) for n in t.m.neighbors(h))  # no road bonus (6.3.1 A)
        return len(near) == 19 and all(t.m.terrain.get(x) == "clear" for x in near) and not roads
    return next(h for h in sorted(t.m.terrain) if fits(h))


def test_6_3_1_a_tank_passes_through_hexes_with_friendly_units(bench) -> None:
    start = _open_ground(bench.t)
    tank = bench.add("m4", start.label)
    ring = [n for n in bench.t.m.neighbors(start)]
    for i, n in enumerate(ring):  # friendly infantry and tanks all round: the Sherman drives through them
        bench.add("m4" if i % 2 else "us_infantry", n.label)
    far = destinations(bench.t, tank)
    assert far and all(h.distance(start) == 2 for h in far)  # never ends in a friendly hex (6.3.2 B-C)
    bench.s.dice = [5]
    bench.order(die=5, unit=tank.id, type="tank", to=far[0].label)
    assert tank.hex == far[0].label


def test_6_3_1_infantry_passes_through_a_hex_with_a_friendly_tank(bench) -> None:
    start = _open_ground(bench.t)
    inf = bench.add("us_infantry", start.label)
    for n in bench.t.m.neighbors(start):
        bench.add("m4", n.label)
    far = destinations(bench.t, inf)
    assert far and all(h.distance(start) in (2, 3) for h in far)


def test_6_3_1_no_unit_passes_through_an_enemy_hex(bench) -> None:
    start = _open_ground(bench.t)
    tank = bench.add("m4", start.label)
    inf = bench.add("us_infantry", next(iter(bench.t.m.neighbors(start))).label)
    for n in bench.t.m.neighbors(start):
        if n.label != inf.hex:
            bench.add("ge_infantry", n.label)
    # the Sherman's only way out is through its own infantry's hex; the enemy hexes are closed
    far = destinations(bench.t, tank)
    assert far and all(h.distance(H(inf.hex or "")) == 1 for h in far)
    assert step_cost(bench.t, tank, start, H(bench.s.on_map("ge")[0].hex or "")) is None


def test_6_3_1_stored_games_keep_the_old_reading_tanks_could_not_pass_through_friendly_units(bench) -> None:
    bench.s.options["pass_friendly"] = False
    start = _open_ground(bench.t)
    tank = bench.add("m4", start.label)
    for n in bench.t.m.neighbors(start):
        bench.add("us_infantry", n.label)
    assert destinations(bench.t, tank) == []


# --- 6.3.2 Stacking ---------------------------------------------------------------------------------
def test_6_3_2_A_two_units_per_hex(bench) -> None:
    bench.add("us_infantry", "0307")
    bench.add("us_infantry", "0307")
    third = bench.add("us_infantry", "0207")
    assert H("0307") not in destinations(bench.t, third)


def test_6_3_2_B_no_infantry_with_a_tank(bench) -> None:
    bench.add("m4", "0307")
    inf = bench.add("us_infantry", "0207")
    assert H("0307") not in destinations(bench.t, inf)


def test_6_3_2_C_tanks_stand_alone(bench) -> None:
    bench.add("us_infantry", "0407")
    tank = bench.add("m4", "0307")
    bench.add("m4", "0308")
    d = destinations(bench.t, tank)
    assert H("0407") not in d and H("0308") not in d and H("0207") in d


# --- 6.4 Reserves check ------------------------------------------------------------------------------
def test_6_4_reserves_arrive_on_a_six_from_turn_3(bench) -> None:
    t = bench.t
    bench.s.turn = 2
    bench.dice(6)
    turn_mod.reserves_check(t)
    assert not bench.s.on_map("us") and bench.rng.dice_q == [6]  # no roll before turn 3
    bench.s.turn = 3
    turn_mod.reserves_check(t)
    (u,) = bench.s.on_map("us")
    assert u.kind == "us_infantry" and u.hex == t.m.markers["blue"][0].label
    bench.dice(5)
    turn_mod.reserves_check(t)
    assert len(bench.s.on_map("us")) == 1


# --- 6.5 Special American rules ---------------------------------------------------------------------
def test_6_5_1_A_low_supply_cannot_move_or_fire(bench) -> None:
    inf = bench.add("us_infantry", "0207", supply="low_supply")
    bench.add("ge_infantry", "0407")
    bench.s.dice = [2, 3]
    with pytest.raises(IllegalAction, match="Low Supply counter and cannot move") as err:
        bench.order(die=2, unit=inf.id, type="move", to="0307")
    assert err.value.rule == "6.5.1 A"
    with pytest.raises(IllegalAction, match="Low Supply counter and cannot fire") as err:
        bench.order(die=2, unit=inf.id, type="fire", target="R1")
    assert err.value.rule == "6.5.1 A"
    assert not [a for a in RULES.legal_actions(bench.s, "us") if a.args.get("unit") == inf.id
                and a.kind == "order"]


def test_6_5_1_B_two_destroyed_germans_give_a_supply_counter(bench) -> None:
    t = bench.t
    a = bench.add("ge_infantry", "1105")
    b = bench.add("ge_infantry", "1106")
    t.eliminate(a, "test")
    assert bench.s.supply == 0
    t.eliminate(b, "test")
    assert bench.s.supply == 1


def test_6_5_1_C_supply_counter_replenishes_any_time(bench) -> None:
    inf = bench.add("us_infantry", "0207", supply="low_ammo")
    with pytest.raises(IllegalAction, match="no Supply"):
        bench.act("supply", unit=inf.id)
    bench.s.supply = 1
    bench.act("supply", unit=inf.id)
    assert inf.supply == "" and bench.s.supply == 0


def test_6_5_2_reserve_track_moves_on_each_morale_loss_and_brings_reserves(bench, say) -> None:
    t = bench.t
    t.morale(5, "gain", "test")
    t.morale(-5, "loss", "test")
    assert bench.s.reserve_track == 1
    for _ in range(28):
        t.morale(-1, "loss", "test")
    assert bench.s.reserve_track == 29 and bench.s.reserve_arrivals == 0
    bench.s.reserve_deck.draw_pile.append("RS2")
    bench.dice(2, 3)
    t.morale(-5, "loss", "test")
    assert bench.s.reserve_arrivals == 1 and bench.s.reserve_track == 0
    assert sorted(u.kind for u in bench.s.on_map("ge")) == ["ge_veteran", "ge_veteran"]
    assert "German reserves arrive" in say(t.events)
    assert not RULES.invariants(bench.s)


def test_6_5_3_A_lieutenant_killed_on_a_1_after_his_unit_takes_fire(bench) -> None:
    from engine.games.saf.combat import german_fire
    t = bench.t
    inf = bench.add("us_infantry", "0207")
    lt = bench.lt(inf)
    g = bench.add("ge_infantry", "0407")
    bench.dice(2, 1)  # German misses; Lieutenant check 1
    german_fire(t, g, inf)
    assert lt.status == "eliminated" and bench.s.morale == -10
    assert inf.status == "on_map"


def test_6_5_3_C_lieutenant_falls_with_his_unit(bench) -> None:
    from engine.games.saf.combat import german_fire
    t = bench.t
    inf = bench.add("us_infantry", "0207", state="panic")
    lt = bench.lt(inf)
    g = bench.add("ge_infantry", "0407")
    bench.dice(6)
    german_fire(t, g, inf)
    assert inf.status == lt.status == "eliminated"
    assert bench.s.morale == -10  # 7.2.3 C: -5 for the unit, -5 more for the Lieutenant


# --- issue 12: one listing decides; everything else is refused with its section ---------------------
def test_6_3_6_1_move_and_or_fire_one_the_other_or_both(bench) -> None:
    """A 3 may move, fire, or both (6.3.6.1); each is a listed order and is accepted as typed."""
    us = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0507")
    bench.s.dice = [3, 3, 3]
    legal = RULES.legal_actions(bench.s, "us")
    for args in ({"to": "0307"}, {"target": g.id}, {"to": "0307", "target": g.id}):
        assert Action("order", {"die": 3, "unit": us.id, "type": "move_fire", **args}) in legal
    bench.order(die="3", unit=us.id.lower(), type="MOVE_FIRE", to="0307")
    assert us.hex == "0307"


def test_6_2_A_off_list_orders_are_refused_with_their_section(bench) -> None:
    us = bench.add("us_infantry", "0207")
    mo = bench.add("us_mortar", "0206")
    g = bench.add("ge_infantry", "0507")
    bench.s.dice = [2, 3, 4]
    before = copy.deepcopy(bench.s)
    cases = [
        ({"die": 3, "unit": mo.id, "type": "move_fire", "to": "0306"}, "6.2 A", "mortar moves with type:move"),
        ({"die": 2, "unit": us.id, "type": "move", "to": "0307", "target": g.id}, "6.3.1", "not target"),
        ({"die": 2, "unit": us.id, "type": "fire", "target": g.id, "extra": "1"}, "6.2 A", "no option extra"),
        ({"die": 4, "unit": mo.id, "type": "mortar", "target": g.id}, "6.2 A", "needs 2 dice"),
    ]
    for args, rule, words in cases:
        with pytest.raises(IllegalAction) as err:
            RULES.apply(bench.s, "us", Action("order", args))
        assert err.value.rule == rule and words in err.value.message, err.value
    assert RULES.dump(bench.s) == RULES.dump(before)
    # a mortar may still move with a 3 as infantry movement (rulings 6.2)
    assert Action("order", {"die": 3, "unit": mo.id, "type": "move", "to": "0306"}) in \
        RULES.legal_actions(bench.s, "us")


def test_8_1_1_A_place_into_the_units_own_hex_is_refused() -> None:
    s = RULES.new_state("1", 3, {})
    u = next(x for x in s.on_map("us") if x.kind == "us_infantry" and not any(
        y.attached_to == x.id for y in s.units.values()))
    with pytest.raises(IllegalAction, match="already at"):
        RULES.apply(s, "us", Action("place", {"unit": u.id, "to": u.hex}))


def test_ai_levels_random_and_normal_are_distinct_and_an_unknown_level_is_refused() -> None:
    from engine.ai.policy import UnknownPolicy

    assert RULES.levels == ("random", "easy", "normal")
    s = RULES.new_state("1", 3, {})
    RULES.apply(s, "us", Action("roll"))
    normal = {RULES.bot_action(s, "us", "normal")[0] for _ in range(2)}
    assert len(normal) == 1  # deterministic
    picks = set()
    for seed in range(8):
        t = RULES.new_state("1", seed, {})
        RULES.apply(t, "us", Action("roll"))
        picks.add(RULES.bot_action(t, "us", "random")[0] == RULES.bot_action(t, "us", "normal")[0])
    assert False in picks  # random is not normal under another name
    for level in ("hard", "greedy", "expert"):
        with pytest.raises(UnknownPolicy):
            RULES.bot_action(s, "us", level)
