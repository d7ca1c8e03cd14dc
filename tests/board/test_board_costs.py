"""A unit's orders on the side's board page carry what each move costs (issue 37: "each with its cost or
odds"): the game's ``order_cost``, the words /odds says, in the page's JSON; the odds route says it too."""

from __future__ import annotations

import json
import re
import urllib.parse

from board_helpers import Running, bot_game, get

from engine import registry
from engine.game import Action
from engine.service import GameService


def pl_movement(service: GameService) -> int:
    """Panzer Leader, the Allies a player's, at their first movement step with a move to give."""
    game = bot_game(service, "pl", "utah", humans=("us",))
    service.run_bots(game)  # the German set-up
    rules = registry.get("pl")
    for _ in range(5):
        state = service.state(game)
        if state.side == "us" and any(a.kind == "move" for a in rules.legal_actions(state, "us")):
            return game
        service.submit(game, "us", Action("end"), "u-us")  # the set-up as it stands, then no fire
        service.run_bots(game)
    raise AssertionError(f"no Allied move: {service.state(game).phase}")


def test_a_units_moves_carry_their_cost_in_mp(service: GameService, board: Running) -> None:
    game = pl_movement(service)
    rules, state = registry.get("pl"), service.state(game)
    actions = rules.legal_actions(state, "us")
    unit = next(str(a.args["units"]) for a in actions if a.kind == "move")
    version = service.info(game).version
    status, body, _ = get(f"{board.link(game, 'us')}orders/{version}?unit={unit}")
    assert status == 200, body
    moves = [o for o in json.loads(body)["orders"] if o["kind"] == "move"]
    assert moves and all(re.fullmatch(r"(\d+(\.\d+)? MP of \d+(\.\d+)?|all .* MP left \(.* needed\))", o["cost"])
                         for o in moves), moves
    for o in moves:  # the rules' own words, for exactly the order listed at that index
        assert o["cost"] == rules.order_cost(state, "us", actions[o["i"]])
    first = moves[0]
    status, body, _ = get(f"{board.link(game, 'us')}odds/{version}/{first['i']}")
    shown = json.loads(body)
    assert status == 200 and shown["cost"] == first["cost"] and f"(costs {first['cost']})" in shown["text"]


def peiper_activation(service: GameService) -> int:
    """Peiper, the US a player's, with a number card's ACTs to spend and a move to give (the first card it
    may take is taken)."""
    rules = registry.get("peiper")
    game = bot_game(service, "peiper", "contest", humans=("us",))
    service.run_bots(game)
    for _ in range(30):
        state = service.state(game)
        listed = rules.legal_actions(state, "us")
        if state.phase == "activate" and state.acts > 0 and any(a.kind == "move" for a in listed):
            return game
        step = next((a for a in listed if a.kind in ("ready", "take")), None) or \
            next(a for a in listed if a.kind in ("end", "pass", "draw"))
        service.submit(game, "us", step, "u-us")
        service.run_bots(game)
    raise AssertionError("no US activation with a move")


def test_a_units_moves_carry_the_act_they_spend(service: GameService, board: Running) -> None:
    game = peiper_activation(service)
    rules, state = registry.get("peiper"), service.state(game)
    actions = rules.legal_actions(state, "us")
    unit = next(str(a.args["unit"]) for a in actions if a.kind == "move")
    status, body, _ = get(f"{board.link(game, 'us')}orders/{service.info(game).version}?unit="
                          + urllib.parse.quote(unit))
    moves = [o for o in json.loads(body)["orders"] if o["kind"] == "move"]
    assert status == 200 and moves
    for o in moves:
        assert o["cost"].startswith(f"1 ACT of {state.acts}; ") and o["cost"] == rules.order_cost(state, "us", actions[o["i"]])


def test_orders_with_no_cost_carry_none(service: GameService, board: Running) -> None:
    game = bot_game(service, "peiper", humans=("us",))
    service.run_bots(game)  # the US set-up: placing costs nothing
    state = service.state(game)
    unit = next(str(a.args["unit"]) for a in registry.get("peiper").legal_actions(state, "us") if a.kind == "place")
    status, body, _ = get(f"{board.link(game, 'us')}orders/{service.info(game).version}?unit={unit}")
    orders = json.loads(body)["orders"]
    assert status == 200 and orders and not any("cost" in o for o in orders)
