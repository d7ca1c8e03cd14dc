"""The Peiper AI at every level: legal, deterministic, no peeking, reasons, and what it knows."""

from __future__ import annotations

import functools

import pytest

from engine.ai.policy import UnknownPolicy
from engine.ai.random_policy import RandomPolicy
from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper.ai_field import situation, unit_distance
from engine.games.peiper.ai_plan import Planner
from engine.games.peiper.ai_policy import ranked
from engine.games.peiper.ai_search import _search, reshuffle_undrawn
from engine.games.peiper.state import ACTIVATE, DECIDE, PeiperState
from engine.games.peiper.units import game_map
from engine.hexgrid import Hex
from engine.rng import Rng

LEVELS = ("random", "greedy", "easy", "normal", "hard")


def _fresh(seed: int = 1) -> PeiperState:
    state = RULES.new_state("historical", seed, {})
    RULES.apply(state, "us", Action("ready"))
    return state


def _empty(seed: int = 1) -> PeiperState:
    state = _fresh(seed)
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    return state


def _put(state: PeiperState, uid: str, label: str) -> None:
    state.units[uid].status, state.units[uid].hex = "on_map", label


def _activate(state: PeiperState, side: str, acts: int = 3) -> None:
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, side, acts, []
    state.spent = {"ge": True, "us": True}


def _positions(seed: int, steps: int, every: int) -> list[PeiperState]:
    """States along a random playout (random policy on both sides), every few actions."""
    state = RULES.new_state("historical", seed, {})
    out = []
    policy = RandomPolicy()
    for i in range(steps):
        if RULES.is_over(state):
            break
        side = RULES.to_act(state)
        assert side is not None
        if i % every == 0:
            out.append(RULES.load(RULES.dump(state)))
        action, _ = policy.choose(RULES, state, side)
        RULES.apply(state, side, action)
    return out


@functools.cache
def positions() -> list[PeiperState]:
    """Made when a test first asks, once per process (not at collection: every xdist worker collects
    every module)."""
    return [p for seed in (3, 11) for p in _positions(seed, 160, 16)]


@pytest.mark.parametrize("level", LEVELS)
def test_ai_every_level_returns_a_legal_action_with_a_reason(level: str) -> None:
    for state in positions():
        side = RULES.to_act(state)
        assert side is not None
        action, why = RULES.bot_action(state, side, level)
        assert action in RULES.legal_actions(state, side), (level, action)
        assert why.strip(), (level, action)


@pytest.mark.parametrize("level", LEVELS)
def test_ai_decision_leaves_the_state_and_its_rng_untouched(level: str) -> None:
    for state in positions()[::3]:
        side = RULES.to_act(state)
        assert side is not None
        before = RULES.dump(state)
        RULES.bot_action(state, side, level)
        assert RULES.dump(state) == before


@pytest.mark.parametrize("level", LEVELS)
def test_ai_same_state_same_decision(level: str) -> None:
    for state in positions()[::2]:
        side = RULES.to_act(state)
        assert side is not None
        first = RULES.bot_action(state, side, level)
        again = RULES.bot_action(RULES.load(RULES.dump(state)), side, level)
        assert first == again


@pytest.mark.parametrize("level", LEVELS)
def test_ai_does_not_peek_at_the_undrawn_deck(level: str) -> None:
    """Two states that differ only in the order of the undrawn pile get the same decision."""
    for i, state in enumerate(positions()):
        side = RULES.to_act(state)
        assert side is not None
        other = RULES.load(RULES.dump(state))
        reshuffle_undrawn(other, Rng(1000 + i))
        if other.deck.draw_pile == state.deck.draw_pile and len(state.deck) > 1:
            reshuffle_undrawn(other, Rng(2000 + i))
        assert RULES.bot_action(state, side, level) == RULES.bot_action(other, side, level)


def test_ai_hard_look_ahead_samples_the_deck_without_peeking() -> None:
    """The look-ahead (attacks draw cards) gives one answer for any order of the undrawn pile."""
    state = _empty()
    _put(state, "3/2 LAH", "0506")
    _put(state, "30/117/1", "0505")
    _put(state, "Spitze", "0705")
    _activate(state, "us", acts=2)
    options = [(1.0, Action("attack", {"unit": "30/117/1", "target": "3/2 LAH"}), "fire"),
               (1.0, Action("move", {"unit": "30/117/1", "to": "0504"}), "move")]
    answers = set()
    for seed in range(4):
        other = RULES.load(RULES.dump(state))
        Rng(seed).shuffle(other.deck.draw_pile)
        answers.add(_search(RULES, other, "us", options))
    assert len(answers) == 1
    a, b = RULES.load(RULES.dump(state)), RULES.load(RULES.dump(state))
    Rng(5).shuffle(b.deck.draw_pile)
    reshuffle_undrawn(a, Rng(9))
    reshuffle_undrawn(b, Rng(9))
    assert a.deck.draw_pile == b.deck.draw_pile


def test_ai_unknown_level_is_refused_with_the_levels() -> None:
    state = _fresh()
    with pytest.raises(UnknownPolicy) as err:
        RULES.bot_action(state, "ge", "expert")
    assert "random, greedy, easy, normal, hard" in str(err.value)


def test_ai_prefers_an_exit_when_a_german_unit_can_exit() -> None:
    state = _empty()
    _put(state, "Spitze", "0105")  # west edge
    _put(state, "501", "0705")
    _put(state, "CCR/3/1", "0505")
    _activate(state, "ge")
    for level in ("easy", "normal", "hard"):
        action, why = RULES.bot_action(state, "ge", level)
        assert action == Action("exit", {"unit": "Spitze"}), level
        assert "exits west" in why


def test_ai_german_moves_by_road_toward_the_west_and_says_where() -> None:
    state = _empty()
    _put(state, "Spitze", "1308")  # Stavelot, on the road; depot long gone
    state.fuel_depot = "destroyed"
    _put(state, "CCR/3/1", "0102")
    _activate(state, "ge", acts=1)
    action, why = RULES.bot_action(state, "ge", "normal")
    assert action.kind == "move" and action.args["unit"] == "Spitze"
    sit = situation(state)
    before = unit_distance(state, sit, "Spitze")
    after = sit.mech.dist[sit.t.index[Hex.parse(action.args["to"])]]
    assert after < before - 0.5  # real progress toward the exit
    assert "toward" in why and "ACTs from the exit" in why


def test_ai_german_takes_the_fuel_depot_when_it_can() -> None:
    """German Supply: occupy Stavelot for the Fuel Depot draw; the AI values it."""
    state = _empty()
    _put(state, "3/2 LAH", "1409")  # next to Stavelot across the bridge
    _put(state, "99 BG", "1305")
    _put(state, "106 BG", "1210")  # sits by the Salm road: supply is cut there
    _activate(state, "ge", acts=1)
    action, why = RULES.bot_action(state, "ge", "normal")
    assert action == Action("move", {"unit": "3/2 LAH", "to": "1308"}), (action, why)
    assert "Fuel Depot" in why


def test_ai_us_blows_a_bridge_the_germans_need_after_turn_2() -> None:
    """Bridge Demolition: turn 3 on, the US AI rates the bridge on the German way west above the rest."""
    state = _empty()
    state.turn = 3
    _put(state, "Spitze", "1409")
    _put(state, "501", "1409")
    _put(state, "1/1 LAH", "1408")
    _put(state, "99 BG", "0102")
    _activate(state, "us", acts=1)
    demolitions = [(s, a, why) for s, _, a, why in ranked(state, "us", RULES.legal_actions(state, "us"))
                   if a.kind == "demolish"]
    best_score, best, why = demolitions[0]
    assert best_score > 5 and demolitions[-1][0] < 1
    assert "the Germans would have to go round" in why
    # The bridge it picks lies on the route the German field takes out of the map.
    sit = situation(state)
    route = set()
    here = sit.t.index[Hex.parse("1409")]
    while here >= 0:
        route.add(sit.t.hexes[here])
        here = sit.mech.nxt[here]
    bridge = game_map().bridges[best.args["bridge"]]
    assert bridge.side.a in route and bridge.side.b in route
    state.turn = 2
    assert all(a.kind != "demolish" for a in RULES.legal_actions(state, "us"))
    action, _ = RULES.bot_action(state, "us", "normal")
    assert action.kind != "demolish"  # not before turn 3


def test_ai_us_fires_on_an_adjacent_german_unit() -> None:
    state = _empty()
    _put(state, "3/2 LAH", "0506")  # German infantry: US infantry fire AI 3
    _put(state, "30/117/1", "0505")
    _activate(state, "us", acts=1)
    action, why = RULES.bot_action(state, "us", "normal")
    assert action == Action("attack", {"unit": "30/117/1", "target": "3/2 LAH"}), (action, why)
    assert "% to hit" in why


def test_ai_us_spends_its_first_act_so_the_joker_can_end_the_turn() -> None:
    state = _fresh()
    state.phase, state.side, state.card = DECIDE, "us", "6H"
    state.spent = {"ge": True, "us": False}
    action, _ = RULES.bot_action(state, "us", "normal")
    assert action == Action("take")
    RULES.apply(state, "us", action)
    action, _ = RULES.bot_action(state, "us", "normal")
    assert action.kind != "end"


def test_ai_us_brings_reinforcements_on() -> None:
    """Set-Up: from turn 2 the US may enter reinforcements; with the Germans near the west edge it does."""
    state = _empty()
    state.turn = 2
    _put(state, "Spitze", "0504")
    _put(state, "99 BG", "1301")
    _activate(state, "us", acts=1)
    action, why = RULES.bot_action(state, "us", "normal")
    assert action.kind == "enter", (action, why)
    assert "enters at" in why


def test_ai_us_setup_blocks_the_roads() -> None:
    """Set-Up: the US AI places its four units to raise the German task (and keeps within the rules)."""
    state = RULES.new_state("historical", 1, {})
    for _ in range(5):
        action, why = RULES.bot_action(state, "us", "normal")
        assert why
        RULES.apply(state, "us", action)
    assert state.turn == 1  # the set-up ended with ready
    placed = {u.hex for u in state.units.values() if u.side == "us" and u.status == "on_map"}
    assert len(placed) >= 3 and all(h and not h.startswith("14") for h in placed)


# --- hard German: the plan (ai_plan) ---------------------------------------------------------
def _turn_one_screen(state: PeiperState) -> None:
    """The normal US set-up after 2/23/2 has left Stavelot for the north road."""
    state.turn = 1
    _put(state, "CCR/3/1", "1209")
    _put(state, "2/23/2", "1302")
    _put(state, "99 BG", "0304")
    _put(state, "106 BG", "0809")


def test_ai_hard_german_enters_next_to_an_empty_stavelot_for_the_fuel_depot() -> None:
    """German Supply: an entry one step from an empty Stavelot is worth the depot draw after it."""
    state = _empty()
    _turn_one_screen(state)
    _activate(state, "ge", acts=2)
    action, why = RULES.bot_action(state, "ge", "hard")
    assert action.kind == "enter", (action, why)
    assert Hex.parse(action.args["at"]).distance(Hex.parse("1308")) == 1, (action, why)
    assert "next step worth" in why
    RULES.apply(state, "ge", action)
    action, why = RULES.bot_action(state, "ge", "hard")
    assert action == Action("move", {"unit": action.args["unit"], "to": "1308"}), (action, why)
    assert "Fuel Depot" in why


def test_ai_hard_german_counts_a_unit_stuck_under_us_fire() -> None:
    """Movement: next to a US unit with no hex clear of it in one step, the unit waits under fire."""
    state = _empty()
    state.turn = 1
    _put(state, "2/23/2", "1302")
    _put(state, "30/117/1", "1203")
    risk = Planner(state).risk
    stuck_cost, stuck_hits, stuck = risk("Spitze", Hex.parse("1301"))  # corner: no way clear
    free_cost, free_hits, free = risk("Spitze", Hex.parse("1305"))  # two hexes off: it must close first
    assert stuck and not free
    assert stuck_hits > 3 * free_hits > 0
    assert stuck_cost > free_cost
    assert risk("Spitze", Hex.parse("0708"))[0] == 0.0  # nobody near


def test_ai_hard_german_finishes_the_unit_nearest_the_exit_first() -> None:
    """Who Wins: an exited unit counts and is safe; the hard German runs its nearest unit out first."""
    state = _empty()
    state.turn = 2
    state.fuel_depot = "captured"
    _put(state, "Spitze", "0310")  # past the Neufmoulin bridge: one short road move, then the exit
    _put(state, "501", "1407")  # far east, with open road ahead: a longer step
    _put(state, "99 BG", "1301")
    _activate(state, "ge", acts=1)
    action, why = RULES.bot_action(state, "ge", "hard")
    assert action.kind == "move" and action.args["unit"] == "Spitze", (action, why)
    assert "nearest the exit goes first" in why


def test_ai_hard_german_wastes_no_card_on_a_shot_that_cannot_hit() -> None:
    """Combat: a 0% shot only draws a card (the Joker comes nearer); the hard German ends instead."""
    state = _empty()
    state.turn = 2
    state.fuel_depot = "destroyed"
    _put(state, "Spitze", "1009")  # AI 1 against infantry across the Salm, in town, out of supply
    _put(state, "106 BG", "0909")
    _put(state, "CCR/3/1", "1110")
    for uid in ("1/1 LAH", "501", "3/2 LAH", "3FJ/KG1", "3FJ/KG2"):
        state.units[uid].status = "eliminated"
    _activate(state, "ge", acts=1)
    legal = RULES.legal_actions(state, "ge")
    assert Action("attack", {"unit": "Spitze", "target": "106 BG"}) in legal
    action, why = RULES.bot_action(state, "ge", "hard")
    assert action.kind != "attack", (action, why)


def _oscillation_state() -> PeiperState:
    """Turn 1 of deal 0 (seed 7) as the old normal US played it: the Germans still to enter, the US
    set up, a red 7 (4 ACTs) with 2 left. The old bot moved 2/23/2 1302-1304-1302-1304 ... here."""
    state = _empty()
    state.turn = 1
    for uid, label in (("CCR/3/1", "1209"), ("2/23/2", "1302"), ("99 BG", "0304"), ("106 BG", "0809")):
        _put(state, uid, label)
    _activate(state, "us", acts=4)
    state.spent = {"ge": False, "us": True}
    return state


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_movement_us_bot_does_not_undo_its_own_move_while_nothing_changes(level: str) -> None:
    """Movement (each ACT a move): with no German order in between, no US unit goes back to the hex
    it has just left; the old scoring (closing on the German way measured with the unit where it
    stood) made both 1302-1304 and 1304-1302 look like progress."""
    state = _oscillation_state()
    came_from: dict[str, str] = {}
    while state.phase == ACTIVATE and state.side == "us":
        action, why = RULES.bot_action(state, "us", level)
        if action.kind == "move":
            uid = action.args["unit"]
            assert came_from.get(uid) != action.args["to"], (action, why)
            came_from[uid] = state.units[uid].hex or ""
        RULES.apply(state, "us", action)
        if action.kind == "end":
            break


def test_movement_us_move_and_move_back_do_not_both_score() -> None:
    """The score of a US move and of the move back sum to about nothing (a difference of positions)."""
    from engine.games.peiper.ai_score import Context, score

    state = _oscillation_state()
    there = score(Context.build(state, "us"), Action("move", {"unit": "2/23/2", "to": "1304"}))[0]
    _put(state, "2/23/2", "1304")
    back = score(Context.build(state, "us"), Action("move", {"unit": "2/23/2", "to": "1302"}))[0]
    assert there + back == pytest.approx(0.0, abs=0.05), (there, back)


def test_ai_us_reasons_say_what_the_move_does() -> None:
    """Narration: a US blocking move names whose way it blocks and where, never the AI's own sum
    ("the Germans need 0.8 more ACTs to get out")."""
    state = _empty()
    state.turn = 2
    _put(state, "Spitze", "0804")  # La Gleize, on the N633 toward Stoumont
    _put(state, "99 BG", "0402")
    _activate(state, "us", acts=2)
    action, why = RULES.bot_action(state, "us", "normal")
    assert action.kind in ("move", "enter"), (action, why)
    assert "more ACTs to get out" not in why
    assert "way west past" in why, why
    assert any(g in why for g in ("Spitze", "1/1 LAH", "501", "3/2 LAH", "3FJ/KG1", "3FJ/KG2")), why


def test_ai_us_reasons_never_quote_the_potential() -> None:
    """Narration over whole games: no US reason speaks of the AI's 'ACTs to get out'."""
    for state in positions()[:6]:
        side = RULES.to_act(state)
        if side is None:
            continue
        _, why = RULES.bot_action(state, side, "normal")
        assert "more ACTs to get out" not in why and "ACTs of German way" not in why, why


def test_combat_no_us_shot_that_cannot_hit() -> None:
    """Combat: a reduced 99 BG (AT 0) cannot hit a Mech unit; the US bot never orders that shot
    (it used to, to draw a card toward the Joker)."""
    from engine.games.peiper.ai_score import Context, score

    state = _empty()
    state.turn = 2
    _put(state, "Spitze", "0705")
    _put(state, "99 BG", "0704")
    state.units["99 BG"].reduced = True
    _activate(state, "us", acts=1)
    shot = Action("attack", {"unit": "99 BG", "target": "Spitze"})
    assert shot in RULES.legal_actions(state, "us")
    s, why = score(Context.build(state, "us"), shot)
    assert s < 0 and "cannot hit" in why
    for level in ("normal", "hard"):
        action, why = RULES.bot_action(state, "us", level)
        assert action != shot, (level, why)


def test_set_up_contest_scenario_plays_on_its_own_map_and_historical_keeps_the_original() -> None:
    """Set-Up / Terrain Chart: the ground is Umpire's design (docs/peiper-map.md). The contest layout
    is its own scenario with its own map file; "historical" (stored games) keeps the original ground."""
    from engine.games.peiper.units import scenario_map

    old = RULES.new_state("historical", 2, {})
    new = RULES.new_state("contest", 2, {})
    assert RULES.view(old, None)["map"].endswith("map.yaml")
    assert RULES.view(new, None)["map"].endswith("map_contest.yaml")
    with scenario_map("historical"):
        assert game_map().terrain_of(Hex.parse("0107")) == "forest"
    with scenario_map("contest"):
        assert game_map().terrain_of(Hex.parse("0107")) == "light_forest"
        assert Hex.parse("1405") in game_map().road_hexes
    assert game_map().terrain_of(Hex.parse("0107")) == "forest"  # outside any game: the original
    # The rules read the scenario's ground: a Mech may enter the light forest at 0107 in the contest
    # layout (2 MPs) but not the forest of the original (only by road).
    for state, allowed in ((old, False), (new, True)):
        RULES.apply(state, "us", Action("ready"))
        _activate(state, "ge", acts=1)
        for u in state.units.values():
            if u.side == "us":
                u.status, u.hex = "awaiting", None
        state.fuel_depot = "captured"  # no supply checks
        _put(state, "Spitze", "0207")
        moves = {a.args["to"] for a in RULES.legal_actions(state, "ge") if a.kind == "move"}
        assert ("0107" in moves) is allowed, (state.scenario, sorted(moves))


def test_ai_hard_german_plays_the_plan_on_the_original_layout_only() -> None:
    """The hard German's activations: the plan on the historical ground, normal's order on the contest
    layout (what measured best on each; docs/ai.md). Same position, same pieces, two grounds."""
    from engine.games.peiper.ai_plan import ranked_plan
    from engine.games.peiper.ai_policy import best_action
    from engine.games.peiper.units import scenario_map

    for scenario in ("historical", "contest"):
        state = RULES.new_state(scenario, 4, {})
        RULES.apply(state, "us", Action("ready"))
        _activate(state, "ge", acts=3)
        action, _ = RULES.bot_action(state, "ge", "hard")
        if scenario == "historical":
            assert action == ranked_plan(state, RULES.legal_actions(state, "ge"))[0][2]
        else:
            with scenario_map(scenario):
                assert action == best_action(RULES, state, "ge")[0]
