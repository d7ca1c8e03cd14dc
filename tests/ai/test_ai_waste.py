"""Waste counters (issue 30): counted from a game's orders and events, checked on scripted games."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.selfplay import new_tally, run
from engine.events import Event
from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper.ai_waste import thrown_away
from engine.games.peiper.state import PeiperState


def _board() -> PeiperState:
    state = RULES.new_state("historical", 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    for uid, label in (("3/2 LAH", "1102"), ("CCR/3/1", "1202"), ("Spitze", "1405")):
        state.units[uid].status, state.units[uid].hex = "on_map", label
    state.fuel_depot = "captured"
    cards = ["8S", "9S", "QC", "4H", "6S"]  # drawn in this order
    state.deck.draw_pile = [c for c in state.deck.draw_pile if c not in cards] + list(reversed(cards))
    return state


def _play(tally: Any, state: Any, orders: list[tuple[str, str, dict[str, str]]]) -> None:
    for side, kind, args in orders:
        action = Action(kind, args)
        assert action in RULES.legal_actions(state, side), (side, kind, args)
        tally.see(state, side, action)
        tally.seen(state, RULES.apply(state, side, action))


def test_peiper_waste_counts_a_scripted_game() -> None:
    state = _board()
    tally = new_tally(RULES)
    _play(tally, state, [
        ("ge", "draw", {}), ("ge", "take", {}),  # 8S: 4 ACTs
        # AT 1 against a Mech unit: 10%, with the move west to 1002 open; the other 3 ACTs are lost
        ("ge", "attack", {"unit": "3/2 LAH", "target": "CCR/3/1"}),  # the 9S misses
        ("ge", "draw", {}), ("ge", "pass", {}),  # QC: a face card passed
        ("ge", "draw", {}), ("us", "take", {}), ("us", "end", {}),  # 4H: 2 US ACTs ended unused
        ("ge", "draw", {}), ("ge", "take", {}),  # 6S: 3 ACTs
        ("ge", "move", {"unit": "3/2 LAH", "to": "1002"}), ("ge", "end", {}),  # 1 spent, 2 unused
    ])
    counts = tally.figures(state)
    assert counts["ge"] == {
        "acts_taken": 7, "acts_spent": 2, "acts_lost_to_attack": 3, "acts_ended_unused": 2, "cards_passed": 1,
        "shots": 1, "shots_10": 1, "shots_10_move_open": 1,
        "units_never_moved": 1,  # Spitze (3/2 LAH moved)
        "unit_turns_parked": 1,  # Spitze, turn 1 (3/2 LAH got nearer the west edge)
        "demolitions": 0, "demolitions_turn_3": 0,
    }
    assert counts["us"]["acts_taken"] == 2 and counts["us"]["acts_ended_unused"] == 2
    assert counts["us"]["units_never_moved"] == 1 and counts["us"]["shots"] == 0
    assert thrown_away(counts["ge"]) == 5 / 7


def test_peiper_waste_a_shot_with_no_way_west_open_is_not_a_move_open_shot() -> None:
    state = _board()
    state.units["Spitze"].status, state.units["Spitze"].hex = "awaiting", None
    tally = new_tally(RULES)
    _play(tally, state, [("ge", "draw", {}), ("ge", "take", {})])
    state.acts = 1
    # 3/2 LAH's only ACT goes on the 10% shot; US units in the hexes west of it leave no move that
    # breaks contact westward (a move must end clear of enemy units), so the shot is not counted as
    # one taken while a move was open
    for uid, label in (("99 BG", "1001"), ("106 BG", "1002"), ("2/23/2", "1101")):
        state.units[uid].status, state.units[uid].hex = "on_map", label
    moves = [a for a in RULES.legal_actions(state, "ge") if a.kind == "move"]
    _play(tally, state, [("ge", "attack", {"unit": "3/2 LAH", "target": "CCR/3/1"})])
    counts = tally.figures(state)["ge"]
    assert counts["shots_10"] == 1
    assert moves == [] and counts["shots_10_move_open"] == 0
    assert counts["acts_lost_to_attack"] == 0  # its only ACT


def test_selfplay_reports_waste_per_side() -> None:
    result = run("peiper", 1, 3, "contest", policies=["ge=ai:normal", "us=ai:normal"])
    for side in ("ge", "us"):
        w = result["waste"][side]
        t = w["totals"]
        assert w["games"] == 1 and t["acts_taken"] > 0
        assert t["acts_spent"] + t["acts_lost_to_attack"] + t["acts_ended_unused"] <= t["acts_taken"]
        assert t["shots_10_move_open"] <= t["shots_10"] <= t["shots"]
        assert 0 <= w["acts_thrown_away"] <= 1


def _pl_state(units: list[tuple[str, str, str | None]]) -> Any:
    return SimpleNamespace(units={uid: SimpleNamespace(id=uid, side=side, hex=h, status="on_map")
                                  for uid, side, h in units})


def test_pl_waste_counts_units_idle_and_fire_below_the_table() -> None:
    from engine.games.pl import RULES as PL

    state = _pl_state([("a", "ge", "0101"), ("b", "ge", "0102"), ("c", "ge", "0103"), ("x", "us", "0201")])
    tally = new_tally(PL)
    tally.see(state, "ge", Action("fire", {"units": "a,b", "target": "0201"}))
    tally.seen(state, [Event("attack", "a, b at 0201: 1/4 is below 1-2: no attack", "CRT", "ge")])
    tally.see(state, "ge", Action("move", {"units": "b", "to": "0104"}))
    tally.seen(state, [])
    tally.see(state, "us", Action("fire", {"units": "x", "target": "0101"}))
    tally.seen(state, [Event("attack", "x at 0101: 4/2 = 2-1; die 3: D", "CRT", "us", {"odds": "2-1"})])
    counts = tally.figures(state)
    assert counts["ge"] == {"fire_orders": 2, "attacks": 0, "attacks_below_table": 1, "units_never_moved": 2,
                            "units_never_fired": 1, "units_never_fired_nor_moved": 1}  # c did nothing
    assert counts["us"]["attacks"] == 1 and counts["us"]["units_never_fired_nor_moved"] == 0


def test_saf_waste_counts_the_american_orders_and_dice_left() -> None:
    from engine.games.saf import RULES as SAF

    units = [SimpleNamespace(id=u) for u in ("r1", "r2", "t1")]
    state = SimpleNamespace(dice=[2, 5, 6], on_map=lambda side: units)
    tally = new_tally(SAF)
    tally.see(state, "us", Action("order", {"die": 2, "unit": "r1", "type": "move", "to": "0203"}))
    tally.see(state, "us", Action("order", {"die": 5, "unit": "t1", "type": "tank", "target": "g1"}))
    state.dice = [6]
    tally.see(state, "us", Action("end"))
    tally.see(state, "ge", Action("german"))
    assert tally.figures(state) == {"us": {"orders": 2, "dice_unused": 1, "units_never_moved": 2,
                                           "units_never_fired": 2, "units_never_fired_nor_moved": 1}}
