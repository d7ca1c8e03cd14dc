"""The bot as a service: minimal intents, who sees /gm and /admin, reminders remembered across a restart,
the retention rule when the bot leaves a server, the owner's forget, one log line per command, health."""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import pytest
from fake_discord import FakeDiscord, make_settings
from sqlmodel import Session
from test_discord_cogs import backdate, call, new_game

from bot.discord_app import UmpireBot
from bot.settings import Settings
from cogs.notices import Notices
from engine.game import Action
from engine.service import GameService, Seat
from engine.service.background import due_games
from engine.service.models import GuildDeparture


def test_intents_are_the_guilds_alone(fake: FakeDiscord, tmp_path: Path) -> None:
    bot = UmpireBot(make_settings(fake, tmp_path), background=False)
    assert bot.intents.value == discord.Intents(guilds=True).value
    assert not bot.intents.members and not bot.intents.message_content and not bot.intents.guild_messages


async def test_gm_is_for_manage_server_and_admin_only_in_the_owners_server(fake: FakeDiscord,
                                                                            rest_bot: UmpireBot) -> None:
    glob = {c["name"]: c for c in fake.scoped["global"]}
    assert int(glob["gm"]["default_member_permissions"]) == discord.Permissions(manage_guild=True).value
    assert "admin" not in glob
    assert [c["name"] for c in fake.scoped[fake.guild_id]] == ["admin"]


async def test_without_an_owner_server_admin_is_not_registered(fake: FakeDiscord, settings: Settings) -> None:
    bot = UmpireBot(settings.model_copy(update={"umpire_owner_guild": None}), background=False)
    await bot.login("fake-token")
    await bot.sync_commands()
    assert "admin" not in {c["name"] for c in fake.commands}
    await bot.close()


async def test_a_restart_does_not_send_a_reminder_again(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    rest_bot.service.submit(game_id, "us", Action("ready"), fake.alice["id"])
    backdate(rest_bot, game_id, rest_bot.settings.umpire_reminder_hours + 1)
    before = len(fake.sent)
    await Notices(rest_bot).check_games()
    assert len([s for s in fake.sent[before:] if "Reminder" in s.content]) == 1
    # a new process: a new cog, a new service on the same database
    rest_bot.service = GameService(rest_bot.settings.db_url)
    await Notices(rest_bot).check_games()
    assert len([s for s in fake.sent[before:] if "Reminder" in s.content]) == 1, "reminded again after a restart"
    # the next decision is reminded once more
    rest_bot.service.submit(game_id, "ge", Action("draw"), fake.bob["id"])
    info = rest_bot.service.info(game_id)
    if info.to_act and info.seats[info.to_act].kind == "human":
        backdate(rest_bot, game_id, rest_bot.settings.umpire_reminder_hours + 1)
        await Notices(rest_bot).check_games()
        assert len([s for s in fake.sent[before:] if "Reminder" in s.content]) == 2


async def test_the_background_check_selects_only_idle_games_of_its_shards(fake: FakeDiscord,
                                                                         rest_bot: UmpireBot) -> None:
    service = rest_bot.service
    odd, even = str((123 << 22) | 5), str((124 << 22) | 5)
    ids = {g: service.create_game("peiper", seed=1, guild_id=g).id for g in (odd, even)}
    dm = service.create_game("saf", seed=1).id
    fresh = service.create_game("peiper", seed=2, guild_id=odd).id
    for gid in (*ids.values(), dm):
        backdate(rest_bot, gid, 20)
    now = datetime.now(UTC)
    assert {d.game_id for d in due_games(service.engine, 12, 2, [1], now)} == {ids[odd]}
    assert {d.game_id for d in due_games(service.engine, 12, 2, [0], now)} == {ids[even], dm}
    assert {d.game_id for d in due_games(service.engine, 12, 1, None, now)} == {*ids.values(), dm}
    assert fresh not in {d.game_id for d in due_games(service.engine, 12)}


async def test_leaving_a_server_forgets_its_players_after_the_retention_days(fake: FakeDiscord,
                                                                            rest_bot: UmpireBot) -> None:
    game_id, _thread = await new_game(rest_bot, fake, opponent=fake.bob)
    notices = Notices(rest_bot)
    await notices.on_guild_remove(discord.Object(int(fake.guild_id)))
    with Session(rest_bot.service.engine) as s:
        row = s.get(GuildDeparture, fake.guild_id)
        assert row is not None
    await notices.check_games()  # not yet: the retention days have not passed
    assert rest_bot.service.info(game_id).seats["us"].user_id == fake.alice["id"]
    later = datetime.now(UTC) + timedelta(days=rest_bot.settings.umpire_left_guild_days + 1)
    await notices.check_games(later)
    rest_bot.service.cache.drop(game_id)
    seats = rest_bot.service.info(game_id).seats
    assert seats["us"].user_id is None and seats["ge"].user_id is None
    assert "alice" not in rest_bot.service.info(game_id).title


async def test_the_owner_forgets_a_user_from_discord(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "admin forget", fake.channel, user_id=fake.bob["id"]))
    assert "owner" in sent[0].content and rest_bot.service.info(game_id).seats["ge"].user_id == fake.bob["id"]
    sent = await call(rest_bot, fake, fake.slash(fake.owner, "admin forget", fake.channel, user_id=fake.bob["id"]))
    assert "Forgot user" in sent[-1].content
    assert rest_bot.service.info(game_id).seats["ge"].user_id is None  # an open seat, not a broken mention
    assert rest_bot.service.replay(game_id) is not None
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "peiper ready", thread))  # now the forgotten side's turn
    assert not any("went wrong" in m.text() or "Refused" in m.text() for m in sent), [m.text() for m in sent]
    assert any("open" in m.text() for m in sent), [m.text()[:100] for m in sent]


async def test_each_command_is_one_log_line_with_its_outcome_and_latency(
        fake: FakeDiscord, live_bot: UmpireBot, caplog: pytest.LogCaptureFixture) -> None:
    await live_bot.tree.sync()
    caplog.set_level(logging.INFO, logger="umpire.commands")
    iid = await fake.send_interaction(fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us"))
    await fake.wait_for(lambda: iid in fake.callbacks, timeout=10)
    await fake.settle()
    thread = fake.channels[live_bot.service.list_games()[-1].channel_id or ""]
    await fake.send_interaction(fake.slash(fake.bob, "peiper ready", thread))  # not bob's side
    await fake.settle()
    lines = [r for r in caplog.records if r.name == "umpire.commands"]
    fields: list[dict[str, Any]] = [r.fields for r in lines]  # type: ignore[attr-defined]
    assert [(f["command"], f["outcome"]) for f in fields] == [("game new", "ok"), ("peiper ready", "refused")]
    assert all(f["ms"] >= 0 and f["guild"] == fake.guild_id for f in fields)
    assert live_bot.observer.counts["ok"] == 1 and live_bot.observer.counts["refused"] == 1


async def test_the_health_check_answers_on_the_loopback(fake: FakeDiscord, settings: Settings,
                                                       tmp_path: Path) -> None:
    from fake_discord import TOKEN, wait_ready

    settings = settings.model_copy(update={"umpire_health_port": 0, "umpire_heartbeat_file": tmp_path / "beat"})
    bot = UmpireBot(settings, background=False, guild_ready_timeout=0.05, chunk_guilds_at_startup=False)
    task = asyncio.create_task(bot.start(TOKEN))
    try:
        await wait_ready(bot, task)
        await fake.wait_for(lambda: bot.observer.port is not None and (tmp_path / "beat").exists(), timeout=10)

        def get(path: str) -> tuple[int, str]:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{bot.observer.port}{path}", timeout=5) as r:
                    return r.status, r.read().decode()
            except urllib.error.HTTPError as exc:
                return exc.code, exc.read().decode()

        status, body = await asyncio.to_thread(get, "/healthz")
        assert status == 200 and json.loads(body)["database"] is True
        status, body = await asyncio.to_thread(get, "/metrics")
        assert status == 200 and "umpire_queue_depth" in body
    finally:
        await bot.close()
        await asyncio.wait_for(task, timeout=5)
    assert not (tmp_path / "beat").exists()


async def test_the_background_check_reads_only_the_games_it_acts_on(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    from sqlalchemy import text

    service = rest_bot.service
    ids = [service.create_game("saf", seed=n, seats={"us": Seat("human", fake.alice["id"], "alice")}).id
           for n in range(60)]
    idle = ids[::20]
    for gid in idle:
        backdate(rest_bot, gid, rest_bot.settings.umpire_reminder_hours + 1)
    loaded: list[int] = []
    info = service.info

    def counting(game_id: int) -> Any:
        loaded.append(game_id)
        return info(game_id)

    service.info = counting  # type: ignore[method-assign]
    await Notices(rest_bot).check_games()
    assert sorted(set(loaded)) == idle  # the three idle games, not the 57 others
    loaded.clear()
    await Notices(rest_bot).check_games()
    assert loaded == [], "reminded games were loaded again"
    with service.engine.connect() as conn:
        plan = " ".join(str(r[-1]) for r in conn.execute(text(
            "EXPLAIN QUERY PLAN SELECT id FROM games WHERE status = 'active' AND last_action_at <= '2026'")))
    assert "ix_games_status" in plan, plan


async def test_a_button_click_is_one_log_line_too(fake: FakeDiscord, live_bot: UmpireBot,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    await live_bot.tree.sync()
    caplog.set_level(logging.INFO, logger="umpire.commands")
    await fake.send_interaction(fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us"))
    await fake.settle()
    board = next(s for s in reversed(fake.sent) if any(c.endswith(":ready") for c in s.custom_ids))
    ready = next(c for c in board.custom_ids if c.endswith(":ready"))
    await fake.send_interaction(fake.click(fake.alice, board, ready))
    await fake.settle()
    fields = [r.fields for r in caplog.records if r.name == "umpire.commands"]  # type: ignore[attr-defined]
    assert [(f["command"], f["outcome"]) for f in fields] == [("game new", "ok"), ("button ready", "ok")]
