"""The board in the bot's process cannot be held open (issue 43): half-open connections past the caps,
held by another process, leave another visitor's page and an order through the fake Discord answered,
are closed by the deadline, and the process's open files stay under its limit. The bot's limit of open
files is lowered for the test (to what it holds now and 250 more), so that without the guard the attack
would take every descriptor the bot has."""

from __future__ import annotations

import asyncio
import os
import resource
import sys
import time
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest
from fake_discord import FakeDiscord
from test_discord_board import local
from test_discord_cogs import call

from bot.board.guard import file_limit, open_files
from bot.discord_app import UmpireBot
from bot.settings import Settings

DEADLINE = 8.0
ATTACK = 600  # from one address: more than the lowered limit of open files allows
ATTACKER = r"""
import resource, select, socket, sys, time
resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)  # not the bot's
port, sources, each, wait = int(sys.argv[1]), sys.argv[2].split(","), int(sys.argv[3]), float(sys.argv[4])
half = b"GET /healthz HTTP/1.1\r\nHost: board\r\nUser-Agent: slow"
socks, failed = [], 0
for source in sources:
    for _ in range(each):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
            s.sendall(half)
            socks.append(s)
        except OSError:
            failed += 1
def gone(s):
    try:
        return s.recv(4096)
    except OSError:
        return b""
held, refused = set(socks), 0
while held:
    ready, _, _ = select.select(list(held), [], [], 1.0)
    if not ready:
        break
    for s in ready:
        refused += gone(s).startswith(b"HTTP/1.1 503")
        held.discard(s)
        s.close()
print(f"held {len(held)} refused {refused} failed {failed}", flush=True)
sys.stdin.readline()
start, closed, count = time.monotonic(), 0, len(held)
while held and time.monotonic() - start < wait:
    ready, _, _ = select.select(list(held), [], [], 0.2)
    for s in ready:
        if not gone(s):
            closed += 1
        held.discard(s)
print(f"closed {closed} of {count} in {time.monotonic() - start:.1f}", flush=True)
"""


@pytest.fixture
def few_files() -> Iterator[int]:
    """The process may open files numbered up to its highest now and 250 more (restored after)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    highest = max(int(fd) for fd in os.listdir("/proc/self/fd"))
    low = highest + 250
    if hard != resource.RLIM_INFINITY and hard < low:
        pytest.skip(f"the hard limit of open files ({hard}) is below {low}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (low, hard))
    try:
        yield low
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.fixture
def settings(settings: Settings, few_files: int) -> Settings:
    """The bot's settings with a deadline the test can wait for, after its limit of open files is lowered
    (the board fits its cap under the limit when it starts: ``board_bot`` starts it)."""
    return settings.model_copy(update={"umpire_board_request_seconds": DEADLINE})


class Attacker:
    """Another process holding half-open connections to the board."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls, port: int, sources: list[str], each: int) -> Attacker:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", ATTACKER, str(port), ",".join(sources), str(each), str(DEADLINE + 20),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        return cls(process)

    async def said(self) -> dict[str, float]:
        assert self.process.stdout is not None
        line = (await asyncio.wait_for(self.process.stdout.readline(), 60)).decode().split()
        return {line[i]: float(line[i + 1]) for i in range(0, len(line) - 1, 2) if line[i + 1][0].isdigit()}

    async def go_on(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(b"\n")
        await self.process.stdin.drain()

    async def stop(self) -> None:
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()


async def timed(what: Any) -> tuple[Any, float]:
    start = time.monotonic()
    result = await what
    return result, time.monotonic() - start


async def fetch(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url, timeout=aiohttp.ClientTimeout(total=20)) as r:
        return r.status, await r.text()


async def a_game(bot: UmpireBot, fake: FakeDiscord) -> tuple[int, dict[str, Any], str]:
    await call(bot, fake, fake.slash(fake.alice, "game new", fake.channel, game="peiper", side="us"))
    info = bot.service.list_games()[-1]
    link = local(bot, bot.board.link(info.id))
    return info.id, fake.channels[info.channel_id or ""], link


async def test_half_open_connections_past_the_cap_per_address_leave_the_page_and_the_orders_answered(
        fake: FakeDiscord, board_bot: UmpireBot, few_files: int) -> None:
    bot = board_bot
    _, calm, calm_link = await a_game(bot, fake)
    _, calm_page_seconds = await timed(fetch(calm_link + "data"))
    _, calm_order_seconds = await timed(call(bot, fake, fake.slash(fake.alice, "peiper ready", calm)))
    _, thread, link = await a_game(bot, fake)
    attacker = await Attacker.start(bot.board_port, ["127.0.0.2"], ATTACK)
    try:
        held = await attacker.said()
        cap = bot.settings.umpire_board_connections_per_address
        assert held["held"] == cap and held["refused"] == ATTACK - cap and not held["failed"], held
        (status, page), page_seconds = await timed(fetch(link + "data"))
        assert status == 200 and '"id"' in page
        sent, order_seconds = await timed(call(bot, fake, fake.slash(fake.alice, "peiper ready", thread)))
        assert any(s.content.startswith("Map") for s in sent), [s.content[:60] for s in sent]
        print(f"with {cap} half-open connections held and {ATTACK - cap} refused: a page {page_seconds:.3f} s, "
              f"an order {order_seconds:.3f} s (with no attack: {calm_page_seconds:.3f} s, {calm_order_seconds:.3f} s); "
              f"open files {open_files()} of {file_limit()}")
        assert page_seconds < DEADLINE and order_seconds < DEADLINE  # answered while the attack held on
        files = open_files()
        assert files is not None and files < file_limit() == few_files
        await attacker.go_on()
        closed = await attacker.said()
        assert closed["closed"] == cap and closed["of"] == cap, closed  # by the deadline, by the board
        health = (await fetch(f"http://127.0.0.1:{bot.board_port}/healthz"))[1]
        assert '"timed_out": ' + str(cap) in health or f'"timed_out": {cap}' in health, health
    finally:
        await attacker.stop()


async def test_past_the_total_new_connections_are_refused_and_the_bot_keeps_its_files(
        fake: FakeDiscord, board_bot: UmpireBot, few_files: int) -> None:
    bot = board_bot
    _, thread, link = await a_game(bot, fake)
    total = bot.board.guard.total_cap
    assert total + (open_files() or 0) < few_files - 100  # the cap leaves the bot room under its limit
    sources = [f"127.0.0.{n}" for n in range(2, 2 + (total + 100) // 30 + 1)]  # 30 an address, under its cap
    tried = 30 * len(sources)
    attacker = await Attacker.start(bot.board_port, sources, 30)
    try:
        held = await attacker.said()
        assert held["held"] == total and held["refused"] == tried - total and not held["failed"], held
        files = open_files()
        assert files is not None and files < file_limit()
        sent, order_seconds = await timed(call(bot, fake, fake.slash(fake.alice, "peiper ready", thread)))
        assert any(s.content.startswith("Map") for s in sent), [s.content[:60] for s in sent]
        (status, _), refused_seconds = await timed(fetch(link + "data"))
        assert status == 503  # the board is full: refused at once, not queued
        print(f"{total} held, {tried - total} refused: an order {order_seconds:.3f} s, a visitor refused in "
              f"{refused_seconds:.3f} s; open files {files} of {file_limit()}")
        assert order_seconds < DEADLINE and refused_seconds < DEADLINE
        await attacker.go_on()
        closed = await attacker.said()
        assert closed["closed"] == total, closed
        status, _ = await fetch(link + "data")
        assert status == 200  # the board serves again once the deadline closed them
    finally:
        await attacker.stop()
