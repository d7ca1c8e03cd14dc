"""The live board on Discord (issue 26): map posts carry a "Board" link button, /game board gives the
caller their own side's link privately, /game board revoke (owner or GM) refuses every earlier link."""

from __future__ import annotations

from typing import Any

import aiohttp
from fake_discord import FakeDiscord
from test_discord_cogs import call

from bot.discord_app import UmpireBot

PUBLIC = "https://board.example.org"


def local(bot: UmpireBot, link: str) -> str:
    """The public link as the test reaches it: the board's own loopback address."""
    return link.replace(PUBLIC, f"http://127.0.0.1:{bot.board_port}")


async def fetch(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


def link_buttons(sent: Any) -> list[dict[str, Any]]:
    return [c for row in sent.payload.get("components") or [] for c in row.get("components", []) if c.get("style") == 5]


async def test_a_map_post_carries_a_board_link_button(fake: FakeDiscord, board_bot: UmpireBot) -> None:
    await call(board_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us"))
    info = board_bot.service.list_games()[-1]
    thread = fake.channels[info.channel_id or ""]
    sent = await call(board_bot, fake, fake.slash(fake.alice, "peiper ready", thread))  # the set-up phase ends
    maps = [s for s in sent if s.content.startswith("Map")]
    assert maps, [s.content[:60] for s in sent]
    buttons = link_buttons(maps[0])
    assert len(buttons) == 1 and buttons[0]["label"] == "Board"
    assert buttons[0]["url"].startswith(f"{PUBLIC}/b/{info.id}/spectator/")
    status, page = await fetch(local(board_bot, buttons[0]["url"]) + "data")
    assert status == 200 and f'"id":{info.id}' in page


async def test_game_board_gives_the_callers_side_privately_and_revoke_is_the_owners(
        fake: FakeDiscord, board_bot: UmpireBot) -> None:
    await call(board_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us",
                                           opponent=fake.bob))
    info = board_bot.service.list_games()[-1]
    thread = fake.channels[info.channel_id or ""]
    sent = await call(board_bot, fake, fake.slash(fake.alice, "game board", thread))
    answer = sent[-1]
    assert answer.ephemeral and f"/b/{info.id}/us/" in answer.content and f"/b/{info.id}/spectator/" in answer.content
    mine = next(w.strip("<>") for w in answer.content.split() if f"/b/{info.id}/us/" in w)
    assert (await fetch(local(board_bot, mine) + "data"))[0] == 200
    carol = await call(board_bot, fake, fake.slash(fake.carol, "game board", thread))
    assert f"/b/{info.id}/spectator/" in carol[-1].content and "/us/" not in carol[-1].content
    refused = await call(board_bot, fake, fake.slash(fake.bob, "game board", thread, revoke=True))  # a player
    assert refused[-1].ephemeral and "owner or a GM" in refused[-1].content
    assert (await fetch(local(board_bot, mine) + "data"))[0] == 200  # nothing was revoked
    by_gm = await call(board_bot, fake, fake.slash(fake.carol, "game board", thread, revoke=True))  # the GM
    assert "refused now" in by_gm[-1].content
    mine = next(w.strip("<>") for w in (await call(board_bot, fake, fake.slash(fake.alice, "game board", thread)))[-1]
                .content.split() if f"/b/{info.id}/us/" in w)
    done = await call(board_bot, fake, fake.slash(fake.alice, "game board", thread, revoke=True))  # the owner
    assert "refused now" in done[-1].content
    status, body = await fetch(local(board_bot, mine) + "data")
    assert status == 403 and "revoked" in body
    fresh = next(w.strip("<>") for w in done[-1].content.split() if f"/b/{info.id}/us/" in w)
    assert fresh != mine and (await fetch(local(board_bot, fresh) + "data"))[0] == 200


async def test_without_a_public_board_url_no_button_and_a_plain_refusal(fake: FakeDiscord,
                                                                        rest_bot: UmpireBot) -> None:
    await call(rest_bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us"))
    info = rest_bot.service.list_games()[-1]
    thread = fake.channels[info.channel_id or ""]
    sent = await call(rest_bot, fake, fake.slash(fake.alice, "peiper ready", thread))
    assert not [b for s in sent for b in link_buttons(s)]
    refused = await call(rest_bot, fake, fake.slash(fake.alice, "game board", thread))
    assert refused[-1].ephemeral and "no live board" in refused[-1].content
