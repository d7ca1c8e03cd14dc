"""Playing a Discord game from its board by clicks only (issue 37), in a real browser (Debian's Chromium
driven by Playwright's async API, in the test's own loop, where the bot and its board run).

Two Peiper games of alice's (the US) against the bot, from one seed (``twins``). In the first she plays by
clicks on her side's page, served by the bot's board: a unit picked, a highlighted hex, the confirm bar's
"Give ..." button; the set-up's end by its "Give ready" button (the bot's replies and the maps follow). In
the second the same orders are typed as slash commands. Each clicked order's messages in its thread are
the typed order's (the text with the "(given from the board)" note taken out and the game's number
normalised, who may be pinged, how many files). Beside alice's page the spectators' page is open: each
result is on it within 1 s of the click at the median (``LIVE_MEDIAN``; one click within ``LIVE_SECONDS``,
looser on a loaded machine), the time read from that page's own record of its data-version.
No order goes through ``page.evaluate``, the service or an HTTP call of the test's: it reads, never writes.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from fake_discord import FakeDiscord, Sent
from test_discord_board import local
from test_discord_board_orders import twins, typed, words

from bot.discord_app import Bucket, UmpireBot
from engine.game import Action

LIVE_MEDIAN = 1.0  # issue 37: every open page within 1 s (the median of the run)
LIVE_SECONDS = float(os.environ.get("UMPIRE_TEST_LIVE_SECONDS", "3.0"))  # one click, on a loaded machine
WAIT_MS = 60_000  # a decision of the bot, a page's fetch: generous on a loaded machine

# the spectators' page keeps the moments its data-version moved (read by the test; it gives nothing)
RECORD = """() => {
  window.__seen = [];
  const note = () => window.__seen.push([Number(document.body.dataset.version), Date.now()]);
  note();
  new MutationObserver(note).observe(document.body, {attributes: true, attributeFilter: ["data-version"]});
}"""
# the hexes highlighted for the picked unit that a click at their centre reaches (no button over them)
CLICKABLE_TARGETS = """() => Array.from(document.querySelectorAll("#targets g.target")).filter(g => {
  const r = g.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && hit.closest("g.target") === g;
}).map(g => [g.dataset.hex, g.dataset.kinds])"""


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    """Debian's Chromium through Playwright's async API (the sync one would block the bot's loop)."""
    path = os.environ.get("UMPIRE_TEST_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.skip("no Chromium here (Debian's chromium; .ci/run installs it): the board's browser tests skip")
    async_api = pytest.importorskip("playwright.async_api")
    async with async_api.async_playwright() as p:
        b = await p.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        yield b
        await b.close()


async def open_page(browser: Any, url: str) -> Any:
    page = await browser.new_page(viewport={"width": 1300, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    await page.goto(url)
    await page.wait_for_selector("body[data-ready='1']", timeout=15_000)
    page.errors = errors
    return page


class Seat:
    """alice's page giving orders by clicks in a game of the bot's, the spectators' page watching."""

    def __init__(self, bot: UmpireBot, fake: FakeDiscord, game: int, page: Any, spectators: Any) -> None:
        self.bot, self.fake, self.game = bot, fake, game
        self.page, self.spectators = page, spectators
        self.latencies: list[float] = []

    async def steady(self) -> None:
        """What followed the last order (the bot's replies, the maps) is done and the page shows it: a
        click now is never refused as stale."""
        for _ in range(2400):
            if not self.bot.board.tasks:
                break
            await asyncio.sleep(0.025)
        assert not self.bot.board.tasks, "what follows a board order did not finish"
        version = self.bot.service.info(self.game).version
        await self.page.wait_for_function(
            "v => Number(document.body.dataset.version) === v && document.body.dataset.pending !== '1'",
            arg=version, timeout=WAIT_MS)

    async def give(self, click: Callable[[], Awaitable[None]], what: str) -> tuple[str, Action, list[Sent]]:
        """Clicks, waits for the page's answer and for the spectators' page to show the result; then what
        follows the order. The page's words, the order given and what the game's thread got come back."""
        page, fake = self.page, self.fake
        before, logged = len(fake.sent), len(self.bot.service.log(self.game))
        sent = int(await page.get_attribute("body", "data-sent") or 0)
        start = await page.evaluate("Date.now()")
        await click()
        await page.wait_for_function("n => Number(document.body.dataset.sent || 0) > n", arg=sent, timeout=WAIT_MS)
        said = await page.inner_text("#said")
        assert "said-ok" in (await page.get_attribute("#said", "class") or ""), (what, said)
        version = int(await page.get_attribute("body", "data-given") or 0)
        await self.spectators.wait_for_function("v => window.__seen.some(([x]) => x >= v)", arg=version,
                                                timeout=WAIT_MS)
        seen = await self.spectators.evaluate("v => window.__seen.find(([x]) => x >= v)[1]", version)
        self.latencies.append((seen - start) / 1000)
        assert (seen - start) / 1000 < LIVE_SECONDS, (what, seen - start)
        await self.steady()
        await asyncio.sleep(0.1)
        mine = [e for e in self.bot.service.log(self.game)[logged:]
                if e.side == "us" and e.reason == "given from the board"]
        assert len(mine) == 1 and mine[0].action, (what, mine)
        return said, Action.from_dict(mine[0].action), fake.sent[before:]

    async def plain(self) -> list[str]:
        """The orders with no unit the page offers (their buttons' words)."""
        await self.page.click("#tabs button[data-tab='orders']")
        return list(await self.page.eval_on_selector_all(".plainorders button.give", "bs => bs.map(b => b.textContent)"))

    async def give_plain(self, label: str) -> tuple[str, Action, list[Sent]]:
        """An order with no unit, by its button ('Give ready')."""
        await self.page.click("#tabs button[data-tab='orders']")
        return await self.give(self.page.get_by_role("button", name=f"Give {label}", exact=True).click, label)

    async def pick(self, unit: str) -> list[tuple[str, str]]:
        """Picks a unit: a click on its counter where it is on the map, else its pick in the Orders tab; its
        orders' hexes come back (those a click reaches) as (hex, kinds)."""
        page = self.page
        await page.keyboard.press("Escape")  # no unit picked before: a click on a counter picks, never gives
        where = await page.evaluate("id => (state.data.view.units.find(u => u.id === id) || {}).hex || ''", unit)
        if where:
            await page.locator(f"g.stack[data-hex='{where}'] rect").last.click(force=True)
            if await page.get_attribute("body", "data-unit") != unit:  # a stack of several: the unit's pick there
                await page.locator(f"#tab-stack button.pickunit[data-unit='{unit}']").click()
        else:
            await page.click("#tabs button[data-tab='orders']")
            await page.get_by_role("button", name=f"Orders of {unit}", exact=True).click()
        await page.wait_for_function("u => document.body.dataset.picked === u", arg=unit, timeout=WAIT_MS)
        return [(h, k) for h, k in await page.evaluate(CLICKABLE_TARGETS)]

    async def choose(self, hex_label: str, order: str) -> tuple[str, Action, list[Sent]]:
        """A click on a highlighted hex, then on the confirm bar's button of the order named ``order``."""
        await self.page.locator(f"#targets g.target[data-hex='{hex_label}'] polygon").click(force=True)
        await self.page.wait_for_selector("#confirm:not([hidden])")
        button = self.page.locator(f"#confirm button[aria-label^={json.dumps('Give ' + order)}]").first
        return await self.give(button.click, order)


async def test_orders_by_clicks_post_in_the_thread_what_typed_orders_post(
        fake: FakeDiscord, board_bot: UmpireBot, monkeypatch: pytest.MonkeyPatch, browser: Any) -> None:
    by_clicks, by_typing = await twins(board_bot, fake, monkeypatch)
    # the twins are one member's two games: her map rate (5, then one per 4 s; tried in
    # test_discord_late_maps.py) would hold back the maps of whichever game came second
    board_bot.map_rate = Bucket(1000, 0.001)
    thread = board_bot.service.info(by_clicks).channel_id
    link = board_bot.board.link
    page = await open_page(browser, local(board_bot, link(by_clicks, "us")))
    spectators = await open_page(browser, local(board_bot, link(by_clicks, "spectator")))
    await spectators.evaluate(RECORD)
    seat = Seat(board_bot, fake, by_clicks, page, spectators)
    given: list[str] = []

    async def same_as_typed(clicked: tuple[str, Action, list[Sent]]) -> list[Sent]:
        said, action, sent = clicked
        assert said.startswith(action.command("peiper")), (said, action)
        assert sent and all(s.channel_id == thread for s in sent), [(s.channel_id, s.content[:60]) for s in sent]
        assert " (given from the board)" in sent[0].content and not sent[0].ephemeral, sent[0].content
        by_hand = await typed(board_bot, fake, by_typing, action)
        assert words(by_hand, by_typing) == words(sent, by_clicks), (
            json.dumps(words(by_hand, by_typing), indent=1), json.dumps(words(sent, by_clicks), indent=1))
        assert board_bot.service.state(by_clicks) == board_bot.service.state(by_typing), action
        given.append(action.command("peiper"))
        return sent

    try:
        await seat.steady()
        # set-up: CCR/3/1 placed on a highlighted hex, then moved (a click on its counter on the map)
        spots = await seat.pick("CCR/3/1")
        assert len(spots) > 10 and all("place" in k for _, k in spots), spots
        first, second = spots[len(spots) // 2][0], spots[len(spots) // 2 + 1][0]
        await same_as_typed(await seat.choose(first, f"place CCR/3/1 at {first}"))
        await seat.steady()
        spots = await seat.pick("CCR/3/1")
        assert second in [h for h, _ in spots]
        await same_as_typed(await seat.choose(second, f"place CCR/3/1 at {second}"))
        await spectators.wait_for_selector(f"g.stack[data-hex='{second}']")
        # the set-up's end: the bot's replies, the phase's map, alice pinged for her next decision
        await seat.steady()
        sent = await same_as_typed(await seat.give_plain("ready"))
        shown = words(sent, by_clicks)
        assert any(files for _, _, files in shown), shown
        assert any(int(fake.alice["id"]) in pings for _, pings, _ in shown), shown
        # the first turn: the card taken (CCR/3/1 activated), the unit moved by clicks, then the next plain order
        await seat.steady()
        plain = await seat.plain()
        assert any(p.startswith("take") for p in plain), plain
        await same_as_typed(await seat.give_plain(next(p for p in plain if p.startswith("take"))))
        await seat.steady()
        moves = [h for h, kinds in await seat.pick("CCR/3/1") if "move" in kinds.split()]
        assert moves, "no move of CCR/3/1's highlighted"
        await same_as_typed(await seat.choose(moves[0], "move CCR/3/1"))
        await seat.steady()
        plain = await seat.plain()  # its one ACT spent: the activation's end, or the next card's pass
        last = next((p for p in ("end", "pass") if p in plain), None)
        assert last, plain
        await same_as_typed(await seat.give_plain(last))  # the bot plays on to alice's next decision
        assert board_bot.service.info(by_clicks).version == board_bot.service.info(by_typing).version
        assert not page.errors and not spectators.errors, (page.errors, spectators.errors)
        ms = sorted(round(s * 1000) for s in seat.latencies)
        assert ms[len(ms) // 2] < LIVE_MEDIAN * 1000, ("median", ms)
        print(f"Discord by clicks: {len(given)} orders ({', '.join(given)}), each thread's messages as typed; "
              f"the spectators' page had each in {ms} ms (median {ms[len(ms) // 2]}, at most {ms[-1]})")
    finally:
        await page.close()
        await spectators.close()
