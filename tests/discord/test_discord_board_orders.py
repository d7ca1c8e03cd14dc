"""Orders from a side's board page in a Discord game (issue 37): the page's order goes the typed order's way
(cogs.play.run_order), so the game's thread gets the same messages as for the same typed order in a twin
game (same seed, same seats), "given from the board" noted, pinging the same members; an undo from the
page names what it took back."""

from __future__ import annotations

import asyncio
import json
import re
import secrets
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest
from fake_discord import FakeDiscord, Sent
from test_discord_board import PUBLIC
from test_discord_cogs import call

from bot.discord_app import UmpireBot
from engine import registry
from engine.game import Action
from engine.service import games


async def twins(bot: UmpireBot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Two Peiper games of alice's (the US) against the bot, from one seed, each in its thread."""
    # the games' module alone draws this seed (discord.py's nonces come from secrets.randbits too)
    monkeypatch.setattr(games, "secrets", SimpleNamespace(randbits=lambda bits: 20_261_206, token_hex=secrets.token_hex))
    ids = []
    for _ in range(2):
        await call(bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us"))
        ids.append(bot.service.list_games()[-1].id)
    assert bot.service.state(ids[0]) == bot.service.state(ids[1])
    return ids[0], ids[1]


async def typed(bot: UmpireBot, fake: FakeDiscord, game: int, action: Action) -> list[Sent]:
    thread = fake.channels[bot.service.info(game).channel_id or ""]
    return await call(bot, fake, fake.slash(fake.alice, f"peiper {action.kind}", thread, **dict(action.args)))


async def clicked(bot: UmpireBot, fake: FakeDiscord, game: int, route: str, body: dict[str, Any]
                  ) -> tuple[int, dict[str, Any], list[Sent]]:
    """A POST from the US page (its token, the board's Origin), then what follows it is let finish."""
    link = bot.board.link(game, "us").replace(PUBLIC, f"http://127.0.0.1:{bot.board_port}")
    before = len(fake.sent)
    headers = {"X-Umpire-Token": link.rstrip("/").rsplit("/", 1)[1], "Origin": PUBLIC}
    async with aiohttp.ClientSession() as session, session.post(link + route, json=body, headers=headers) as r:
        status, answer = r.status, await r.json()
    for _ in range(400):
        if not bot.board.tasks:
            break
        await asyncio.sleep(0.025)
    await asyncio.sleep(0.1)
    return status, answer, fake.sent[before:]


def words(sent: list[Sent], game: int) -> list[tuple[str, list[str], int]]:
    """What a thread shows of each message: its text (the game's number and the board's note taken out),
    who it may ping, how many files."""
    out = []
    for s in sent:
        text = re.sub(rf"(?i)\b(game) #{game}\b", r"\1 #N", s.content).replace(" (given from the board)", "")
        pings = sorted((s.payload.get("allowed_mentions") or {}).get("users") or [])
        out.append((text, pings, len(s.files)))
    return out


def index_of(bot: UmpireBot, game: int, action: Action) -> int:
    rules = registry.get("peiper")
    return rules.legal_actions(bot.service.state(game), "us").index(action)


async def test_a_board_order_posts_in_the_thread_what_the_typed_order_posts(
        fake: FakeDiscord, board_bot: UmpireBot, monkeypatch: pytest.MonkeyPatch) -> None:
    typed_game, board_game = await twins(board_bot, fake, monkeypatch)
    rules = registry.get("peiper")
    place = rules.legal_actions(board_bot.service.state(typed_game), "us")[0]
    for action in (place, Action("ready")):  # a placement; then the set-up's end: the bot, the map, the notice
        by_hand = await typed(board_bot, fake, typed_game, action)
        version = board_bot.service.info(board_game).version
        status, answer, by_board = await clicked(board_bot, fake, board_game, "order", {
            "version": version, "index": index_of(board_bot, board_game, action), "nonce": f"n-{action.kind}-0001"})
        assert status == 200 and answer["ok"] and answer["order"] == action.command("peiper"), answer
        assert all(s.channel_id == board_bot.service.info(board_game).channel_id for s in by_board)
        assert " (given from the board)" in by_board[0].content and not by_board[0].ephemeral
        assert [s for s in by_hand if not s.ephemeral and s.via != "edit"], by_hand
        assert words(by_hand, typed_game) == words(by_board, board_game), (
            json.dumps(words(by_hand, typed_game), indent=1), json.dumps(words(by_board, board_game), indent=1))
        assert board_bot.service.info(typed_game).version == board_bot.service.info(board_game).version
    # the phase ended: a map, and alice was pinged for her next decision, in both threads alike
    assert any(f for _, _, f in words(by_board, board_game))
    assert any(int(fake.alice["id"]) in p for _, p, _ in words(by_board, board_game))
    entry = next(e for e in board_bot.service.log(board_game) if e.side == "us" and e.action == {"kind": "ready", "args": {}})
    assert entry.reason == "given from the board" and entry.interaction_id == f"board:{board_game}:us:n-ready-0001"


async def test_a_board_undo_names_what_it_took_back_in_the_thread(
        fake: FakeDiscord, board_bot: UmpireBot, monkeypatch: pytest.MonkeyPatch) -> None:
    typed_game, board_game = await twins(board_bot, fake, monkeypatch)
    rules = registry.get("peiper")
    place = rules.legal_actions(board_bot.service.state(typed_game), "us")[0]
    await typed(board_bot, fake, typed_game, place)
    await clicked(board_bot, fake, board_game, "order", {
        "version": board_bot.service.info(board_game).version, "index": 0, "nonce": "place-0001"})
    thread = fake.channels[board_bot.service.info(typed_game).channel_id or ""]
    by_hand = await call(board_bot, fake, fake.slash(fake.alice, "game undo", thread))
    version = board_bot.service.info(board_game).version
    status, answer, by_board = await clicked(board_bot, fake, board_game, "undo", {"version": version,
                                                                                   "nonce": "undo-00001"})
    assert status == 200 and place.command("peiper") in answer["order"], answer
    assert place.command("peiper") in by_board[0].content and "given from the board" in by_board[0].content
    assert words(by_hand, typed_game) == words(by_board, board_game)
    assert board_bot.service.info(board_game).version == version + 1
    # a replay of the undo: answered, nothing taken back again, nothing posted
    status, answer, again = await clicked(board_bot, fake, board_game, "undo", {"version": version,
                                                                                "nonce": "undo-00001"})
    assert status == 200 and answer["repeated"] and not again
    assert board_bot.service.info(board_game).version == version + 1


async def test_a_board_order_out_of_turn_is_refused_as_a_typed_one_and_posts_nothing(
        fake: FakeDiscord, board_bot: UmpireBot) -> None:
    await call(board_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us",
                                           opponent=fake.bob))
    game = board_bot.service.list_games()[-1].id
    version = board_bot.service.info(game).version
    link = board_bot.board.link(game, "ge").replace(PUBLIC, f"http://127.0.0.1:{board_bot.board_port}")
    before = len(fake.sent)
    headers = {"X-Umpire-Token": link.rstrip("/").rsplit("/", 1)[1], "Origin": PUBLIC}
    async with aiohttp.ClientSession() as session, session.post(
            link + "order", json={"version": version, "index": 0, "nonce": "bob-order-1"}, headers=headers) as r:
        status, answer = r.status, await r.json()
    assert status == 409 and "decision" in answer["reason"], answer
    await asyncio.sleep(0.1)
    assert fake.sent[before:] == [] and board_bot.service.info(game).version == version


async def test_a_board_order_while_the_bot_stops_is_not_taken(fake: FakeDiscord, board_bot: UmpireBot) -> None:
    await call(board_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us"))
    game = board_bot.service.list_games()[-1].id
    version = board_bot.service.info(game).version
    board_bot.stopping = True
    try:
        status, answer, sent = await clicked(board_bot, fake, game, "order", {"version": version, "index": 0,
                                                                              "nonce": "stopping-1"})
    finally:
        board_bot.stopping = False
    assert status == 503 and "restarting" in answer["reason"] and not sent
    assert board_bot.service.info(game).version == version
