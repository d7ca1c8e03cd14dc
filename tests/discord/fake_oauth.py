"""The fake Discord's OAuth2 side (issue 39), as Discord documents it for an Activity's sign-in.

- ``POST /api/v10/oauth2/token`` (``application/x-www-form-urlencoded``: client_id, client_secret,
  grant_type=authorization_code, code, redirect_uri optional): 200 ``{access_token, token_type: "Bearer",
  expires_in, refresh_token, scope}``; a wrong client id or secret is 401 ``{"error": "invalid_client"}``;
  a code unknown, used already, expired or given to another application is 400 ``{"error":
  "invalid_grant"}`` (a code is spent by its first exchange, whatever its outcome).
- ``GET /api/v10/users/@me`` with ``Authorization: Bearer <access token>``: the user the token was given
  to (401 for an unknown token). The bot's own ``Bot`` token still reads the bot user.
- ``PUT /api/v10/applications/{app}/commands`` without the app's Entry Point command (type 4, made by
  Discord when Activities are enabled: ``add_entry_point``) is refused with 400, code 50240.
- ``GET /api/v10/guilds/{guild}/members/{user}`` (the bot's token): the member, or 404 Unknown Member
  (code 10007) for a user not in that server (``leave``).

Codes are made by the test as the Discord client would give them to the Activity: ``code_for(user)``.
Every request is kept in ``seen`` without its secret, code or token (the tests check what was sent).
"""

from __future__ import annotations

import json
import re
import secrets
import time
from typing import Any

from aiohttp import web

CODE_SECONDS = 600


def _json(body: Any, status: int = 200) -> web.Response:
    return web.Response(body=json.dumps(body).encode(), status=status, headers={"Content-Type": "application/json"})


class FakeOAuth:
    def __init__(self, fake: Any) -> None:
        self.fake = fake
        self.client_secret = "fake-secret-" + secrets.token_urlsafe(16)
        self.apps: dict[str, str] = {}  # client id -> secret (the fake's own application, and any added)
        self.codes: dict[str, tuple[str, str, float]] = {}  # code -> (client id, user id, made at)
        self.tokens: dict[str, str] = {}  # access token -> user id
        self.left: set[tuple[str, str]] = set()  # (guild id, user id) of members who left
        self.seen: list[dict[str, str]] = []  # token requests: client_id, grant_type, whether a secret came
        self.delay = 0.0  # seconds the token endpoint takes (a slow Discord)
        self.activities = False  # whether a launch-activity answer (type 12) is accepted (the app has one)

    def app(self) -> tuple[str, str]:
        """The fake's application as an Activity: (client id, client secret)."""
        self.apps[self.fake.app_id] = self.client_secret
        return self.fake.app_id, self.client_secret

    def other_app(self) -> tuple[str, str]:
        client_id = self.fake.snowflake()
        self.apps[client_id] = "other-secret-" + secrets.token_urlsafe(16)
        return client_id, self.apps[client_id]

    def code_for(self, user: dict[str, Any], client_id: str | None = None) -> str:
        """The code the Discord client gives an Activity of ``client_id`` (the fake's app) for ``user``."""
        code = secrets.token_hex(15)
        self.codes[code] = (client_id or self.fake.app_id, user["id"], time.monotonic())
        return code

    def leave(self, user: dict[str, Any], guild_id: str | None = None) -> None:
        self.left.add((guild_id or self.fake.guild_id, user["id"]))

    def add_entry_point(self) -> dict[str, Any]:
        """The Entry Point command Discord makes when Activities are enabled ("Launch", Discord's handler)."""
        command = {"id": self.fake.snowflake(), "application_id": self.fake.app_id, "version": "1", "type": 4,
                   "name": "launch", "description": "", "handler": 2, "integration_types": [0, 1],
                   "contexts": [0, 1, 2]}
        self.fake.scoped.setdefault("global", []).append(command)
        self.fake.commands.append(command)
        return command

    async def answer(self, request: web.Request, method: str, path: str) -> web.Response | None:
        """The OAuth2 requests (no bot token), and a bulk overwrite that would drop the Entry Point command
        (refused, as Discord refuses it): None for anything else."""
        if method == "PUT" and re.fullmatch(r"/applications/\d+/commands", path):
            fake = self.fake
            if any(c.get("type") == 4 for c in fake.scoped.get("global", [])):
                commands = await request.json()  # read here (the body is read once): answered here
                if not any(c.get("type") == 4 for c in commands):
                    return _json({"message": "You cannot remove this app's Entry Point command in a bulk update "
                                             "operation", "code": 50240}, 400)
                fake.scoped["global"] = [dict(c, id=c.get("id") or fake.snowflake(), application_id=fake.app_id,
                                              version="1", type=c.get("type", 1)) for c in commands]
                fake.commands = [c for key in sorted(fake.scoped, key=lambda k: k != "global") for c in fake.scoped[key]]
                return _json(fake.scoped["global"])
        if path == "/oauth2/token" and method == "POST":
            return await self._token(request)
        auth = request.headers.get("Authorization", "")
        if path == "/users/@me" and method == "GET" and auth.startswith("Bearer "):
            user_id = self.tokens.get(auth.removeprefix("Bearer "))
            if user_id is None:
                return _json({"message": "401: Unauthorized", "code": 0}, 401)
            return _json(self._user(user_id))
        return None

    def member(self, guild_id: str, user_id: str) -> web.Response:
        """``GET /guilds/{guild}/members/{user}`` (the bot's token checked by the caller)."""
        fake = self.fake
        known = guild_id == fake.guild_id or guild_id in fake.other_guilds
        user = self._known(user_id)
        if not known:
            return _json({"message": "Unknown Guild", "code": 10004}, 404)
        if user is None or (guild_id, user_id) in self.left:
            return _json({"message": "Unknown Member", "code": 10007}, 404)
        return _json(fake.member(user, guild_id))

    async def _token(self, request: web.Request) -> web.Response:
        if self.delay:
            import asyncio

            await asyncio.sleep(self.delay)
        if not request.content_type.startswith("application/x-www-form-urlencoded"):
            return _json({"error": "invalid_request"}, 400)
        form = await request.post()
        client_id, secret = str(form.get("client_id", "")), str(form.get("client_secret", ""))
        grant, code = str(form.get("grant_type", "")), str(form.get("code", ""))
        self.seen.append({"client_id": client_id, "grant_type": grant, "secret_sent": str(bool(secret))})
        if client_id not in self.apps or self.apps[client_id] != secret:
            return _json({"error": "invalid_client"}, 401)
        if grant != "authorization_code":
            return _json({"error": "unsupported_grant_type"}, 400)
        given = self.codes.pop(code, None)  # spent, whatever follows
        if given is None or given[0] != client_id or time.monotonic() - given[2] > CODE_SECONDS:
            return _json({"error": "invalid_grant", "error_description": 'Invalid "code" in request.'}, 400)
        access = secrets.token_urlsafe(24)
        self.tokens[access] = given[1]
        return _json({"access_token": access, "token_type": "Bearer", "expires_in": 604800,
                      "refresh_token": secrets.token_urlsafe(24), "scope": "identify guilds"})

    def _known(self, user_id: str) -> dict[str, Any] | None:
        fake = self.fake
        return next((u for u in (fake.alice, fake.bob, fake.carol, fake.owner) if u["id"] == user_id), None)

    def _user(self, user_id: str) -> dict[str, Any]:
        user = self._known(user_id) or {"id": user_id, "username": "someone", "global_name": None,
                                         "discriminator": "0", "avatar": None}
        return dict(user, mfa_enabled=False, locale="en-US", flags=0, premium_type=0)
