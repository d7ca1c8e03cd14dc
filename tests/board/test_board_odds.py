"""Odds on a side's own page: an order's outcomes with their chances, as engine.odds works them out; not
for spectators, not for a version gone by, one ask at a time."""

from __future__ import annotations

import json
import random
from typing import Any

from board_helpers import Running, bot_game, get

from engine import registry
from engine.odds import odds
from engine.service import GameService


def to_an_attack(service: GameService, game: int) -> tuple[str, int]:
    """Play the Peiper game at random until its side to act may attack; (side, index of an attack)."""
    rules = registry.get("peiper")
    rnd = random.Random(3)
    for _ in range(400):
        state = service.state(game)
        side = rules.to_act(state)
        legal = rules.legal_actions(state, side)
        attacks = [i for i, a in enumerate(legal[:400]) if a.kind == "attack"]
        if attacks:
            return side, attacks[0]
        onward = [a for a in legal if a.kind != "place"] or legal
        service.submit(game, side, rnd.choice(onward), f"u-{side}")
    raise AssertionError("no attack came")


def test_a_sides_page_gives_an_orders_odds_from_the_rules(service: GameService, board: Running) -> None:
    game = bot_game(service, "peiper", "contest", humans=("us", "ge"))
    side, index = to_an_attack(service, game)
    link = board.link(game, side)
    data = json.loads(get(link + "data")[1])
    listed = {c["i"]: c["text"] for g in data["orders"]["groups"] for c in g["commands"]}
    status, body, _ = get(f"{link}odds/{data['version']}/{index}")
    assert status == 200, body
    shown = json.loads(body)
    rules = registry.get("peiper")
    state = service.state(game)
    expected = odds(rules, state, side, rules.legal_actions(state, side)[index])
    assert listed[index] == expected.command
    assert shown["outcomes"] == [[label, round(p, 4)] for label, p in expected.outcomes] and shown["draws"]
    assert service.info(game).version == data["version"]  # asking did nothing


def test_odds_are_not_for_spectators_stale_pages_or_orders_that_are_not_there(service: GameService,
                                                                              board: Running) -> None:
    game = bot_game(service, "peiper", "contest", humans=("us", "ge"))
    side, index = to_an_attack(service, game)
    version = service.info(game).version
    assert get(f"{board.link(game)}odds/{version}/{index}")[0] == 404
    assert get(f"{board.link(game, side)}odds/{version - 1}/{index}")[0] == 409
    assert get(f"{board.link(game, side)}odds/{version}/9999")[0] == 404
    other = "us" if side == "ge" else "ge"
    assert get(f"{board.link(game, other)}odds/{version}/{index}")[0] == 404  # not their decision


def test_one_orders_odds_at_a_time_per_link(service: GameService, board: Running) -> None:
    game = bot_game(service, "saf", "1", humans=("us",))
    service.run_bots(game, limit=3)
    link = board.link(game, "us")
    data: Any = json.loads(get(link + "data")[1])
    version = data["version"]
    count = min(6, data["orders"]["count"])
    assert count >= 5, "orders enough to ask past the burst"
    statuses = [get(f"{link}odds/{version}/{i}")[0] for i in range(count)]
    assert statuses[:3] == [200, 200, 200] and 429 in statuses[3:], statuses


def test_odds_answers_are_kept_within_the_cache_bound(service: GameService, board: Running,
                                                      monkeypatch: Any) -> None:
    """Every order's odds is an answer kept per version: asking for all of them, or for a long game's
    every version, never keeps more than the cache's bound (the odds were kept unbounded before)."""
    from bot.board import server as board_server

    monkeypatch.setattr(board_server, "CACHE_SIZE", 2)
    game = bot_game(service, "peiper", "contest", humans=("us", "ge"))
    side, index = to_an_attack(service, game)
    link = board.link(game, side)
    data = json.loads(get(link + "data")[1])
    for at in (index, 0, 1):
        status, body, _ = get(f"{link}odds/{data['version']}/{at}")
        assert status in (200, 429), body
    assert len(board.server.cache) <= 2
