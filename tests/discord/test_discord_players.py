"""What players see on Discord: a map of every phase in one message, the game each command means,
plain refusals of unknown hexes, endings that name the winner, the deadline's ping."""

from __future__ import annotations

import hashlib
import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from fake_discord import FakeDiscord
from test_discord_cogs import backdate, call, new_game

from bot.discord_app import UmpireBot
from cogs.notices import Notices
from engine.game import Action
from engine.service.phases import phases


async def test_one_answer_posts_the_map_of_every_phase_it_closed_in_one_message(
        fake: FakeDiscord, rest_bot: UmpireBot, monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.service.service as service_module

    monkeypatch.setattr(service_module.secrets, "randbits", lambda bits: 7)  # seed 7: a known deal
    game_id, thread = await new_game(rest_bot, fake)
    await call(rest_bot, fake, fake.slash(fake.alice, "peiper ready", thread))
    before = len(phases(rest_bot.service, game_id))
    # the US passes the red card; the German bot then draws, takes its card and moves: two phases
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "peiper pass", thread))
    with_maps = [s for s in sent if any(name.endswith(".png") for name, _ in s.files)]
    assert len(with_maps) == 1  # one message holds the phase maps of the answer
    pngs = [(name, data) for name, data in with_maps[0].files if name.endswith(".png")]
    closed = phases(rest_bot.service, game_id)[before:]
    assert len(closed) >= 2 and len(pngs) == len(closed)
    assert [name for name, _ in pngs] == [f"game{game_id}-phase{p.number:04d}.png" for p in closed]
    assert len({hashlib.sha256(data).hexdigest() for _, data in pngs}) == len(pngs)
    assert f"Maps of phases {closed[0].number}-{closed[-1].number}" in with_maps[0].content
    # an earlier phase on demand, and a plain refusal for one that does not exist
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game map", thread, phase=1))
    assert sent[-1].files and sent[-1].files[0][0] == f"game{game_id}-phase0001.png"
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "game map", thread, phase=999))  # alice: cooldown
    refused = [s for s in sent if s.content.startswith("Refused")]
    assert refused and refused[0].ephemeral and "has no phase 999" in refused[0].content


async def test_an_unknown_hex_is_refused_plainly_without_a_traceback(fake: FakeDiscord, rest_bot: UmpireBot,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    _, thread = await new_game(rest_bot, fake)
    with caplog.at_level(logging.ERROR, logger="umpire"):
        sent = await call(rest_bot, fake, fake.slash(fake.alice, "game map", thread, hex="9999"))
    refused = [s for s in sent if s.content.startswith("Refused")]
    assert refused and refused[0].ephemeral and refused[0].content.startswith("Refused: 9999 is off the map")
    assert "renderer" not in refused[0].content
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "game map", thread, hex="0404", radius=2))
    assert sent[-1].files and sent[-1].files[0][0].endswith("-0404-r2.png")


async def test_two_games_in_one_channel_each_get_their_own_orders(fake: FakeDiscord, rest_bot: UmpireBot,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    async def no_threads(self: Any, interaction: Any, name: str) -> int:
        raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"),  # type: ignore[arg-type]
                                    {"message": "Cannot start a thread here", "code": 50024})

    cog = next(c for c in rest_bot.cogs.values() if hasattr(c, "_open_thread"))  # the loaded extension's class
    monkeypatch.setattr(type(cog), "_open_thread", no_threads)
    channel = fake.channel
    await call(rest_bot, fake, fake.slash(fake.alice, "game new", channel, game="peiper", opponent=fake.bob))
    await call(rest_bot, fake, fake.slash(fake.carol, "game new", channel, game="peiper", opponent=fake.owner))
    first, second = rest_bot.service.list_games()[-2:]
    assert first.channel_id == second.channel_id == channel["id"]
    # alice's order goes to the game she sits in, not to the newest game of the channel
    await call(rest_bot, fake, fake.slash(fake.alice, "peiper ready", channel))
    assert [e.action["kind"] for e in rest_bot.service.log(first.id) if e.kind == "action"] == ["ready"]
    assert not [e for e in rest_bot.service.log(second.id) if e.kind == "action"]
    await call(rest_bot, fake, fake.slash(fake.carol, "peiper ready", channel))
    assert [e.action["kind"] for e in rest_bot.service.log(second.id) if e.kind == "action"] == ["ready"]
    # bob's draw is his game's; the owner's draw is the other's
    await call(rest_bot, fake, fake.slash(fake.bob, "peiper draw", channel))
    assert [e.side for e in rest_bot.service.log(first.id) if e.kind == "action"] == ["us", "ge"]
    sent = await call(rest_bot, fake, fake.slash(fake.bob, "game status", channel))
    assert f"#{first.id} " in sent[0].text()
    await call(rest_bot, fake, fake.slash(fake.owner, "peiper draw", channel))
    assert [e.side for e in rest_bot.service.log(second.id) if e.kind == "action"] == ["us", "ge"]


async def test_the_end_names_the_winner_and_why_and_the_game_still_answers(fake: FakeDiscord,
                                                                           rest_bot: UmpireBot) -> None:
    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    await call(rest_bot, fake, fake.slash(fake.alice, "peiper ready", thread))
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "game resign", thread))
    over = next(s for s in sent if "is over" in s.content)
    assert "German wins" in over.content and "US resigned" in over.content and "Seed `" in over.content
    final = next(s for s in sent if s.files)
    assert final.files[0][0].endswith(".png")
    for path, options in (("game log", {}), ("game seed", {}), ("game map", {"phase": 1})):
        sent = await call(rest_bot, fake, fake.slash(fake.alice, path, thread, **options))
        assert not sent[0].ephemeral or not sent[0].content.startswith("Refused"), sent[0].content


async def test_the_deadline_notice_pings_the_player_whose_time_ran_out(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    game_id, thread = await new_game(rest_bot, fake, opponent=fake.bob)
    rest_bot.service.submit(game_id, "us", Action("ready"), fake.alice["id"])  # now bob must draw
    rest_bot.service.set_deadline(game_id, 2)
    backdate(rest_bot, game_id, 3)
    before = len(fake.sent)
    await Notices(rest_bot).check_games()
    notice = next(s for s in fake.sent[before:] if "ran out" in s.content)
    # the game and the opponent first (several games may share a channel), then the player pinged
    assert notice.content.startswith(f"Game #{game_id} (vs alice, turn 1): <@{fake.bob['id']}>, the deadline")
    assert fake.bob["id"] in [str(u) for u in notice.payload["allowed_mentions"]["users"]]


async def test_help_explains_one_order(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "help", fake.channel, game="peiper", order="attack"))
    assert sent[0].ephemeral and "/peiper attack unit:<unit> target:<unit>" in sent[0].text()
    assert "anti-tank" in sent[0].text()  # the rule summary of combat
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "help", fake.channel, game="peiper", order="fly"))
    assert sent[0].content.startswith("Refused: Just a Peiper Dream? has no order 'fly'")


async def test_more_phases_than_one_message_holds_come_as_nine_maps_and_a_strip(fake: FakeDiscord,
                                                                                rest_bot: UmpireBot) -> None:
    from cogs.maps import phase_files

    info = rest_bot.service.create_game("peiper", seed=7, seats={})
    outcomes = rest_bot.service.run_bots(info.id, limit=80)
    closed = [o.seq for o in outcomes if o.phase_ended]
    assert len(closed) > 10
    maps = await phase_files(rest_bot, info.id, closed, 10 * 1024 * 1024)
    assert len(maps.files) == 10 and maps.files[0].filename.endswith(".gif")
    assert all(f.filename.endswith(".png") for f in maps.files[1:]) and maps.words == f"phases 1-{len(closed)}"
    assert maps.left == [] and maps.shown == list(range(1, len(closed) + 1))


async def test_game_new_offers_sides_in_the_games_words(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    await call(rest_bot, fake, fake.slash(fake.alice, "game new", fake.channel, focused="side", game="peiper", side=""))
    choices = list(fake.callbacks.values())[-1]["data"]["choices"]
    assert {c["name"] for c in choices} == {"German", "US"} and {c["value"] for c in choices} == {"ge", "us"}
