"""Issue 28, rules fidelity (third pass): situations the other tests do not build, each named after
the section of the rules it reads (docs/rulings/pl.md gives each ruling and its option)."""

from __future__ import annotations

from pl_helpers import build, rig

from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.board import stack_count

MINES = {"mines": True}


def _four_tanks_and_a_hidden_minefield(options: dict[str, bool] | None = None):  # type: ignore[no-untyped-def]
    # The straight road 1009 > 1013: an unseen German minefield at 1011 with two wrecks (no room for
    # four tanks), a US rifle in 1010 (room for three more, not four).
    s = build([("T1", "m4", "1009"), ("T2", "m4", "1009"), ("T3", "m4", "1009"), ("T4", "m4", "1009"),
               ("R1", "us_rifle", "1010"), ("G1", "ge_rifle", "0101")], phase="move_vehicles",
              options={**MINES, **(options or {})})
    s.mines["1011"] = "ge"
    s.wrecks["1011"] = 2
    return s


def test_stacking_a_stack_halted_short_by_an_unseen_minefield_stops_where_it_has_room() -> None:
    """II. Stacking: "Units may move through hexes with friendly units, but may not stop there if
    doing so would violate stacking limits". Halted by a minefield it had not found (no room on it),
    the stack may not stop in 1010 (the rifle and four tanks would be five): it ends in the last
    hex passed with room, here where it began."""
    s = _four_tanks_and_a_hidden_minefield()
    events = RULES.apply(s, "us", Action("move", {"units": "T1,T2,T3,T4", "to": "1013"}))
    assert {s.units[t].hex for t in ("T1", "T2", "T3", "T4")} == {"1009"}
    assert all(s.units[t].mp_left == 0 for t in ("T1", "T2", "T3", "T4"))  # the halt ends the move
    assert "1011" in s.mines_seen and any("find a minefield at 1011" in e.text for e in events)
    assert stack_count(s, "1010") == 1 and RULES.invariants(s) == []


def test_stacking_legacy_halt_overstack_keeps_the_old_stop_for_stored_games() -> None:
    s = _four_tanks_and_a_hidden_minefield({"halt_overstack": True})
    RULES.apply(s, "us", Action("move", {"units": "T1,T2,T3,T4", "to": "1013"}))
    assert s.units["T1"].hex == "1010" and RULES.invariants(s) == ["1010 holds more than 4"]
    assert RULES.upgrade_options({})["halt_overstack"] is True  # games stored before it replay as played


def test_streams_a_stack_failing_its_entry_roll_stops_only_where_it_has_room() -> None:
    """II. Streams ("roll for entry success ... or stop at entry hex") with II. Stacking: the hex
    before the stream is passed through, not a place to stop over the limit."""
    start, before, label = "1406", "1405", "1505"  # clear, clear, the stream (first board)
    s = build([("R1", "us_rifle", start), ("R2", "us_rifle", start), ("R3", "us_rifle", start),
               ("R4", "us_rifle", before), ("R5", "us_rifle", before), ("G1", "ge_rifle", "0101")], phase="move_infantry")
    for u in s.units.values():
        u.mp_left = 4.0  # (a generous allowance: the path is what is tested)
    rig(s, [6])
    RULES.apply(s, "us", Action("move", {"units": "R1,R2,R3", "to": label, "via": before}))
    assert s.units["R1"].hex == start and RULES.invariants(s) == []


def _public(rules_events: list) -> list[str]:  # type: ignore[type-arg]
    return [e.text for e in rules_events if not e.only]


def test_opportunity_fire_nothing_public_depends_on_a_secret_indirect_fire_order() -> None:
    """Optional rule: Opportunity Fire: "Units under orders for Indirect Fire may not Opportunity
    Fire", and I.i: the orders are submitted secretly the turn before. Whether a US mortar holds an
    order must not show in anything the Germans (or the table) see: the public events of a move in
    its sight, the views, the Germans' listing. (The mortar is refused when it tries, privately.)"""
    from engine.games.pl.state import IndirectOrder

    seen = []
    for secret in (False, True):
        s = build([("M1", "us_mortar", "1010"), ("P1", "pz4", "1409"), ("P2", "pz4", "1410")],
                  side="ge", phase="move_vehicles", options={"opportunity_fire": True})
        if secret:
            s.indirect.append(IndirectOrder("M1", "1410", 2))
        events = RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1209"}))
        events += RULES.apply(s, s.side, Action("end"))
        seen.append((_public(events), RULES.view(s, "ge"), RULES.view(s, None), RULES.legal_actions(s, "ge")))
    assert seen[0] == seen[1]
    assert any("M1 may fire at P1" in t for t in seen[0][0])


def _road_cost(s, a: str, b: str) -> float | None:  # type: ignore[no-untyped-def]
    from engine.games.pl.board import on_board
    from engine.games.pl.movement import step_cost
    from engine.hexgrid import Hex

    with on_board(s):
        return step_cost(s, [s.units["S1"]], Hex.parse(a), Hex.parse(b))


def test_road_bonus_wrecks_are_not_units() -> None:
    """II. Road Bonus: "negated if hex contains 2+ units (not including moving unit) or any block,
    fortification, or minefield": wrecks are none of these (they count for stacking only), so two
    wrecks, or a wreck and a rifle, keep the bonus; two rifles lose it."""
    s = build([("S1", "m4", "1112"), ("X1", "us_rifle", "1210")], phase="move_vehicles")
    s.wrecks["1211"] = 2
    assert _road_cost(s, "1112", "1211") == 0.5
    s.wrecks["1211"] = 1
    s.units["X1"].hex = "1211"
    assert _road_cost(s, "1112", "1211") == 0.5
    s.options["road_bonus_old"] = True  # the old reading (stored games): the wreck counted as a unit
    assert _road_cost(s, "1112", "1211") == 1
    s.options["road_bonus_old"] = False
    s.wrecks.clear()
    s.units["X2"] = type(s.units["X1"])("X2", "us_rifle", "us", hex="1211")
    assert _road_cost(s, "1112", "1211") == 1


def test_road_bonus_an_unseen_minefield_negates_it_when_entered() -> None:
    """II. Road Bonus, "negated if hex contains ... minefield", also one the mover has not found: the
    path is planned without it (nothing gives it away), but entering it costs the terrain's rate."""
    s = build([("S1", "m4", "1011"), ("G1", "ge_rifle", "0101")], phase="move_vehicles", options=MINES)
    s.mines["1211"] = "ge"
    rig(s, [6])
    events = RULES.apply(s, "us", Action("move", {"units": "S1", "to": "1211"}))
    assert s.units["S1"].hex == "1211" and "(1.5 MP)" in events[0].text  # 1/2 to 1112, 1 into the minefield
    t = build([("S1", "m4", "1011"), ("G1", "ge_rifle", "0101")], phase="move_vehicles", options=MINES)
    t.mines["1211"] = "ge"
    t.units["S1"].moved, t.units["S1"].mp_left = True, 1.0
    move = Action("move", {"units": "S1", "to": "1211"})
    assert move in RULES.legal_actions(t, "us")  # planned at 1/2 + 1/2: the minefield is unseen
    events = RULES.apply(t, "us", move)
    assert t.units["S1"].hex == "1112" and t.units["S1"].mp_left == 0 and "1211" in t.mines_seen
    assert any("too few MP left to enter it" in e.text for e in events)


def _m4_out_of_sight(options: dict[str, bool] | None = None):  # type: ignore[no-untyped-def]
    s = build([("S1", "m4", "1009"), ("P1", "pz4", "1409")], side="us", phase="move_vehicles",
              options={"opportunity_fire": True, **(options or {})})
    events = RULES.apply(s, "us", Action("move", {"units": "S1", "to": "0610"}))  # 1009 > ... > 0710 > 0610
    return s, events


def test_opportunity_fire_during_the_move_a_unit_ending_behind_cover_may_be_fired_on() -> None:
    """Optional rule: Opportunity Fire: "OF can take place when an enemy unit expends 1/4 or more of
    its movement points in continuous LOS of a friendly unit": the fire takes place during the move.
    The M4 spends its quarter in P1's sight and ends in 0610, which P1 does not see: P1 fires at it
    where it saw it, 0710 (that hex's terrain and range), and the result stands where it ended."""
    from engine.games.pl.board import line_of_sight, on_board

    s, events = _m4_out_of_sight()
    with on_board(s):
        assert not line_of_sight(s, "1409", "0610")[0] and line_of_sight(s, "1409", "0710")[0]
    assert s.phase == "opportunity" and any("P1 (at 0710, where it saw them move) may fire at S1" in e.text
                                             for e in events)
    fire = Action("fire", {"units": "P1", "target": "0710", "at_unit": "S1"})
    assert fire in RULES.legal_actions(s, "ge")
    assert Action("fire", {"units": "P1", "target": "0610", "at_unit": "S1"}) not in RULES.legal_actions(s, "ge")
    rig(s, [1])
    events = RULES.apply(s, "ge", fire)
    assert any("as it moved through 0710 (it ended in 0610)" in e.text and "14/9" in e.text for e in events)
    assert s.units["S1"].hex == "0610" and s.units["S1"].dispersed  # 14/9 = 1-1, die 1: DD
    assert (s.phase, s.side) == ("move_vehicles", "us")


def test_opportunity_fire_legacy_of_end_hex_needs_sight_of_the_end_hex() -> None:
    s, _ = _m4_out_of_sight({"of_end_hex": True})
    assert s.phase == "move_vehicles"  # the old reading: not fired on


def _end_until(s, side: str, phase: str) -> list:  # type: ignore[no-untyped-def,type-arg]
    events = []
    while not (s.side == side and s.phase == phase):
        events += RULES.apply(s, s.side, Action("end"))
    return events


def test_mines_a_unit_dispersed_entering_a_minefield_may_not_move_off_in_the_next_movement_phase() -> None:
    """Mines: "Surviving units may move off the minefield in the next Movement phase; dispersed units
    may not and will undergo a subsequent minefield attack every Combat phase until they are
    undispersed and able to move". A miss has no effect (nothing in the text makes it turn a unit
    face up): the rifle dispersed entering it in turn 1 is attacked in the German and the Allied
    Combat phases, may not move in the Allied Movement phase of turn 2, turns face up at the end of
    that segment and moves off in turn 3."""
    s = build([("R1", "us_rifle", "1010"), ("G1", "ge_rifle", "0101")], phase="move_infantry", options=MINES)
    s.mines["1011"] = "ge"
    r = s.units["R1"]
    rig(s, [4, 6, 6])  # entering: 2-1 die 4 = D; German Combat phase: die 6 = -; Allied: die 6 = -
    RULES.apply(s, "us", Action("move", {"units": "R1", "to": "1011"}))
    assert r.hex == "1011" and r.dispersed
    events = _end_until(s, "ge", "combat")
    assert r.dispersed and any("Still dispersed on a minefield: R1" in e.text for e in events)
    assert any("Minefield at 1011" in e.text and ": -" in e.text for e in events)  # the German Combat phase
    events = _end_until(s, "us", "move_infantry")
    assert any("Minefield at 1011" in e.text and ": -" in e.text for e in events)  # the Allied one: a miss
    assert r.dispersed
    assert not any(a.kind == "move" and a.args["units"] == "R1" for a in RULES.legal_actions(s, "us"))
    events = _end_until(s, "ge", "combat")
    assert not r.dispersed and any("Turned face up: R1" in e.text for e in events)
    _end_until(s, "us", "move_infantry")
    assert Action("move", {"units": "R1", "to": "1012"}) in RULES.legal_actions(s, "us")


def test_engineer_vehicles_indirect_fire_on_a_temporary_bridge_is_at_half_not_a_quarter() -> None:
    """Engineer vehicles, Valentine Bridgelayer: "Attacks against temporary bridges by Indirect Fire
    are always at half strength": half is the bridge's one factor; the WEC's halving of (H) against
    armoured targets does not come on top (option if_bridge_wec: it did, a quarter)."""
    from engine.events import Event
    from engine.games.pl.indirect import indirect_attack

    for legacy, share in ((False, "10"), (True, "5")):
        s = build([("W1", "wespe", "1409"), ("S1", "m4", "1509"), ("R1", "us_rifle", "1509")], side="ge",
                  options={"engineer_vehicles": True, "if_bridge_wec": legacy})
        s.temp_bridges["1509"] = "us"
        rig(s, [6, 6, 6])
        events: list[Event] = []
        indirect_attack(s, events, "ge", [s.units["W1"]], "1509")
        assert any(f"(indirect, {share}) against temporary bridge at 1509" in e.text for e in events), legacy


def test_streams_a_unit_that_may_not_fire_into_a_stream_hex_may_still_spot_it() -> None:
    """II. Streams: "Non-adjacent ground-level units may not attack units in a stream hex" limits an
    attack; Spotting asks only LOS ("taking into consideration all LOS rules", and "Bridges do not
    block LOS into a stream hex"): the US rifle two hexes off at ground level may not fire at the
    German rifle in stream hex 1505, yet spots it (it fired) for the mortar's indirect fire."""
    from engine.games.pl.board import on_board, spotters
    from engine.games.pl.fire import fire_refusal

    s = build([("G1", "ge_rifle", "1505"), ("R1", "us_rifle", "1305"), ("M1", "us_mortar", "1001")])
    s.units["G1"].revealed = True
    with on_board(s):
        assert "may not attack into stream hex 1505" in fire_refusal(s, s.units["R1"], "1505").reason
        assert [u.id for u in spotters(s, "us", "1505")] == ["R1"]
    events = RULES.apply(s, "us", Action("indirect", {"unit": "M1", "target": "1505"}))
    assert "spotted by R1" in events[0].text


def test_movement_a_move_the_terrain_forbids_names_the_terrain() -> None:
    """II. Movement Phase and the terrain rulings (sea, swamp, cliffs): a refused move names what bars
    it, not only that there is no path, or what the way round would cost."""
    import pytest

    from engine.errors import IllegalAction

    s = build([("T1", "us_truck", "2012"), ("R1", "us_rifle", "1205"), ("G1", "ge_rifle", "0101")],
              phase="move_vehicles", board="utah_beach")
    with pytest.raises(IllegalAction, match="2112 is sea: no unit enters it"):
        RULES.apply(s, "us", Action("move", {"units": "T1", "to": "2112"}))
    with pytest.raises(IllegalAction, match="1811 is swamp: vehicles enter it only along a road"):
        RULES.apply(s, "us", Action("move", {"units": "T1", "to": "1811"}))
    s.phase = "move_infantry"
    with pytest.raises(IllegalAction, match="a cliff hexside lies between 1205 and 1306: no unit crosses one; "
                                            "the way round costs 3 MP; 1 left"):
        RULES.apply(s, "us", Action("move", {"units": "R1", "to": "1306"}))


def test_opportunity_fire_cargo_kept_aboard_by_a_cancelled_unload_is_told_so() -> None:
    """OF: fire declared before an unload disperses the truck, so the unload does not happen; the
    rifle is aboard, one unit with its truck for defense: a second firer naming it is told that, not
    that it "did not move, load or unload"."""
    import pytest

    from engine.errors import IllegalAction

    s = build([("R1", "us_rifle", "1109"), ("S2", "m4", "1009"), ("TR", "ge_truck", "1209"),
               ("G1", "ge_rifle", "1209")], side="ge", phase="move_vehicles", options={"opportunity_fire": True})
    s.units["G1"].carrier, s.units["TR"].cargo = "TR", "G1"
    RULES.apply(s, "ge", Action("unload", {"unit": "TR"}))
    rig(s, [4])  # 2/1 = 2-1, die 4: D
    events = RULES.apply(s, "us", Action("fire", {"units": "R1", "target": "1209", "at_unit": "TR", "when": "before"}))
    assert any("does not happen" in e.text for e in events) and s.units["G1"].carrier == "TR"
    with pytest.raises(IllegalAction, match="G1 is aboard TR: fire at TR"):
        RULES.apply(s, "us", Action("fire", {"units": "S2", "target": "1209", "at_unit": "G1"}))


def test_direct_fire_each_defense_is_said_once() -> None:
    """I. Combat: the line names where the defense came from, once ("defense 6", not "defense 6,
    defense 6"), and the total when terrain or several counters make it."""
    s = build([("P1", "pz4", "1409"), ("R1", "us_rifle", "1209"), ("R2", "us_rifle", "1209")], side="ge")
    RULES.apply(s, "ge", Action("fire", {"units": "P1", "target": "1209", "at_unit": "R1"}))
    rig(s, [6])
    events = RULES.apply(s, "ge", Action("end"))
    line = next(e.text for e in events if e.kind == "attack")
    assert "(R1: defense 6, soft)" in line and "defense 6, defense 6" not in line
    t = build([("P1", "pz4", "1409"), ("R1", "us_rifle", "1209"), ("R2", "us_rifle", "1209")], side="ge")
    RULES.apply(t, "ge", Action("fire", {"units": "P1", "target": "1209"}))
    rig(t, [6])
    line = next(e.text for e in RULES.apply(t, "ge", Action("end")) if e.kind == "attack")
    assert "(R1: defense 6, R2: defense 6; defense 12 in all, soft)" in line


def test_victory_the_result_is_worded_one_way() -> None:
    """Situation: victory conditions: every line saying who won says it as the view's result does
    ("German wins"), and the early end says the side "has played its last segment"."""
    s = RULES.new_state("utah", 1, {})
    s.turn = s.turns
    s.phase, s.side = "assault", "us"
    events = RULES.apply(s, "us", Action("end"))
    over = [e.text for e in events if e.kind == "game_over"]
    assert over == ["Game over in turn 10: German wins (Allied objectives not taken, and the Allied side has "
                    "played its last segment)"]
    assert RULES.view(s, None)["result"]["text"] == over[0].removeprefix("Game over in turn 10: ")
    assert RULES.status_line(s).startswith("Game over: German wins")
    t = RULES.new_state("utah", 1, {})
    t.phase, t.side, t.turn = "assault", "us", 1
    for u in t.units.values():
        if u.side == "us":
            u.status, u.hex = "eliminated", None
    over = [e.text for e in RULES.apply(t, "us", Action("end")) if e.kind == "game_over"]
    assert over == ["Game over: German wins (no Allied units left)"]


def test_indirect_fire_no_public_output_of_the_other_side_s_orders_depends_on_a_secret_order() -> None:
    """I.i Indirect Fire (orders plotted secretly, a turn ahead) with the optional rules in play: in
    random games, every order given by the side that does not hold a pending indirect-fire order
    gives the same public events, views and next listing as it would if the order did not exist
    (until the order lands, when everyone learns of it)."""
    import copy
    import random

    compared = 0
    for scenario, seed in (("utah", 5), ("hill30_v2", 6)):
        rnd = random.Random(seed)
        s = RULES.new_state(scenario, seed, {"opportunity_fire": True, "mines": True})
        for _ in range(400):
            if RULES.is_over(s):
                break
            side = RULES.to_act(s)
            assert side is not None
            action = rnd.choice(RULES.legal_actions(s, side))
            owners = {s.units[o.unit].side for o in s.indirect}
            secrets = RULES.secrets(s)
            if owners and side not in owners:
                twin = copy.deepcopy(s)
                twin.indirect = []
                got = RULES.apply(s, side, action)
                if RULES.secrets(s) == secrets:  # nothing landed in this step
                    other = RULES.apply(twin, side, action)
                    assert _public(got) == _public(other), action
                    for who in (side, None):
                        assert RULES.view(s, who) == RULES.view(twin, who), (action, who)
                    nxt = RULES.to_act(s)
                    if nxt == side:
                        assert RULES.legal_actions(s, side) == RULES.legal_actions(twin, side)
                    compared += 1
            else:
                RULES.apply(s, side, action)
    assert compared >= 20
