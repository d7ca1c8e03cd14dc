"""Basic Turn Sequence of Play, set-up, dispersal, reinforcements, victory, the GameRules contract."""

from __future__ import annotations

import copy

import pytest
from pl_helpers import build

from engine.errors import IllegalAction, NotYourTurn, UnknownHex, UnknownUnit
from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.sequence import victory_met
from engine.registry import get


def end(state):  # type: ignore[no-untyped-def]
    return RULES.apply(state, state.side, Action("end"))


def test_registry_exposes_pl_rules() -> None:
    assert get("pl") is RULES
    assert {s.key for s in RULES.scenarios()} == {"utah", "utah_inland", "hill30", "hill30_v2", "crossing"}


def test_sequence_utah_germans_set_up_first_americans_move_first() -> None:
    s = RULES.new_state("utah", 1, {})
    assert (s.phase, s.side) == ("setup", "ge")
    end(s)
    assert (s.phase, s.side) == ("setup", "us")
    end(s)
    assert (s.turn, s.side, s.phase) == (1, "us", "combat")


def test_sequence_segment_combat_movement_vehicles_infantry_close_assault() -> None:
    s = RULES.new_state("utah", 1, {})
    end(s)
    end(s)
    seen = []
    while s.side == "us":
        seen.append(s.phase)
        end(s)
    assert seen == ["combat", "move_vehicles", "move_infantry", "assault"]
    assert (s.side, s.phase, s.turn) == ("ge", "combat", 1)


def test_setup_only_inside_the_set_up_area() -> None:
    s = RULES.new_state("utah", 1, {})
    with pytest.raises(IllegalAction, match="set-up area"):
        RULES.apply(s, "ge", Action("place", {"unit": "GR1", "at": "0310"}))
    with pytest.raises(IllegalAction, match="set-up area"):
        RULES.apply(s, "ge", Action("place", {"unit": "GR1", "at": "0710"}))  # the US drop zone reaches column 07
    RULES.apply(s, "ge", Action("place", {"unit": "GR1", "at": "0809"}))
    assert s.units["GR1"].hex == "0809"


def test_dispersed_units_turn_face_up_at_the_end_of_their_own_player_segment() -> None:
    s = build([("R1", "us_rifle", "1009"), ("G1", "ge_rifle", "1012")], side="us", phase="assault")
    s.units["G1"].dispersed = True  # dispersed in the Allied segment
    s.units["R1"].dispersed = True
    end(s)  # Allied segment ends: R1 turns back, G1 stays dispersed
    assert not s.units["R1"].dispersed and s.units["G1"].dispersed
    assert (s.side, s.phase) == ("ge", "combat")
    with pytest.raises(IllegalAction, match="dispersed"):
        RULES.apply(s, "ge", Action("fire", {"units": "G1", "target": "1009"}))
    for _ in range(4):
        end(s)
    assert not s.units["G1"].dispersed


def test_reinforcements_arrive_on_their_turn_at_their_edge_hex() -> None:
    s = RULES.new_state("hill30", 3, {})
    assert s.units["RS1"].status == "awaiting"
    while not (s.turn == 3 and s.side == "us"):
        end(s)
    assert s.units["RS1"].status == "on_map" and s.units["RS1"].hex == "0103"
    assert s.units["RH1"].hex == "0111"


def test_victory_utah_town_two_pouppeville_hexes_or_the_bridge() -> None:
    s = build([("R1", "us_rifle", "0810"), ("G1", "ge_rifle", "0101")])
    assert victory_met(s) == ""
    s.units["R2"] = copy.deepcopy(s.units["R1"])
    s.units["R2"].id = "R2"
    s.units["R2"].hex = "0912"
    assert "Pouppeville" in victory_met(s)
    t = build([("R1", "us_rifle", "1512"), ("G1", "ge_rifle", "0101")])
    assert "bridge" in victory_met(t)
    u = build([("R1", "us_rifle", "1512"), ("G1", "ge_rifle", "1512")])
    assert victory_met(u) == ""  # contested: not held


def test_game_ends_after_the_last_turn_with_a_winner() -> None:
    s = build([("R1", "us_rifle", "1512"), ("G1", "ge_rifle", "0101")], side="ge", phase="assault", turn=10)
    events = end(s)
    assert RULES.is_over(s) and RULES.winner(s) == "us"
    assert any(e.kind == "game_over" for e in events)


def test_errors_name_the_rule_and_leave_the_state_unchanged() -> None:
    s = RULES.new_state("hill30", 5, {})
    end(s)
    end(s)
    before = RULES.dump(s)
    with pytest.raises(NotYourTurn):
        RULES.apply(s, "us", Action("end"))
    with pytest.raises(UnknownUnit):
        RULES.apply(s, "ge", Action("fire", {"units": "NOPE", "target": "1006"}))
    with pytest.raises(UnknownHex):
        RULES.apply(s, "ge", Action("fire", {"units": "P1", "target": "9999"}))
    with pytest.raises(IllegalAction) as err:
        RULES.apply(s, "ge", Action("move", {"units": "P1", "to": "1603"}))
    assert err.value.rule
    assert RULES.dump(s) == before


def test_dump_load_round_trip_and_view_shape() -> None:
    s = RULES.new_state("hill30", 9, {"mines": True, "blocks": True})
    again = RULES.load(RULES.dump(s))
    assert RULES.dump(again) == RULES.dump(s)
    v = RULES.view(s, None)
    assert v["game"] == "pl" and v["map"].endswith("board.yaml")
    symbols = {u["symbol"] for u in v["units"]}
    assert {"tank", "infantry", "halftrack"} <= symbols
    assert {m["kind"] for m in v["markers"]} >= {"block"}
    loaded = next(u for u in v["units"] if u["id"] == "GR1")
    assert "loaded" in loaded["markers"]
    assert "rng" not in str(v) and str(s.seed) not in str(v.get("last_random"))


def test_commands_cover_the_orders() -> None:
    names = {c.name for c in RULES.commands()}
    assert {"fire", "indirect", "move", "overrun", "load", "unload", "assault", "end", "place"} <= names


def test_legal_actions_are_all_accepted() -> None:
    s = RULES.new_state("hill30", 2, {})
    end(s)
    end(s)
    for phase in ("combat", "move_vehicles"):
        assert s.phase == phase
        acts = RULES.legal_actions(s, "ge")
        assert RULES.legal_actions(s, "us") == []
        for a in acts:
            trial = copy.deepcopy(s)
            RULES.apply(trial, "ge", a)
        end(s)


def test_invariants_catch_overstacking() -> None:
    s = build([(f"R{i}", "us_rifle", "1009") for i in range(5)])
    assert any("more than 4" in b for b in RULES.invariants(s))
    s.wrecks["1010"] = 4
    assert any("wrecks" in b for b in RULES.invariants(s))


def test_view_hides_minefields_from_the_other_side_until_entered() -> None:
    s = RULES.new_state("utah", 1, {"mines": True})
    assert any(m["kind"] == "mine" for m in RULES.view(s, "ge")["markers"])
    assert not any(m["kind"] == "mine" for m in RULES.view(s, "us")["markers"])
    assert not any(m["kind"] == "mine" for m in RULES.view(s, None)["markers"])
