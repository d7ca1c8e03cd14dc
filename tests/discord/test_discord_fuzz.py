"""Issue 24: crafted button ids through the real client (Hypothesis). Every id that reaches Umpire's button
(any that matches its template) is answered, with a refusal (an ``UmpireError``: "Refused: ...", never an
internal fault) or with the order applied; a refusal leaves the database as it was.

Hypothesis drives a synchronous test here: the fake Discord and the bot live in one event loop of the test
(function-scoped fixtures would be shared between examples, which Hypothesis refuses).
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import discord
import pytest
from fake_discord import TOKEN, FakeDiscord, make_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.discord_app import UmpireBot, configure_endpoints
from cogs.buttons import TEMPLATE

KINDS = ["ready", "take", "pass", "draw", "end", "place", "move", "exit", "redraw", "miss", "x"]
MAX_ID = 2**63 - 1


def button_ids(game_id: int) -> st.SearchStrategy[str]:
    numbers = st.one_of(st.integers(0, 12), st.just(game_id), st.just(MAX_ID), st.just(MAX_ID + 1),
                        st.integers(0, 10**60))
    kinds = st.one_of(st.sampled_from(KINDS), st.from_regex(r"[a-z_]{1,24}", fullmatch=True))
    arg = st.tuples(st.from_regex(r"[a-z_]{1,12}", fullmatch=True),
                    st.text(st.characters(blacklist_characters=":", blacklist_categories=("Cs",)),
                            min_size=1, max_size=60))
    ids = st.builds(lambda g, v, k, a: f"umpire:{g}:v{v}:{k}" + (f":{a[0]}={a[1]}" if a else ""),
                    numbers, numbers, kinds, st.none() | arg)
    return ids.filter(lambda cid: len(cid) <= 100 and re.fullmatch(TEMPLATE, cid) is not None)


def snapshot(bot: UmpireBot) -> list[Any]:
    games = bot.service.list_games()
    return [(g.id, g.version, g.status, tuple((s, seat.kind, seat.user_id) for s, seat in g.seats.items()))
            for g in games] + [len(bot.service.log(g.id)) for g in games]


async def _start(tmp_path: Path) -> tuple[FakeDiscord, UmpireBot, int, Any]:
    from test_discord_cogs import new_game

    fake = FakeDiscord()
    await fake.start()
    config = make_settings(fake, tmp_path)
    configure_endpoints(config)
    bot = UmpireBot(config, background=False, chunk_guilds_at_startup=False)
    await bot.login(TOKEN)
    await bot.sync_commands()
    bot._connection._add_guild_from_data(fake.guild_json())  # type: ignore[arg-type]
    game_id, _ = await new_game(bot, fake, opponent=fake.bob)
    prompt = next(s for s in reversed(fake.sent) if s.custom_ids)
    return fake, bot, game_id, prompt


def crafted(fake: FakeDiscord, user: dict[str, Any], prompt: Any, cid: str) -> dict[str, Any]:
    """A click on a button with this id on the prompt message (discord.py answers only a button the
    message holds; a crafted client can put any id there)."""
    payload = fake.click(user, prompt, cid)
    payload["message"] = {**prompt.json, "components": [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": cid}]}]}
    return payload


async def _click(fake: FakeDiscord, bot: UmpireBot, payload: dict[str, Any]) -> None:
    fake.dispatched_at[payload["id"]] = time.monotonic()
    bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    await fake.wait_for(lambda: payload["id"] in fake.callbacks, timeout=5)
    await fake.settle(quiet=0.02)


def test_fuzzed_button_ids_are_refused_or_applied_never_a_fault(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY",
                        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    loop = asyncio.new_event_loop()
    fake, bot, game_id, prompt = loop.run_until_complete(_start(tmp_path))
    seen = {"refused": 0, "applied": 0}
    try:
        @settings(max_examples=60, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                         HealthCheck.filter_too_much])
        @given(cid=button_ids(game_id), who=st.sampled_from(["alice", "bob", "carol"]))
        def click(cid: str, who: str) -> None:
            before = snapshot(bot)
            n = len(fake.sent)
            payload = crafted(fake, getattr(fake, who), prompt, cid)
            loop.run_until_complete(_click(fake, bot, payload))
            answers = [s for s in fake.sent[n:] if s.interaction_id == payload["id"] or s.via != "channel"]
            refusals = [s for s in answers if s.content.startswith("Refused")]
            assert not [s for s in answers if "Internal fault" in s.content], [s.content for s in answers]
            if refusals:
                assert all(s.ephemeral for s in refusals)
                assert snapshot(bot) == before, f"{cid} was refused but changed the database"
                seen["refused"] += 1
            else:
                assert snapshot(bot) != before, f"{cid}: neither refused nor applied: {[s.content for s in answers]}"
                seen["applied"] += 1

        click()
    finally:
        loop.run_until_complete(bot.close())
        loop.run_until_complete(fake.stop())
        loop.close()
    assert seen["refused"] > 0

