"""A board order whose page goes away while it is applied (issue 37): the page's connection closes, aiohttp
cancels the request's handler, but the order, once taken, is carried through: what follows it (the bots'
replies) runs as it would have, or the game would wait on the bot for ever. On a board with no host of its
own (``umpire board``), whose desk is the board's."""

from __future__ import annotations

import json
import time

import pytest
from board_helpers import bot_game, serve
from guard_helpers import connect
from test_board_order_body import order_head

from bot.board import background, order_routes, ordering
from engine.service import GameService
from engine.service.flow import Flow


def test_an_order_whose_page_went_away_is_still_carried_on(service: GameService,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    game = bot_game(service, "peiper", humans=("us",))
    service.run_bots(game)
    version = service.info(game).version
    carried: list[int] = []
    apply, carry_on = ordering.apply, order_routes.play_flow.carry_on

    def slow_apply(service: GameService, order: ordering.BoardOrder) -> Flow:
        time.sleep(1.0)  # the page is gone before the order is in
        return apply(service, order)

    def counted(service: GameService, first: Flow) -> Flow:
        carried.append(first.game_id)
        return carry_on(service, first)

    monkeypatch.setattr(ordering, "apply", slow_apply)
    monkeypatch.setattr(order_routes.play_flow, "carry_on", counted)
    body = json.dumps({"version": version, "index": 2, "nonce": "went-away-01"}).encode()
    for running in serve(service):
        sock = connect(running.port)
        sock.sendall(order_head(running.link(game, "us"), len(body)) + body)
        time.sleep(0.3)
        sock.close()  # the page went away while the order was applied
        for _ in range(100):
            if carried and not running.server.tasks:
                break
            time.sleep(0.1)
        assert service.info(game).version > version  # the order was taken
        assert carried == [game], "the order stood, but what follows it never ran"


def test_a_stop_while_an_order_is_applied_waits_for_what_follows_it(service: GameService,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The board stopping (a restart) while an order is being applied: the stop waits for the order and
    for what follows it, which the order starts only once it is in (a task the stop did not see at first)."""
    game = bot_game(service, "peiper", humans=("us",))
    service.run_bots(game)
    version = service.info(game).version
    carried: list[int] = []
    apply, carry_on = ordering.apply, order_routes.play_flow.carry_on

    def slow_apply(service: GameService, order: ordering.BoardOrder) -> Flow:
        time.sleep(1.0)
        return apply(service, order)

    def counted(service: GameService, first: Flow) -> Flow:
        time.sleep(0.5)
        flow = carry_on(service, first)
        carried.append(first.game_id)
        return flow

    monkeypatch.setattr(ordering, "apply", slow_apply)
    monkeypatch.setattr(order_routes.play_flow, "carry_on", counted)
    body = json.dumps({"version": version, "index": 2, "nonce": "stopping-001"}).encode()
    running = background.start(service, "127.0.0.1", 0)
    sock = connect(running.port)
    try:
        sock.sendall(order_head(running.link(game, "us"), len(body)) + body)
        time.sleep(0.4)  # the order is being applied
    finally:
        running.stop()
        sock.close()
    assert service.info(game).version > version
    assert carried == [game], "the stop cut off what follows the order"
