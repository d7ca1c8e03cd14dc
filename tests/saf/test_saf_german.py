"""The German turn (7.0) run by the rules' AI: Adjust Status (7.1), the German specials (8.x), and
every German line saying what it did and why, citing its clause. The infantry's actions are in
test_saf_german_infantry.py, the guns' (MG 42, tanks, surprise, AT gun) in test_saf_german_guns.py."""

from __future__ import annotations

from engine.games.saf import german, german_guns, german_infantry
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
    german_guns.tank_action(t, pz, 1)
    assert pz.hex == "1306"
    (line,) = _lines(t, "7.2.6 C")
    assert line.startswith(f"{t.name(pz)} neither fires nor moves: no American tank in range (5) and LOS")
    assert "no hex within 1" in line


def test_7_5_A_an_at_gun_with_nothing_in_range_says_so_and_how_far(bench) -> None:
    bench.add("us_infantry", "0207")
    at = bench.add("at_gun", "1207")
    t = bench.t
    german_guns.at_gun_action(t, at)
    (line,) = _lines(t, "7.5 A")
    assert "does not fire: no American tank or infantry in range (5) and LOS" in line
    assert "Infantry I1 at 0207: out of range (10 hexes, range 5)" in line


def test_7_2_4_A_a_close_assault_step_with_no_american_adjacent_says_what_the_card_asked(bench, say) -> None:
    bench.add("us_infantry", "0207")
    g = bench.add("ge_infantry", "1207")
    bench.action("Close assault")
    t = bench.t
    german_infantry.infantry_action(t, g)
    assert H(g.hex).distance(H("1207")) == 1  # the card's move 1 was made
    (line,) = _lines(t, "7.2.4 A")
    assert line == f"{t.name(g)} has no American adjacent: the card's assault is not carried out"
    assert g.supply == ""  # no fire, no assault: no Low Supply marker (7.2 F)


def test_7_2_D_a_german_with_no_target_says_range_or_line_of_sight(bench) -> None:
    bench.add("us_infantry", "0506")
    g = bench.add("ge_infantry", "0906")  # four hexes: in range, behind the buildings
    bench.action("Open fire")
    t = bench.t
    german_infantry.infantry_action(t, g)
    (line,) = _lines(t, "7.2 D")
    assert "the nearest is Infantry I1 at 0506: no line of sight (blocked by building" in line
    mg = bench.add("mg42", "1506")
    german_guns.mg_action(t, mg)
    (line,) = _lines(t, "7.2.5 C")
    assert "Infantry I1 at 0506: out of range (10 hexes, range 6)" in line


# --- German fire lines name their modifiers and cite the firer's clause ----------------------------------
def test_7_2_5_mg42_fire_cites_7_2_5_and_names_cover_and_dice(bench, say) -> None:
    bench.add("us_veteran", "0409")  # woods
    mg = bench.add("mg42", "0709")
    t = bench.t
    bench.dice(2, 6)
    german_guns.mg_action(t, mg)
    roll = next(e for e in t.events if e.kind == "dice")
    assert roll.rule == "7.2.5" and "(needs 6+: printed 5, woods +1, 2d6 keep the higher)" in roll.text
    result = next(e for e in t.events if e.kind == "fire")
    assert result.rule == "7.2.5" and result.text == "Higher die 6 = 6 against 6+: hit"


def test_7_2_6_D_tank_he_cites_7_2_6_D(bench) -> None:
    bench.add("us_infantry", "0207")
    pz = bench.add("panzer", "0607")
    t = bench.t
    bench.dice(2, 4)
    german_guns.tank_action(t, pz)
    assert {e.rule for e in t.events if e.kind in ("dice", "fire")} == {"7.2.6 D"}
    assert any("(needs 4+: printed 4, no cover, 2d6 keep the higher)" in e.text for e in t.events)


def test_7_5_at_gun_fire_cites_7_5(bench) -> None:
    bench.add("us_infantry", "0606")
    at = bench.add("at_gun", "0806")
    t = bench.t
    bench.dice(1, 5)
    german_guns.at_gun_action(t, at)
    assert {e.rule for e in t.events if e.kind in ("dice", "fire")} == {"7.5 B"}
    sh = bench.add("m4", "0307")
    at.fired = False
    bench.chit("tank", "miss")
    t2 = bench.t
    german_guns.at_gun_action(t2, at)
    assert sh.status == "on_map" and [e.rule for e in t2.events if e.kind == "chit"] == ["7.5 A"]


def test_7_2_2_B_C_german_fire_names_veteran_card_and_terrain(bench) -> None:
    bench.add("us_infantry", "0303")  # building: +2
    g = bench.add("ge_veteran", "0503", state="alert")
    bench.action("Hit the dirt")  # alert: fire +1
    t = bench.t
    bench.dice(4)
    german_infantry.infantry_action(t, g)
    roll = next(e for e in t.events if e.kind == "dice")
    assert "(needs 6+: printed 4, building +2)" in roll.text
    result = next(e for e in t.events if e.kind == "fire")
    assert result.text == "4 +1 veteran +1 card = 6 against 6+: hit" and result.rule == "7.2.2"
