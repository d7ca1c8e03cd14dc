"""Flood benchmark: one member floods maps, GM rulings and autocomplete; how long do another server's
orders wait for their acknowledgement?

``umpire bench flood [--db URL] [--orders 40] [--entries 2000] [--json]`` runs the real bot (every cog,
its pools and schedulers) against the fake Discord of the tests (``tests/discord/fake_discord.py``, on
loopback; so it runs from a checkout of the project) and prints one JSON object.

Server A: alice plays Peiper against bob; she re-placed one unit ``entries`` times in the set-up, so the
phase under way is that long. In a DM game of her own (she is its GM) she gave ``entries`` `/gm turn`
rulings. Server B: bob, against the bot, places his units in the set-up, one order every ``pace_ms``.

First ``orders`` of bob's orders with nobody else about ("quiet"), then ``orders`` more while alice floods
("flood"): `/game map` in server A every 0.25 s, a `/gm flip` in her DM game every second (each ruling
posts a map), and a burst of 400 autocompletes of `/peiper place unit` every 2 s. The figures: p50, p95
and max of the time from dispatching bob's order to Discord receiving its first response (Discord's
limit is 3 s), and how many of alice's requests were answered, refused or busy.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from engine import registry
from engine.game import Action

BURST = 400  # autocompletes sent at once (UMPIRE_BENCH_BURST)
MAP_EVERY = 0.25  # s between two of alice's /game map
RULING_EVERY = 1.0  # s between two of alice's /gm flip
BURST_EVERY = 2.0  # s between two bursts of autocomplete


def _fake_module() -> Any:
    here = Path(__file__).resolve().parent.parent / "tests" / "discord"
    if not (here / "fake_discord.py").exists():
        raise SystemExit("umpire bench flood runs from a checkout: tests/discord/fake_discord.py is missing")
    sys.path.insert(0, str(here))
    import fake_discord

    return fake_discord


def _figures(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50_ms": None, "p95_ms": None, "max_ms": None}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {"p50_ms": round(statistics.median(ordered) * 1000, 1), "p95_ms": round(p95 * 1000, 1),
            "max_ms": round(ordered[-1] * 1000, 1)}


def _place_orders(rules: Any, state: Any, side: str) -> list[Action]:
    """Two set-up orders that can be given in turn for ever: one unit placed in one hex, then another."""
    legal = [a for a in rules.legal_actions(state, side) if a.kind == "place"]
    unit = legal[0].args["unit"]
    hexes = [a.args["at"] for a in legal if a.args["unit"] == unit]
    return [Action("place", {"unit": unit, "at": hexes[0]}), Action("place", {"unit": unit, "at": hexes[1]})]


async def _run(db_url: str | None, orders: int, entries: int, pace_ms: float, tmp: Path) -> dict[str, Any]:
    import discord

    fd = _fake_module()
    from bot.discord_app import UmpireBot, configure_endpoints

    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)  # the fake's requests, not the bot's
    # Discord is not in the bot's process: the fake serves on its own thread and event loop
    fake = fd.FakeDiscord()
    fake_loop = asyncio.new_event_loop()
    serving = threading.Thread(target=fake_loop.run_forever, name="fake-discord", daemon=True)
    serving.start()
    asyncio.run_coroutine_threadsafe(fake.start(), fake_loop).result(timeout=30)
    settings = fd.make_settings(fake, tmp)
    if db_url:
        settings = settings.model_copy(update={"database_url": db_url})
    configure_endpoints(settings)
    bot = UmpireBot(settings, background=False, chunk_guilds_at_startup=False)
    await bot.login(fd.TOKEN)
    await bot.sync_commands()
    second = fake.add_guild("Second Front")
    bot._connection._add_guild_from_data(fake.guild_json())  # noqa: SLF001
    bot._connection._add_guild_from_data(fake.guild_json(second["id"]))  # noqa: SLF001
    service = bot.service
    rules = registry.get("peiper")

    async def send(payload: dict[str, Any]) -> str:
        fake.dispatched_at[payload["id"]] = time.monotonic()
        bot._connection.parse_interaction_create(payload)  # noqa: SLF001  (as the gateway hands it over)
        return str(payload["id"])

    async def answered(iid: str, timeout: float = 60.0) -> float:
        end = time.monotonic() + timeout
        while iid not in fake.callbacks:
            if time.monotonic() > end:
                return timeout
            await asyncio.sleep(0.002)
        return float(fake.callbacks[iid]["elapsed"])

    async def open_game(user: dict[str, Any], channel: dict[str, Any], **options: Any) -> tuple[int, dict[str, Any]]:
        before = {g.id for g in service.list_games()}
        await answered(await send(fake.slash(user, "game new", channel, game="peiper", **options)))
        await fake.settle(timeout=30)
        made = [g for g in service.list_games() if g.id not in before]
        if not made:
            raise RuntimeError(f"no game opened: {[s.content for s in fake.sent[-3:]]}")
        info = made[0]
        return info.id, fake.channels.get(info.channel_id or "", channel)

    # server A: alice against bob, a set-up phase `entries` long; alice's DM game, `entries` rulings long
    game_a, thread_a = await open_game(fake.alice, fake.channel, side="us", opponent=fake.bob)
    a_orders = _place_orders(rules, service.state(game_a), "us")
    for n in range(entries):
        service.submit(game_a, "us", a_orders[n % 2], fake.alice["id"], "alice")
    dm = fake.dm_channel(fake.alice)
    game_dm, _ = await open_game(fake.alice, dm)
    for n in range(entries):
        service.gm(game_dm, Action("turn", {"turn": str(1 + n % 3)}), fake.alice["id"], "bench")
    unit_dm = service.view(game_dm)["units"][0]["id"]
    # server B: bob against the bot
    game_b, thread_b = await open_game(fake.bob, second["channel"], side="us")
    b_orders = _place_orders(rules, service.state(game_b), "us")

    acks: dict[str, list[float]] = {"quiet": [], "flood": []}
    counts = {"map": 0, "ruling": 0, "autocomplete": 0}
    stop = asyncio.Event()

    async def bob_plays(label: str) -> None:
        for n in range(orders):
            action = b_orders[n % 2]
            iid = await send(fake.slash(fake.bob, "peiper place", thread_b, **action.args))
            acks[label].append(await answered(iid))
            await asyncio.sleep(pace_ms / 1000)

    async def every(seconds: float, make: Any, kind: str) -> None:
        while not stop.is_set():
            for payload in make():
                await send(payload)
                counts[kind] += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=seconds)

    def maps() -> list[dict[str, Any]]:
        return [fake.slash(fake.alice, "game map", thread_a)]

    def rulings() -> list[dict[str, Any]]:
        return [fake.slash(fake.alice, "gm flip", dm, unit=unit_dm, reason="bench", restore=counts["ruling"] % 2 == 1)]

    def burst() -> list[dict[str, Any]]:
        return [fake.slash(fake.alice, "peiper place", thread_a, focused="unit", unit="C", at="")
                for _ in range(int(os.environ.get("UMPIRE_BENCH_BURST", BURST)))]

    await bob_plays("quiet")
    flood = [asyncio.create_task(every(MAP_EVERY, maps, "map")),
             asyncio.create_task(every(RULING_EVERY, rulings, "ruling")),
             asyncio.create_task(every(BURST_EVERY, burst, "autocomplete"))]
    started = time.monotonic()
    await bob_plays("flood")
    stop.set()
    await asyncio.gather(*flood)
    flood_s = time.monotonic() - started
    with contextlib.suppress(TimeoutError):
        await fake.settle(quiet=0.2, timeout=120)
    answers = [s for s in fake.sent if s.via in ("callback", "followup")]
    result: dict[str, Any] = {
        "database": service.engine.dialect.name,
        "entries": entries, "orders": orders, "pace_ms": pace_ms, "flood_s": round(flood_s, 1),
        "quiet": _figures(acks["quiet"]), "flood": _figures(acks["flood"]),
        "over_3s": sum(1 for v in acks["flood"] if v >= 3.0),
        "flood_sent": counts,
        "refused_or_busy": sum(1 for s in answers if s.content.startswith("Refused")),
        "maps_posted": sum(1 for s in fake.sent if any(name.endswith(".png") for name, _ in s.files)),
        "workers": {"service": settings.umpire_workers, "heavy": settings.umpire_heavy_workers,
                    "render": settings.umpire_render_workers},
    }
    del discord
    await bot.close()
    asyncio.run_coroutine_threadsafe(fake.stop(), fake_loop).result(timeout=30)
    fake_loop.call_soon_threadsafe(fake_loop.stop)
    serving.join(timeout=10)
    return result


def main(db_url: str | None = None, orders: int = 40, entries: int = 2000, as_json: bool = True,
         pace_ms: float = 200.0, out: Any = None) -> int:
    """Run the flood and print the figures; 0 when every one of bob's orders was acknowledged within 3 s."""
    out = out or sys.stdout
    with tempfile.TemporaryDirectory(prefix="umpire-flood-") as tmp:
        result = asyncio.run(_run(db_url, orders, entries, pace_ms, Path(tmp)))
    if as_json:
        print(json.dumps(result), file=out)
    else:
        for key, value in result.items():
            print(f"{key:16} {value}", file=out)
    return 0 if result["over_3s"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else None))
