"""End to end: the unmodified discord.py client logs into the fake Discord, syncs its tree, and plays a
short Peiper game in a guild thread and a solo game in a DM. Assertions are on the real payloads."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fake_discord import FakeDiscord, Sent
from sqlmodel import Session

from bot.discord_app import UmpireBot
from engine.service.models import GameRecord

PNG = b"\x89PNG\r\n\x1a\n"
MIB = 1024 * 1024


def check_limits(sent: list[Sent]) -> None:
    """Every message within Discord's limits; every image a valid PNG (or GIF) under 10 MiB."""
    for s in sent:
        assert len(s.content) <= 2000, s.content[:100]
        embeds = s.payload.get("embeds") or []
        assert len(embeds) <= 10
        total = 0
        for e in embeds:
            assert len(e.get("title", "")) <= 256 and len(e.get("description", "")) <= 4096
            assert len(e.get("fields", [])) <= 25
            total += len(e.get("title", "")) + len(e.get("description", "")) + len(e.get("footer", {}).get("text", ""))
            total += sum(len(f["name"]) + len(f["value"]) for f in e.get("fields", []))
        assert total <= 6000
        for row in s.payload.get("components") or []:
            assert len(row["components"]) <= 5
            for c in row["components"]:
                assert len(c.get("custom_id", "")) <= 100 and len(c.get("label", "")) <= 80
        for name, data in s.files:
            assert len(data) < 10 * MIB
            if name.endswith(".png"):
                assert data.startswith(PNG), name
            if name.endswith(".gif"):
                assert data[:6] in (b"GIF87a", b"GIF89a")
        if s.content and s.via != "edit":
            assert "allowed_mentions" in s.payload, f"no explicit allowed mentions: {s.content[:80]!r}"
        allowed = s.payload.get("allowed_mentions") or {}
        assert not {"everyone", "roles", "users"} & set(allowed.get("parse", [])), "never a mention by parsing"
        pinged = {str(u) for u in allowed.get("users", [])}
        assert pinged <= set(re.findall(r"<@!?(\d+)>", s.content)), "only the players the message names"


def mentioned(s: Sent, user: dict[str, Any]) -> bool:
    allowed = s.payload.get("allowed_mentions") or {}
    return f"<@{user['id']}>" in s.content and user["id"] in [str(u) for u in allowed.get("users", [])]


def images(sent: list[Sent]) -> list[bytes]:
    return [data for s in sent for name, data in s.files if name.endswith(".png")]


def last_with_buttons(fake: FakeDiscord, channel_id: str) -> Sent:
    return next(s for s in reversed(fake.sent) if s.custom_ids and (s.channel_id == channel_id))


def button(message: Sent, action: str) -> str:
    return next(c for c in message.custom_ids if c.split(":")[3] == action)


async def test_guild_game_through_the_real_client(fake: FakeDiscord, live_bot: UmpireBot,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    synced = await live_bot.sync_commands()
    assert {c.name for c in synced} >= {"game", "gm", "peiper", "rules", "help"}
    service = live_bot.service
    alice, bob, carol = fake.alice, fake.bob, fake.carol

    # a new game with an opponent: a thread named for the players, both mentioned, the map posted
    sent = await fake.run(fake.slash(alice, "game new", fake.channel, game="peiper", side="us", opponent=bob))
    thread = next(c for c in fake.channels.values() if c["type"] == 11)
    assert thread["name"] == "Peiper - alice (US) vs bob (GE)"
    assert thread["parent_id"] == fake.channel["id"]
    assert any(f"<#{thread['id']}>" in s.content for s in sent if s.channel_id == fake.channel["id"])
    in_thread = [s for s in sent if s.channel_id == thread["id"]]
    assert any(mentioned(s, alice) and mentioned(s, bob) for s in in_thread)
    assert images(in_thread) or not _renderer()
    game_id = service.list_games()[0].id
    assert service.info(game_id).channel_id == thread["id"]
    assert any(mentioned(s, alice) and s.custom_ids for s in in_thread), "the US set-up prompt pings alice"

    # autocomplete offers the US units and, for the unit chosen, only legal hexes
    await fake.run(fake.slash(alice, "peiper place", thread, focused="unit", unit="CCR"))
    ac = list(fake.callbacks.values())[-1]
    assert ac["type"] == 8 and any(c["value"] == "CCR/3/1" for c in ac["data"]["choices"])
    await fake.run(fake.slash(alice, "peiper place", thread, focused="at", unit="CCR/3/1", at=""))
    hexes = [c["value"] for c in list(fake.callbacks.values())[-1]["data"]["choices"]]
    assert 0 < len(hexes) <= 25
    state = service.state(game_id)
    legal = {a.args["at"] for a in service.rules(game_id).legal_actions(state, "us")
             if a.kind == "place" and a.args.get("unit") == "CCR/3/1"}
    assert set(hexes) <= legal

    sent = await fake.run(fake.slash(alice, "peiper place", thread, unit="CCR/3/1", at=hexes[0]))
    assert not sent[0].ephemeral and "CCR/3/1" in sent[0].content

    # bob may not act for the US; the refusal is ephemeral and names the reason
    sent = await fake.run(fake.slash(bob, "peiper ready", thread))
    assert sent[0].ephemeral and "Refused" in sent[0].content
    # undo takes back alice's placement
    version = service.info(game_id).version
    sent = await fake.run(fake.slash(alice, "game undo", thread))
    assert "Undo" in sent[0].content and service.info(game_id).version == version + 1

    # the Ready button ends the set-up: the map after the phase, and bob is pinged for the card draw
    prompt = last_with_buttons(fake, thread["id"])
    sent = await fake.run(fake.click(alice, prompt, button(prompt, "ready")))
    assert sent[0].via == "edit" and sent[0].payload["components"] == [], "the answered prompt loses its buttons"
    assert "`/peiper ready`" in sent[1].content
    assert images(sent) or not _renderer()
    assert any(mentioned(s, bob) for s in sent) and not any(mentioned(s, alice) for s in sent[1:])
    sent = await fake.run(fake.slash(bob, "peiper draw", thread))
    assert "card draw" in sent[0].content

    # whoever the card favours takes it with a button; a click on an old board is refused
    info = service.info(game_id)
    assert info.to_act is not None
    decider = alice if info.seats[info.to_act].user_id == alice["id"] else bob
    prompt = last_with_buttons(fake, thread["id"])
    take = button(prompt, "take") if any(c.split(":")[3] == "take" for c in prompt.custom_ids) else prompt.custom_ids[0]
    await fake.run(fake.click(decider, prompt, take))
    info = service.info(game_id)
    if info.to_act is not None and info.seats[info.to_act].user_id == decider["id"]:
        sent = await fake.run(fake.click(decider, prompt, take))
        assert sent[0].ephemeral and "board has changed" in sent[0].content

    # a GM correction needs the GM role; it is a ruling with its reason, listed by /gm rulings
    unit = next(u["id"] for u in service.view(game_id)["units"] if u["side"] == "us" and u["hex"])
    sent = await fake.run(fake.slash(bob, "gm flip", thread, unit=unit, reason="testing"))
    assert sent[0].ephemeral and "GM" in sent[0].content
    sent = await fake.run(fake.slash(carol, "gm flip", thread, unit=unit, reason="misclick, agreed by both",
                                     rule="none"))
    assert "Ruling #" in sent[0].content and "misclick" in sent[0].content
    assert any(u["reduced"] for u in service.view(game_id)["units"] if u["id"] == unit)
    sent = await fake.run(fake.slash(alice, "gm rulings", thread))
    assert "misclick, agreed by both" in sent[-1].content and "[none]" in sent[-1].content

    # looking at the game reveals no seed before the end
    seed = service.seed(game_id)
    sent = await fake.run(fake.slash(alice, "game status", thread))
    sent += await fake.run(fake.slash(alice, "game log", thread))
    sent += await fake.run(fake.slash(alice, "game seed", thread))
    sent += await fake.run(fake.slash(alice, "game export", thread))
    sent += await fake.run(fake.slash(alice, "game map", thread, hex="0404", radius=2))
    exported = next(data for s in sent for name, data in s.files if name.endswith(".json"))
    record = json.loads(exported)
    assert record["seed"] is None and record["seed_hash"] == seed[0]
    with Session(service.engine) as db:
        record_row = db.get(GameRecord, game_id)
        assert record_row is not None
        secret = str(record_row.seed)
    for s in fake.sent:
        assert secret not in s.text() and all(secret.encode() not in data for _, data in s.files)
    assert "misclick" in exported.decode()

    sent = await fake.run(fake.slash(alice, "help", thread, game="peiper"))
    assert "/peiper move" in sent[0].text() and sent[0].ephemeral
    sent = await fake.run(fake.slash(alice, "rules", thread, game="peiper", topic="combat"))
    assert "anti-tank" in sent[0].text().lower()

    check_limits(fake.sent)
    for iid, cb in fake.callbacks.items():
        assert cb["elapsed"] < 3.0, f"interaction {iid} answered after {cb['elapsed']:.2f}s"
    assert set(fake.dispatched_at) <= set(fake.callbacks), "every interaction is acknowledged"


async def test_solo_game_in_a_dm(fake: FakeDiscord, live_bot: UmpireBot) -> None:
    await live_bot.sync_commands()
    service = live_bot.service
    alice = fake.alice
    dm = fake.dm_channel(alice)
    sent = await fake.run(fake.slash(alice, "game new", dm, game="peiper"))
    info = service.list_games()[0]
    assert info.guild_id is None and info.channel_id == dm["id"]
    assert info.seats["us"].user_id == alice["id"] and info.seats["ge"].kind == "bot"
    assert all(s.channel_id == dm["id"] for s in sent)
    assert images(sent) or not _renderer()

    # ready: the bot plays the Germans until alice must decide, and says why for each order
    prompt = last_with_buttons(fake, dm["id"])
    sent = await fake.run(fake.click(alice, prompt, button(prompt, "ready")))
    assert any("(bot)" in s.content for s in sent)
    assert images(sent) or not _renderer()

    # in a DM game its player is the GM: end it with a result; the seed is then revealed
    sent = await fake.run(fake.slash(alice, "gm end", dm, winner="us", reason="testing the end"))
    info = service.info(info.id)
    assert info.status == "over"
    hashed, seed = service.seed(info.id)
    assert any(str(seed) in s.content for s in sent)
    sent = await fake.run(fake.slash(alice, "help", dm))
    from engine.registry import available

    shown = " ".join(s.text() for s in sent)
    assert all(f"/{key}" in shown for key in available()) and all(s.ephemeral for s in sent)
    sent = await fake.run(fake.slash(alice, "game replay", dm))
    if _renderer():
        assert any(name.endswith(".gif") for s in sent for name, _ in s.files)
    check_limits(fake.sent)
    assert set(fake.dispatched_at) <= set(fake.callbacks)


def _renderer() -> bool:
    try:
        import images  # noqa: F401
    except ImportError:
        return False
    return True
