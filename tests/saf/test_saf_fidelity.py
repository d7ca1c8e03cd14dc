"""Issue 28, rules fidelity third pass: situations the other tests do not build, each named after its section."""

from __future__ import annotations

import pytest

from engine.games.saf import RULES, german, german_infantry

LEGACY_KEYS = ("german_target", "german_move_count", "fall_back", "tiger_zone", "german_arrival")


def _stored(bench, *names: str) -> None:
    """A game stored before these options existed: its options lack them (it reads their legacy values)."""
    for name in names:
        bench.s.options.pop(name, None)


# --- 7.2.2 E: a tie under one priority falls through to the next ----------------------------------
def test_7_2_2_E_two_adjacent_under_the_same_cover_fall_through_to_the_keyed_number(bench) -> None:
    i1 = bench.add("us_infantry", "0507")  # number 1, clear, adjacent
    i2 = bench.add("us_infantry", "0707")  # number 2, clear, adjacent
    g = bench.add("ge_infantry", "0607", 2)
    target, why = german_infantry.infantry_target(bench.t, g)
    assert target is i2 and "number 2" in why and "least cover" in why
    _stored(bench, "german_target")  # a stored game keeps the old reading: the lowest id
    assert german_infantry.infantry_target(bench.t, g)[0] is i1


def test_7_2_2_E_two_adjacent_under_the_same_cover_fall_through_to_panicked_then_veteran(bench) -> None:
    bench.add("us_infantry", "0507")
    calm_vet = bench.add("us_veteran", "0707")  # V2
    g = bench.add("ge_infantry", "0607")  # no number
    target, why = german_infantry.infantry_target(bench.t, g)
    assert target is calm_vet and "Veteran" in why  # a Veteran over regular infantry, not the lower id
    panicked = bench.add("us_infantry", "0606", state="panic")
    target, why = german_infantry.infantry_target(bench.t, g)
    assert target is panicked and "Panicked" in why


def test_7_2_2_E_the_least_cover_still_comes_first(bench) -> None:
    bench.add("us_infantry", "0805", 1, state="panic")  # building: more cover, though Panicked and keyed
    open_ = bench.add("us_infantry", "0904")
    g = bench.add("ge_infantry", "0804", 1)
    assert german_infantry.infantry_target(bench.t, g)[0] is open_


def test_options_of_the_third_pass_have_legacy_values() -> None:
    from engine.games.saf import RULES

    legacy = RULES.upgrade_options({})
    assert {k: legacy[k] for k in LEGACY_KEYS} == {
        "german_target": "cover_then_id", "german_move_count": "within", "fall_back": "nearest",
        "tiger_zone": "numbered", "german_arrival": "wait"}
    fresh = RULES.parse_options({})
    assert {k: fresh[k] for k in LEGACY_KEYS} == {
        "german_target": "priorities", "german_move_count": "card", "fall_back": "all",
        "tiger_zone": "surrounding", "german_arrival": "nearest"}


@pytest.mark.parametrize("name", LEGACY_KEYS)
def test_options_of_the_third_pass_are_refused_outside_their_choices(name: str) -> None:
    from engine.games.saf import RULES
    from engine.options import BadOption

    with pytest.raises(BadOption, match=name):
        RULES.parse_options({name: "sometimes"})


# --- 8.4.2 C, 8.5.2 C, 8.2.2 C, 8.6.2 D: German scheduled arrivals --------------------------------------
def _awaiting(bench, kind: str, n: int, turn: int, zone: str, **kw):
    units = [bench.t.new_unit(kind, status="awaiting", arrive_turn=turn, arrive_when="after_tanks", arrive_zone=zone,
                              **kw) for _ in range(n)]
    bench.s.turn = turn
    return units


@pytest.mark.parametrize("scenario", ["4", "5"])  # 8.5.2 C uses the same words
def test_8_4_2_C_the_tigers_arrive_in_the_red_hex_or_any_of_its_six_surrounding_hexes(make_bench, scenario) -> None:
    from engine.games.saf.setup import scheduled_arrivals
    from engine.hexgrid import Hex

    bench = make_bench(scenario)
    assert next(u for u in RULES.new_state(scenario, 1, {}).units.values() if u.kind == "tiger").arrive_zone == \
        "red_area"
    for label in ("1405", "1506", "1507", "1407", "1307"):  # the five numbered hexes, full of infantry
        bench.add("ge_infantry", label)
    tigers = _awaiting(bench, "tiger", 3, 8, "red_area")
    t = bench.t
    scheduled_arrivals(t, "after_tanks")
    where = [u.hex for u in tigers]
    assert where[:2] == ["1406", "1306"]  # the red hex, then the sixth surrounding hex (no number)
    assert tigers[2].status == "on_map" and Hex.parse(where[2]).distance(Hex.parse("1406")) <= 3
    assert "nearest free hex" in "\n".join(e.text for e in t.events)


def test_8_4_2_C_a_stored_game_keeps_the_five_numbered_hexes_and_waits(make_bench) -> None:
    from engine.games.saf.setup import scheduled_arrivals

    bench = make_bench("5")
    for label in ("1405", "1506", "1507", "1407", "1307"):
        bench.add("ge_infantry", label)
    tigers = _awaiting(bench, "tiger", 3, 8, "red_area")
    _stored(bench, "tiger_zone", "german_arrival")
    scheduled_arrivals(bench.t, "after_tanks")
    assert [u.hex for u in tigers] == ["1406", None, None] and tigers[1].arrive_turn == 9


def test_8_2_2_C_a_surprise_at_gun_on_the_red_hex_does_not_keep_the_tiger_out(make_bench) -> None:
    from engine.games.saf.setup import scheduled_arrivals
    from engine.hexgrid import Hex

    bench = make_bench("2")
    bench.add("at_gun", "1306", surprise=True)  # the red hex: it never moves (7.5 A)
    (tiger,) = _awaiting(bench, "tiger", 1, 3, "red")
    t = bench.t
    scheduled_arrivals(t, "after_tanks")
    assert tiger.status == "on_map" and Hex.parse(tiger.hex).distance(Hex.parse("1306")) == 1
    assert t.m.terrain[Hex.parse(tiger.hex)] not in ("woods", "building")
    line = next(e for e in t.events if e.kind == "arrive")
    assert "1306 is occupied" in line.text or "no room" in line.text
    assert line.rule == "8.2.2"
    # a game stored before the ruling: the Tiger waits (as it was played)
    old = make_bench("2")
    old.add("at_gun", "1306", surprise=True)
    (waiting,) = _awaiting(old, "tiger", 1, 3, "red")
    _stored(old, "german_arrival")
    scheduled_arrivals(old.t, "after_tanks")
    assert waiting.status == "awaiting" and waiting.arrive_turn == 4


def test_8_6_2_D_the_tiger_arrives_beside_a_blue_hex_held_by_americans_and_fires(make_bench, say) -> None:
    from engine.hexgrid import Hex

    bench = make_bench("6")
    bench.add("us_infantry", "0307")  # the Lieutenant's unit sets up on the blue hex (8.6.1 B)
    (tiger,) = _awaiting(bench, "tiger", 1, 3, "blue", fire_on_entry=True)
    t = bench.t
    german._tank_actions_and_turn_end(t, german._closeness(t))
    assert tiger.status == "on_map" and Hex.parse(tiger.hex).distance(Hex.parse("0307")) == 1
    assert "fires at Infantry I1" in say(t.events)


# --- 7.2.1 A: the card's number of hexes -------------------------------------------------------------
def test_7_2_1_A_a_german_moves_the_number_of_hexes_on_its_card(bench, say) -> None:
    from engine.hexgrid import Hex

    bench.add("us_infantry", "0103")
    g = bench.add("ge_infantry", "0403")  # the 0303 building is one hex west, on the way
    bench.action("Advance")  # calm: move 2
    t = bench.t
    german_infantry.infantry_action(t, g)
    assert g.hex != "0303" and Hex.parse(g.hex).distance(Hex.parse("0403")) == 2
    assert Hex.parse(g.hex).distance(Hex.parse("0103")) < 3  # toward its American


def test_7_2_1_A_a_stored_game_may_stop_short_in_the_building(bench) -> None:
    bench.add("us_infantry", "0103")
    g = bench.add("ge_infantry", "0403")
    _stored(bench, "german_move_count")
    bench.action("Advance")
    german_infantry.infantry_action(bench.t, g)
    assert g.hex == "0303"  # within two hexes: the building one hex away, as stored games were played


def test_7_2_1_A_fewer_hexes_only_where_the_full_count_is_not_possible(bench) -> None:
    from engine.games.saf.movement import step_counts
    from engine.hexgrid import Hex

    us = Hex.parse("0105")
    bench.add("us_infantry", us.label)
    g = bench.add("ge_infantry", "0305")
    counts = step_counts(bench.t, g, 2)
    two_away = [h for h, k in counts.items() if k == 2 and h.distance(us) < 2]
    one_away = [h for h, k in counts.items() if k == 1 and h.distance(us) < 2]
    assert two_away and one_away
    for h in two_away:  # every hex two hexes on that is nearer the American is full (6.3.2 A)
        bench.add("ge_infantry", h.label)
        bench.add("ge_infantry", h.label)
    bench.action("Advance")  # calm: move 2
    german_infantry.infantry_action(bench.t, g)
    assert Hex.parse(g.hex) in one_away  # the part of the move that is possible (7.2 D)


# --- 7.2 A fall back (the 7.2.3 report): away from every American ------------------------------------
def _fall_back(bench) -> tuple[str, int]:
    from engine.hexgrid import Hex

    bench.add("m4", "0607")  # the nearest American: two hexes west
    bench.add("us_infantry", "1107")  # rifles three hexes east
    bench.add("us_infantry", "1108")
    g = bench.add("ge_infantry", "0807", state="panic")
    bench.action("Fall back")  # panic: fall back 2
    german_infantry.infantry_action(bench.t, g)
    assert g.hex is not None
    return g.hex, min(Hex.parse(g.hex).distance(Hex.parse(x)) for x in ("0607", "1107", "1108"))


def test_7_2_A_a_panicked_squad_falls_back_away_from_every_american_not_into_the_rifles(bench) -> None:
    where, gap = _fall_back(bench)
    assert gap == 3 and where != "0807"  # farther from them all than the two hexes it started at


def test_7_2_A_a_stored_game_falls_back_from_the_nearest_american_only(bench) -> None:
    _stored(bench, "fall_back")
    where, gap = _fall_back(bench)
    assert gap == 1  # away from the Sherman, next to the rifles: as stored games were played
