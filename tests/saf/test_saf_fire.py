"""American fire: 6.3.4 cover cards, 6.3.5 DRMs and damage, 6.3.6 special activations."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.games.saf import RULES
from engine.hexgrid import Hex

H = Hex.parse


# --- 6.3.4 Cover cards ---------------------------------------------------------------------------
def test_6_3_4_D_example_light_cover_needs_5(bench, say) -> None:
    inf = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407")
    bench.s.dice = [2, 2]
    bench.cover("light", "hard")
    bench.dice(4)
    events = bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    assert "needs 5+, light cover +1" in say(events) and "4 = 4 against 5+: miss" in say(events)
    other = bench.add("us_infantry", "0208")
    bench.cover("light", "hard")
    bench.dice(5)
    bench.chit("damage", "no_effect")
    events = bench.order(die=2, unit=other.id, type="fire", target=g.id)
    assert "5 = 5 against 5+: hit" in say(events)


def test_6_3_4_B_cover_hex_uses_the_cover_entry(bench, say) -> None:
    inf = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0409")  # woods
    bench.s.dice = [2]
    bench.cover("light", "hard")
    bench.dice(5)
    events = bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    assert "needs 6+, hard cover +2" in say(events)


def test_6_3_4_C_bunker_wastes_the_fire_order(bench, say) -> None:
    inf = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0409")
    bench.s.dice = [2]
    bench.cover("light", "bunker")
    events = bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    assert "bunker" in say(events) and not any(e.kind == "dice" for e in events)
    assert inf.acted and bench.s.dice == [] and g.state == "calm"


# --- 6.3.5 American DRMs and damage ----------------------------------------------------------------
def test_6_3_5_A_veteran_gains_plus_one(bench, say) -> None:
    v = bench.add("us_veteran", "0207")
    g = bench.add("ge_infantry", "0407")
    bench.s.dice = [2]
    bench.cover("none", "hard")
    bench.dice(3)
    bench.chit("damage", "no_effect")
    events = bench.order(die=2, unit=v.id, type="fire", target=g.id)
    assert "3 +1 veteran = 4 against 4+: hit" in say(events)


def test_6_3_5_A_lieutenant_adjacent_gains_plus_one(bench, say) -> None:
    host = bench.add("us_infantry", "0208")
    bench.lt(host)
    inf = bench.add("us_infantry", "0207")  # adjacent to the Lieutenant
    far = bench.add("us_infantry", "0205")
    g = bench.add("ge_infantry", "0406")
    bench.s.dice = [2, 2]
    bench.cover("none", "hard")
    bench.dice(3)
    bench.chit("damage", "no_effect")
    assert "+1 1st Lieutenant = 4" in say(bench.order(die=2, unit=inf.id, type="fire", target=g.id))
    bench.cover("none", "hard")
    bench.dice(3)
    assert "3 = 3 against 4+: miss" in say(bench.order(die=2, unit=far.id, type="fire", target=g.id))


def test_6_3_5_B_drms_are_cumulative(bench, say) -> None:
    v = bench.add("us_veteran", "0207")
    bench.lt(v)
    g = bench.add("ge_infantry", "0407")
    bench.s.dice = [2]
    bench.cover("none", "hard")
    bench.dice(2)
    bench.chit("damage", "no_effect")
    assert "2 +1 veteran +1 1st Lieutenant = 4 against 4+: hit" in say(
        bench.order(die=2, unit=v.id, type="fire", target=g.id))


def test_6_3_5_C_natural_six_always_hits(bench, say) -> None:
    inf = bench.add("us_infantry", "0207", state="panic")
    g = bench.add("ge_veteran", "0409")  # woods: 5 + 2 hard cover = 7
    bench.s.dice = [2]
    bench.cover("none", "hard")
    bench.dice(6)
    bench.chit("damage", "no_effect")
    events = bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    assert "6 -1 panicked = 5 against 7+: hit (natural 6)" in say(events)


def test_6_3_5_D_E_damage_chit_destroys_and_scores(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407")
    bench.s.dice = [2]
    bench.cover("none", "hard")
    bench.dice(5)
    bench.chit("damage", "destroyed", 10)
    bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    assert g.status == "eliminated" and bench.s.morale == 10


def test_6_3_5_D_no_effect_chit(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407")
    bench.s.dice = [2]
    bench.cover("none", "hard")
    bench.dice(5)
    bench.chit("damage", "no_effect")
    bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    assert g.status == "on_map" and bench.s.morale == 0


def test_6_3_5_F_german_becomes_alert_after_being_fired_on(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407")
    bench.s.dice = [2]
    bench.cover("none", "hard")
    bench.dice(2)
    bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    assert g.state == "alert"


def test_6_3_5_G_natural_one_runs_low_on_ammunition(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407")
    bench.s.dice = [2]
    bench.cover("none", "hard")
    bench.dice(1)
    bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    assert inf.supply == "low_ammo"


def test_6_3_5_H_no_unit_fires_twice(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407")
    bench.s.dice = [2, 3]
    bench.cover("none", "hard")
    bench.dice(2)
    bench.order(die=2, unit=inf.id, type="fire", target=g.id)
    inf.acted = False  # even if it were unflipped, it has fired
    with pytest.raises(IllegalAction, match="already fired"):
        bench.order(die=3, unit=inf.id, type="fire", target=g.id)


# --- 6.3.6 Special activations --------------------------------------------------------------------
def test_6_3_6_1_move_and_fire(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0807")
    bench.s.dice = [3]
    assert g not in __import__("engine.games.saf.american", fromlist=["x"]).rifle_targets(bench.t, inf)
    bench.cover("none", "hard")
    bench.dice(2)
    bench.order(die=3, unit=inf.id, type="move_fire", to="0507", target=g.id)
    assert inf.hex == "0507" and inf.fired and g.state == "alert"


def test_6_3_6_2_covering_fire_fires_and_moves_an_adjacent_unit(bench) -> None:
    firer = bench.add("us_infantry", "0207")
    mover = bench.add("us_infantry", "0208")
    g = bench.add("ge_infantry", "0407")
    bench.s.dice = [6, 6]
    with pytest.raises(IllegalAction, match="a covering-fire move goes up to 2") as err:
        bench.order(die=6, unit=firer.id, type="cover", target=g.id, mover=mover.id, to="0508")
    assert err.value.rule == "6.3.6.2"
    bench.cover("none", "hard")
    bench.dice(2)
    bench.order(die=6, unit=firer.id, type="cover", target=g.id, mover=mover.id, to="0408")
    assert firer.acted and mover.acted and mover.hex == "0408" and firer.fired


def test_6_3_6_3_medic_panic_to_alert_never_calm(bench) -> None:
    inf = bench.add("us_infantry", "0207", state="alert")
    bench.s.dice = [1, 1]
    with pytest.raises(IllegalAction, match="Panicked"):
        bench.order(die=1, unit=inf.id, type="medic")
    inf.state = "panic"
    bench.dice(3)
    bench.order(die=1, unit=inf.id, type="medic")
    assert inf.state == "panic" and not inf.medic
    bench.dice(4)
    bench.order(die=1, unit=inf.id, type="medic")
    assert inf.state == "alert"


def test_6_3_6_4_example_mortar_destroys_mg42(bench, say) -> None:
    mortar = bench.add("us_mortar", "0207")
    mg = bench.add("mg42", "0607")
    bench.s.dice = [4, 4]
    deck = list(bench.s.cover_deck.draw_pile)
    bench.dice(5, 5, 6)  # range in 5; 2d6 = 5, 6 needing 5+
    events = bench.order(die=4, unit=mortar.id, type="mortar", target=mg.id)
    assert "needs 5+" in say(events) and "Higher die 6 against 5+: hit" in say(events)
    assert mg.status == "eliminated" and bench.s.morale == 5  # H: no damage chit, +5
    assert bench.s.cover_deck.draw_pile == deck  # F: no cover card
    assert not any(e.kind == "chit" for e in events)


def test_6_3_6_4_A_lieutenant_spots_for_the_mortar(bench) -> None:
    from engine.games.saf.american import mortar_targets
    mortar = bench.add("us_mortar", "0102")
    host = bench.add("us_infantry", "0707")
    g = bench.add("ge_infantry", "0605")
    # the woods at 0502-0503 hide g from the mortar at the north-west corner
    assert not bench.t.los(mortar, H("0102"), H("0605"), mortar=True)
    assert g not in mortar_targets(bench.t, mortar)
    lt = bench.lt(host)
    assert g in mortar_targets(bench.t, mortar)
    bench.t.eliminate(lt, "test")
    assert g not in mortar_targets(bench.t, mortar)  # killed: only the mortar's own LOS


def test_6_3_6_4_B_failed_range_in_means_no_fire(bench) -> None:
    mortar = bench.add("us_mortar", "0207")
    g = bench.add("ge_infantry", "0607")
    bench.s.dice = [4, 4]
    bench.dice(2)
    bench.order(die=4, unit=mortar.id, type="mortar", target=g.id)
    assert g.status == "on_map" and bench.rng.dice_q == [] and mortar.fired


def test_6_3_6_4_G_double_six_hits_a_second_target(bench) -> None:
    mortar = bench.add("us_mortar", "0207")
    g = bench.add("ge_infantry", "0607")
    tank = bench.add("panzer", "0807")
    bench.s.dice = [4, 4]
    bench.dice(4, 6, 6)
    bench.chit("tank_damage", "destroyed")
    bench.order(die=4, unit=mortar.id, type="mortar", target=g.id, second=tank.id)
    assert g.status == tank.status == "eliminated" and bench.s.morale == 15


def test_6_3_6_5_B_sniper_officer_kill(bench) -> None:
    sn = bench.add("us_sniper", "0207")
    g = bench.add("ge_infantry", "0507")
    bench.s.dice = [6, 6]
    bench.dice(6, 4)
    bench.order(die=6, unit=sn.id, type="sniper", target=g.id)
    assert bench.s.morale == 10 and g.status == "on_map" and g.state == "calm"


def test_6_3_6_5_B_sniper_range_five_spot_unlimited(bench) -> None:
    from engine.games.saf.american import sniper_targets
    sn = bench.add("us_sniper", "0207")
    g = bench.add("ge_infantry", "0807")
    assert g not in sniper_targets(bench.t, sn, "sniper") and g in sniper_targets(bench.t, sn, "spot")


def test_6_3_6_5_C_D_spot_gives_plus_one_and_no_cover_card_for_sniper(bench, say) -> None:
    sn = bench.add("us_sniper", "0207")
    inf = bench.add("us_infantry", "0208")
    g = bench.add("ge_infantry", "0507")
    bench.s.dice = [6, 6, 2]
    bench.dice(3)
    bench.order(die=6, unit=sn.id, type="spot", target=g.id)
    assert g.spotted
    bench.cover("none", "hard")
    bench.dice(3)
    bench.chit("damage", "no_effect")
    assert "+1 spotted by sniper = 4" in say(bench.order(die=2, unit=inf.id, type="fire", target=g.id))
    bench.act("end")
    assert not g.spotted


def test_6_3_6_5_D_sniper_draws_no_cover_card(bench) -> None:
    sn = bench.add("us_sniper", "0207")
    g = bench.add("ge_infantry", "0409")  # woods
    bench.s.dice = [6, 6]
    deck = list(bench.s.cover_deck.draw_pile)
    bench.dice(4, 4)  # scope in; fire at 4+ (no +2 hard cover)
    bench.chit("damage", "no_effect")
    bench.order(die=6, unit=sn.id, type="sniper", target=g.id)
    assert bench.s.cover_deck.draw_pile == deck and g.state == "alert"


def test_6_3_6_6_C_D_assault_success_destroys_and_moves_in(bench) -> None:
    v = bench.add("us_veteran", "0207")
    g = bench.add("ge_infantry", "0307")
    bench.s.dice = [1, 1]
    bench.cover("none", "hard")
    bench.dice(3, 3, 4, 3)  # 13 +1 veteran = 14
    bench.order(die=1, unit=v.id, type="assault", target=g.id)
    assert g.status == "eliminated" and v.hex == "0307" and bench.s.morale == 10


def test_6_3_6_6_F_G_extra_defender_minus_two_and_failure_low_supply(bench, say) -> None:
    v = bench.add("us_veteran", "0207")
    g = bench.add("ge_infantry", "0307")
    bench.add("ge_infantry", "0307")
    bench.s.dice = [1, 1]
    bench.cover("none", "hard")
    bench.dice(4, 4, 4, 2)  # 14 +1 -2 = 13
    events = bench.order(die=1, unit=v.id, type="assault", target=g.id)
    assert "-2 extra defenders" in say(events) and "= 13: failure" in say(events)
    assert v.supply == "low_supply" and v.hex == "0207" and g.status == "on_map"


def test_6_3_6_6_F_low_supply_and_panicked_defenders(bench, say) -> None:
    inf = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0307", state="panic", supply="low_supply")
    bench.s.dice = [1, 1]
    bench.cover("none", "hard")
    bench.dice(3, 3, 3, 3)  # 12 +1 +1 = 14
    events = bench.order(die=1, unit=inf.id, type="assault", target=g.id)
    assert "+1 low supply +1 panicked = 14: success" in say(events)


def test_6_3_6_6_B_G_tanks_may_be_assaulted_bunker_aborts(bench, say) -> None:
    inf = bench.add("us_infantry", "0207")
    tank = bench.add("panzer", "0307")
    bench.s.dice = [1, 1, 1, 1]
    bench.cover("none", "hard")
    bench.dice(6, 6, 1, 1)
    bench.order(die=1, unit=inf.id, type="assault", target=tank.id)
    assert tank.status == "eliminated"
    inf2 = bench.add("us_infantry", "0408")
    g = bench.add("ge_infantry", "0409")
    bench.cover("none", "bunker")
    events = bench.order(die=1, unit=inf2.id, type="assault", target=g.id)
    assert "bunker" in say(events) and inf2.supply == "low_supply"


def test_6_3_6_7_example_m10_draws_two_chits_bounce(bench, say) -> None:
    td = bench.add("m10", "0207")
    pz = bench.add("panzer", "0607")
    bench.s.dice = [5]
    bench.chit("tank", "miss")
    bench.chit("tank", "one")
    bench.chit("tank_damage", "bounce")
    events = bench.order(die=5, unit=td.id, type="tank", target=pz.id)
    assert say(events).count("Tank chit") == 2 and "hit" in say(events) and "BOUNCE" in say(events)
    assert pz.status == "on_map" and bench.s.morale == 0


def test_6_3_6_7_F_H_sherman_one_chit_bail_out_scores_five(bench, say) -> None:
    sh = bench.add("m4", "0207")
    pz = bench.add("panzer", "0607")
    bench.s.dice = [5]
    bench.chit("tank", "two")
    bench.chit("tank_damage", "bail_out")
    events = bench.order(die=5, unit=sh.id, type="tank", target=pz.id)
    assert say(events).count("Tank chit") == 1
    assert pz.status == "eliminated" and bench.s.morale == 5 and bench.s.panzers_destroyed == 1


def test_6_3_6_7_B_tanks_two_mps_not_into_woods_or_buildings(bench) -> None:
    from engine.games.saf.movement import destinations
    sh = bench.add("m4", "0308")
    d = destinations(bench.t, sh)
    assert H("0409") not in d and H("0508") in d and H("0608") not in d


def test_6_3_6_7_C_german_infantry_panics_near_american_tank(bench) -> None:
    sh = bench.add("m4", "0207")
    g = bench.add("ge_infantry", "0607")
    bench.s.dice = [5]
    bench.order(die=5, unit=sh.id, type="tank", to="0407")
    assert g.state == "panic"


def test_6_3_6_7_I_J_he_rolls_two_dice_clear_entry_only(bench, say) -> None:
    sh = bench.add("m4", "0207")
    g = bench.add("ge_infantry", "0409")  # woods, but tanks read the clear entry
    bench.s.dice = [5]
    bench.cover("light", "bunker")
    bench.dice(2, 5)
    bench.chit("damage", "no_effect")
    events = bench.order(die=5, unit=sh.id, type="he", target=g.id)
    assert "needs 5+, light cover +1" in say(events) and "rolled 2 5" in say(events) and ": hit" in say(events)


def test_7_2_3_A_panicked_american_cannot_move_but_fires_at_minus_one(bench) -> None:
    inf = bench.add("us_infantry", "0207", state="panic")
    bench.add("ge_infantry", "0407")
    bench.s.dice = [2]
    with pytest.raises(IllegalAction, match="Panicked"):
        bench.order(die=2, unit=inf.id, type="move", to="0307")
    kinds = {a.args["type"] for a in RULES.legal_actions(bench.s, "us") if a.args.get("unit") == inf.id}
    assert kinds == {"fire"}
