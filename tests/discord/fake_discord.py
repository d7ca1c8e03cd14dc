"""A fake Discord on loopback (aiohttp): the REST routes and the gateway the unmodified discord.py client
uses, with every request it receives kept for the tests to read.

One guild ("Umpire Club") with a #games text channel, a GM role, three members (alice, bob, carol the GM)
and the bot's owner; ``add_guild``, ``add_role`` and ``add_channel`` make more servers, roles and channels
(each server its own members' roles and admins), for tests of per-server settings. Commands are typed from the synced command JSON, so a test that names an option
the bot did not sync fails here, as it would in Discord.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, WSMsgType, web
from fake_oauth import FakeOAuth

from bot.settings import Settings

if TYPE_CHECKING:
    from bot.discord_app import UmpireBot

API = "/api/v10"
TOKEN = "fake-token"
EPHEMERAL = 1 << 6
LOADING = 1 << 7
PERMS_MEMBER = sum(1 << b for b in (10, 11, 14, 15, 16, 31, 35, 38))  # view, send, embed, attach, history, ...
PERMS_ADMIN = PERMS_MEMBER | (1 << 5) | (1 << 3)  # + manage server, administrator
NOW = "2026-11-29T12:00:00.000000+00:00"


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py parses JSON only when the Content-Type is exactly application/json
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


@dataclass
class Sent:
    """A message the bot sent, however it sent it."""

    id: str
    channel_id: str
    via: str  # callback | followup | channel | edit
    payload: dict[str, Any]
    files: list[tuple[str, bytes]] = field(default_factory=list)
    interaction_id: str | None = None
    json: dict[str, Any] = field(default_factory=dict)

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.payload.get("flags") or 0) & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        return [c.get("custom_id", "") for row in self.payload.get("components") or [] for c in row.get("components", [])]

    def text(self) -> str:
        embeds = " ".join(f"{e.get('title', '')} {e.get('description', '')}" for e in self.payload.get("embeds") or [])
        return f"{self.content} {embeds}".strip()


class FakeDiscord:
    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self.app_id = self.snowflake()
        self.bot_user = self._user("Umpire", bot=True)
        self.owner = self._user("owner")
        self.alice = self._user("alice")
        self.bob = self._user("bob")
        self.carol = self._user("carol")
        self.guild_id = self.snowflake()
        self.gm_role: dict[str, Any] = {"id": self.snowflake(), "name": "GM", "permissions": str(PERMS_MEMBER), "position": 1,
                        "color": 0, "hoist": False, "managed": False, "mentionable": True, "flags": 0}
        self.channel: dict[str, Any] = {"id": self.snowflake(), "type": 0, "guild_id": self.guild_id, "name": "games", "position": 0,
                        "permission_overwrites": [], "parent_id": None, "nsfw": False, "topic": None,
                        "rate_limit_per_user": 0, "last_message_id": None, "flags": 0}
        self.channels: dict[str, dict[str, Any]] = {self.channel["id"]: self.channel}
        self.dms: dict[str, dict[str, Any]] = {}
        self.roles_of: dict[str, list[str]] = {self.carol["id"]: [self.gm_role["id"]]}
        # more servers (add_guild), the first server's extra roles (add_role), members with Manage Server
        self.other_guilds: dict[str, dict[str, Any]] = {}
        self.extra_roles: list[dict[str, Any]] = []
        self.admins: dict[str, set[str]] = {}
        self.commands: list[dict[str, Any]] = []  # the global commands, then each guild's
        self.scoped: dict[str, list[dict[str, Any]]] = {}  # "global" or a guild id -> its synced commands
        self.sent: list[Sent] = []
        self.callbacks: dict[str, dict[str, Any]] = {}
        self.dispatched_at: dict[str, float] = {}
        self.originals: dict[str, Sent] = {}  # interaction token -> the response message
        self._interaction_channel: dict[str, str] = {}
        self.requests: list[tuple[str, str]] = []
        # rate limits to answer (issue 41): (method, path pattern, retry_after, global), each used once
        self.throttles: list[tuple[str, str, float, bool]] = []
        self.nonces: dict[tuple[str, str], Sent] = {}  # (channel, nonce) -> the message it made
        self.lose_answers: list[str] = []  # regexes of "POST /channels/N/messages": made, then answered 502, once each
        self.deleted: list[str] = []  # ids of deleted messages and channels
        self.identifies: list[dict[str, Any]] = []
        self.sockets: list[web.WebSocketResponse] = []
        self.seq = 0
        self.last_activity = time.monotonic()
        self.announced_gateway: str | None = None  # what GET /gateway/bot announces (default: this server)
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.oauth = FakeOAuth(self)  # an Activity's sign-in (tests/discord/fake_oauth.py)

    # --- ids and objects -------------------------------------------------------------------------
    def snowflake(self) -> str:
        # real-looking snowflakes: a timestamp part, so (id >> 22) is a plausible shard key
        return str((1_700_000_000_000 << 22) + next(self._ids) * 4096)

    def _user(self, name: str, bot: bool = False) -> dict[str, Any]:
        return {"id": self.snowflake(), "username": name, "global_name": name, "discriminator": "0", "avatar": None,
                "bot": bot, "public_flags": 0, "flags": 0}

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # --- more servers, roles and channels ------------------------------------------------------------
    def add_guild(self, name: str) -> dict[str, Any]:
        """Another server with its own #games channel; the owner owns it too."""
        gid = self.snowflake()
        channel = dict(self.channel, id=self.snowflake(), guild_id=gid)
        self.channels[channel["id"]] = channel
        guild = {"id": gid, "name": name, "channel": channel, "channels": [channel], "roles": [], "roles_of": {}}
        self.other_guilds[gid] = guild
        return guild

    def add_role(self, name: str, guild_id: str | None = None) -> dict[str, Any]:
        role = dict(self.gm_role, id=self.snowflake(), name=name, position=len(self.extra_roles) + 2)
        gid = guild_id or self.guild_id
        (self.extra_roles if gid == self.guild_id else self.other_guilds[gid]["roles"]).append(role)
        return role

    def add_channel(self, name: str, guild_id: str | None = None) -> dict[str, Any]:
        gid = guild_id or self.guild_id
        channel = dict(self.channel, id=self.snowflake(), guild_id=gid, name=name)
        self.channels[channel["id"]] = channel
        if gid != self.guild_id:
            self.other_guilds[gid]["channels"].append(channel)
        return channel

    def give_role(self, user: dict[str, Any], role: dict[str, Any], guild_id: str | None = None) -> None:
        gid = guild_id or self.guild_id
        table = self.roles_of if gid == self.guild_id else self.other_guilds[gid]["roles_of"]
        table.setdefault(user["id"], []).append(role["id"])

    def make_admin(self, user: dict[str, Any], guild_id: str | None = None) -> None:
        """The member has Manage Server in that server."""
        self.admins.setdefault(guild_id or self.guild_id, set()).add(user["id"])

    def member(self, user: dict[str, Any], guild_id: str | None = None) -> dict[str, Any]:
        gid = guild_id or self.guild_id
        admin = user["id"] == self.owner["id"] or user["id"] in self.admins.get(gid, set())
        # a guild this fake did not add itself (the sharded fake's) has no roles given out
        roles = self.roles_of if gid == self.guild_id else self.other_guilds.get(gid, {}).get("roles_of", {})
        return {"user": user, "roles": roles.get(user["id"], []), "joined_at": NOW, "deaf": False,
                "mute": False, "flags": 0, "pending": False, "nick": None, "avatar": None, "premium_since": None,
                "communication_disabled_until": None, "permissions": str(PERMS_ADMIN if admin else PERMS_MEMBER)}

    def guild_json(self, guild_id: str | None = None) -> dict[str, Any]:
        gid = guild_id or self.guild_id
        everyone = {"id": gid, "name": "@everyone", "permissions": str(PERMS_MEMBER), "position": 0,
                    "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
        if gid == self.guild_id:
            name, roles = "Umpire Club", [everyone, self.gm_role, *self.extra_roles]
            channels = [c for c in self.channels.values() if c["type"] == 0 and c.get("guild_id") == gid]
        else:
            other = self.other_guilds[gid]
            name, roles, channels = other["name"], [everyone, *other["roles"]], other["channels"]
        return {"id": gid, "name": name, "icon": None, "owner_id": self.owner["id"],
                "roles": roles, "channels": channels,
                "threads": [c for c in self.channels.values() if c["type"] == 11 and c.get("guild_id", gid) == gid],
                "members": [], "member_count": 5,
                "large": False, "features": [], "emojis": [], "stickers": [], "unavailable": False, "joined_at": NOW,
                "voice_states": [], "presences": [], "verification_level": 0, "default_message_notifications": 0,
                "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0, "system_channel_flags": 0,
                "preferred_locale": "en-US", "nsfw_level": 0, "premium_progress_bar_enabled": False,
                "afk_timeout": 300, "afk_channel_id": None, "system_channel_id": None, "rules_channel_id": None,
                "public_updates_channel_id": None, "vanity_url_code": None, "description": None, "banner": None,
                "splash": None, "discovery_splash": None, "application_id": None, "max_members": 1000}

    def dm_channel(self, user: dict[str, Any]) -> dict[str, Any]:
        if user["id"] not in self.dms:
            ch: dict[str, Any] = {"id": self.snowflake(), "type": 1, "recipients": [user], "last_message_id": None, "flags": 0}
            self.dms[user["id"]] = ch
            self.channels[ch["id"]] = ch
        return self.dms[user["id"]]

    def _message(self, channel_id: str, payload: dict[str, Any], files: list[tuple[str, bytes]],
                 webhook: bool = False) -> dict[str, Any]:
        attachments = [{"id": self.snowflake(), "filename": name, "size": len(data),
                        "url": f"http://127.0.0.1:{self.port}/attachments/{name}",
                        "proxy_url": f"http://127.0.0.1:{self.port}/attachments/{name}",
                        "content_type": "image/png" if name.endswith(".png") else "application/octet-stream"}
                       for name, data in files]
        msg = {"id": self.snowflake(), "channel_id": channel_id, "author": self.bot_user,
               "content": payload.get("content") or "", "timestamp": NOW, "edited_timestamp": None, "tts": False,
               "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": attachments,
               "embeds": payload.get("embeds") or [], "pinned": False, "type": 0,
               "flags": int(payload.get("flags") or 0), "components": payload.get("components") or []}
        if webhook:
            msg["webhook_id"] = self.app_id
            msg["application_id"] = self.app_id
        return msg

    def _record(self, channel_id: str, via: str, payload: dict[str, Any], files: list[tuple[str, bytes]],
                interaction_id: str | None = None, webhook: bool = False) -> Sent:
        msg = self._message(channel_id, payload, files, webhook)
        sent = Sent(msg["id"], channel_id, via, payload, files, interaction_id, msg)
        self.sent.append(sent)
        return sent

    # --- server ---------------------------------------------------------------------------------
    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        server: Any = site._server
        self.port = server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        for ws in list(self.sockets):
            await ws.close()
        if self.runner is not None:
            await self.runner.cleanup()

    async def _payload(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            files: list[tuple[str, bytes]] = []
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                assert isinstance(part, BodyPartReader)
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    files.append((part.filename or "file", bytes(await part.read())))
            return payload, files
        if request.can_read_body:
            body = await request.read()
            return (json.loads(body) if body else {}), []
        return {}, []

    async def _rest(self, request: web.Request) -> web.Response:
        self.last_activity = time.monotonic()
        path = "/" + request.match_info["tail"]
        method = request.method
        self.requests.append((method, path))
        if (oauth := await self.oauth.answer(request, method, path)) is not None:
            return oauth
        if request.headers.get("Authorization") != f"Bot {TOKEN}" and "/interactions/" not in path \
                and "/webhooks/" not in path:
            return _json({"message": "401: Unauthorized", "code": 0}, 401)
        payload, files = await self._payload(request)
        if limited := self._throttled(method, path):
            return limited
        try:
            return await self._route(method, path, payload, files)
        finally:
            self.last_activity = time.monotonic()

    def throttle(self, method: str, pattern: str, retry_after: float = 1.2, is_global: bool = True) -> None:
        """Answer the next request matching ``method`` and the path regex ``pattern`` with a 429, as Discord
        does (the body's retry_after and global, the headers discord.py reads), nothing done."""
        self.throttles.append((method, pattern, retry_after, is_global))

    def _throttled(self, method: str, path: str) -> web.Response | None:
        for rule in self.throttles:
            if rule[0] == method and re.fullmatch(rule[1], path):
                self.throttles.remove(rule)
                _, _, after, is_global = rule
                headers = {"Content-Type": "application/json", "Via": "1.1 google", "Retry-After": str(int(after) + 1),
                           "X-RateLimit-Scope": "global" if is_global else "user"}
                if is_global:
                    headers["X-RateLimit-Global"] = "true"
                body = {"message": "You are being rate limited.", "retry_after": after, "global": is_global}
                return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)
        return None

    async def _route(self, method: str, path: str, payload: dict[str, Any], files: list[tuple[str, bytes]]
                     ) -> web.Response:
        if path == "/users/@me" and method == "GET":
            return _json(self.bot_user)
        if path == "/oauth2/applications/@me":
            return _json({"id": self.app_id, "name": "Umpire", "icon": None, "description": "", "bot_public": True,
                          "bot_require_code_grant": False, "owner": self.owner, "verify_key": "0" * 64,
                          "team": None, "flags": 0, "summary": "", "bot": self.bot_user})
        if path == "/gateway/bot":
            return _json({"url": self.announced_gateway or self.gateway_url, "shards": 1, "session_start_limit": {
                "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})
        if path == "/gateway":
            return _json({"url": self.gateway_url})
        if (m := re.fullmatch(r"/guilds/(\d+)/members/(\d+)", path)) and method == "GET":
            return self.oauth.member(m[1], m[2])
        if m := re.fullmatch(r"/applications/\d+(?:/guilds/(\d+))?/commands", path):
            scope = m[1] or "global"
            if method == "PUT":
                commands: list[dict[str, Any]] = list(payload)  # type: ignore[arg-type]  # a JSON array here
                self.scoped[scope] = [dict(c, id=self.snowflake(), application_id=self.app_id, version="1",
                                           type=c.get("type", 1), **({} if scope == "global" else {"guild_id": scope}))
                                      for c in commands]
                self.commands = [c for key in sorted(self.scoped, key=lambda k: k != "global")
                                 for c in self.scoped[key]]
            return _json(self.scoped.get(scope, []))
        if m := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return self._callback(m[1], m[2], payload, files)
        if m := re.fullmatch(r"/webhooks/\d+/([^/]+)", path):
            return self._followup(m[1], payload, files)
        if m := re.fullmatch(r"/webhooks/\d+/([^/]+)/messages/(@original|\d+)", path):
            return self._webhook_message(method, m[1], m[2], payload, files)
        if path == "/users/@me/channels" and method == "POST":
            user = next((u for u in (self.alice, self.bob, self.carol, self.owner)
                         if u["id"] == str(payload.get("recipient_id"))), None)
            if user is None:
                return _json({"message": "Unknown User", "code": 10013}, 404)
            return _json(self.dm_channel(user))
        if m := re.fullmatch(r"/channels/(\d+)/messages", path):
            if m[1] not in self.channels:
                return _json({"message": "Unknown Channel", "code": 10003}, 404)
            # enforce_nonce, as Discord documents it: the same nonce in the same channel within minutes
            # returns the message already made instead of making another
            nonce = str(payload.get("nonce") or "")
            if nonce and payload.get("enforce_nonce") and (m[1], nonce) in self.nonces:
                return _json(self.nonces[(m[1], nonce)].json)
            sent = self._record(m[1], "channel", payload, files)
            if nonce:
                self.nonces[(m[1], nonce)] = sent
            if self.lose_answers and re.fullmatch(self.lose_answers[0], method + " " + path):
                self.lose_answers.pop(0)  # made, but the answer lost on the way: the client sees a 502
                return _json({"message": "502: Bad Gateway", "code": 0}, 502)
            return _json(sent.json)
        if m := re.fullmatch(r"/channels/(\d+)/threads", path):
            parent = self.channels.get(m[1])
            if parent is None or parent["type"] != 0:
                return _json({"message": "Cannot start a thread here", "code": 50024}, 400)
            thread = {"id": self.snowflake(), "type": int(payload.get("type") or 11),
                      "guild_id": parent.get("guild_id") or self.guild_id,
                      "parent_id": m[1], "name": payload["name"], "owner_id": self.bot_user["id"],
                      "thread_metadata": {"archived": False, "auto_archive_duration": 10080, "archive_timestamp": NOW,
                                          "locked": False}, "message_count": 0, "member_count": 1,
                      "rate_limit_per_user": 0, "flags": 0, "total_message_sent": 0, "last_message_id": None}
            self.channels[thread["id"]] = thread
            await self.dispatch("THREAD_CREATE", dict(thread, newly_created=True))
            return _json(thread, 201)
        if (m := re.fullmatch(r"/channels/(\d+)", path)) and method == "DELETE":
            ch = self.channels.pop(m[1], None)
            if ch is None:
                return _json({"message": "Unknown Channel", "code": 10003}, 404)
            self.deleted.append(m[1])
            return _json(ch)
        if m := re.fullmatch(r"/channels/(\d+)", path):
            ch = self.channels.get(m[1])
            return _json(ch) if ch else _json({"message": "Unknown Channel", "code": 10003}, 404)
        return _json({"message": f"404: Not Found ({method} {path})", "code": 0}, 404)

    def _callback(self, iid: str, token: str, payload: dict[str, Any], files: list[tuple[str, bytes]]
                  ) -> web.Response:
        if iid in self.callbacks:
            return _json({"message": "Interaction has already been acknowledged.", "code": 40060}, 400)
        kind = int(payload["type"])
        data = payload.get("data") or {}
        if kind == 12 and not self.oauth.activities:  # launch the app's Activity: refused when it has none
            return _json({"message": "Cannot launch an activity for this application", "code": 50035}, 400)
        elapsed = time.monotonic() - self.dispatched_at.get(iid, time.monotonic())
        self.callbacks[iid] = {"type": kind, "data": data, "elapsed": elapsed}
        channel_id = self._interaction_channel.get(iid, "")
        interaction = {"id": iid, "type": 2}
        resource: dict[str, Any] = {"type": kind}
        if kind in (4, 5):
            body = dict(data)
            if kind == 5:
                body["flags"] = int(data.get("flags") or 0) | LOADING
            sent = self._record(channel_id, "callback", body, files, iid, webhook=True)
            self.originals[token] = sent
            interaction.update(response_message_id=sent.id, response_message_loading=kind == 5,
                               response_message_ephemeral=bool(int(body.get("flags") or 0) & EPHEMERAL))
            resource["message"] = sent.json
        elif kind == 12:  # the Activity launched for the user (no message)
            resource["activity_instance"] = {"id": "i-" + self.snowflake()}
            interaction["activity_instance_id"] = resource["activity_instance"]["id"]
        elif kind == 7:  # the component's message, updated
            sent = self._record(channel_id, "edit", dict(data), files, iid, webhook=True)
            self.originals[token] = sent
            resource["message"] = sent.json
        return _json({"interaction": interaction, "resource": resource})

    def _followup(self, token: str, payload: dict[str, Any], files: list[tuple[str, bytes]]) -> web.Response:
        original = self.originals.get(token)
        if original is None:
            return _json({"message": "Unknown Webhook", "code": 10015}, 404)
        if int(original.payload.get("flags") or 0) & LOADING and not original.payload.get("_answered"):
            # the first follow-up after a defer takes the place of the "thinking..." message
            original.payload["_answered"] = True
            flags = int(original.payload.get("flags") or 0) & EPHEMERAL
            payload = dict(payload, flags=flags)
        sent = self._record(original.channel_id, "followup", payload, files, original.interaction_id, webhook=True)
        return _json(sent.json)

    def _webhook_message(self, method: str, token: str, which: str, payload: dict[str, Any],
                         files: list[tuple[str, bytes]]) -> web.Response:
        original = self.originals.get(token)
        if original is None:
            return _json({"message": "Unknown Webhook", "code": 10015}, 404)
        if method == "DELETE":
            # the deferred "thinking..." message is gone: the next follow-up is a message of its own,
            # with its own flags (Discord's behaviour)
            original.payload["_answered"] = True
            original.payload["_deleted"] = True
            self.deleted.append(original.id)
            return web.Response(status=204)
        if method == "PATCH":
            sent = self._record(original.channel_id, "edit", payload, files, original.interaction_id, webhook=True)
            return _json(sent.json)
        return _json(original.json)

    # --- gateway ---------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            if data["op"] == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif data["op"] == 2:
                self.identifies.append(data["d"])
                self.sockets.append(ws)
                await self._send(ws, "READY", {
                    "v": 10, "user": self.bot_user, "guilds": [{"id": g, "unavailable": True}
                                                              for g in [self.guild_id, *self.other_guilds]],
                    "session_id": "fake-session", "resume_gateway_url": self.gateway_url,
                    "application": {"id": self.app_id, "flags": 0}, "private_channels": [], "relationships": [],
                    "shard": data["d"].get("shard", [0, 1])})
                for gid in [self.guild_id, *self.other_guilds]:
                    await self._send(ws, "GUILD_CREATE", self.guild_json(gid))
        if ws in self.sockets:
            self.sockets.remove(ws)
        return ws

    async def _send(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        for ws in list(self.sockets):
            await self._send(ws, event, data)

    # --- interactions ----------------------------------------------------------------------------
    def _envelope(self, kind: int, data: dict[str, Any], user: dict[str, Any], channel: dict[str, Any]
                  ) -> dict[str, Any]:
        iid = self.snowflake()
        self._interaction_channel[iid] = channel["id"]
        payload: dict[str, Any] = {
            "id": iid, "application_id": self.app_id, "type": kind, "data": data, "token": f"tok{iid}",
            "version": 1, "channel_id": channel["id"], "channel": channel, "locale": "en-US",
            "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024, "app_permissions": str(PERMS_MEMBER),
        }
        if channel["type"] == 1:
            payload["user"] = user
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": user["id"]}
        else:
            gid = channel.get("guild_id") or self.guild_id
            payload["guild_id"] = gid
            payload["guild_locale"] = "en-US"
            payload["member"] = self.member(user, gid)
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": gid}
        return payload

    def slash(self, user: dict[str, Any], path: str, channel: dict[str, Any], /, *, focused: str | None = None,
              **options: Any) -> dict[str, Any]:
        """An application-command interaction, typed from the synced command JSON."""
        names = path.split()
        top = next((c for c in self.commands if c["name"] == names[0]), None)
        if top is None:
            raise KeyError(f"/{names[0]} was not synced")
        data: dict[str, Any] = {"id": top["id"], "name": names[0], "type": 1, "options": []}
        if top.get("guild_id"):  # a guild command's interaction names its guild, as Discord's does
            data["guild_id"] = top["guild_id"]
        target, specs = data["options"], top.get("options", [])
        for name in names[1:]:
            spec = next(o for o in specs if o["name"] == name and o["type"] in (1, 2))
            sub = {"name": name, "type": spec["type"], "options": []}
            target.append(sub)
            target, specs = sub["options"], spec.get("options", [])
        for key, value in options.items():
            spec = next((o for o in specs if o["name"] == key), None)
            if spec is None:
                raise KeyError(f"/{path} has no option {key}")
            if spec["type"] == 6:  # a user: the id, with the resolved user and member
                data.setdefault("resolved", {}).setdefault("users", {})
                data["resolved"].setdefault("members", {})
                data["resolved"]["users"][value["id"]] = value
                member = self.member(value, channel.get("guild_id") if channel["type"] != 1 else None)
                member.pop("user")
                data["resolved"]["members"][value["id"]] = member
                value = value["id"]
            elif spec["type"] == 8:  # a role: the id, with the resolved role
                data.setdefault("resolved", {}).setdefault("roles", {})[value["id"]] = value
                value = value["id"]
            elif spec["type"] == 7:  # a channel: the id, with the resolved (partial) channel
                data.setdefault("resolved", {}).setdefault("channels", {})[value["id"]] = {
                    "id": value["id"], "name": value.get("name", ""), "type": value["type"],
                    "permissions": str(PERMS_MEMBER), "parent_id": value.get("parent_id"), "flags": 0,
                    "guild_id": value.get("guild_id")}
                value = value["id"]
            option = {"name": key, "type": spec["type"], "value": value}
            if key == focused:
                option["focused"] = True
            target.append(option)
        return self._envelope(4 if focused else 2, data, user, channel)

    def click(self, user: dict[str, Any], message: Sent, custom_id: str) -> dict[str, Any]:
        data = {"custom_id": custom_id, "component_type": 2}
        payload = self._envelope(3, data, user, self.channels[message.channel_id])
        payload["message"] = message.json
        return payload

    async def send_interaction(self, payload: dict[str, Any]) -> str:
        self.dispatched_at[payload["id"]] = time.monotonic()
        self.last_activity = time.monotonic()
        await self.dispatch("INTERACTION_CREATE", payload)
        return str(payload["id"])

    async def wait_for(self, predicate: Any, timeout: float = 5.0) -> None:
        end = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > end:
                raise TimeoutError("the fake Discord waited in vain")
            await asyncio.sleep(0.01)

    @staticmethod
    def bot_busy() -> bool:
        """Whether a client in this event loop still runs a command or a button callback (discord.py
        names those tasks)."""
        return any(not t.done() and (t.get_name() == "CommandTree-invoker"
                                     or t.get_name().startswith("discord-ui-dynamic-item-"))
                   for t in asyncio.all_tasks())

    async def settle(self, quiet: float = 0.05, timeout: float = 10.0) -> None:
        """Wait until the bot has finished its handlers and sent nothing for ``quiet`` seconds."""
        end = time.monotonic() + timeout
        while self.bot_busy() or time.monotonic() - self.last_activity < quiet:
            if time.monotonic() > end:
                raise TimeoutError("the bot kept talking")
            await asyncio.sleep(0.02)

    async def run(self, payload: dict[str, Any], quiet: float = 0.05) -> list[Sent]:
        """Send an interaction, check it is acknowledged within 3 s, and return what the bot sent."""
        before = len(self.sent)
        iid = await self.send_interaction(payload)
        await self.wait_for(lambda: iid in self.callbacks, timeout=3.0)
        await self.settle(quiet)
        return self.sent[before:]

    def in_channel(self, channel_id: str) -> list[Sent]:
        return [s for s in self.sent if s.channel_id == channel_id]


# --- the client's side: settings pointing at the fake, waiting for the gateway ---------------------
def make_settings(fake: FakeDiscord, tmp_path: Path, **extra: Any) -> Settings:
    extra.setdefault("umpire_owner_guild", int(fake.guild_id))  # /admin is registered in the owner's server
    extra.setdefault("umpire_data_dir", tmp_path)  # the data folder (records, backups) is the test's own
    extra.setdefault("umpire_board_bind", "127.0.0.1:0")  # a board of its own on a free port, when one starts
    return Settings(_env_file=None, discord_token=TOKEN, database_url=f"sqlite:///{tmp_path / 'umpire.db'}",
                    umpire_discord_api_base=fake.api_base, umpire_discord_gateway=fake.gateway_url, **extra)


async def wait_ready(bot: UmpireBot, task: asyncio.Task[None], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not bot.is_ready():
        if task.done():
            task.result()  # raises the start-up error
        if loop.time() > end:
            raise TimeoutError("the bot did not become ready")
        await asyncio.sleep(0.01)
