"""Fuzzing the parsers of what players and GMs type (issue 24): game options (``parse_options``) and the
typed arguments of every order of every game (``parse_action``, and ``check`` around it). Each either
answers (a value, an Action) or refuses with an ``UmpireError``: never another exception, and the game's
state is the same afterwards. Also: an empty or malformed table option is refused naming the option."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.errors import UmpireError
from engine.game import Action
from engine.options import BadOption, parse_options

GAMES = sorted(registry.available())
WORDS = ["true", "no", "on", "1", "0", "-1", "+7", "99999999999999", "1e309", "nan", "inf", "{}", "[]", "null",
         "\x00", " ", "", "0101", "1409", "Spitze", "V5", "S1, S2", "s1,s1", "us", "ge", "all", "random", "\u202e",
         '{"terrain": {}}', '{"clear": 1}', "[" * 50, "x" * 5000, "once", "free", "move", "<@123>"]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**80), max_value=2**80),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=60), st.sampled_from(WORDS))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _option_names(key: str) -> list[str]:
    return [s.name for s in registry.get(key).option_specs()]


@pytest.mark.parametrize("key", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_parse_options_answers_or_refuses(key: str, data: st.DataObject) -> None:
    rules = registry.get(key)
    names = st.sampled_from(_option_names(key) or ["none"]) | st.text(max_size=12)
    raw = data.draw(st.dictionaries(names, VALUES, max_size=5))
    try:
        parsed = parse_options(rules.title, rules.option_specs(), raw)
    except UmpireError as exc:
        assert exc.message and "\n" not in exc.message
        return
    assert set(parsed) == set(_option_names(key))
    assert parse_options(rules.title, rules.option_specs(), parsed) == parsed  # idempotent


@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_new_state_options_answers_or_refuses(key: str, data: st.DataObject) -> None:
    """The options reach the rules (tables included) only parsed: a game starts or is refused."""
    rules = registry.get(key)
    raw = data.draw(st.dictionaries(st.sampled_from(_option_names(key) or ["none"]), VALUES, max_size=3))
    with contextlib.suppress(UmpireError):
        rules.new_state(rules.scenarios()[0].key, 1, raw)


@pytest.mark.parametrize("value", ["{}", "[]", " { } ", "null", "", {}, []])
@pytest.mark.parametrize("key,option", [("pl", "tec"), ("pl", "crt"), ("pl", "wec"), ("saf", "decks")])
def test_an_empty_table_option_is_refused_naming_the_option(key: str, option: str, value: Any) -> None:
    """tec:'{}' was read as an empty terrain table and played with the game's own, silently."""
    rules = registry.get(key)
    with pytest.raises(BadOption, match=rf"Option {option} .*empty table"):
        rules.new_state(rules.scenarios()[0].key, 1, {option: value})


@pytest.mark.parametrize("value", ["{bad", "[1]", "5", '"text"', '{"terrain": {}}', 7, ["a"]])
def test_a_malformed_table_option_is_refused_naming_the_option(value: Any) -> None:
    rules = registry.get("pl")
    with pytest.raises(BadOption, match=r"Option tec "):
        rules.new_state(rules.scenarios()[0].key, 1, {"tec": value})


def test_a_stored_game_with_an_empty_table_reads_it_as_the_games_own() -> None:
    rules = registry.get("pl")
    assert rules.upgrade_options({"tec": {}})["tec"] is None


ARG_VALUES = st.one_of(st.text(max_size=40), st.sampled_from(WORDS), st.integers(min_value=-(2**70), max_value=2**70),
                       st.booleans(), st.none(), st.floats(), st.lists(st.integers(), max_size=2))


@pytest.mark.parametrize("key", GAMES)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_parse_action_answers_or_refuses_for_every_order(key: str, data: st.DataObject) -> None:
    rules = registry.get(key)
    state = _opening(key)
    before = rules.dump(state)
    spec = data.draw(st.sampled_from(rules.commands()))
    order = rules.order(spec.name)
    assert order is not None
    names = st.sampled_from([o.name for o in spec.options] or ["x"]) | st.text(max_size=8)
    args = data.draw(st.dictionaries(names, ARG_VALUES, max_size=4))
    action = Action(spec.name, args)
    try:
        with rules.ground(state):
            parsed = rules.parse_action(state, order, action)
    except UmpireError as exc:
        assert exc.message
    else:
        assert parsed.kind == spec.name and set(parsed.args) <= {o.name for o in spec.options}
    side = rules.to_act(state) or rules.sides[0]
    with contextlib.suppress(UmpireError):
        rules.check(state, side, action)  # the whole door an order goes through before it is carried out
    assert rules.dump(state) == before, "parsing or checking an order changed the game"


_OPENINGS: dict[str, Any] = {}


def _opening(key: str) -> Any:
    rules = registry.get(key)
    if key not in _OPENINGS:
        _OPENINGS[key] = rules.dump(rules.new_state(rules.scenarios()[0].key, 3, {}))
    return rules.load(copy.deepcopy(_OPENINGS[key]))
