"""``umpire bench board``, the clicks (issue 37): from a side's page giving an order (its POST) to the last of
``pages`` open pages (server-sent event streams, as a page holds them) holding the new version.

Two games, each served by ``umpire board`` in a process of its own (the board's plain desk: the order
under the game's lock, the page answered once it is applied): Peiper (both sides held) for a ``move``, and
Panzer Leader's Utah Beach (both sides held) for a ``fire``. Between the timed clicks the game is played on
by the service (seeded choices) until the side to act may give such an order again. Printed, per order:
``click_<kind>_ms_p50/p95`` (click to every page), ``answer_<kind>_ms_p50`` (the POST's own answer), and
how many were timed. Nothing is asserted: the figures are for docs/board.md and a person to judge
(goal: p95 at most 300 ms with 100 pages open on the reference machine).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from engine import registry
from engine.game import Action
from engine.service import GameService, Seat

GAMES = (("move", "peiper", ""), ("fire", "pl", "utah"))
MAX_STEPS = 3000  # orders played between two timed clicks at most (a game that never offers one: fewer figures)


def board_process(game_id: int, url: str, pages: int) -> subprocess.Popen[str]:
    """``umpire board`` for one game in a process of its own, its limits opened for ``pages`` pages from
    this one address (the first line it prints is the game's link)."""
    env = dict(os.environ, UMPIRE_BOARD_STREAMS_PER_ADDRESS=str(pages + 10), UMPIRE_BOARD_RATE="1000",
               UMPIRE_BOARD_CONNECTIONS_PER_ADDRESS=str(pages + 40),
               UMPIRE_BOARD_CONNECTIONS=str(max(512, pages + 40)))
    return subprocess.Popen([sys.executable, "-m", "bot", "board", "--game-id", str(game_id), "--db", url,
                             "--bind", "127.0.0.1:0"], stdout=subprocess.PIPE, text=True, env=env)


def _pct(values: list[float], q: float) -> float | None:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1) if values else None


def _to_a(service: GameService, game_id: int, kind: str, rnd: random.Random) -> tuple[str, int] | None:
    """Play on (the service, seeded choices; set-ups by their first listed order) until the side to act
    may give a ``kind`` order: (side, its index in the listing), or None when the game ends first."""
    rules = registry.get(service.info(game_id).game)
    for _ in range(MAX_STEPS):
        state = service.state(game_id)
        side = rules.to_act(state)
        if side is None or rules.is_over(state):
            return None
        legal = rules.legal_actions(state, side)
        wanted = [i for i, a in enumerate(legal) if a.kind == kind]
        if wanted:
            return side, rnd.choice(wanted)
        onward = [a for a in legal if a.kind not in ("place", "undo")]
        action: Action = rnd.choice(onward) if onward and rnd.random() < 0.8 else legal[0]
        if any(a.kind in ("end", "ready") for a in legal) and not onward[1:]:
            action = next(a for a in legal if a.kind in ("end", "ready"))
        service.submit(game_id, side, action, f"u-{side}")
    return None


async def watch(urls: list[str], versions: dict[int, list[float]], ready: asyncio.Event) -> list[Any]:
    """A stream per URL, as a page holds it; ``versions[v]``: when each page received version v; ``ready`` once
    every page received every version so far."""
    import aiohttp

    session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None, sock_read=None))
    opened: list[Any] = []
    count = len(urls)

    async def one(url: str) -> None:
        response = await session.get(url)
        opened.append(response)
        event = ""
        async for raw in response.content:
            line = raw.decode().rstrip("\n")
            if line.startswith("data: ") and event == "game":
                version = int(json.loads(line[6:])["version"])
                versions.setdefault(version, []).append(time.perf_counter())
                if len(opened) == count and all(len(v) >= count for v in versions.values()):
                    ready.set()
            elif line.startswith("event: "):
                event = line[7:]

    tasks = [asyncio.create_task(one(u)) for u in urls]
    return [session, tasks]


async def _time_clicks(service: GameService, game_id: int, kind: str, links: dict[str, str], pages: int,
                       samples: int) -> tuple[list[float], list[float]]:
    import aiohttp

    rnd = random.Random(7)
    sides = [v for v in links if v != "spectator"]
    urls = [links[sides[i % len(sides)]] if i < 2 * len(sides) else links["spectator"] for i in range(pages)]
    seen: dict[int, list[float]] = {}  # version -> when each page received it
    ready = asyncio.Event()
    session, tasks = await watch([u + "events" for u in urls], seen, ready)
    clicks: list[float] = []
    answers: list[float] = []
    try:
        await asyncio.wait_for(ready.wait(), 60)
        async with aiohttp.ClientSession() as poster:
            for _ in range(samples):
                found = await asyncio.to_thread(_to_a, service, game_id, kind, rnd)
                if found is None:
                    break
                side, index = found
                version = await asyncio.to_thread(service.version_of, game_id)
                await _settle(seen, version, pages)
                link = links[side]
                origin = "/".join(link.split("/")[:3])
                headers = {"X-Umpire-Token": link.rstrip("/").rsplit("/", 1)[1], "Origin": origin}
                body = {"version": version, "index": index, "nonce": secrets.token_hex(8)}
                start = time.perf_counter()
                async with poster.post(link + "order", json=body, headers=headers) as r:
                    answer = await r.json()
                answered = time.perf_counter()
                if r.status != 200:
                    raise RuntimeError(f"the bench's click was refused: {answer.get('reason')}")
                while time.perf_counter() - start < 10:
                    if any(v > version and len(n) >= pages for v, n in seen.items()):
                        break
                    await asyncio.sleep(0.002)
                clicks.append((time.perf_counter() - start) * 1000)
                answers.append((answered - start) * 1000)
                await asyncio.sleep(0.3)  # what follows the order (the next decision) is worked out
    finally:
        for t in tasks:
            t.cancel()
        await session.close()
    return clicks, answers


async def _settle(seen: dict[int, list[float]], version: int, pages: int) -> None:
    """Wait (at most 10 s) until every page holds ``version`` (the bench's own moves between clicks)."""
    deadline = time.perf_counter() + 10
    while len(seen.get(version, [])) < pages and not any(v > version for v in seen) and time.perf_counter() < deadline:
        await asyncio.sleep(0.01)


def clicks(pages: int = 100, samples: int = 10) -> dict[str, Any]:
    """The click-to-result figures of both games (see the module's words)."""
    result: dict[str, Any] = {}
    for kind, game, scenario in GAMES:
        folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"umpire-bench-clicks-{os.getpid()}-{game}"
        folder.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{folder / 'board.db'}"
        service = GameService(url)
        seats = {s: Seat(kind="human", user_id=f"u-{s}", user_name=s) for s in registry.get(game).sides}
        game_id = service.create_game(game, scenario=scenario, seed=7, seats=seats).id
        proc = board_process(game_id, url, pages)
        try:
            assert proc.stdout is not None
            links = {"spectator": proc.stdout.readline().strip()}
            for _ in registry.get(game).sides:
                side, link = proc.stdout.readline().split()
                links[side] = link
            timed, answered = asyncio.run(_time_clicks(service, game_id, kind, links, pages, samples))
        finally:
            proc.terminate()
            proc.wait(10)
            service.engine.dispose()
        result.update({f"click_{kind}_ms_p50": _pct(timed, 0.5), f"click_{kind}_ms_p95": _pct(timed, 0.95),
                       f"answer_{kind}_ms_p50": _pct(answered, 0.5), f"clicks_{kind}_timed": len(timed)})
    return result
