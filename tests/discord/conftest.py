"""Fixtures: the fake Discord, a bot logged in over REST only (for cog tests through the command tree),
and a bot connected through the gateway (end to end)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from fake_discord import TOKEN, FakeDiscord, make_settings, wait_ready

from bot.discord_app import UmpireBot, configure_endpoints
from bot.settings import Settings


@pytest.fixture
async def fake(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()
    out = os.environ.get("UMPIRE_TRANSCRIPT")  # a folder: what the bot sent, to read or to illustrate docs
    if out:
        write_transcript(server, Path(out) / request.node.name)


def write_transcript(fake: FakeDiscord, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    names = {u["id"]: u["username"] for u in (fake.alice, fake.bob, fake.carol, fake.owner)}
    lines = []
    for n, s in enumerate(fake.sent):
        where = fake.channels.get(s.channel_id, {}).get("name") or "DM"
        text = s.text()
        for uid, name in names.items():
            text = text.replace(f"<@{uid}>", f"@{name}")
        extra = [name for name, _ in s.files] + [c.split(":")[3] + " [button]" for c in s.custom_ids]
        lines.append(f"[{where}] ({s.via}{', ephemeral' if s.ephemeral else ''}) {text} {' '.join(extra)}")
        for name, data in s.files:
            (folder / f"{n:03d}-{name}").write_bytes(data)
    (folder / "transcript.txt").write_text("\n".join(lines), encoding="utf-8")


@pytest.fixture
def settings(fake: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    # configure_endpoints changes discord.py's globals: monkeypatch restores them after the test
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    s = make_settings(fake, tmp_path)
    configure_endpoints(s)
    return s


@pytest.fixture
async def rest_bot(fake: FakeDiscord, settings: Settings) -> AsyncIterator[UmpireBot]:
    """Logged in over REST (setup_hook ran, the tree synced to the fake), the guild in its cache."""
    bot = UmpireBot(settings, background=False, chunk_guilds_at_startup=False)
    await bot.login(TOKEN)
    await bot.sync_commands()
    bot._connection._add_guild_from_data(fake.guild_json())  # type: ignore[arg-type]
    yield bot
    await bot.close()


@pytest.fixture
async def live_bot(fake: FakeDiscord, settings: Settings) -> AsyncIterator[UmpireBot]:
    """Connected through the fake gateway, ready."""
    bot = UmpireBot(settings, background=False, guild_ready_timeout=0.05, chunk_guilds_at_startup=False)
    task = asyncio.create_task(bot.start(TOKEN))
    await wait_ready(bot, task)
    yield bot
    await bot.close()
    await asyncio.wait_for(task, timeout=5)


BOARD_URL = "https://board.example.org"  # the board's public address in the links (tests reach it on loopback)


@pytest.fixture
async def board_bot(fake: FakeDiscord, settings: Settings) -> AsyncIterator[UmpireBot]:
    """Logged in over REST, serving its live board on loopback (its links name BOARD_URL)."""
    bot = UmpireBot(settings.model_copy(update={"umpire_board_url": BOARD_URL}), background=False,
                    chunk_guilds_at_startup=False)
    await bot.login(TOKEN)
    await bot.sync_commands()
    bot._connection._add_guild_from_data(fake.guild_json())  # type: ignore[arg-type]
    await bot._start_board()
    assert bot.board is not None and bot.board_port
    yield bot
    await bot.close()
