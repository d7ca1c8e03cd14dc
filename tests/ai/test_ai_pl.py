"""The Panzer Leader AI at every level: legal, deterministic, no peeking, reasons, what it knows."""

from __future__ import annotations

import pytest

from engine.ai.policy import UnknownPolicy
from engine.game import Action
from engine.games.pl import RULES
from engine.games.pl.ai_attacks import fire_options
from engine.games.pl.ai_policy import ranked
from engine.games.pl.ai_value import outcome, result_chances, threat
from engine.games.pl.board import crt, hx
from engine.games.pl.datafiles import SituationFile, situations
from engine.games.pl.fire import build_direct
from engine.games.pl.state import AttackOrder, PlState

LEVELS = ("random", "greedy", "easy", "normal", "hard")


def _positions(scenario: str, seed: int, steps: int, every: int) -> list[PlState]:
    """States along a random playout (random level on both sides), every few orders."""
    state = RULES.new_state(scenario, seed, {})
    out = []
    for i in range(steps):
        if RULES.is_over(state):
            break
        side = RULES.to_act(state)
        assert side is not None
        if i % every == 0:
            out.append(RULES.load(RULES.dump(state)))
        action, _ = RULES.bot_action(state, side, "random")
        RULES.apply(state, side, action)
    return out


@pytest.mark.parametrize("scenario", sorted(situations()))
def test_every_level_legal_deterministic_untouched_with_reason(scenario: str) -> None:
    seen_phases = set()
    for state in _positions(scenario, 3, 160, 9):
        side = RULES.to_act(state)
        assert side is not None
        before = RULES.dump(state)
        legal = RULES.legal_actions(state, side)
        seen_phases.add(state.phase)
        for level in LEVELS:
            action, why = RULES.bot_action(state, side, level)
            assert action in legal, (level, state.phase, action)
            assert why and "\n" not in why
            assert RULES.bot_action(state, side, level) == (action, why)  # deterministic
            assert RULES.dump(state) == before  # neither the state nor its RNG moved
    assert {"combat", "move_vehicles", "move_infantry"} <= seen_phases


def test_unknown_level_refused() -> None:
    state = RULES.new_state("hill30", 1, {})
    with pytest.raises(UnknownPolicy):
        RULES.bot_action(state, RULES.to_act(state) or "us", "expert")


def _hill30_combat(seed: int = 1) -> PlState:
    state = RULES.new_state("hill30", seed, {})
    while state.phase == "setup":
        side = RULES.to_act(state)
        assert side is not None
        RULES.apply(state, side, Action("end"))
    assert state.phase == "combat"
    return state


def test_result_chances_follow_the_crt_rows() -> None:
    state = _hill30_combat()
    table = crt(state)
    for col in range(len(table.columns)):
        got = result_chances(state, col, 0)
        assert abs(sum(got.values()) - 1) < 1e-9
        for res, p in got.items():
            assert abs(p - sum(1 for d in range(1, 7) if table.result(col, d) == res) / 6) < 1e-9
    # close assault's -2 moves every die two rows up the table
    assert result_chances(state, 3, -2) == {
        r: sum(1 for d in range(1, 7) if table.result(3, d - 2) == r) / 6 for r in set(
            table.result(3, d - 2) for d in range(1, 7))}


def test_normal_fire_reason_gives_odds_and_chance_by_the_real_odds_code() -> None:
    state = _hill30_combat()
    side = state.side
    opts = fire_options(state, side)
    assert opts, "the Germans have targets in sight at the start of Hill 30"
    for _gain, action, why in opts:
        target = action.args["target"]
        ids = why.split(" with ")[1].split(" (")[0].split(", ")
        att = build_direct(state, side, AttackOrder(ids, target))
        oc = outcome(state, att)
        assert f"{att.attack:g}/{att.defense:g} = {oc.odds(state)}" in why
        assert f"{oc.destroy:.0%} to destroy" in why


def test_normal_ends_the_phase_when_nothing_is_worth_doing() -> None:
    state = _hill30_combat()
    for u in state.units.values():
        if u.side == state.side:
            u.fired = True
    assert ranked(state, state.side)[0][1] == Action("end")


def test_threat_counts_enemies_in_reach_and_nothing_else() -> None:
    state = _hill30_combat()
    ge = state.units["P1"]
    for u in state.on_map("us"):
        if u.id != "S1":
            u.status, u.hex = "eliminated", None
    sherman = state.units["S1"]
    assert sherman.hex is not None
    next_to = next(n.label for n in hx(sherman.hex).neighbors() if not state.at(n.label))
    assert threat(state, ge, next_to) > 0  # adjacent: in range and in sight
    sherman.status, sherman.hex = "eliminated", None
    assert threat(state, ge, next_to) == 0.0  # nobody left to fire


def test_rollouts_play_the_last_turns_to_the_end() -> None:
    """The earlier hard (ai_search.choose_with_rollouts): in the last two turns normal's best orders
    are played to the end of the game (on resampled dice) and it says so; the choice is legal, the
    same twice, and leaves the state as it was."""
    from engine.games.pl.ai_search import LATE_TURNS, choose_with_rollouts

    state = RULES.new_state("hill30", 4, {})
    rolled = 0
    while not RULES.is_over(state) and rolled < 2:
        side = RULES.to_act(state)
        assert side is not None
        late = state.turn > state.turns - LATE_TURNS and state.phase in ("move_vehicles", "move_infantry")
        if late and len(ranked(state, side)) >= 2:
            before = RULES.dump(state)
            action, why = choose_with_rollouts(state, side)
            assert action in RULES.legal_actions(state, side)
            assert "played to the end" in why
            assert choose_with_rollouts(state, side) == (action, why)
            assert RULES.dump(state) == before
            rolled += 1
        action, _ = RULES.bot_action(state, side, "normal")
        RULES.apply(state, side, action)
    assert rolled == 2


def test_defender_closes_on_the_contested_objectives() -> None:
    """Utah: the US paratroopers start next to Pouppeville, far from Ste-Marie and the La Fiere
    bridge; Pouppeville alone is contested, and the German reserves off the objectives move toward
    it rather than toward the nearest objective."""
    from engine.games.pl.ai_moves import contested_objectives, move_options
    from engine.games.pl.ai_value import objectives
    from engine.games.pl.board import distance

    state = RULES.new_state("utah", 2, {})
    while not (state.side == "ge" and state.phase == "move_infantry"):
        side = RULES.to_act(state)
        assert side is not None
        action, _ = RULES.bot_action(state, side, "normal")
        RULES.apply(state, side, action)
    objs = objectives(state)
    hot = contested_objectives(state, "ge", objs)
    assert set(hot) <= {"0810", "0811", "0911", "0912"} and hot
    moves = [a for _, a, _ in move_options(state, "ge") if a.kind == "move"]
    assert moves
    for a in moves:
        u = state.units[a.args["units"]]
        assert u.hex is not None
        if u.hex in objs:
            continue
        before = min(distance(u.hex, o) for o in hot)
        assert min(distance(a.args["to"], o) for o in hot) < before, (u.id, u.hex, a.args["to"])


def _pouppeville_assault() -> PlState:
    """Utah, turn 5, the US close assault phase: Pouppeville 0811 is held by three strong counters,
    0911 by one Flak 20 only; four US units stand in 0810, next to both."""
    state = RULES.new_state("utah", 1, {})
    for i in ("GR1", "PI1"):
        state.units[i].hex = "0811"
    for i in ("R4", "R5", "R6", "MG1"):
        state.units[i].hex = "0810"
    state.phase, state.side, state.turn = "assault", "us", 5
    return state


def test_hard_weighs_the_chance_to_clear_an_objective() -> None:
    """hard adds to an attack on an enemy-held objective its chance of emptying the hex (every
    counter destroyed: an X on the real CRT column, die -2), and says so; normal does not."""
    from engine.games.pl.ai_attacks import assault_options, clear_chance
    from engine.games.pl.ai_search import HARD
    from engine.games.pl.ai_weights import NORMAL
    from engine.games.pl.assault import build_assault

    state = _pouppeville_assault()
    normal = {a.args["target"]: (v, why) for v, a, why in assault_options(state, "us", NORMAL)}
    hard = {a.args["target"]: (v, why) for v, a, why in assault_options(state, "us", HARD)}
    att = build_assault(state, AttackOrder(["MG1", "R4", "R5", "R6"], "0911"))
    col = crt(state).column(att.attack, att.defense)
    assert col is not None
    p = clear_chance(state, att)
    assert p == pytest.approx(result_chances(state, col, -2).get("X", 0.0)) and p > 0
    assert hard["0911"][0] == pytest.approx(normal["0911"][0] + HARD.open_value * p)
    assert f"{p:.0%} to clear the objective hex" in hard["0911"][1]
    assert "clear" not in normal["0911"][1]
    # 0811 cannot be emptied at these odds: nothing added
    assert hard["0811"][0] <= normal["0811"][0] + 1e-9


def test_hard_masses_rifles_next_to_the_weakest_objective() -> None:
    """The attacker's rifles are drawn next to an enemy-held objective where one more rifle raises
    the chance a close assault empties it; a hex next to no such objective adds nothing."""
    from engine.games.pl.ai_moves import massing
    from engine.games.pl.ai_value import objectives
    from engine.games.pl.board import distance

    state = _pouppeville_assault()
    state.phase = "move_infantry"
    for i in ("MG1",):  # three rifles (6) next to 0911 (4): one more moves the odds up a column
        state.units[i].hex = "0711"
    objs = objectives(state)
    r7 = state.units["R7"]
    near = [h.label for h in hx("0911").neighbors() if distance(h.label, "0811") > 1 and not state.at(h.label)]
    assert near
    assert massing(state, "us", r7, near[0], objs) == pytest.approx(0.5 - 1 / 6)  # X on 1-1 and 2-1, die -2
    assert massing(state, "us", r7, "0605", objs) == 0.0
    # the mortar does not close assault: it gains nothing there
    assert massing(state, "us", state.units["M1"], near[0], objs) == 0.0


def test_ai_close_assault_group_past_twelve_units_is_not_listed_and_the_bot_orders_each() -> None:
    """Thirteen US units next to a lone German rifle: the group order would name 13 units, more than
    an order may (engine.contract.MAX_UNITS, refused by apply), so normal orders them one by one and
    its order is accepted (a Utah inland game of `selfplay --seed 1` stopped on the 13-unit order)."""
    from engine.contract import MAX_UNITS
    from engine.games.pl.assault import assault_group

    state = RULES.new_state("utah", 1, {})
    for u in state.units.values():
        if u.side == "ge":
            u.hex = "2016"
    state.units["GR1"].hex = "0405"
    ids = sorted(u.id for u in state.units.values() if u.side == "us" and u.id != "M1")[:13]
    around = [n.label for n in hx("0405").neighbors()]
    for k, i in enumerate(ids):
        state.units[i].hex = around[k % len(around)]
    state.phase, state.side, state.turn = "assault", "us", 5
    # Thirteen may assault, more than one order may name: the group is not offered, each unit is.
    assert assault_group(state, "us", "0405") == []
    listed = [a for a in RULES.legal_actions(state, "us") if a.kind == "assault"]
    assert listed and all(len(a.args["units"].split(",")) <= MAX_UNITS for a in listed)
    assert {a.args["units"] for a in listed} >= set(ids)
    for level in ("normal", "hard"):
        action, _why = RULES.bot_action(state, "us", level)
        assert action.kind == "assault" and len(action.args["units"].split(",")) <= MAX_UNITS
        copy = RULES.load(RULES.dump(state))
        RULES.apply(copy, "us", action)  # accepted
        assert copy.assault_queue


def _forces(sit: SituationFile) -> list[tuple[str, str, str, int]]:
    """Each side's counters: prefix, type and number (set up or entering)."""
    return sorted((side, g.prefix, g.type, len(g.hexes) if g.enter is None
                   else int(g.enter.get("count", len(g.enter["hexes"]))))
                  for side, groups in sit.units.items() for g in groups)


@pytest.mark.parametrize(("new", "old"), [("hill30_v2", "hill30")])
def test_situations_made_a_contest_change_only_designed_parts(new: str, old: str) -> None:
    """The rebalanced situations (docs/rulings/pl.md, Situations) keep the forces, turns, sequence,
    set-up areas, optional rules and victory of the earlier layout, which stays under its own key."""
    sits = situations()
    a, b = sits[new], sits[old]
    assert _forces(a) == _forces(b)
    for field in ("turns", "setup_order", "move_order", "setup_areas", "victory", "options", "board", "carried"):
        assert getattr(a, field) == getattr(b, field), field
    assert a.title != b.title


def test_hill30_v2_shermans_enter_on_turn_5() -> None:
    a, b = situations()["hill30_v2"], situations()["hill30"]
    """Hill 30 made a contest: the US Shermans (M4/76, M4/105) enter on turn 5, not 3, by the same hexes."""
    assert {g.prefix: g.enter for g in a.units["us"] if g.enter} == {
        "RS": {"turn": 5, "hexes": ["0103", "0111"]}, "RH": {"turn": 5, "hexes": ["0111"]}}
    assert {g.prefix: g.enter["turn"] for g in b.units["us"] if g.enter} == {"RS": 3, "RH": 3}
    assert [(g.prefix, g.hexes) for s in a.units.values() for g in s] == \
        [(g.prefix, g.hexes) for s in b.units.values() for g in s]
    assert a.mines == b.mines and a.fortifications == b.fortifications


def test_hard_counts_clearing_an_objective_for_close_assault_only() -> None:
    """hard's open_value is for close assault (the rifles are next to the hex already); fire that
    could clear the hex gets nothing for it (firing costs an advancing unit its move: in Hill 30 it
    kept the German tanks shooting at the hilltop from afar, docs/ai.md)."""
    from engine.games.pl.ai_attacks import clear_chance, opening
    from engine.games.pl.ai_search import HARD
    from engine.games.pl.ai_value import objectives
    from engine.games.pl.ai_weights import NORMAL
    from engine.games.pl.assault import build_assault

    state = _pouppeville_assault()
    att = build_assault(state, AttackOrder(["MG1", "R4", "R5", "R6"], "0911"))
    objs = objectives(state)
    p = clear_chance(state, att)
    assert p > 0
    assert opening(state, "us", att, objs, HARD, assault=True) == pytest.approx(HARD.open_value * p)
    assert opening(state, "us", att, objs, HARD) == 0.0  # the same odds as a fire group: nothing
    assert opening(state, "us", att, objs, NORMAL, assault=True) == 0.0


def test_attacker_second_unit_on_a_held_objective_counts_a_share_of_hold() -> None:
    """Hill 30 is won on two hilltop hexes: a German entering a hilltop hex another German holds
    already adds nothing toward the victory. ``att_second_hold`` is the share of hold it still counts
    (1, normal's, counts it whole); a hex nobody of its side holds counts whole either way."""
    from dataclasses import replace

    from engine.games.pl.ai_moves import open_objectives, place_value
    from engine.games.pl.ai_value import objectives
    from engine.games.pl.ai_weights import NORMAL

    state = _hill30_combat()
    for uid in [u.id for u in state.on_map("us")]:  # clear the hill: nothing else differs between the hexes
        state.units[uid].status, state.units[uid].hex = "eliminated", None
    objs = objectives(state)
    state.units["GR2"].hex = "1005"
    mover = state.units["GMG1"]
    share = replace(NORMAL, att_second_hold=0.25)
    open_objs = open_objectives(state, "ge", objs)
    for label, drop in (("1005", 0.75 * NORMAL.hold), ("1006", 0.0)):
        whole = place_value(state, "ge", mover, label, objs, open_objs, NORMAL)
        shared = place_value(state, "ge", mover, label, objs, open_objs, share)
        assert whole - shared == pytest.approx(drop), label


def test_hard_plays_the_weights_tuned_for_its_seat_of_the_situation() -> None:
    """hard's judgement is the one tuned for the situation and the seat (attacker or defender) where
    there is one (ai_search.TUNED), else HARD (as a situation a GM makes does). Its choice is the
    first of normal's code ranked with those weights."""
    from engine.games.pl.ai_policy import ranked
    from engine.games.pl.ai_search import HARD, TUNED, choose_hard, hard_weights, role
    from engine.games.pl.ai_value import attacker_side

    assert TUNED, "no situation tuned"
    for (scenario, seat), weights in TUNED.items():
        state = RULES.new_state(scenario, 3, {})
        side = attacker_side(state) if seat == "attacker" else state.enemy(attacker_side(state))
        assert role(state, side) == seat and hard_weights(state, side) is weights
        assert weights != HARD
    state = RULES.new_state("utah", 3, {})
    while state.phase == "setup":  # hard's set-up is its book's (tests/ai/test_ai_pl_setup.py)
        RULES.apply(state, RULES.to_act(state), Action("end"))
    for _ in range(40):
        side = RULES.to_act(state)
        assert side is not None
        action, why = choose_hard(state, side)
        _v, best, text = ranked(state, side, hard_weights(state, side))[0]
        assert (action, why) == (best, text)
        RULES.apply(state, side, action)
    state = RULES.new_state("crossing", 3, {})  # the crossing's US was not tuned (nothing beat HARD): HARD
    assert ("crossing", "attacker") not in TUNED and hard_weights(state, "us") is HARD
    assert hard_weights(state, "ge") is TUNED["crossing", "defender"]
