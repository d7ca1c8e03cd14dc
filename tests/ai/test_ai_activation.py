"""The hard German plans the activation, not the action (issue 30; ruling 12: an attack ends them)."""

from __future__ import annotations

import functools

import pytest

from engine.game import Action
from engine.games.peiper import RULES, ai_activation
from engine.games.peiper.ai_activation import LONG_SHOT, TAKE_SHOT, chance, sequence
from engine.games.peiper.ai_search import reshuffle_undrawn
from engine.games.peiper.ai_waste import move_toward_exit_open
from engine.games.peiper.state import ACTIVATE, DECIDE, PeiperState
from engine.games.peiper.units import scenario_map
from engine.rng import Rng


def _board(scenario: str = "contest") -> PeiperState:
    state = RULES.new_state(scenario, 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    state.turn = 2
    state.fuel_depot = "captured"
    return state


def _put(state: PeiperState, uid: str, label: str) -> None:
    state.units[uid].status, state.units[uid].hex = "on_map", label


def _activate(state: PeiperState, acts: int) -> None:
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "ge", acts, []
    state.spent = {"ge": True, "us": True}


def _duel() -> PeiperState:
    """3/2 LAH next to 2/23/2 (a 30% shot in the clear), Spitze free on the road west."""
    state = _board()
    _put(state, "3/2 LAH", "1102")
    _put(state, "2/23/2", "1202")
    _put(state, "Spitze", "1306")
    return state


def test_ai_hard_german_moves_before_the_attack_that_ends_the_acts() -> None:
    """An attack scored best still waits while another order is worth an ACT: it would forfeit them."""
    state = _duel()
    _activate(state, 3)
    legal = RULES.legal_actions(state, "ge")
    shot = Action("attack", {"unit": "3/2 LAH", "target": "2/23/2"})
    move = next(a for a in legal if a.kind == "move" and a.args["unit"] == "Spitze")
    order = [(20.0, 0, shot, "fire"), (5.0, -1, move, "move"), (0.0, -2, Action("end"), "")]
    with scenario_map(state.scenario):
        _activate(state, 3)
        action, why = sequence(state, legal, order, spare_shot=False)
        assert action == move and "before the attack, which would end the 3 ACTs" in why
        _activate(state, 1)  # the last ACT: nothing is forfeited
        assert sequence(state, legal, order, spare_shot=False)[0] == shot
        _activate(state, 3)  # nothing else worth an ACT: the attack forfeits only ACTs that would go unused
        assert sequence(state, legal, [order[0], (-1.0, -1, move, "move")], spare_shot=False)[0] == shot
    # and the whole hard German on this position: never the attack with 3 ACTs while Spitze can move on
    _activate(state, 3)
    assert RULES.bot_action(state, "ge", "hard")[0].kind != "attack"


def test_ai_hard_german_fires_no_long_shot_while_a_way_west_is_open() -> None:
    state = _board()
    _put(state, "3/2 LAH", "1102")
    _put(state, "CCR/3/1", "1202")  # AT 1 against a Mech unit: 10%
    _activate(state, 1)
    legal = RULES.legal_actions(state, "ge")
    shot = Action("attack", {"unit": "3/2 LAH", "target": "CCR/3/1"})
    with scenario_map(state.scenario):
        assert shot in legal and chance(state, shot) <= LONG_SHOT and move_toward_exit_open(state, legal)
    for acts in (1, 2, 3):
        _activate(state, acts)
        assert RULES.bot_action(state, "ge", "hard")[0] != shot


def test_ai_hard_german_passes_a_card_it_has_no_use_for() -> None:
    """Only 3FJ/KG2 left, waiting for turn 4: no order a number card could give; pass, not take."""
    state = _board()
    for uid in ("Spitze", "1/1 LAH", "501", "3/2 LAH", "3FJ/KG1"):
        state.units[uid].status = "eliminated"
    _put(state, "99 BG", "0404")
    state.phase, state.side, state.card = DECIDE, "ge", "8S"
    assert Action("take") in RULES.legal_actions(state, "ge")
    assert RULES.bot_action(state, "ge", "hard")[0] == Action("pass")
    assert RULES.bot_action(state, "ge", "normal")[0] == Action("take")  # normal always takes
    # with a unit that can move, the card is taken
    _put(state, "3/2 LAH", "1102")
    state.units["3/2 LAH"].status = "on_map"
    assert RULES.bot_action(state, "ge", "hard")[0] == Action("take")


def test_ai_hard_german_keeps_a_long_shot_for_a_one_act_card() -> None:
    """3/2 LAH boxed in at 0404 (every hex it could step to is next to a US unit): its only orders are
    shots. A 10% shot would end a 4-ACT card and forfeit 3 (ruling 12): the 8 is passed, the Ace and
    the 2 (one ACT, nothing forfeited) are taken for it; normal takes every card."""
    state = _board()
    for uid in ("Spitze", "1/1 LAH", "501", "3FJ/KG1"):
        state.units[uid].status = "eliminated"
    _put(state, "3/2 LAH", "0404")
    for uid, label in (("2/23/2", "0403"), ("CCB/3/1", "0304"), ("CCR/3/1", "0305"), ("2/23/3", "0506")):
        _put(state, uid, label)
    _activate(state, 4)
    legal = RULES.legal_actions(state, "ge")
    assert {a.kind for a in legal} == {"attack", "end"}
    first = RULES.bot_action(state, "ge", "hard")[0]
    with scenario_map(state.scenario):
        assert first.kind == "attack" and chance(state, first) <= TAKE_SHOT
    for card, hard in (("8S", "pass"), ("3S", "pass"), ("AS", "take"), ("2S", "take")):
        state.phase, state.side, state.card, state.acts = DECIDE, "ge", card, 0
        assert RULES.bot_action(state, "ge", "hard")[0].kind == hard, card
        assert RULES.bot_action(state, "ge", "normal")[0].kind == "take"
    # boxed in by infantry instead (every shot 30%): the likelier shot is worth the card
    for uid, label in (("CCB/3/1", "99 BG"), ("CCR/3/1", "106 BG")):
        _put(state, label, str(state.units[uid].hex))
        state.units[uid].status, state.units[uid].hex = "awaiting", None
    _activate(state, 4)
    first = RULES.bot_action(state, "ge", "hard")[0]
    with scenario_map(state.scenario):
        assert first.kind == "attack" and chance(state, first) > TAKE_SHOT
    state.phase, state.side, state.card, state.acts = DECIDE, "ge", "8S", 0
    assert RULES.bot_action(state, "ge", "hard")[0].kind == "take"


def test_ai_hard_german_takes_a_two_act_card_for_a_long_shot_on_the_original_layout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 42: on the original layout the boxed-in 3/2 LAH (reduced: 20% against the infantry, nothing
    against the Mech units) fires its long shot on a 3 or a 4 too (two ACTs: the one forfeited had no use),
    where it used to pass card after card waiting for an Ace or a 2; a 5 and more is still passed."""
    state = _board("historical")
    for uid in ("Spitze", "1/1 LAH", "501", "3FJ/KG1"):
        state.units[uid].status = "eliminated"
    _put(state, "3/2 LAH", "0404")
    state.units["3/2 LAH"].reduced = True
    for uid, label in (("2/23/2", "0403"), ("CCB/3/1", "0304"), ("CCR/3/1", "0305"), ("2/23/3", "0506")):
        _put(state, uid, label)
    _activate(state, 4)
    assert {a.kind for a in RULES.legal_actions(state, "ge")} == {"attack", "end"}
    first = RULES.bot_action(state, "ge", "hard")[0]
    with scenario_map(state.scenario):
        assert first.kind == "attack" and 0 < chance(state, first) <= TAKE_SHOT
    cards = (("8S", "pass"), ("5S", "pass"), ("4S", "take"), ("3S", "take"), ("AS", "take"), ("2S", "take"))
    for card, hard in cards:
        state.phase, state.side, state.card, state.acts = DECIDE, "ge", card, 0
        assert RULES.bot_action(state, "ge", "hard")[0].kind == hard, card
    monkeypatch.setattr(ai_activation, "SHOT_CARD_ACTS_BY_SCENARIO", {})  # as before: a one-ACT card only
    for card, hard in (("3S", "pass"), ("4S", "pass"), ("2S", "take")):
        state.phase, state.side, state.card, state.acts = DECIDE, "ge", card, 0
        assert RULES.bot_action(state, "ge", "hard")[0].kind == hard, card


@functools.cache
def _german_decisions(scenario: str = "contest") -> list[PeiperState]:
    """German card decisions and activations along a hard-German game on a layout (contest unless named)."""
    state = RULES.new_state(scenario, 13, {})
    out: list[PeiperState] = []
    for _ in range(400):
        if RULES.is_over(state):
            break
        side = RULES.to_act(state)
        assert side is not None
        if side == "ge" and state.phase in (DECIDE, ACTIVATE) and len(state.deck) > 1 and len(out) < 24:
            out.append(RULES.load(RULES.dump(state)))
        action, _ = RULES.bot_action(state, side, "hard" if side == "ge" else "normal")
        RULES.apply(state, side, action)
    return out


@pytest.mark.parametrize("scenario", ["contest", "historical"])
def test_ai_hard_german_plan_never_reads_the_undrawn_order(scenario: str) -> None:
    """The same choice, card decision or activation, for any order of the undrawn cards (on the original
    layout with the strict fields of ai_stops, too)."""
    states = _german_decisions(scenario)
    assert len(states) >= 10
    for i, state in enumerate(states):
        mine = RULES.bot_action(state, "ge", "hard")
        for k in range(2):
            other = RULES.load(RULES.dump(state))
            reshuffle_undrawn(other, Rng(7000 + 10 * i + k))
            assert RULES.bot_action(other, "ge", "hard") == mine
