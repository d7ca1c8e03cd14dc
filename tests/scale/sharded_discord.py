"""A fake Discord with one guild per shard, for bot processes that each run some of the shards.

Built on tests/discord/fake_discord.py (unchanged): the same REST routes and gateway, plus

- guilds whose ids map to a chosen shard (``(guild_id >> 22) % shard_count``, as Discord routes them);
- a gateway that honours the ``shard`` of IDENTIFY: a connection gets READY and GUILD_CREATE for its
  shard's guilds only, and a guild's events (interactions, new threads) go to its shard's connection;
- REST under ``/p<n>/api/v10`` as well, so each process gets its own base URL and every request,
  interaction answer and message is known to come from process ``n``.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "discord"))
from fake_discord import API, NOW, FakeDiscord, Sent, _json  # noqa: E402

_PROCESS: contextvars.ContextVar[int | None] = contextvars.ContextVar("process", default=None)


@dataclass
class Guild:
    id: str
    shard: int
    channel: dict[str, Any]
    gm_role: dict[str, Any]


class ShardedFakeDiscord(FakeDiscord):
    def __init__(self, shard_count: int) -> None:
        super().__init__()
        self.shard_count = shard_count
        self.guilds: list[Guild] = [self._make_guild(k) for k in range(shard_count)]
        self.socket_shard: dict[int, int] = {}  # id(ws) -> shard
        self.guilds_sent: dict[int, list[str]] = {}  # shard -> ids of the guilds its connection was given
        self.answered_by: dict[str, int | None] = {}  # interaction id -> process that acknowledged it
        self.sent_by: dict[str, int | None] = {}  # message id -> process that sent it
        self.process_activity: dict[int, float] = {}
        self.events_to: list[tuple[int, str, str | None]] = []  # (shard, event, guild id)

    def _make_guild(self, shard: int) -> Guild:
        n = next(self._ids)
        # the timestamp part decides the shard: pick it so this guild lands on ``shard``
        stamp = 1_700_000_000_000 + n * self.shard_count + shard
        gid = str((stamp << 22) + n)
        assert (int(gid) >> 22) % self.shard_count == shard
        role = dict(self.gm_role, id=self.snowflake())
        channel = dict(self.channel, id=self.snowflake(), guild_id=gid, name=f"games-{shard}")
        self.channels[channel["id"]] = channel
        return Guild(gid, shard, channel, role)

    def guild_of(self, channel_id: str) -> Guild | None:
        gid = self.channels.get(channel_id, {}).get("guild_id")
        return next((g for g in self.guilds if g.id == gid), None)

    def guild_json_for(self, guild: Guild) -> dict[str, Any]:
        data = self.guild_json()
        everyone = dict(data["roles"][0], id=guild.id)
        return dict(data, id=guild.id, name=f"Club {guild.shard}", roles=[everyone, guild.gm_role],
                    channels=[guild.channel],
                    threads=[c for c in self.channels.values() if c["type"] == 11 and c.get("guild_id") == guild.id])

    # --- REST, per process -----------------------------------------------------------------------
    def process_base(self, n: int) -> str:
        return f"http://127.0.0.1:{self.port}/p{n}{API}"

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/p{proc:\\d+}" + API + "/{tail:.*}", self._process_rest)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        server: Any = site._server
        self.port = server.sockets[0].getsockname()[1]

    async def _process_rest(self, request: web.Request) -> web.Response:
        proc = int(request.match_info["proc"])
        _PROCESS.set(proc)  # this request's task: _record and _callback read it
        self.process_activity[proc] = time.monotonic()
        try:
            m = re.fullmatch(r"interactions/(\d+)/[^/]+/callback", request.match_info["tail"])
            if m and m[1] not in self.answered_by:
                self.answered_by[m[1]] = proc
            return await self._rest(request)
        finally:
            self.process_activity[proc] = time.monotonic()

    def _record(self, channel_id: str, via: str, payload: dict[str, Any], files: list[tuple[str, bytes]],
                interaction_id: str | None = None, webhook: bool = False) -> Sent:
        sent = super()._record(channel_id, via, payload, files, interaction_id, webhook)
        self.sent_by[sent.id] = _PROCESS.get()
        return sent

    async def _route(self, method: str, path: str, payload: dict[str, Any], files: list[tuple[str, bytes]]
                     ) -> web.Response:
        m = re.fullmatch(r"/channels/(\d+)/threads", path)
        parent = self.channels.get(m[1]) if m else None
        if m is None or parent is None or parent["type"] != 0:
            return await super()._route(method, path, payload, files)
        thread = {"id": self.snowflake(), "type": int(payload.get("type") or 11), "guild_id": parent["guild_id"],
                  "parent_id": m[1], "name": payload["name"], "owner_id": self.bot_user["id"],
                  "thread_metadata": {"archived": False, "auto_archive_duration": 10080, "archive_timestamp": NOW,
                                      "locked": False}, "message_count": 0, "member_count": 1,
                  "rate_limit_per_user": 0, "flags": 0, "total_message_sent": 0, "last_message_id": None}
        self.channels[thread["id"]] = thread
        await self.dispatch("THREAD_CREATE", dict(thread, newly_created=True))
        return _json(thread, 201)

    # --- the gateway, by shard -------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_str('{"op": 10, "d": {"heartbeat_interval": 41250}}')
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            if data["op"] == 1:
                await ws.send_str('{"op": 11}')
            elif data["op"] == 2:
                shard_id, count = data["d"].get("shard", [0, 1])
                if count != self.shard_count:
                    await ws.close(code=4011, message=b"Sharding required")  # as Discord does
                    break
                self.identifies.append(data["d"])
                self.sockets.append(ws)
                self.socket_shard[id(ws)] = shard_id
                mine = [g for g in self.guilds if g.shard == shard_id]
                self.guilds_sent.setdefault(shard_id, []).extend(g.id for g in mine)
                await self._send(ws, "READY", {
                    "v": 10, "user": self.bot_user, "guilds": [{"id": g.id, "unavailable": True} for g in mine],
                    "session_id": f"fake-session-{shard_id}", "resume_gateway_url": self.gateway_url,
                    "application": {"id": self.app_id, "flags": 0}, "private_channels": [], "relationships": [],
                    "shard": [shard_id, count]})
                for g in mine:
                    await self._send(ws, "GUILD_CREATE", self.guild_json_for(g))
        if ws in self.sockets:
            self.sockets.remove(ws)
        return ws

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """A guild's event goes to its shard's connection only; a DM's to shard 0 (as Discord does)."""
        gid = data.get("guild_id")
        shard = (int(gid) >> 22) % self.shard_count if gid else 0
        for ws in list(self.sockets):
            if self.socket_shard.get(id(ws)) == shard:
                self.events_to.append((shard, event, gid))
                await self._send(ws, event, data)

    def _envelope(self, kind: int, data: dict[str, Any], user: dict[str, Any], channel: dict[str, Any]
                  ) -> dict[str, Any]:
        payload = super()._envelope(kind, data, user, channel)
        if "guild_id" in payload:
            payload["guild_id"] = channel["guild_id"]
            payload["authorizing_integration_owners"] = {"0": channel["guild_id"]}
        return payload

    async def settle_process(self, proc: int, quiet: float = 0.3, timeout: float = 20.0) -> None:
        """Wait until process ``proc`` has sent nothing for ``quiet`` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() - self.process_activity.get(proc, 0.0) < quiet:
            if time.monotonic() > end:
                raise TimeoutError(f"bot process {proc} kept talking")
            await asyncio.sleep(0.05)
