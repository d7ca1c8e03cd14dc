"""Panzer Leader hard's set-up book (issue 17): hard re-places its counters during set-up as
data/hard_setups.yaml says for its seat of the situation; every other level keeps the situation's
set-up. The book is validated on load, and a placement the rules refuse at that moment is skipped."""

from __future__ import annotations

import pytest

from engine.errors import DataFileError
from engine.game import Action
from engine.games.pl import RULES, ai_setup
from engine.games.pl.ai_search import role
from engine.games.pl.ai_setup import parse_setups, setup_book
from engine.games.pl.ai_value import objectives
from engine.games.pl.state import PlState


def _set_up(state: PlState, level: str, other: str = "") -> list[Action]:
    """Play the set-up phase with `level` (the Germans `other`, if given); every order must be legal."""
    orders: list[Action] = []
    while state.phase == "setup":
        side = RULES.to_act(state)
        assert side is not None
        action, why = RULES.bot_action(state, side, other if other and side == "ge" else level)
        assert action in RULES.legal_actions(state, side), why
        assert why and "\n" not in why
        RULES.apply(state, side, action)
        orders.append(action)
        assert len(orders) < 200
    return orders


def _book(monkeypatch: pytest.MonkeyPatch, raw: dict) -> None:
    book = parse_setups(raw)
    monkeypatch.setattr(ai_setup, "setup_book", lambda: book)


def test_the_shipped_book_loads_and_each_seat_sets_up_whole() -> None:
    """Every seat in the book: hard's set-up puts every listed counter on its hex, and nothing else moves."""
    book = setup_book()
    assert book, "the book is empty"
    for (scenario, seat), entry in book.items():
        state = RULES.new_state(scenario, 3, {})
        start = {u.id: u.hex for u in state.units.values()}
        side = next(s for s in ("us", "ge") if role(state, s) == seat)
        _set_up(state, "hard" if side == "us" else "normal", "hard" if side == "ge" else "normal")
        for uid, label in entry.place.items():
            assert state.units[uid].hex == label, (scenario, seat, uid)
        for u in state.units.values():
            if u.id not in entry.place and not (u.carrier and u.carrier in entry.place):
                assert u.hex == start[u.id], (scenario, u.id)
            assert u.side == side or u.hex == start[u.id]
        if seat == "defender":  # no objective hex the situation garrisons is left empty for a player to walk into
            for o in objectives(state):
                if any(start[u.id] == o and u.side == side for u in state.units.values()):
                    assert any(u.side == side for u in state.at(o)), (scenario, o)


def test_setup_hard_places_its_book_counters_and_normal_keeps_the_situation(monkeypatch: pytest.MonkeyPatch) -> None:
    _book(monkeypatch, {"utah": {"defender": {"why": "Pouppeville first", "place": {"GR6": "0811", "QF1": "0912"}}}})
    normal = RULES.new_state("utah", 3, {})
    before = {u.id: u.hex for u in normal.units.values()}
    assert [a.kind for a in _set_up(normal, "normal")] == ["end", "end"]
    assert {u.id: u.hex for u in normal.units.values()} == before

    hard = RULES.new_state("utah", 3, {})
    action, why = RULES.bot_action(hard, "ge", "hard")
    assert action == Action("place", {"unit": "GR6", "at": "0811"})
    assert why == "GR6 sets up at 0811 (hard's set-up: Pouppeville first)"
    orders = _set_up(hard, "hard")
    assert [(a.kind, a.args.get("unit"), a.args.get("at")) for a in orders] == [
        ("place", "GR6", "0811"), ("place", "QF1", "0912"), ("end", None, None), ("end", None, None)]
    assert hard.units["GR6"].hex == "0811" and hard.units["QF1"].hex == "0912"
    assert {uid: h for uid, h in before.items() if uid not in ("GR6", "QF1")} == \
        {u.id: u.hex for u in hard.units.values() if u.id not in ("GR6", "QF1")}


def test_setup_a_placement_the_rules_refuse_is_skipped_not_stalled(monkeypatch: pytest.MonkeyPatch) -> None:
    """II. Stacking: four counters a hex. A book that would put a fifth in 0811 (GR2 is there already)
    places the first three by id and skips the rest; the set-up ends all the same."""
    _book(monkeypatch, {"utah": {"defender": {"why": "too many", "place": {
        "GR4": "0811", "GR5": "0811", "GR6": "0811", "PI1": "0811", "QF1": "0811"}}}})
    state = RULES.new_state("utah", 3, {})
    orders = _set_up(state, "hard")
    assert [a.args.get("unit") for a in orders if a.kind == "place"] == ["GR4", "GR5", "GR6"]
    assert sorted(u.id for u in state.at("0811")) == ["GR2", "GR4", "GR5", "GR6"]


def test_setup_a_full_hex_is_filled_once_its_counter_moves_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The book is taken in any order the rules allow: GR1 leaving 0810 first makes room there."""
    _book(monkeypatch, {"utah": {"defender": {"why": "swap", "place": {
        "FL1": "0810", "GR1": "0912", "GR4": "0810", "GR5": "0810", "GR6": "0810"}}}})
    state = RULES.new_state("utah", 3, {})
    _set_up(state, "hard")
    assert sorted(u.id for u in state.at("0810")) == ["FL1", "GR4", "GR5", "GR6"]
    assert state.units["GR1"].hex == "0912"


@pytest.mark.parametrize("raw, entry", [
    ({"nowhere": {"defender": {"why": "x", "place": {}}}}, "nowhere"),
    ({"utah": {"umpire": {"why": "x", "place": {}}}}, "utah.umpire"),
    ({"utah": {"defender": {"why": "x", "place": {"R1": "0810"}}}}, "utah.defender.R1"),  # a US counter
    ({"utah": {"defender": {"why": "x", "place": {"GR1": "0310"}}}}, "utah.defender.GR1"),  # outside 8-20
    ({"crossing": {"attacker": {"why": "x", "place": {"R1": "1203"}}}}, "crossing.attacker.R1"),  # carried
    ({"hill30": {"defender": {"why": "x", "place": {"RS1": "0906"}}}}, "hill30.defender.RS1"),  # enters later
    ({"utah": {"defender": {"why": "x", "place": {"GR1": "zz"}}}}, "utah.defender"),
    ({"utah": {"defender": {"place": {}}}}, "utah.defender"),
])
def test_setup_book_is_validated_on_load(raw: dict, entry: str) -> None:
    with pytest.raises(DataFileError) as err:
        parse_setups(raw)
    assert f": {entry}" in str(err.value) and "hard_setups.yaml" in str(err.value)


def test_setup_a_malformed_book_is_named_without_the_host_path(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    bad = tmp_path / "hard_setups.yaml"
    bad.write_text("utah:\n  defender:\n    why: a: b\n")
    monkeypatch.setattr(ai_setup, "SETUPS_PATH", bad)
    ai_setup.setup_book.cache_clear()
    try:
        with pytest.raises(DataFileError) as err:
            ai_setup.setup_book()
        assert str(err.value).startswith("hard_setups.yaml: (syntax): ") and str(tmp_path) not in str(err.value)
    finally:
        ai_setup.setup_book.cache_clear()


def test_setup_search_drops_a_defender_set_up_that_empties_a_garrisoned_objective() -> None:
    """tools/pl_setup_tune.py: a variant the rules would not let hard set up whole, or one that takes
    the only rifle off the La Fiere bridge (an objective the situation garrisons), is never played."""
    from tools.pl_setup_tune import whole

    assert not whole("utah_inland", "ge", {"GR5": "0913"})  # the bridge 1512 left empty
    assert whole("utah_inland", "ge", {"GR5": "0913", "GR6": "1512"})  # another rifle holds it
    assert not whole("utah", "ge", {"GR4": "0811", "GR6": "0811", "PI1": "0811", "QF1": "0811"})  # five in 0811
    assert whole("crossing", "us", {"R4": "1406"})  # an attacker may leave any hex
