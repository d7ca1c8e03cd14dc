"""A map per phase (issue 14): the American turn and each step of the German turn (5.0) close a phase."""

from __future__ import annotations

import json
import re

from engine.game import Action
from engine.games.saf import RULES
from engine.service import GameService, Seat
from engine.service.phases import phase_views, phases

MOVE = re.compile(r" (\d{4}) -> (\d{4})$")


def _bot_game(seed: int = 5, limit: int = 45) -> tuple[GameService, int]:
    service = GameService("sqlite://")
    info = service.create_game("saf", "1", seed=seed, seats={"us": Seat("bot"), "ge": Seat("bot")})
    service.run_bots(info.id, limit=limit)
    return service, info.id


def test_5_0_each_phase_of_the_turn_sequence_gets_its_own_map_showing_its_own_moves_and_fire() -> None:
    service, game_id = _bot_game()
    done = phases(service, game_id)
    views = phase_views(service, game_id)
    titles = [v["phase_map"]["title"] for v in views]
    # the American turn, then the German infantry, MG 42 and tank steps (5.0 A-B), turn after turn
    assert any("turn 2, American turn" in x for x in titles)
    for step in ("German infantry actions", "German MG 42 actions", "German tank actions"):
        assert any(f"turn 2, {step}" in x for x in titles), titles
    assert len(done) >= 9
    # no two phase maps are the same picture
    pictures = [json.dumps([sorted((u["id"], u["hex"], u["markers"]) for u in v["units"]), v["overlays"],
                            v["phase_map"]["lines"]], sort_keys=True, default=str) for v in views]
    assert len(set(pictures)) == len(pictures)
    fired_american = 0
    for phase, view in zip(done, views, strict=True):
        moves = [o for o in view["overlays"] if o["kind"] == "move"]
        reported = [MOVE.search(line) for line in phase.lines if " moves " in line or " falls back " in line
                    or " takes cover" in line]
        reported = [m for m in reported if m]
        # every move the phase reports is drawn, and nothing from another phase
        assert [(m.group(1), m.group(2)) for m in reported] == [tuple(o["path"]) for o in moves], \
            (phase.number, phase.lines)
        fires = [o for o in view["overlays"] if o["kind"] == "fire"]
        assert len(fires) >= sum(1 for line in phase.lines if line.endswith((": hit", ": miss")))
        if "American turn" in view["phase_map"]["title"] and fires:
            fired_american += 1  # the player's own fire is on the American turn's map
    assert fired_american >= 1


def test_5_0_B_the_german_turn_is_the_german_sides_entries_and_the_rules_ai_plays_them(bench) -> None:
    bench.add("us_infantry", "0207")
    bench.add("ge_infantry", "1510")
    bench.add("mg42", "1210")
    events = RULES.apply(bench.s, "us", Action("end"))
    assert RULES.to_act(bench.s) == "ge" and RULES.phase_name(bench.s) == "German infantry actions"
    assert [e.text for e in events if e.phase_end] == ["End of the American turn"]
    assert RULES.legal_actions(bench.s, "us") == []
    steps = []
    while RULES.to_act(bench.s) == "ge":
        action, why = RULES.bot_action(bench.s, "ge", "random")
        assert action == Action("german") and "5.0 B" in why
        steps.append([e.text for e in RULES.apply(bench.s, "ge", action) if e.phase_end])
    assert steps == [["German infantry actions over"], ["German MG 42 actions over"], ["German tank actions over"]]
    assert RULES.to_act(bench.s) == "us" and bench.s.turn == 2 and bench.s.phase == "roll"


def test_5_0_B_with_no_mg42_on_the_map_the_mg42_step_is_skipped(bench, say) -> None:
    bench.add("us_infantry", "0207")
    bench.add("ge_infantry", "1510")
    events = bench.act("end")
    assert "MG 42 actions" not in say(events)
    assert sum(1 for e in events if e.phase_end) == 3  # American turn, infantry, tanks


def test_5_0_B_a_game_stored_before_german_phases_plays_its_german_turn_in_the_end_entry(bench) -> None:
    del bench.s.options["german_phases"]  # a stored game's options predate the option: its legacy value
    bench.add("us_infantry", "0207")
    bench.add("ge_infantry", "1510")
    events = RULES.apply(bench.s, "us", Action("end"))
    assert RULES.to_act(bench.s) == "us" and bench.s.turn == 2
    assert any(e.text.startswith("German turn 1") for e in events)


def test_5_0_B_the_status_line_names_the_german_step_under_way(bench) -> None:
    bench.add("us_infantry", "0207")
    bench.add("ge_infantry", "1510")
    RULES.apply(bench.s, "us", Action("end"))
    assert "the rules' own AI plays the German infantry actions (5.0 B)" in RULES.status_line(bench.s)
