"""Mines (optional): unseen minefields are found by entering them; units dispersed on a minefield
stay there, attacked again every Combat phase until an attack misses them."""

from __future__ import annotations

from pl_helpers import build, rig

from engine.game import Action
from engine.games.pl import RULES

MINES = {"mines": True}


def _state(options: dict[str, bool] | None = None):  # type: ignore[no-untyped-def]
    s = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "0101")], phase="move_vehicles",
              options={**MINES, **(options or {})})
    s.mines["1011"] = "ge"  # on the straight road 1009 > 1013
    return s


def _end_until(s, side: str, phase: str) -> list:  # type: ignore[no-untyped-def]
    events = []
    while not (s.side == side and s.phase == phase):
        events += RULES.apply(s, s.side, Action("end"))
    return events


def test_mines_unseen_minefield_stops_the_move_there_and_attacks_at_2_1() -> None:
    """Mines: "Any unit entering a minefield hex must immediately stop and the opposing player
    resolves the attack - always at 2-1 - immediately": a path is chosen without knowing of an
    unseen enemy minefield, so the mover enters it, stops, is attacked and learns where it is."""
    s = _state()
    move = Action("move", {"units": "S1", "to": "1013"})
    assert move in RULES.legal_actions(s, "us")  # the listing does not give the minefield away
    assert not any(m["kind"] == "mine" for m in RULES.view(s, "us")["markers"])
    rig(s, [6])
    events = RULES.apply(s, "us", move)
    u = s.units["S1"]
    assert u.hex == "1011" and u.mp_left == 0 and u.mine_stop
    assert any("Minefield at 1011" in e.text and "2-1" in e.text for e in events)
    assert "1011" in s.mines_seen
    assert {"kind": "mine", "hex": "1011"} in RULES.view(s, "us")["markers"]  # found: shown from now on


def test_mines_a_found_minefield_is_avoided_by_the_path() -> None:
    s = _state()
    s.mines_seen.append("1011")
    RULES.apply(s, "us", Action("move", {"units": "S1", "to": "1013"}))
    assert s.units["S1"].hex == "1013" and not s.units["S1"].mine_stop


def test_mines_an_overrun_into_an_unseen_minefield_is_halted_at_its_edge() -> None:
    s = build([("S1", "m4", "1009"), ("G1", "ge_rifle", "1010")], phase="move_vehicles", options=MINES)
    s.mines["1010"] = "ge"
    overrun = Action("overrun", {"units": "S1", "target": "1010"})
    assert overrun in RULES.legal_actions(s, "us")
    events = RULES.apply(s, "us", overrun)
    assert s.units["S1"].hex == "1009" and s.units["S1"].mp_left == 0 and "1010" in s.mines_seen
    assert s.units["G1"].status == "on_map" and "halted" in events[0].text
    assert overrun not in RULES.legal_actions(s, "us")


def test_mines_dispersed_units_legacy_mine_miss_recovers() -> None:
    """The reading before issue 28 (option mine_miss_recovers, stored games): held dispersed until a
    minefield attack misses, then face up (tests/pl/test_pl_third_pass.py has the present one)."""
    s = _state({"mine_miss_recovers": True})
    rig(s, [4, 5, 6])  # entering: 2-1 die 4 = D; German combat phase: die 5 = D; Allied: die 6 = -
    RULES.apply(s, "us", Action("move", {"units": "S1", "to": "1013"}))
    u = s.units["S1"]
    assert u.hex == "1011" and u.dispersed and u.mine_held
    events = _end_until(s, "ge", "combat")  # the Allied segment ends: it stays dispersed
    assert any("Still dispersed on a minefield: S1" in e.text for e in events)
    assert any("Minefield at 1011" in e.text and ": D" in e.text for e in events)  # German Combat phase
    assert u.dispersed and u.mine_held
    events = _end_until(s, "us", "combat")  # the Allied Combat phase: the attack misses
    assert any("Minefield at 1011" in e.text and ": -" in e.text for e in events)
    assert not u.dispersed and not u.mine_held
    _end_until(s, "us", "move_vehicles")
    assert Action("move", {"units": "S1", "to": "1012"}) in RULES.legal_actions(s, "us")


def test_mines_dispersal_recovers_at_the_end_of_the_segment_by_option() -> None:
    s = _state({"mine_recovery": True})
    rig(s, [4])
    RULES.apply(s, "us", Action("move", {"units": "S1", "to": "1013"}))
    assert s.units["S1"].dispersed and not s.units["S1"].mine_held
    _end_until(s, "ge", "combat")
    assert not s.units["S1"].dispersed
