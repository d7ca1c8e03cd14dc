"""Data files, maps (4.0), set-up (3.0, 8.1-8.6), state dump/load."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engine import registry
from engine.errors import DataFileError, IllegalAction, NotFound
from engine.games.saf import RULES
from engine.games.saf.data import DATA, MAX_CARDS, MAX_FILE_BYTES, load_data
from engine.games.saf.table import Table
from engine.maps import load_map


def kinds(state, side: str) -> Counter[str]:
    return Counter(u.kind for u in state.on_map(side))


def test_registry_exposes_saf_rules() -> None:
    assert registry.get("saf") is RULES
    assert [s.key for s in RULES.scenarios()] == ["1", "2", "3", "4", "5", "6"]


def test_3_0_A_data_files_validate_and_decks_exist() -> None:
    d = load_data()
    assert len(d.cover) == 20 and len(d.actions) == 18
    assert {c.clear for c in d.cover} == {"none", "light"} and {c.cover for c in d.cover} == {"hard", "bunker"}
    assert d.counters["ge_infantry"].hit == 4 and d.counters["us_veteran"].hit == 5


def test_3_0_bad_data_file_names_file_and_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UMPIRE_GM_FILES", str(tmp_path))
    (tmp_path / "cover.yaml").write_text("cards:\n  - {name: x, clear: light, cover: soft}\n")
    with pytest.raises(DataFileError) as err:
        RULES.new_state("1", 3, {"cover_file": "cover.yaml"})
    assert "cover.yaml" in str(err.value) and "cards.0.cover" in str(err.value)
    assert str(tmp_path) not in str(err.value)  # never the host's path


def test_3_0_gm_may_pass_own_chit_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UMPIRE_GM_FILES", str(tmp_path))
    f = tmp_path / "chits.yaml"
    f.write_text((DATA / "chits.yaml").read_text().replace("count: 4}\ntank:", "count: 0}\ntank:"))
    state = RULES.new_state("1", 3, {"chits_file": "chits.yaml"})
    t = Table(state)
    assert all(c.result == "destroyed" or c.count == 0 for c in t.d.chits.damage)


def test_3_0_gm_file_is_read_once_and_copied_into_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: later orders and the replay from the stored options never read the file again."""
    monkeypatch.setenv("UMPIRE_GM_FILES", str(tmp_path))
    f = tmp_path / "deck.yaml"
    f.write_text("cards:\n  - {name: Bunkers everywhere, clear: light, cover: bunker, count: 3}\n")
    state = RULES.new_state("1", 3, {"cover_file": "deck.yaml"})
    stored = json.loads(json.dumps(RULES.dump(state)["options"]))
    assert stored["cover_file"] == "deck.yaml" and stored["decks"]["cover_cards"]["cards"][0]["count"] == 3
    f.unlink()  # edited or deleted after the game was created
    replay = RULES.new_state("1", 3, stored)
    assert RULES.dump(replay) == RULES.dump(state)
    RULES.apply(state, "us", RULES.legal_actions(state, "us")[-1])
    assert [c.name for c in Table(state).d.cover] == ["Bunkers everywhere"] * 3


def test_3_0_decks_option_is_validated_like_a_file() -> None:
    from engine.options import BadOption

    good = {"cover_cards": {"cards": [{"name": "Open", "clear": "none", "cover": "hard", "count": 2}]}}
    state = RULES.new_state("1", 3, {"decks": good})
    assert len(Table(state).d.cover) == 2
    for bad in ({"cover_cards": {"cards": [{"name": "x", "clear": "light", "cover": "soft"}]}},
                {"no_such_deck": {}}, {"cover_cards": {"cards": [{"name": "x", "clear": "none", "cover": "hard",
                                                                    "count": MAX_CARDS + 1}]}}):
        with pytest.raises(BadOption, match="decks"):
            RULES.new_state("1", 3, {"decks": bad})


def test_3_0_gm_files_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: a short file asking for millions of cards, a huge file, or YAML aliases are refused."""
    monkeypatch.setenv("UMPIRE_GM_FILES", str(tmp_path))
    (tmp_path / "many.yaml").write_text("cards:\n  - {name: x, clear: light, cover: hard, count: 10000000}\n")
    (tmp_path / "sum.yaml").write_text("cards:\n" + f"  - {{name: x, clear: light, cover: hard, count: {MAX_CARDS}}}\n" * 2)
    (tmp_path / "big.yaml").write_text("cards: []\n" + "#" * MAX_FILE_BYTES)
    (tmp_path / "alias.yaml").write_text("a: &a [x, x, x]\nb: &b [*a, *a, *a]\ncards: [*b, *b]\n")
    for name, why in [("many.yaml", "count"), ("sum.yaml", str(MAX_CARDS)), ("big.yaml", "KiB"),
                      ("alias.yaml", "alias")]:
        with pytest.raises(DataFileError, match=why) as err:
            RULES.new_state("1", 3, {"cover_file": name})
        assert name in str(err.value) and str(tmp_path) not in str(err.value)


def test_3_0_gm_files_only_from_the_gm_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UMPIRE_GM_FILES", str(tmp_path))
    for name in ("/etc/passwd", "../../etc/passwd", "missing.yaml"):
        with pytest.raises(DataFileError) as err:
            RULES.new_state("1", 3, {"chits_file": name})
        assert str(tmp_path) not in str(err.value) and "/etc" not in str(err.value)


@pytest.mark.parametrize("name", ["map1.yaml", "map2.yaml"])
def test_4_0_A_maps_hold_every_feature(name: str) -> None:
    m = load_map(DATA / name)
    red = m.markers["red"][0]
    for n in range(2, 7):
        (h,) = m.markers[f"reinforcement_{n}"]
        assert h.distance(red) == 1, f"reinforcement hex {n} surrounds the red hex"
    for key in ("blue", "us_tank", "ge_tank", "mg42", "mortar"):
        assert m.markers[key], key
    for h in m.markers["us_tank"] + m.markers["ge_tank"]:
        assert m.terrain[h] not in ("woods", "building"), "tanks may not stand in woods or buildings"
    assert set(m.terrain.values()) == {"clear", "woods", "building", "hill"}
    assert m.road_links


def test_8_6_map2_has_centre_buildings_and_north_woods() -> None:
    m = load_map(DATA / "map2.yaml")
    assert len(m.markers["centre_buildings"]) == 3
    assert all(m.terrain[h] == "building" for h in m.markers["centre_buildings"])
    assert all(m.terrain[h] == "woods" and h.row == 1 for h in m.markers["north_woods"])
    assert load_map(DATA / "map1.yaml").markers["objective"]


def test_8_1_setup_scenario_1() -> None:
    s = RULES.new_state("1", 1, {})
    t = Table(s)
    assert kinds(s, "us") == Counter(us_infantry=3, us_veteran=3, us_lt=1, us_mortar=1, m4=3)
    assert kinds(s, "ge") == Counter(panzer=2, mg42=1)
    lt = t.lt()
    assert lt is not None and lt.hex == t.m.markers["blue"][0].label  # 8.1.1 B
    assert t.unit(lt.attached_to).hex == lt.hex
    for u in s.on_map("us"):
        if u.kind in ("us_infantry", "us_veteran", "us_mortar") and u.id != lt.attached_to:
            assert t.hex(u).col == 2  # 8.1.1 A
        if u.kind == "m4":
            assert t.hex(u) in t.m.markers["us_tank"]  # 8.1.1 C
    assert {t.hex(u) for u in s.on_map("ge") if u.kind == "panzer"} == set(t.m.markers["ge_tank"])  # 8.1.2 A
    assert [t.hex(u) for u in s.on_map("ge") if u.kind == "mg42"] == t.m.markers["mg42"]  # 8.1.2 B
    assert s.reserve_at == 30 and t.sc.morale_goal == 40  # 8.1.2 D, 8.1.3 A


def test_8_1_2_C_german_infantry_arrive_with_the_first_spotted_roll() -> None:
    s = RULES.new_state("1", 1, {})
    assert not any(u.kind == "ge_infantry" for u in s.on_map("ge"))
    from engine.game import Action
    events = RULES.apply(s, "us", Action("roll"))
    assert any(e.rule == "6.1 A" for e in events)
    assert any(u.kind in ("ge_infantry", "ge_veteran") for u in s.on_map("ge"))


def test_8_2_setup_scenario_2() -> None:
    s = RULES.new_state("2", 1, {})
    t = Table(s)
    assert kinds(s, "us") == Counter(us_infantry=3, us_veteran=3, us_lt=1, us_mortar=1, us_sniper=1, m4=3)
    sniper = next(u for u in s.on_map("us") if u.kind == "us_sniper")
    assert t.m.terrain[t.hex(sniper)] == "building"  # 8.2.1 D
    mortar = next(u for u in s.on_map("us") if u.kind == "us_mortar")
    assert t.hex(mortar) in t.m.markers["mortar"]  # 8.2.1 C
    panzers = [t.hex(u) for u in s.on_map("ge") if u.kind == "panzer"]
    assert len(panzers) == 3 and all(h.col == t.m.columns for h in panzers)  # 8.2.2 A
    assert len({h.row for h in panzers}) == 3
    tiger = next(u for u in s.units.values() if u.kind == "tiger")
    assert tiger.status == "awaiting" and tiger.arrive_turn == 3  # 8.2.2 C


def test_8_3_setup_scenario_3_panzers_two_per_hex() -> None:
    s = RULES.new_state("3", 1, {})
    t = Table(s)
    assert kinds(s, "us") == Counter(us_infantry=4, us_veteran=4, us_lt=1, us_mortar=2, us_sniper=1, m4=3, m10=2)
    per_hex = Counter(u.hex for u in s.on_map("ge") if u.kind == "panzer")
    assert sorted(per_hex.values()) == [2, 2]  # 8.3.2 B
    assert set(per_hex) == {h.label for h in t.m.markers["ge_tank"]}
    assert not RULES.invariants(s)
    assert sum(1 for u in s.units.values() if u.kind == "tiger" and u.status == "awaiting") == 2


def test_8_4_setup_scenario_4_two_low_on_ammo() -> None:
    s = RULES.new_state("4", 1, {})
    assert sum(1 for u in s.on_map("us") if u.supply == "low_ammo") == 2  # 8.4.1 *
    assert kinds(s, "us")["m4"] == 2
    late = Counter((u.kind, u.arrive_turn) for u in s.units.values() if u.status == "awaiting")
    assert late == Counter({("m4", 4): 2, ("m10", 8): 2, ("tiger", 8): 3})  # 8.4.1 F-G, 8.4.2 C


def test_8_5_setup_scenario_5() -> None:
    s = RULES.new_state("5", 1, {})
    t = Table(s)
    assert kinds(s, "us") == Counter(us_veteran=6, us_lt=1, us_mortar=3, us_sniper=1, m4=2)
    assert all(t.hex(u) == t.m.markers["blue"][0] for u in s.on_map("us") if u.kind == "m4")  # 8.5.1 E
    lt = t.lt()
    assert lt is not None and t.hex(lt).col == 2  # 8.5.1 B
    mg_hexes = Counter(u.hex for u in s.on_map("ge") if u.kind == "mg42")
    assert sorted(mg_hexes.values()) == [2, 2]  # 8.5.2 A
    assert not RULES.invariants(s)


def test_8_6_setup_capture_and_hold() -> None:
    s = RULES.new_state("6", 1, {})
    t = Table(s)
    vets = [u for u in s.on_map("ge") if u.kind == "ge_veteran"]
    assert sorted(t.hex(u) for u in vets) == sorted(t.m.markers["centre_buildings"])  # 8.6.2 A
    assert all(u.holds for u in vets)  # 8.6.2 E
    sniper = next(u for u in s.on_map("us") if u.kind == "us_sniper")
    assert t.hex(sniper) in t.m.markers["north_woods"]  # 8.6.1 D
    tiger = next(u for u in s.units.values() if u.kind == "tiger")
    assert tiger.arrive_zone == "blue" and tiger.arrive_turn == 3 and tiger.fire_on_entry  # 8.6.2 D


def test_unknown_scenario_is_refused() -> None:
    with pytest.raises(NotFound):
        RULES.new_state("9", 1, {})


def test_state_dump_load_roundtrip_is_json_safe() -> None:
    s = RULES.new_state("3", 11, {})
    from engine.game import Action
    RULES.apply(s, "us", Action("roll"))
    data = RULES.dump(s)
    again = RULES.load(json.loads(json.dumps(data)))
    assert RULES.dump(again) == data
    assert again.rng.state == s.rng.state


def test_view_hides_the_seed_and_rng() -> None:
    s = RULES.new_state("1", 11, {})
    v = RULES.view(s, "us")
    text = json.dumps(v)
    assert "rng" not in v and str(s.rng.state) not in text and "seed" not in v
    symbols = {u["symbol"] for u in v["units"]}
    assert {"infantry", "veteran", "mortar", "leader", "tank", "panzer", "mg"} <= symbols
    assert {m["kind"] for m in v["markers"]} >= {"red", "blue", "objective"}


def test_7_2_D_action_card_with_three_steps_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UMPIRE_GM_FILES", str(tmp_path))
    bad = tmp_path / "actions.yaml"
    bad.write_text(
        "cards:\n  - name: Too busy\n    calm: [{do: move, hexes: 1}, {do: fire}, {do: fire}]\n"
        "    alert: [{do: fire}]\n    panic: [{do: none}]\n"
    )
    with pytest.raises(DataFileError) as err:
        RULES.new_state("1", 3, {"actions_file": "actions.yaml"})
    assert "actions.yaml" in str(err.value) and "cards.0.calm" in str(err.value)


def test_6_5_2_reserve_card_with_unknown_counter_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UMPIRE_GM_FILES", str(tmp_path))
    bad = tmp_path / "reserves.yaml"
    bad.write_text("cards:\n  - {id: X1, title: Zeppelins, units: [zeppelin]}\n")
    with pytest.raises(DataFileError, match="unknown counter 'zeppelin'"):
        RULES.new_state("1", 3, {"reserves_file": "reserves.yaml"})


def test_option_specs_name_their_rulings() -> None:
    names = {o.name: o for o in RULES.option_specs()}
    assert set(names) == {"outnumbered", "cover_file", "chits_file", "actions_file", "reserves_file", "decks",
                          "german_phases", "sniper_hex", "pass_friendly", "arrival_nearest", "german_move",
                          "setup_place", "german_target", "german_move_count", "fall_back", "tiger_zone",
                          "german_arrival"}
    # options that change play: a game stored before them replays as it was played (legacy)
    legacy = RULES.upgrade_options({})
    assert legacy == {"german_phases": False, "sniper_hex": "middle", "pass_friendly": False,
                      "arrival_nearest": False, "german_move": "closest", "setup_place": "free",
                      "german_target": "cover_then_id", "german_move_count": "within", "fall_back": "nearest",
                      "tiger_zone": "numbered", "german_arrival": "wait"}
    assert names["outnumbered"].default is False and names["outnumbered"].ruling == "6.2 B"
    assert all(names[n].gm_only and names[n].type == "file" for n in names if n.endswith("_file"))


def test_gm_end_the_game_with_a_result() -> None:
    from engine.game import Action

    state = RULES.new_state("1", 3, {})
    RULES.gm_apply(state, Action("end", {"winner": "us", "result": "conceded"}))
    assert RULES.is_over(state) and RULES.winner(state) == "us" and RULES.to_act(state) is None
    with pytest.raises(IllegalAction, match="winner must be"):
        RULES.gm_apply(RULES.new_state("1", 3, {}), Action("end", {"winner": "nobody"}))


@pytest.mark.parametrize("scenario", ["2", "3", "4", "5"])
def test_8_2_1_D_the_sniper_defaults_to_the_building_nearest_the_american_edge(scenario: str) -> None:
    s = RULES.new_state(scenario, 1, {})
    t = Table(s)
    sniper = next(u for u in s.on_map("us") if u.kind == "us_sniper")
    buildings = sorted((h for h, k in t.m.terrain.items() if k == "building"), key=lambda h: (h.col, h.row))
    assert t.hex(sniper) == buildings[0]  # the lowest column: the American (west) edge is column 1
    assert all(h.col >= t.hex(sniper).col for h in buildings)
    # a game stored before the option was set up with the middle of the list, and still is on replay
    old = RULES.new_state(scenario, 1, RULES.upgrade_options({}))
    old_sniper = next(u for u in old.on_map("us") if u.kind == "us_sniper")
    assert old_sniper.hex == buildings[len(buildings) // 2].label != sniper.hex
