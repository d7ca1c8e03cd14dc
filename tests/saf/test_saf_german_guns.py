"""The German guns run by the rules' AI: MG 42 (7.2.5), tanks (7.2.6), the Surprise Reinforcement
Check (7.3) and the AT gun (7.5)."""

from __future__ import annotations

from engine.games.saf import german_guns
from engine.games.saf.combat import german_tank_fire
from engine.hexgrid import Hex

H = Hex.parse


# --- 7.2.5 MG 42 ------------------------------------------------------------------------------------
def test_7_2_5_mg42_never_moves_fires_closest_two_dice(bench, say) -> None:
    near = bench.add("us_infantry", "0307")
    bench.add("us_veteran", "0207")
    mg = bench.add("mg42", "0607")
    t = bench.t
    bench.dice(1, 4)
    german_guns.mg_action(t, mg)
    assert mg.hex == "0607" and near.state == "alert" and "rolled 1 4" in say(t.events)


# --- 7.2.6 German tanks -----------------------------------------------------------------------------
def test_7_2_6_C_tank_fires_at_closest_american_tank(bench, say) -> None:
    far = bench.add("m4", "0207")
    near = bench.add("m4", "0408")
    pz = bench.add("panzer", "0707")
    bench.chit("tank", "miss")
    t = bench.t
    german_guns.tank_action(t, pz)
    assert near.id in say(t.events) and far.id not in say(t.events).split("fires at")[1]


def test_7_2_6_C_tank_moves_one_hex_toward_tank_out_of_range(bench) -> None:
    bench.add("m4", "0204")
    pz = bench.add("panzer", "1204")
    german_guns.tank_action(bench.t, pz, 1)
    assert H(pz.hex).distance(H("1204")) == 1 and H(pz.hex).distance(H("0204")) == 9


def test_7_2_6_C_tank_steps_round_a_building_toward_the_american_tank(bench) -> None:
    """The only hex nearer in a straight count (0602) is woods: the Panzer still moves one hex toward
    the Sherman, along a route it may drive, instead of standing still."""
    from engine.games.saf.movement import route_lengths

    sh = bench.add("m4", "0608")
    pz = bench.add("panzer", "0601")
    t = bench.t
    assert t.m.terrain[H("0602")] == "woods"
    before = route_lengths(t, pz, H(sh.hex))[H("0601")]
    german_guns.tank_action(t, pz, 1)
    assert pz.hex != "0601" and H(pz.hex).distance(H("0601")) == 1
    assert route_lengths(bench.t, pz, H(sh.hex))[H(pz.hex)] == before - 1


def test_7_2_6_D_no_american_tanks_he_at_infantry(bench, say) -> None:
    us = bench.add("us_infantry", "0207")
    pz = bench.add("panzer", "0607")
    t = bench.t
    bench.dice(2, 4)
    german_guns.tank_action(t, pz)
    assert us.state == "alert" and "HE" in say(t.events)


def test_7_2_6_2_A_front_save(bench) -> None:
    sh = bench.add("m4", "0207")
    pz = bench.add("panzer", "0607")
    bench.chit("tank", "one")
    bench.dice(4)  # M4 front 4: saved
    german_tank_fire(bench.t, pz, sh)
    assert sh.status == "on_map"


def test_7_2_6_2_B_D_flank_save_fails_damage_chit(bench) -> None:
    sh = bench.add("m4", "0207")
    pz = bench.add("panzer", "0607")
    bench.chit("tank", "two")
    bench.dice(5)  # flank 6: fails
    bench.chit("tank_damage", "bail_out")
    german_tank_fire(bench.t, pz, sh)
    assert sh.status == "eliminated" and bench.s.morale == -5


def test_2_0_C_m10_has_no_flank_save(bench, say) -> None:
    td = bench.add("m10", "0207")
    pz = bench.add("panzer", "0607")
    bench.chit("tank", "two")
    bench.chit("tank_damage", "bounce")
    t = bench.t
    german_tank_fire(t, pz, td)
    assert "no flank armour: no save" in say(t.events) and td.status == "on_map"


def test_7_2_6_2_C_explosion_destroys_without_save(bench) -> None:
    sh = bench.add("m4", "0207")
    pz = bench.add("panzer", "0607")
    bench.chit("tank", "explosion")
    german_tank_fire(bench.t, pz, sh)
    assert sh.status == "eliminated" and bench.s.morale == -10 and bench.rng.dice_q == []


def test_7_2_6_1_B_tiger_two_chits_two_damage_chits_worse(bench) -> None:
    sh = bench.add("m4", "0207")
    tg = bench.add("tiger", "0907")
    bench.chit("tank", "miss")
    bench.chit("tank", "one")
    bench.dice(1)  # front save fails
    bench.chit("tank_damage", "bounce")
    bench.chit("tank_damage", "destroyed")
    german_tank_fire(bench.t, tg, sh)
    assert sh.status == "eliminated" and bench.s.morale == -10


# --- 7.3 Surprise ------------------------------------------------------------------------------------
def test_7_3_A_surprise_veteran_at_blue_hex(bench) -> None:
    bench.add("us_infantry", "0207")
    bench.dice(6, 2)
    t = bench.t
    german_guns.surprise(t)
    (u,) = bench.s.on_map("ge")
    assert u.kind == "ge_elite" and u.hex == t.m.markers["blue"][0].label and u.surprise


def test_7_3_B_D_blue_held_gives_at_gun_and_only_one_in_play(bench) -> None:
    t = bench.t
    blue = t.m.markers["blue"][0].label
    bench.add("us_infantry", blue)
    bench.dice(6, 1)
    german_guns.surprise(t)
    (u,) = bench.s.on_map("ge")
    assert u.kind == "at_gun" and H(u.hex).distance(t.m.markers["red"][0]) <= 1
    bench.dice(6, 1)
    german_guns.surprise(t)
    assert len(bench.s.on_map("ge")) == 1 and bench.rng.dice_q == [6, 1]


def test_7_3_C_both_hexes_held_no_surprise(bench) -> None:
    t = bench.t
    bench.add("us_infantry", t.m.markers["blue"][0].label)
    bench.add("us_infantry", t.m.markers["red"][0].label)
    bench.dice(6, 5)
    german_guns.surprise(t)
    assert not bench.s.on_map("ge")


# --- 7.5 AT gun -------------------------------------------------------------------------------------
def test_7_5_A_at_gun_prefers_tanks(bench) -> None:
    inf = bench.add("us_infantry", "0507")
    sh = bench.add("m4", "0307")
    at = bench.add("at_gun", "0607")
    bench.chit("tank", "explosion")
    german_guns.at_gun_action(bench.t, at)
    assert sh.status == "eliminated" and inf.state == "calm" and at.hex == "0607"


def test_7_5_B_at_gun_he_two_dice(bench, say) -> None:
    inf = bench.add("us_infantry", "0607")
    at = bench.add("at_gun", "0807")
    t = bench.t
    bench.dice(1, 5)
    german_guns.at_gun_action(t, at)
    assert inf.state == "alert" and "rolled 1 5" in say(t.events)
