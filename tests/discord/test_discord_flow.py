"""One scripted game through both adapters: the table (``bot.console.Table``, fed the script's lines) and
the real discord.py client against the fake Discord (slash commands in the game's channel). Both must
get the same flows from engine/service/flow.py: the entries applied, the bots' moves, the phases closed,
the next decision and, at the GM's end, the result and the seed."""

from __future__ import annotations

import io
import random
import sys
from typing import Any

import pytest
from fake_discord import FakeDiscord
from test_discord_cogs import call

import cogs.play
from bot.console import CONSOLE, Table
from bot.discord_app import UmpireBot
from engine import registry
from engine.game import Action
from engine.service import GameService, Seat
from engine.service.flow import Flow

SEED, ORDERS = 11, 14
END = {"winner": "ge", "result": "time ran out", "reason": "scripted end"}


def summary(f: Flow) -> dict[str, Any]:
    """What an adapter was given to render, without who carried it (actor ids, the game's number)."""
    moves = [(m.seq, m.side, m.action.command("peiper") if m.action else None, m.by_bot,
              [e.line() for e in m.events]) for m in f.moves]
    decision = None if f.decision is None else (f.decision.side, f.decision.kinds, f.decision.turn)
    ending = None if f.ending is None else (f.ending.text, f.ending.rule, f.ending.seed_record["seed"])
    return {"moves": moves, "closed": f.closed, "phases": f.phases, "decision": decision, "ending": ending}


def script(seed: int = SEED, orders: int = ORDERS) -> list[Action]:
    """The US player's orders, chosen once from the legal ones (a seeded pick) on a scratch game."""
    service = GameService("sqlite://")
    game = service.create_game("peiper", seed=seed, seats={"us": Seat("human", CONSOLE, "console"),
                                                           "ge": Seat("bot", level="random")}).id
    rules, pick = registry.get("peiper"), random.Random(seed)
    chosen: list[Action] = []
    service.run_bots(game)
    while len(chosen) < orders and service.info(game).status != "over":
        legal = rules.legal_actions(service.state(game), "us")
        action = pick.choice(legal)
        chosen.append(action)
        service.submit(game, "us", action, CONSOLE)
        service.run_bots(game)
    return chosen


def table_run(actions: list[Action]) -> list[dict[str, Any]]:
    service = GameService("sqlite://")
    game = service.create_game("peiper", seed=SEED, seats={"us": Seat("human", CONSOLE, "console"),
                                                           "ge": Seat("bot", level="random")}).id
    table = Table(service, game, ["us"], None, out=io.StringIO(), images=False)
    table.bots()
    seen: list[Flow] = []
    shown = Table.show
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Table, "show", lambda self, f, first=None: (seen.append(f), shown(self, f, first))[1])
        for action in actions:
            assert table.handle(action.command("peiper")), table.out.getvalue()[-300:]  # type: ignore[union-attr]
            table.bots()
        end = " ".join(f'{k}:"{v}"' for k, v in END.items())
        assert table.handle(f"/gm end {end}")
    return [summary(f) for f in seen if f.moves]  # the table's catch-ups that found no bot to run: nothing


async def discord_run(actions: list[Action], bot: UmpireBot, fake: FakeDiscord,
                      monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    info = bot.service.create_game("peiper", seed=SEED, guild_id=fake.guild_id, channel_id=fake.channel["id"],
                                   seats={"us": Seat("human", fake.alice["id"], "alice"),
                                          "ge": Seat("bot", level="random")})
    await cogs.play.advance(bot, info.id)
    seen: list[Flow] = []
    shown = cogs.play.show

    async def spy(bot_: Any, f: Flow, **kw: Any) -> None:
        seen.append(f)
        await shown(bot_, f, **kw)

    monkeypatch.setattr(cogs.play, "show", spy)
    # the bot loaded cogs.gm as an extension (a module of its own in sys.modules): patch that one
    monkeypatch.setattr(sys.modules["cogs.gm"], "show", spy)
    specs = {c.name: c for c in registry.get("peiper").commands()}
    for action in actions:
        kinds = {o.name: o.kind for o in specs[action.kind].options}
        options = {k: int(v) if kinds.get(k) == "int" else str(v) for k, v in action.args.items()}
        sent = await call(bot, fake, fake.slash(fake.alice, f"peiper {action.kind}", fake.channel, **options))
        assert not any(s.content.startswith("Refused") for s in sent), [s.content for s in sent]
    fake.make_admin(fake.alice)
    sent = await call(bot, fake, fake.slash(fake.alice, "gm end", fake.channel, **END))
    assert sent and "Ruling #" in sent[0].content, [s.content for s in sent]
    return [summary(f) for f in seen]


async def test_the_same_script_gives_the_same_flows_at_the_table_and_on_discord(
        fake: FakeDiscord, rest_bot: UmpireBot, monkeypatch: pytest.MonkeyPatch) -> None:
    actions = script()
    assert len(actions) == ORDERS
    at_table = table_run(actions)
    on_discord = await discord_run(actions, rest_bot, fake, monkeypatch)
    assert len(at_table) == len(on_discord) == ORDERS + 1  # each order, then the GM's end
    for n, (t, d) in enumerate(zip(at_table, on_discord, strict=True)):
        assert t == d, f"flow {n} differs"
    assert any(s["closed"] for s in at_table), "the script closes phases"
    assert any(m[3] for s in at_table for m in s["moves"]), "the bot moves in the script"
    last = at_table[-1]
    assert last["ending"] is not None and last["ending"][2] == SEED and "time ran out" in last["ending"][0]


async def test_in_a_shared_channel_every_notice_and_refusal_names_the_game_opponent_and_turn(
        fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    """Where a server forbids threads several games share one channel (issue 27)."""
    from test_discord_cogs import backdate

    from cogs.notices import Notices

    service, channel = rest_bot.service, fake.channel
    alice, bob = fake.alice["id"], fake.bob["id"]
    one = service.create_game("peiper", seed=3, guild_id=fake.guild_id, channel_id=channel["id"],
                              seats={"us": Seat("human", alice, "alice"), "ge": Seat("human", bob, "bob")}).id
    two = service.create_game("peiper", seed=4, guild_id=fake.guild_id, channel_id=channel["id"],
                              seats={"us": Seat("human", alice, "alice"), "ge": Seat("bot", level="random")}).id
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "peiper ready", channel))
    refusal = sent[0].content
    assert sent[0].ephemeral and "You play 2 games here: name one with game:<number>" in refusal
    assert f"(#{one} vs bob; #{two} vs the bot)" in refusal, refusal  # in the set-up: no turn yet
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "peiper ready", channel, game=one))
    notice = next(s for s in sent if f"<@{bob}>" in s.content)
    assert notice.content.startswith(f"Game #{one} (vs alice, turn 1): <@{bob}>, German to decide."), notice.content
    backdate(rest_bot, one, rest_bot.settings.umpire_reminder_hours + 1)
    before = len(fake.sent)
    await Notices(rest_bot).check_games()
    reminder = next(s for s in fake.sent[before:] if "Reminder" in s.content)
    assert reminder.content.startswith(f"Reminder ({rest_bot.settings.umpire_reminder_hours + 1:.0f} h idle): "
                                       f"Game #{one} (vs alice, turn 1): <@{bob}>, German to decide."), \
        reminder.content
