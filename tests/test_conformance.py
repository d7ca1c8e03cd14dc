"""The contract every game passes before it is playable (engine/contract.py, docs/architecture.md).

Parametrised over every registered game and scenario: random legal playouts with the state dumped,
loaded and checked after every action; orders perturbed off the list refused with the state
unchanged; every option refused outside its range and read correctly inside it; every bot level
accepted and an unknown one refused. The long playouts (to the end of the game) are marked slow.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from engine import registry
from engine.ai.policy import UnknownPolicy
from engine.contract import Contract
from engine.errors import UmpireError
from engine.game import Action, GameRules
from engine.gamestate import GameState
from engine.options import BadOption, check_specs
from engine.view import check_view

GAMES = registry.available()
SCENARIOS = [(key, s.key) for key in GAMES for s in registry.get(key).scenarios()]
HIDDEN_KEYS = {"seed", "rng", "draw_pile", "salt"}


def _dump(rules: GameRules, state: Any) -> str:
    return json.dumps(rules.dump(state), sort_keys=True)


def _hidden_keys(value: Any, path: str = "") -> list[str]:
    found = []
    if isinstance(value, dict):
        for k, v in value.items():
            if str(k).lower() in HIDDEN_KEYS:
                found.append(f"{path}.{k}")
            found += _hidden_keys(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _hidden_keys(v, f"{path}[{i}]")
    return found


def perturbed(legal: list[Action], rnd: random.Random, count: int) -> list[Action]:
    """Legal actions with one argument swapped for a value seen in another legal action, one argument
    added or one left out: the orders a confused (or hostile) player types."""
    values: dict[str, list[Any]] = {}
    for a in legal:
        for k, v in a.args.items():
            values.setdefault(k, []).append(v)
    keys = sorted(values)
    listed = set(legal)
    out: list[Action] = []
    for a in rnd.sample(legal, min(len(legal), count)):
        for k in a.args:
            for v in rnd.sample(values[k], min(4, len(values[k]))):
                out.append(Action(a.kind, {**a.args, k: v}))
            out.append(Action(a.kind, {kk: vv for kk, vv in a.args.items() if kk != k}))
        for k in keys:
            if k not in a.args:
                out.append(Action(a.kind, {**a.args, k: rnd.choice(values[k])}))
        for other in rnd.sample(legal, min(3, len(legal))):
            if other.kind != a.kind:
                out.append(Action(other.kind, dict(a.args)))
    return [p for p in dict.fromkeys(out) if p not in listed]


def canonical(rules: GameRules, state: Any, action: Action) -> Action | None:
    """The order as the contract reads it, or None where it cannot be read at all."""
    assert isinstance(rules, Contract)
    order = rules.order(action.kind)
    try:
        return rules.parse_action(state, order, action) if order is not None else None
    except UmpireError:
        return None


def check_refusals(rules: GameRules, state: Any, side: str, legal: list[Action], rnd: random.Random,
                   count: int = 6) -> int:
    """Every perturbed off-list order is refused with a reason and leaves the state as it was."""
    before = _dump(rules, state)
    tried = 0
    listed = set(legal)
    for action in perturbed(legal, rnd, count):
        if canonical(rules, state, action) in listed:
            continue  # the same order typed another way (an optional option left at its default)
        scratch = copy.deepcopy(state)
        with pytest.raises(UmpireError) as err:
            rules.apply(scratch, side, action)
            pytest.fail(f"{rules.key}: off-list {action} accepted at {rules.status_line(state)}")
        assert err.value.message.strip(), f"{action} refused without a reason"
        assert _dump(rules, scratch) == before, f"{action} was refused but changed the state"
        tried += 1
    return tried


def check_listed_apply(rules: GameRules, state: Any, side: str, legal: list[Action], rnd: random.Random) -> None:
    """What legal_actions lists, apply accepts (a sample, on copies)."""
    for action in rnd.sample(legal, min(len(legal), 5)):
        rules.apply(copy.deepcopy(state), side, action)
    # Every listed action is already canonical: parsing it (the bounds an order typed by a player
    # meets, such as the number of units one order names) gives it back unchanged.
    assert isinstance(rules, Contract)
    for action in legal:
        order = rules.order(str(action.kind))
        assert order is not None, f"{action.kind} is listed but is no order"
        with rules.ground(state):
            assert rules.parse_action(state, order, action) == action, f"{action} is not canonical"


def playout(key: str, scenario: str, seed: int, steps: int | None, probe_every: int = 0) -> tuple[Any, int]:
    """A random legal game, every state checked; returns the final state and the refusals tried."""
    rules = registry.get(key)
    rnd = random.Random(seed)
    state = rules.new_state(scenario, seed, {})
    refused = 0
    n = 0
    while not rules.is_over(state) and (steps is None or n < steps):
        side = rules.to_act(state)
        assert side is not None
        legal = rules.legal_actions(state, side)
        assert legal, f"{key}: {side} must act but has no legal action ({rules.status_line(state)})"
        assert len(set(legal)) == len(legal), f"{key}: an action is listed twice"
        if probe_every and n % probe_every == 0:
            refused += check_refusals(rules, state, side, legal, rnd)
            check_listed_apply(rules, state, side, legal, rnd)
        for other in rules.sides:
            if other != side:
                assert rules.legal_actions(state, other) == [], f"{other} may act out of turn"
        last_draw = state.last_random
        events = rules.apply(state, side, rnd.choice(legal))
        n += 1
        # every card drawn and die rolled is a random event (undo stops there) and shows in the header
        revealed = any(e.random for e in events)
        assert revealed or state.last_random == last_draw, "a draw changed the header without a random event"
        assert not revealed or state.last_random, "a random event left the header's last draw empty"
        dumped = rules.dump(state)
        assert rules.dump(rules.load(json.loads(json.dumps(dumped)))) == dumped, "dump/load round trip differs"
        assert rules.invariants(state) == [], rules.invariants(state)
        view = rules.view(state, None)
        check_view(view)  # one documented shape (engine.view.View) for every game, side and moment
        check_view(rules.view(state, rnd.choice(rules.sides)))
        assert _hidden_keys(view) == [], f"the view shows {_hidden_keys(view)}"
        assert view["phase"] == rules.phase(state) and view["to_act"] == rules.to_act(state)
    return state, refused


# --- the shape ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", GAMES)
def test_conformance_every_game_is_on_the_contract(key: str) -> None:
    rules = registry.get(key)
    assert isinstance(rules, Contract), f"{key} does not derive from engine.contract.Contract"
    state = rules.new_state(rules.scenarios()[0].key, 1, {})
    assert isinstance(state, GameState), f"{key}'s state does not derive from engine.gamestate.GameState"
    assert check_specs(rules.option_specs()) == []
    assert rules.title and rules.short_name and rules.levels
    assert set(rules.side_names) >= set(rules.sides)
    assert rules.rules_summary().sections
    names = [c.name for c in rules.commands()]
    assert len(names) == len(set(names)), "an order is declared twice"
    for order in rules.orders():
        assert order.phases, f"{order.name} exists in no phase"
        assert order.command.rule, f"{order.name} names no rule"
        if order.unlisted:
            assert order.refusal is not None, f"{order.name} is unlisted without a refusal function"
        for opt in order.command.options:
            if opt.kind == "choice":
                assert opt.choices
    assert set(rules.standing_orders) <= set(names) and set(rules.quiet_orders) <= set(names)


# --- playouts ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("key", "scenario"), SCENARIOS)
def test_conformance_random_playout_keeps_every_promise(key: str, scenario: str) -> None:
    _, refused = playout(key, scenario, seed=11, steps=60, probe_every=6)
    assert refused > 0


@pytest.mark.slow
@pytest.mark.parametrize(("key", "scenario"), SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2])
def test_conformance_random_playout_to_the_end(key: str, scenario: str, seed: int) -> None:
    state, _ = playout(key, scenario, seed=seed, steps=None, probe_every=25)
    assert registry.get(key).is_over(state)


@pytest.mark.parametrize(("key", "scenario"), SCENARIOS[:: max(1, len(SCENARIOS) // 4)])
def test_conformance_a_game_replays_from_its_seed(key: str, scenario: str) -> None:
    rules = registry.get(key)
    a, _ = playout(key, scenario, seed=5, steps=40)
    b, _ = playout(key, scenario, seed=5, steps=40)
    assert _dump(rules, a) == _dump(rules, b)


# --- options ---------------------------------------------------------------------------------------------
def _bad_values(spec: Any) -> list[Any]:
    kind = spec.type
    if kind == "bool":
        return ["maybe", "2", "", 7]
    if kind in ("int", "float"):
        return [spec.minimum - 1, spec.maximum + 1, "abc", "10**21", "1e9", str(10**30), True]
    if kind == "choice":
        return ["no-such-choice", 3]
    if kind in ("text", "file"):
        return ["x" * (spec.max_length + 1), "a\u202eb", 5]
    return []


@pytest.mark.parametrize("key", GAMES)
def test_conformance_options_are_typed_and_bounded(key: str) -> None:
    rules = registry.get(key)
    scenario = rules.scenarios()[0].key
    with pytest.raises(BadOption) as err:
        rules.new_state(scenario, 1, {"no_such_option": "1"})
    assert "no_such_option" in str(err.value)
    for spec in rules.option_specs():
        for bad in _bad_values(spec):
            with pytest.raises(BadOption) as err:
                rules.new_state(scenario, 1, {spec.name: bad})
            assert spec.name in str(err.value) and len(str(err.value)) < 400
        if spec.type == "bool":
            for word, value in [("false", False), ("no", False), ("off", False), ("true", True), ("Yes", True),
                                ("on", True)]:
                assert rules.parse_options({spec.name: word})[spec.name] is value
        if spec.type == "int":
            for n in (spec.minimum, spec.maximum):
                assert rules.parse_options({spec.name: str(int(n))})[spec.name] == n
                rules.new_state(scenario, 1, {spec.name: int(n)})
        assert rules.parse_options(rules.parse_options({})) == rules.parse_options({})


# --- bot levels ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", GAMES)
def test_conformance_every_bot_level_plays_and_an_unknown_one_is_refused(key: str) -> None:
    rules = registry.get(key)
    state = rules.new_state(rules.scenarios()[0].key, 3, {})
    side = rules.to_act(state)
    assert side is not None
    legal = rules.legal_actions(state, side)
    for level in rules.levels:
        action, why = rules.bot_action(copy.deepcopy(state), side, level)
        assert action in legal and why
    assert rules.default_level in rules.levels
    with pytest.raises(UnknownPolicy):
        rules.bot_action(state, side, "expert")
