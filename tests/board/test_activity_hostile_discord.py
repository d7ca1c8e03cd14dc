"""A hostile or broken answer from Discord's token or user endpoint (issue 39) is a clear refusal (503 "try
again later", or 403), never a fault of the board's: every shape of answer is checked before it is used."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import web

from bot.board.activity_auth import Discord, DiscordUnavailable
from engine.errors import Forbidden

GOOD_TOKEN = {"access_token": "tok-123", "token_type": "Bearer", "scope": "identify"}
GOOD_USER = {"id": "4242", "username": "alice"}


@pytest.fixture
async def hostile() -> AsyncIterator[tuple[Discord, dict[str, Any]]]:
    answers: dict[str, Any] = {"token": GOOD_TOKEN, "user": GOOD_USER}

    def reply(value: Any) -> web.StreamResponse:
        if isinstance(value, web.StreamResponse):
            return value
        return web.json_response(value)

    async def token(request: web.Request) -> web.StreamResponse:
        return reply(answers["token"])

    async def me(request: web.Request) -> web.StreamResponse:
        return reply(answers["user"])

    app = web.Application()
    app.router.add_post("/oauth2/token", token)
    app.router.add_get("/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    discord = Discord(f"http://127.0.0.1:{port}", "123", "secret")
    yield discord, answers
    await discord.close()
    await runner.cleanup()


@pytest.mark.parametrize(("which", "answer"), [
    ("token", {**GOOD_TOKEN, "token_type": 5}),
    ("token", {**GOOD_TOKEN, "token_type": None}),
    ("token", {**GOOD_TOKEN, "access_token": ["a"]}),
    ("token", {**GOOD_TOKEN, "scope": ["identify"]}),
    ("token", ["not", "an", "object"]),
    ("token", "just a string"),
    ("user", {"id": 4242, "username": "alice"}),
    ("user", {"id": "42" * 20}),
    ("user", {"id": "4242", "username": {"nested": True}, "global_name": None}),
    ("user", []),
])
async def test_every_shape_of_answer_is_a_refusal_or_a_user_never_a_fault(
        hostile: tuple[Discord, dict[str, Any]], which: str, answer: Any) -> None:
    discord, answers = hostile
    answers[which] = answer
    try:
        user = await discord.user_of(f"code-{which}-{abs(hash(repr(answer)))}")
    except (DiscordUnavailable, Forbidden) as exc:
        assert "Discord" in exc.message or "sign-in" in exc.message
    else:
        assert user.user_id.isdigit() and len(user.name) <= 64


async def test_a_redirect_is_not_followed(hostile: tuple[Discord, dict[str, Any]]) -> None:
    discord, answers = hostile
    answers["token"] = web.Response(status=302, headers={"Location": "http://127.0.0.1:9/steal"})
    with pytest.raises(DiscordUnavailable):
        await discord.user_of("code-redirect")
