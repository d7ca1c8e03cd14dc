"""Issue 28, rules fidelity third pass: situations the other tests do not build, each named after its section."""

from __future__ import annotations

import pytest

from engine.games.saf import german

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
    target, why = german.infantry_target(bench.t, g)
    assert target is i2 and "number 2" in why and "least cover" in why
    _stored(bench, "german_target")  # a stored game keeps the old reading: the lowest id
    assert german.infantry_target(bench.t, g)[0] is i1


def test_7_2_2_E_two_adjacent_under_the_same_cover_fall_through_to_panicked_then_veteran(bench) -> None:
    bench.add("us_infantry", "0507")
    calm_vet = bench.add("us_veteran", "0707")  # V2
    g = bench.add("ge_infantry", "0607")  # no number
    target, why = german.infantry_target(bench.t, g)
    assert target is calm_vet and "Veteran" in why  # a Veteran over regular infantry, not the lower id
    panicked = bench.add("us_infantry", "0606", state="panic")
    target, why = german.infantry_target(bench.t, g)
    assert target is panicked and "Panicked" in why


def test_7_2_2_E_the_least_cover_still_comes_first(bench) -> None:
    bench.add("us_infantry", "0805", 1, state="panic")  # building: more cover, though Panicked and keyed
    open_ = bench.add("us_infantry", "0904")
    g = bench.add("ge_infantry", "0804", 1)
    assert german.infantry_target(bench.t, g)[0] is open_


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
