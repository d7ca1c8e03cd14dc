"""A board fault is logged, never a credential with it (issue 39): an Activity page's path holds its
session (a bearer of the player's side for its minutes), so a failed request's log line names the route,
not the path; a link's token was already cut off the same way."""

from __future__ import annotations

import logging

import pytest
from activity_helpers import Signin, discord_game

from bot.board import data
from engine.service import GameService


async def test_a_failed_activity_request_logs_the_route_not_the_session(
        service: GameService, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    signin = await Signin.start(service)
    try:
        game_id = discord_game(service, signin.fake)
        status, got = await signin.code_sign_in(signin.fake.alice)
        assert status == 200, got
        session = got["path"].rstrip("/").rsplit("/", 1)[1]
        link = await signin.server._call(signin.server.link, game_id, "us")
        token = link.rstrip("/").rsplit("/", 1)[1]

        def broken(*_: object) -> object:
            raise RuntimeError("a fault inside the board")

        monkeypatch.setattr(data, "game_payload", broken)
        with caplog.at_level(logging.DEBUG):
            assert (await signin.get(got["path"] + "data"))[0] == 500
            assert (await signin.get(link.removeprefix(signin.base) + "data"))[0] == 500
        logged = "\n".join(r.getMessage() + str(r.exc_text or "") for r in caplog.records)
        assert "board request failed" in logged
        assert session not in logged and session.split(".")[1] not in logged and token not in logged
    finally:
        await signin.stop()
