"""German infantry actions (7.2: moves, fire, assault) and the German Veteran (7.4), run by the rules' AI."""

from __future__ import annotations

from engine.games.saf import german, german_infantry
from engine.games.saf.combat import german_fire
from engine.hexgrid import Hex

H = Hex.parse


# --- 7.2 German infantry actions ---------------------------------------------------------------------
def test_7_2_example_alert_unit_hit_the_dirt_fires_plus_one(bench, say) -> None:
    us = bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407", state="alert")
    bench.action("Hit the dirt")
    bench.dice(3, 4)  # 3 +1 card = 4 against 4+; Lieutenant check not needed
    t = bench.t
    german_infantry.infantry_action(t, g)
    assert "draws 'Hit the dirt'" in say(t.events) and "3 +1 card = 4 against 4+: hit" in say(t.events)
    assert us.state == "alert" and g.supply == "low_supply" and g.hex == "0407"


def test_7_2_example_no_target_moves_one_hex_then_fires(bench, say) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0707", state="alert")  # five hexes: out of range 4
    bench.action("Hit the dirt")
    bench.dice(2)
    t = bench.t
    german_infantry.infantry_action(t, g)
    assert H(g.hex).distance(H("0207")) == 4 and g.fired and g.supply == "low_supply"


def test_7_2_example_cannot_fire_just_moves_one_hex(bench) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0907", state="alert")
    bench.action("Hit the dirt")
    german_infantry.infantry_action(bench.t, g)
    assert H(g.hex).distance(H("0907")) == 1 and not g.fired and g.supply == ""


def test_7_2_C_card_read_by_state(bench, say) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0907", state="panic")
    bench.action("Fall back")
    t = bench.t
    german_infantry.infantry_action(t, g)
    assert "Panic Rifle squad" in say(t.events) and "falls back" in say(t.events)
    assert H(g.hex).distance(H("0207")) > 7


def test_7_2_I_no_action(bench, say) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0407")
    bench.action("No action")
    t = bench.t
    german_infantry.infantry_action(t, g)
    assert g.hex == "0407" and not g.fired and "takes no action" in say(t.events)


def test_7_2_1_A_keyed_unit_moves_toward_its_american(bench) -> None:
    bench.add("us_infantry", "0207")  # number 1, closer
    two = bench.add("us_infantry", "0210")  # number 2
    g = bench.add("ge_infantry", "0907", 2)
    bench.action("Advance")  # calm: move 2
    german_infantry.infantry_action(bench.t, g)
    assert H(g.hex).distance(H(two.hex)) == H("0907").distance(H(two.hex)) - 2


def test_7_2_1_C_unkeyed_moves_toward_closest(bench) -> None:
    near = bench.add("us_infantry", "0207")
    bench.add("us_infantry", "0211")
    g = bench.add("ge_infantry", "0907")
    bench.action("Advance")
    german_infantry.infantry_action(bench.t, g)
    assert H(g.hex).distance(H(near.hex)) == H("0907").distance(H(near.hex)) - 2


def test_7_2_1_A_best_cover_among_equal_moves(bench) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0510")
    bench.action("Take cover")  # calm: move 1
    german_infantry.infantry_action(bench.t, g)
    # 0509 (clear) and 0409 (woods) both close in by one hex: the woods win
    assert g.hex == "0409"


def test_7_2_1_D_adjacent_unit_treats_move_as_fire(bench, say) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0307")
    bench.action("Advance")
    bench.dice(2)
    t = bench.t
    german_infantry.infantry_action(t, g)
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
    assert german_infantry.infantry_target(t, g)[0] is vet  # a Veteran over regular infantry
    alert = bench.add("us_infantry", "0307", state="alert")  # number 3: keyed too
    alert.number = 0
    assert german_infantry.infantry_target(t, g)[0] is alert  # Alert over no marker
    keyed = bench.add("us_infantry", "0208")
    keyed.number = 3
    assert german_infantry.infantry_target(t, g)[0] is keyed  # the American whose number it has
    assert calm.state == "calm"


def test_7_2_2_E_two_adjacent_least_cover_first(bench) -> None:
    t = bench.t
    g = bench.add("ge_infantry", "0804", 1)
    bench.add("us_infantry", "0805")  # building, number 1 (keyed!)
    open_ = bench.add("us_infantry", "0904")
    target, why = german_infantry.infantry_target(t, g)
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
    german_infantry.infantry_action(t, g)
    assert "assault first" in say(t.events) and "-2" not in say(t.events)
    assert us.status == lt.status == "eliminated" and g.hex == "0207"
    assert bench.s.morale == -15


def test_7_2_4_B_sole_mortar_defender_plus_two(bench, say) -> None:
    m = bench.add("us_mortar", "0207")
    g = bench.add("ge_infantry", "0307")
    bench.action("Charge!")
    bench.dice(3, 3, 3, 3)  # 12 + 2
    t = bench.t
    german_infantry.infantry_action(t, g)
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
        german_infantry.infantry_action(b.t, g)
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
    german_infantry.infantry_action(bench.t, g)
    assert [m.delta for m in bench.s.morale_log] == [-15] and bench.s.reserve_moves == 1


def test_6_5_1_A_panicked_german_with_low_supply_does_not_fall_back(bench, say) -> None:
    """A unit with Low Supply 'cannot move, fire, or assault': a Panicked German keeps the marker
    (7.1 B) and so may not fall back either."""
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "0507", state="panic", supply="low_supply")
    bench.action("Fall back")
    t = bench.t
    german_infantry.infantry_action(t, g)
    assert g.hex == "0507" and not g.moved and "6.5.1 A" in say(t.events)
    # without the marker the same card falls back two hexes
    g.supply = ""
    bench.action("Fall back")
    german_infantry.infantry_action(bench.t, g)
    assert g.hex != "0507"


# --- 7.4 German Veteran --------------------------------------------------------------------------
def test_7_4_A_C_veterans_close_on_lieutenant_and_capture_him(bench) -> None:
    host = bench.add("us_infantry", "0207")
    lt = bench.lt(host)
    ev = bench.add("ge_elite", "0507", surprise=True)
    bench.dice(4, 4, 4, 4)  # 16 + 1 veteran
    german_infantry.elite_action(bench.t, ev)
    assert host.status == lt.status == ev.status == "eliminated"
    assert bench.s.morale == -10 and bench.s.german_destroyed == 0


def test_7_4_C_failed_assault_wipes_out_the_veterans(bench) -> None:
    host = bench.add("us_infantry", "0207")
    bench.lt(host)
    ev = bench.add("ge_elite", "0407", surprise=True)
    bench.dice(1, 1, 1, 1)
    german_infantry.elite_action(bench.t, ev)
    assert ev.status == "eliminated" and host.status == "on_map" and bench.s.morale == 10


def test_7_4_B_fire_at_nearest_other_than_the_lieutenants_unit(bench) -> None:
    host = bench.add("us_infantry", "0204")
    bench.lt(host)
    other = bench.add("us_infantry", "0808")
    ev = bench.add("ge_elite", "1108", surprise=True)
    bench.dice(6)
    german_infantry.elite_action(bench.t, ev)
    assert other.state == "alert" and host.state == "calm"


# --- 7.2.1 A and 8.0 B: the German move choice ------------------------------------------------------------
def _advance(bench, mode: str, tank: str) -> tuple:  # type: ignore[no-untyped-def]
    bench.s.options["german_move"] = mode
    for h in ("0905", "1005", "0906"):
        bench.add("us_infantry", h)
    bench.add("m4", tank)
    g = bench.add("ge_veteran", "1305")
    bench.action("Advance")  # calm: move 2
    t = bench.t
    german_infantry.infantry_action(t, g)
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
    assert german_infantry.threats(t, H("1104")) and "woods, 1 American with a shot" in \
        next(e.text for e in t.events if e.kind == "move")
