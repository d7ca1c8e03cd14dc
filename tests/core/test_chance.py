"""engine.chance: every die roll and card draw of a game's rules passes through one collector."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.cards import Deck
from engine.chance import Chance, UntoldDraw, accounted
from engine.events import Event
from engine.gamestate import GameState
from engine.rng import Rng

GAMES = Path(__file__).resolve().parents[2] / "engine" / "games"


@dataclass
class _State(GameState):
    pass


def _state() -> _State:
    return _State(scenario="s", seed=1, rng=Rng.seeded(1))


def test_a_told_die_is_a_random_event_and_the_headers_last_draw() -> None:
    state, events = _state(), []
    chance = Chance(state, events)
    die = chance.die()
    told = chance.tell(Event("dice", f"rolled {die}"))
    assert told.random and events == [told]
    assert state.last_random == f"die {die}"
    assert chance.untold == ()


def test_what_the_header_shows_may_be_named() -> None:
    state, events = _state(), []
    chance = Chance(state, events)
    deck = Deck.shuffled(["AS", "KD"], state.rng)
    card = chance.card(deck)
    assert card in ("AS", "KD")
    chance.tell(Event("card", "drawn"), shown="the card")
    assert state.last_random == "the card"


def test_dice_are_shown_together() -> None:
    state, events = _state(), []
    chance = Chance(state, events)
    rolled = chance.dice(3)
    chance.tell(Event("dice", "three dice"))
    assert state.last_random == " ".join(str(d) for d in rolled)


def test_telling_with_nothing_drawn_is_a_bug() -> None:
    with pytest.raises(UntoldDraw):
        Chance(_state(), []).tell(Event("dice", "nothing rolled"))


def test_a_chance_closed_with_an_untold_draw_raises() -> None:
    state = _state()
    with pytest.raises(UntoldDraw, match="never told"), Chance(state, []) as chance:
        chance.die()
    assert state.last_random == ""


def test_an_order_performed_with_an_untold_draw_is_caught_by_accounted() -> None:
    state = _state()
    with pytest.raises(UntoldDraw), accounted():
        Chance(state, []).die()  # a rules module that forgot to tell its roll
    with accounted():
        chance = Chance(state, [])
        chance.die()
        chance.tell(Event("dice", "told"))


def test_an_anonymous_pick_and_a_reshuffle_tell_nothing() -> None:
    state, events = _state(), []
    with Chance(state, events) as chance:
        assert 0 <= chance.anonymous(5) < 5
        deck = Deck(draw_pile=[], discards=["AS", "2S"])
        chance.reshuffle(deck, deck.discards)
        assert sorted(deck.draw_pile) == ["2S", "AS"] and deck.discards == []
    assert events == [] and state.last_random == ""


ROLLS = {"die", "dice", "below", "choice"}


def _bypasses(path: Path) -> list[str]:
    """Rolls on a state's RNG or draws from a deck made outside engine.chance."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        owner = ast.unparse(node.func.value)
        if node.func.attr in ROLLS and owner.split(".")[-1] == "rng":
            found.append(f"{path.name}:{node.lineno} {ast.unparse(node.func)}")
        if node.func.attr == "draw" and "deck" in owner.split(".")[-1].lower():
            found.append(f"{path.name}:{node.lineno} {ast.unparse(node.func)}")
    return found


def test_no_rules_module_rolls_or_draws_except_through_chance() -> None:
    # The AI rolls on forks of the RNG for its own sampling (never the game's); the bots choose, never roll.
    rules = [p for p in GAMES.rglob("*.py") if not p.name.startswith("ai_") and p.name != "bot.py"]
    assert len(rules) > 20
    assert [b for p in rules for b in _bypasses(p)] == []


def test_the_scan_finds_a_bypass(tmp_path: Path) -> None:
    """The scan above can fail: a module rolling on the state's RNG by hand is found."""
    path = tmp_path / "rules_sample.py"
    path.write_text("def f(state):\n    die = state.rng.die()\n    card = state.deck.draw()\n")
    assert len(_bypasses(path)) == 2
