"""The German turn (7.0) run by the rules' AI."""

from __future__ import annotations

from engine.games.saf import german
from engine.games.saf.combat import german_fire, german_tank_fire
from engine.hexgrid import Hex

H = Hex.parse


# --- 7.1 Adjust status ---------------------------------------------------------------------------
def test_7_1_A_B_C_adjust_status(bench) -> None:
    bench.add("m4", "0207")
    near = bench.add("ge_infantry", "0407", state="panic", supply="low_supply")
    far = bench.add("ge_infantry", "1107", state="panic", supply="low_supply")
    alert = bench.add("ge_infantry", "1108", state="alert", supply="low_supply")
    german.adjust_status(bench.t)
    assert near.state == "panic" and near.supply == "low_supply"  # tank within two hexes (rulings 7.1 A)
    assert far.state == "alert" and far.supply == ""
    assert alert.state == "alert" and alert.supply == ""


# --- 7.2 German infantry actions ---------------------------------------------------------------------
def test_7_2_example_alert_unit_hit_the_dirt_fires_plus_one(bench, say) -> None:
    us = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407", state="alert")
    bench.action("Hit the dirt")
    bench.dice(3, 4)  # 3 +1 card = 4 against 4+; Lieutenant check not needed
    t = bench.t
    german.infantry_action(t, g)
    assert "draws 'Hit the dirt'" in say(t.events) and "3 +1 card = 4 against 4+: hit" in say(t.events)
    assert us.state == "alert" and g.supply == "low_supply" and g.hex == "0407"


def test_7_2_example_no_target_moves_one_hex_then_fires(bench, say) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0707", state="alert")  # five hexes: out of range 4
    bench.action("Hit the dirt")
    bench.dice(2)
    t = bench.t
    german.infantry_action(t, g)
    assert H(g.hex).distance(H("0207")) == 4 and g.fired and g.supply == "low_supply"


def test_7_2_example_cannot_fire_just_moves_one_hex(bench) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0907", state="alert")
    bench.action("Hit the dirt")
    german.infantry_action(bench.t, g)
    assert H(g.hex).distance(H("0907")) == 1 and not g.fired and g.supply == ""


def test_7_2_C_card_read_by_state(bench, say) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0907", state="panic")
    bench.action("Fall back")
    t = bench.t
    german.infantry_action(t, g)
    assert "Panic Rifle squad" in say(t.events) and "falls back" in say(t.events)
    assert H(g.hex).distance(H("0207")) > 7


def test_7_2_I_no_action(bench, say) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407")
    bench.action("No action")
    t = bench.t
    german.infantry_action(t, g)
    assert g.hex == "0407" and not g.fired and "takes no action" in say(t.events)


def test_7_2_1_A_keyed_unit_moves_toward_its_american(bench) -> None:
    bench.add("us_infantry", "0207")  # number 1, closer
    two = bench.add("us_infantry", "0210")  # number 2
    g = bench.add("ge_infantry", "0907", 2)
    bench.action("Advance")  # calm: move 2
    german.infantry_action(bench.t, g)
    assert H(g.hex).distance(H(two.hex)) == H("0907").distance(H(two.hex)) - 2


def test_7_2_1_C_unkeyed_moves_toward_closest(bench) -> None:
    near = bench.add("us_infantry", "0207")
    bench.add("us_infantry", "0211")
    g = bench.add("ge_infantry", "0907")
    bench.action("Advance")
    german.infantry_action(bench.t, g)
    assert H(g.hex).distance(H(near.hex)) == H("0907").distance(H(near.hex)) - 2


def test_7_2_1_A_best_cover_among_equal_moves(bench) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0510")
    bench.action("Take cover")  # calm: move 1
    german.infantry_action(bench.t, g)
    # 0509 (clear) and 0409 (woods) both close in by one hex: the woods win
    assert g.hex == "0409"


def test_7_2_1_D_adjacent_unit_treats_move_as_fire(bench, say) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0307")
    bench.action("Advance")
    bench.dice(2)
    t = bench.t
    german.infantry_action(t, g)
    assert g.hex == "0307" and g.fired and "7.2.1 D" in say(t.events)


def test_7_2_1_B_germans_closest_to_americans_act_first(bench) -> None:
    bench.add("us_infantry", "0207")
    far = bench.add("ge_infantry", "1107")
    near = bench.add("ge_infantry", "0607")
    for _ in range(2):
        bench.action("No action")
    t = bench.t
    german.german_turn(t)
    cards = [e.text for e in t.events if e.kind == "card" and "draws" in e.text]
    assert near.id in cards[0] and far.id in cards[1]


# --- 7.2.2 German fire -------------------------------------------------------------------------------
def test_7_2_2_example_veteran_5_in_woods_6(bench, say) -> None:
    v = bench.add("us_veteran", "0207")
    w = bench.add("us_veteran", "0410")  # woods
    g = bench.add("ge_infantry", "0408")
    t = bench.t
    bench.dice(5)
    assert german_fire(t, g, v) and "needs 5+" in say(t.events)
    bench.dice(5)
    assert not german_fire(t, g, w)
    bench.dice(6)
    assert german_fire(t, g, w) and "needs 6+" in say(t.events)


def test_7_2_2_B_german_veteran_plus_one(bench, say) -> None:
    us = bench.add("us_infantry", "0207")
    g = bench.add("ge_veteran", "0407")
    t = bench.t
    bench.dice(3)
    assert german_fire(t, g, us) and "3 +1 veteran = 4 against 4+: hit" in say(t.events)


def test_7_2_2_C_building_plus_two_hill_from_below_plus_one(bench, say) -> None:
    b = bench.add("us_infantry", "0303")  # building
    hill = bench.add("us_infantry", "0708")  # hill
    g = bench.add("ge_infantry", "0305")
    g2 = bench.add("ge_infantry", "0608")
    t = bench.t
    bench.dice(5)
    german_fire(t, g, b)
    bench.dice(4)
    german_fire(t, g2, hill)
    text = say(t.events)
    assert "needs 6+" in text and "needs 5+" in text


def test_7_2_2_D_natural_six_always_hits_american(bench) -> None:
    us = bench.add("us_veteran", "0303")  # 5 + 2 building = 7
    g = bench.add("ge_infantry", "0305")
    bench.dice(6)
    assert german_fire(bench.t, g, us) and us.state == "alert"


def test_7_2_2_E_target_priorities(bench) -> None:
    t = bench.t
    g = bench.add("ge_infantry", "0607", 3)
    calm = bench.add("us_infantry", "0507")  # closest, number 1
    vet = bench.add("us_veteran", "0407")  # number 2
    assert german.infantry_target(t, g)[0] is vet  # a Veteran over regular infantry
    alert = bench.add("us_infantry", "0307", state="alert")  # number 3: keyed too
    alert.number = 0
    assert german.infantry_target(t, g)[0] is alert  # Alert over no marker
    keyed = bench.add("us_infantry", "0208")
    keyed.number = 3
    assert german.infantry_target(t, g)[0] is keyed  # the American whose number it has
    assert calm.state == "calm"


def test_7_2_2_E_two_adjacent_least_cover_first(bench) -> None:
    t = bench.t
    g = bench.add("ge_infantry", "0804", 1)
    bench.add("us_infantry", "0805")  # building, number 1 (keyed!)
    open_ = bench.add("us_infantry", "0904")
    target, why = german.infantry_target(t, g)
    assert target is open_ and "least cover" in why


def test_7_2_3_A_B_C_alert_panic_destroyed(bench) -> None:
    us = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407")
    t = bench.t
    bench.dice(6, 6, 6)
    german_fire(t, g, us)
    assert us.state == "alert"
    german_fire(t, g, us)
    assert us.state == "panic"
    german_fire(t, g, us)
    assert us.status == "eliminated" and bench.s.morale == -5


# --- 7.2.4 German assault ----------------------------------------------------------------------------
def test_7_2_4_A_C_adjacent_assault_first_lieutenant_15(bench, say) -> None:
    us = bench.add("us_infantry", "0207")
    lt = bench.lt(us)
    g = bench.add("ge_infantry", "0307")
    bench.action("Charge!")
    bench.dice(4, 4, 3, 3)  # 14; the Lieutenant is not an extra defender (B)
    t = bench.t
    german.infantry_action(t, g)
    assert "assault first" in say(t.events) and "-2" not in say(t.events)
    assert us.status == lt.status == "eliminated" and g.hex == "0207"
    assert bench.s.morale == -15


def test_7_2_4_B_sole_mortar_defender_plus_two(bench, say) -> None:
    m = bench.add("us_mortar", "0207")
    g = bench.add("ge_infantry", "0307")
    bench.action("Charge!")
    bench.dice(3, 3, 3, 3)  # 12 + 2
    t = bench.t
    german.infantry_action(t, g)
    assert "+2 sniper or mortar alone" in say(t.events) and m.status == "eliminated"
    assert bench.s.morale == -10


def test_6_3_6_6_G_failed_german_assault_low_supply_only_from_the_card_icon(make_bench) -> None:
    """6.3.6.6 G gives the Low Supply counter to American units; a German gets one only from its
    card's icon (7.2 F)."""
    for card, icon in (("Charge!", False), ("Close assault", True)):
        b = make_bench()
        us = b.add("us_infantry", "0207")
        g = b.add("ge_infantry", "0307")
        b.action(card)
        b.dice(1, 1, 1, 1)
        german.infantry_action(b.t, g)
        assert us.status == "on_map" and g.hex == "0307"
        assert g.supply == ("low_supply" if icon else ""), card


def test_7_2_3_C_lieutenant_lost_to_german_fire_is_one_morale_change(bench) -> None:
    """'-10 if the 1st Lieutenant was attached': one change of -10, so the reserve track moves one box."""
    us = bench.add("us_infantry", "0207", state="panic")
    lt = bench.lt(us)
    g = bench.add("ge_infantry", "0407")
    bench.dice(6)
    german_fire(bench.t, g, us)
    assert us.status == lt.status == "eliminated"
    assert bench.s.morale == -10 and [m.delta for m in bench.s.morale_log] == [-10]
    assert bench.s.reserve_moves == 1


def test_7_2_4_C_lieutenant_lost_in_a_german_assault_is_one_morale_change(bench) -> None:
    """'15 if the assault killed an infantry and the 1st Lieutenant': one change of -15."""
    us = bench.add("us_infantry", "0207")
    bench.lt(us)
    g = bench.add("ge_infantry", "0307")
    bench.action("Charge!")
    bench.dice(4, 4, 3, 3)
    german.infantry_action(bench.t, g)
    assert [m.delta for m in bench.s.morale_log] == [-15] and bench.s.reserve_moves == 1


def test_6_5_1_A_panicked_german_with_low_supply_does_not_fall_back(bench, say) -> None:
    """A unit with Low Supply 'cannot move, fire, or assault': a Panicked German keeps the marker
    (7.1 B) and so may not fall back either."""
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0507", state="panic", supply="low_supply")
    bench.action("Fall back")
    t = bench.t
    german.infantry_action(t, g)
    assert g.hex == "0507" and not g.moved and "6.5.1 A" in say(t.events)
    # without the marker the same card falls back two hexes
    g.supply = ""
    bench.action("Fall back")
    german.infantry_action(bench.t, g)
    assert g.hex != "0507"


# --- 7.2.5 MG 42 ------------------------------------------------------------------------------------
def test_7_2_5_mg42_never_moves_fires_closest_two_dice(bench, say) -> None:
    near = bench.add("us_infantry", "0307")
    bench.add("us_veteran", "0207")
    mg = bench.add("mg42", "0607")
    t = bench.t
    bench.dice(1, 4)
    german.mg_action(t, mg)
    assert mg.hex == "0607" and near.state == "alert" and "rolled 1 4" in say(t.events)


# --- 7.2.6 German tanks -----------------------------------------------------------------------------
def test_7_2_6_C_tank_fires_at_closest_american_tank(bench, say) -> None:
    far = bench.add("m4", "0207")
    near = bench.add("m4", "0408")
    pz = bench.add("panzer", "0707")
    bench.chit("tank", "miss")
    t = bench.t
    german.tank_action(t, pz)
    assert near.id in say(t.events) and far.id not in say(t.events).split("fires at")[1]


def test_7_2_6_C_tank_moves_one_hex_toward_tank_out_of_range(bench) -> None:
    bench.add("m4", "0204")
    pz = bench.add("panzer", "1204")
    german.tank_action(bench.t, pz, 1)
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
    german.tank_action(t, pz, 1)
    assert pz.hex != "0601" and H(pz.hex).distance(H("0601")) == 1
    assert route_lengths(bench.t, pz, H(sh.hex))[H(pz.hex)] == before - 1


def test_7_2_6_D_no_american_tanks_he_at_infantry(bench, say) -> None:
    us = bench.add("us_infantry", "0207")
    pz = bench.add("panzer", "0607")
    t = bench.t
    bench.dice(2, 4)
    german.tank_action(t, pz)
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
    german.surprise(t)
    (u,) = bench.s.on_map("ge")
    assert u.kind == "ge_elite" and u.hex == t.m.markers["blue"][0].label and u.surprise


def test_7_3_B_D_blue_held_gives_at_gun_and_only_one_in_play(bench) -> None:
    t = bench.t
    blue = t.m.markers["blue"][0].label
    bench.add("us_infantry", blue)
    bench.dice(6, 1)
    german.surprise(t)
    (u,) = bench.s.on_map("ge")
    assert u.kind == "at_gun" and H(u.hex).distance(t.m.markers["red"][0]) <= 1
    bench.dice(6, 1)
    german.surprise(t)
    assert len(bench.s.on_map("ge")) == 1 and bench.rng.dice_q == [6, 1]


def test_7_3_C_both_hexes_held_no_surprise(bench) -> None:
    t = bench.t
    bench.add("us_infantry", t.m.markers["blue"][0].label)
    bench.add("us_infantry", t.m.markers["red"][0].label)
    bench.dice(6, 5)
    german.surprise(t)
    assert not bench.s.on_map("ge")


# --- 7.4 German Veteran --------------------------------------------------------------------------
def test_7_4_A_C_veterans_close_on_lieutenant_and_capture_him(bench) -> None:
    host = bench.add("us_infantry", "0207")
    lt = bench.lt(host)
    ev = bench.add("ge_elite", "0507", surprise=True)
    bench.dice(4, 4, 4, 4)  # 16 + 1 veteran
    german.elite_action(bench.t, ev)
    assert host.status == lt.status == ev.status == "eliminated"
    assert bench.s.morale == -10 and bench.s.german_destroyed == 0


def test_7_4_C_failed_assault_wipes_out_the_veterans(bench) -> None:
    host = bench.add("us_infantry", "0207")
    bench.lt(host)
    ev = bench.add("ge_elite", "0407", surprise=True)
    bench.dice(1, 1, 1, 1)
    german.elite_action(bench.t, ev)
    assert ev.status == "eliminated" and host.status == "on_map" and bench.s.morale == 10


def test_7_4_B_fire_at_nearest_other_than_the_lieutenants_unit(bench) -> None:
    host = bench.add("us_infantry", "0204")
    bench.lt(host)
    other = bench.add("us_infantry", "0808")
    ev = bench.add("ge_elite", "1108", surprise=True)
    bench.dice(6)
    german.elite_action(bench.t, ev)
    assert other.state == "alert" and host.state == "calm"


# --- 7.5 AT gun -------------------------------------------------------------------------------------
def test_7_5_A_at_gun_prefers_tanks(bench) -> None:
    inf = bench.add("us_infantry", "0507")
    sh = bench.add("m4", "0307")
    at = bench.add("at_gun", "0607")
    bench.chit("tank", "explosion")
    german.at_gun_action(bench.t, at)
    assert sh.status == "eliminated" and inf.state == "calm" and at.hex == "0607"


def test_7_5_B_at_gun_he_two_dice(bench, say) -> None:
    inf = bench.add("us_infantry", "0607")
    at = bench.add("at_gun", "0807")
    t = bench.t
    bench.dice(1, 5)
    german.at_gun_action(t, at)
    assert inf.state == "alert" and "rolled 1 5" in say(t.events)


# --- 8.x German specials --------------------------------------------------------------------------------
def test_8_6_2_E_holders_fire_at_closest_without_card(bench, say) -> None:
    near = bench.add("us_infantry", "0507")
    g = bench.add("ge_veteran", "0806", holds=True)
    deck = list(bench.s.action_deck.draw_pile)
    bench.dice(4)
    bench.add("us_infantry", "0408")
    t = bench.t
    german.german_turn(t)
    assert near.state == "alert" and g.hex == "0806"
    assert bench.s.action_deck.draw_pile == deck
    assert not any("draws" in e.text for e in t.events)


def test_8_2_2_C_tiger_arrives_after_german_tank_step_on_turn_3() -> None:
    from engine.games.saf import RULES
    from engine.games.saf.table import Table
    s = RULES.new_state("2", 4, {})
    s.turn = 3
    t = Table(s, [])
    german.german_turn(t)
    tiger = next(u for u in s.units.values() if u.kind == "tiger")
    assert tiger.status == "on_map" and tiger.hex == t.m.markers["red"][0].label
    texts = [e.text for e in t.events]
    arrive = next(i for i, x in enumerate(texts) if "Tiger" in x and "arrives" in x)
    assert all("Panzer" not in x for x in texts[arrive:]), "the Tiger comes after the tank step"


# --- nothing a German unit does is silent (issue 13) --------------------------------------------------
def _lines(t, rule: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.text for e in t.events if e.rule == rule]


def test_7_2_6_C_a_tank_that_neither_fires_nor_moves_says_why(bench) -> None:
    bench.add("m4", "0204")  # out of the Panzer's range (5)
    pz = bench.add("panzer", "1306")
    for n in bench.t.m.neighbors(H("1306")):  # its own infantry all round: no hex to end in (6.3.2 B)
        bench.add("ge_infantry", n.label)
    t = bench.t
    german.tank_action(t, pz, 1)
    assert pz.hex == "1306"
    (line,) = _lines(t, "7.2.6 C")
    assert line.startswith(f"{t.name(pz)} neither fires nor moves: no American tank in range (5) and LOS")
    assert "no hex within 1" in line


def test_7_5_A_an_at_gun_with_nothing_in_range_says_so_and_how_far(bench) -> None:
    bench.add("us_infantry", "0207")
    at = bench.add("at_gun", "1207")
    t = bench.t
    german.at_gun_action(t, at)
    (line,) = _lines(t, "7.5 A")
    assert "does not fire: no American tank or infantry in range (5) and LOS" in line
    assert "Infantry I1 at 0207: out of range (10 hexes, range 5)" in line


def test_7_2_4_A_a_close_assault_step_with_no_american_adjacent_says_what_the_card_asked(bench, say) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "1207")
    bench.action("Close assault")
    t = bench.t
    german.infantry_action(t, g)
    assert H(g.hex).distance(H("1207")) == 1  # the card's move 1 was made
    (line,) = _lines(t, "7.2.4 A")
    assert line == f"{t.name(g)} has no American adjacent: the card's assault is not carried out"
    assert g.supply == ""  # no fire, no assault: no Low Supply marker (7.2 F)


def test_7_2_D_a_german_with_no_target_says_range_or_line_of_sight(bench) -> None:
    bench.add("us_infantry", "0506")
    g = bench.add("ge_infantry", "0906")  # four hexes: in range, behind the buildings
    bench.action("Open fire")
    t = bench.t
    german.infantry_action(t, g)
    (line,) = _lines(t, "7.2 D")
    assert "the nearest is Infantry I1 at 0506: no line of sight (blocked by building" in line
    mg = bench.add("mg42", "1506")
    german.mg_action(t, mg)
    (line,) = _lines(t, "7.2.5 C")
    assert "Infantry I1 at 0506: out of range (10 hexes, range 6)" in line


# --- German fire lines name their modifiers and cite the firer's clause ----------------------------------
def test_7_2_5_mg42_fire_cites_7_2_5_and_names_cover_and_dice(bench, say) -> None:
    bench.add("us_veteran", "0409")  # woods
    mg = bench.add("mg42", "0709")
    t = bench.t
    bench.dice(2, 6)
    german.mg_action(t, mg)
    roll = next(e for e in t.events if e.kind == "dice")
    assert roll.rule == "7.2.5" and "(needs 6+: printed 5, woods +1, 2d6 keep the higher)" in roll.text
    result = next(e for e in t.events if e.kind == "fire")
    assert result.rule == "7.2.5" and result.text == "Higher die 6 = 6 against 6+: hit"


def test_7_2_6_D_tank_he_cites_7_2_6_D(bench) -> None:
    bench.add("us_infantry", "0207")
    pz = bench.add("panzer", "0607")
    t = bench.t
    bench.dice(2, 4)
    german.tank_action(t, pz)
    assert {e.rule for e in t.events if e.kind in ("dice", "fire")} == {"7.2.6 D"}
    assert any("(needs 4+: printed 4, no cover, 2d6 keep the higher)" in e.text for e in t.events)


def test_7_5_at_gun_fire_cites_7_5(bench) -> None:
    bench.add("us_infantry", "0606")
    at = bench.add("at_gun", "0806")
    t = bench.t
    bench.dice(1, 5)
    german.at_gun_action(t, at)
    assert {e.rule for e in t.events if e.kind in ("dice", "fire")} == {"7.5 B"}
    sh = bench.add("m4", "0307")
    at.fired = False
    bench.chit("tank", "miss")
    t2 = bench.t
    german.at_gun_action(t2, at)
    assert sh.status == "on_map" and [e.rule for e in t2.events if e.kind == "chit"] == ["7.5 A"]


def test_7_2_2_B_C_german_fire_names_veteran_card_and_terrain(bench) -> None:
    bench.add("us_infantry", "0303")  # building: +2
    g = bench.add("ge_veteran", "0503", state="alert")
    bench.action("Hit the dirt")  # alert: fire +1
    t = bench.t
    bench.dice(4)
    german.infantry_action(t, g)
    roll = next(e for e in t.events if e.kind == "dice")
    assert "(needs 6+: printed 4, building +2)" in roll.text
    result = next(e for e in t.events if e.kind == "fire")
    assert result.text == "4 +1 veteran +1 card = 6 against 6+: hit" and result.rule == "7.2.2"


# --- 7.2.1 A and 8.0 B: the German move choice ------------------------------------------------------------
def _advance(bench, mode: str, tank: str) -> tuple:  # type: ignore[no-untyped-def]
    bench.s.options["german_move"] = mode
    for h in ("0905", "1005", "0906"):
        bench.add("us_infantry", h)
    bench.add("m4", tank)
    g = bench.add("ge_veteran", "1305")
    bench.action("Advance")  # calm: move 2
    t = bench.t
    german.infantry_action(t, g)
    return g, t


def test_7_2_1_A_8_0_B_a_german_move_does_not_panic_itself_next_to_an_american_tank(make_bench) -> None:
    old, _ = _advance(make_bench(), "closest", "0904")
    assert old.hex == "1105" and old.state == "panic"  # the squad: open ground beside a Sherman
    g, t = _advance(make_bench(), "sensible", "0904")
    assert g.state == "calm" and H(g.hex).distance(H("1005")) < H("1305").distance(H("1005"))  # still toward
    assert all(H(g.hex).distance(H(u.hex)) > 2 for u in t.s.on_map("us") if u.kind == "m4")
    move = next(e for e in t.events if e.kind == "move")
    assert "by the sensible hex (8.0 B)" in move.text and "clear of American tanks (6.3.6.7 C)" in move.text


def test_7_2_1_A_8_0_B_cover_is_part_of_the_move_choice_not_only_a_tie_break(make_bench) -> None:
    old, _ = _advance(make_bench(), "closest", "0111")  # the Sherman far away
    assert old.hex == "1105"  # open ground beside the Americans: nearest wins
    g, t = _advance(make_bench(), "sensible", "0111")
    assert g.hex == "1104" and t.m.terrain[H("1104")] == "woods"
    assert german.threats(t, H("1104")) and "woods, 1 American with a shot" in \
        next(e.text for e in t.events if e.kind == "move")
