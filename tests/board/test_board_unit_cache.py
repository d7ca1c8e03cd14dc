"""A side's page asks a unit's orders by the unit's name (issue 37): names that are no unit are answered, but
never kept, so a script walking through made-up names cannot push every other page's kept answers out of
the board's cache (and have each of them built again)."""

from __future__ import annotations

import urllib.parse

from board_helpers import bot_game, get, serve

from bot.board import server as board_server
from bot.board.server import Limits
from engine.service import GameService


def test_made_up_unit_names_are_answered_but_never_kept(service: GameService) -> None:
    game = bot_game(service, "peiper", humans=("us",))
    service.run_bots(game)
    version = service.info(game).version
    limits = Limits(burst=2000, per_second=1000, unit_seconds=0.0001)
    for running in serve(service, limits):
        assert get(running.link(game) + "data")[0] == 200  # a spectator's page: its answer kept
        kept = (game, "spectator", version)
        assert kept in running.server.cache
        link = running.link(game, "us")
        for n in range(board_server.CACHE_SIZE + 20):
            status, body, _ = get(f"{link}orders/{version}?unit={urllib.parse.quote(f'nobody-{n}')}")
            assert status == 200 and b'"unit":""' in body, body[:200]
        assert kept in running.server.cache  # still there: no made-up name took its place
        assert not any(key[1].startswith("unit:us:nobody") for key in running.server.cache)
