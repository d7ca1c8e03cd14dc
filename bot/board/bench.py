"""``umpire bench board``: what the live board costs, measured (issue 26).

A Panzer Leader game (Utah Beach, both seats held) in a fresh SQLite file; ``umpire board`` serves it in
a process of its own, so its memory is its own. Printed:

- ``data_bytes``/``map_bytes``: a spectator page's data and its map's ground;
- ``first_drawing_ms``: Chromium (Debian's, if installed) from navigation to the whole board drawn
  (``body[data-ready]``), the best of three loads;
- ``update_ms``: for each of ``--orders`` orders, from the order's commit to the moment the last of
  ``--pages`` open pages (server-sent event streams, as a page holds) received the new version: p50, max;
- ``server_rss_mb``: the board process's resident memory with no page and with ``--pages`` open;
- ``order_ms``: the service's time to take an order (what a Discord order costs) with no page open and
  with ``--pages`` open, in the same run: p50 and p95;
- ``click_move_ms``/``click_fire_ms`` (issue 37, ``bench_clicks``): from a side's page giving a Peiper move or
  a Panzer Leader fire (its POST) to the last of ``--pages`` open pages holding the result: p50 and p95.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from engine import registry
from engine.service import GameService, Seat

from .bench_clicks import board_process, clicks, watch


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _order(service: GameService, game_id: int) -> float:
    """One legal order of whoever is to act (the first listed); its time in ms."""
    state = service.state(game_id)
    rules = registry.get(service.info(game_id).game)
    side = rules.to_act(state)
    assert side is not None, "the game ended during the bench"
    action = rules.legal_actions(state, side)[0]
    start = time.perf_counter()
    service.submit(game_id, side, action, f"u-{side}")
    return (time.perf_counter() - start) * 1000


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1) if values else 0.0


def main(pages: int = 100, orders: int = 10, as_json: bool = False, out: Any = None) -> int:
    out = out or sys.stdout
    folder = Path(tempfile.mkdtemp(prefix="umpire-bench-board-"))
    url = f"sqlite:///{folder / 'board.db'}"
    service = GameService(url)
    seats = {s: Seat(kind="human", user_id=f"u-{s}", user_name=s) for s in registry.get("pl").sides}
    game_id = service.create_game("pl", scenario="utah", seed=7, seats=seats).id
    for _ in range(30):  # into the game: set-ups done, units on the board
        _order(service, game_id)
    proc = board_process(game_id, url, pages)
    try:
        assert proc.stdout is not None
        link = proc.stdout.readline().strip()
        assert link.startswith("http"), f"umpire board printed {link!r}"
        result = asyncio.run(_measure(service, game_id, link, proc.pid, pages, orders))
    finally:
        proc.terminate()
        proc.wait(10)
        service.engine.dispose()
    result.update(clicks(pages, orders))
    print(json.dumps(result) if as_json else "\n".join(f"{k:22} {v}" for k, v in result.items()), file=out)
    return 0


async def _measure(service: GameService, game_id: int, link: str, pid: int, pages: int, orders: int
                   ) -> dict[str, Any]:
    import aiohttp

    async with aiohttp.ClientSession() as s:
        data = await (await s.get(link + "data")).read()
        ground = await (await s.get(link + "map")).read()
    result: dict[str, Any] = {"pages": pages, "data_bytes": len(data), "map_bytes": len(ground)}
    result["first_drawing_ms"] = await asyncio.to_thread(_first_drawing, link)
    rss_idle = _rss_mb(pid)
    quiet = [await asyncio.to_thread(_order, service, game_id) for _ in range(orders)]
    versions: dict[int, list[float]] = {}
    ready = asyncio.Event()
    session, tasks = await watch([link + "events"] * pages, versions, ready)
    await asyncio.wait_for(ready.wait(), 60)
    rss_open = _rss_mb(pid)
    updates, busy = [], []
    for _ in range(orders):
        before = set(versions)
        committed = time.perf_counter()
        busy.append(await asyncio.to_thread(_order, service, game_id))
        deadline = committed + 10
        while time.perf_counter() < deadline:
            new = [v for v in versions if v not in before and len(versions[v]) >= pages]
            if new:
                updates.append((max(versions[new[0]]) - committed) * 1000)
                break
            await asyncio.sleep(0.01)
        else:
            updates.append(float("inf"))
    for t in tasks:
        t.cancel()
    await session.close()
    result.update({
        "update_ms_p50": round(statistics.median(updates), 1), "update_ms_max": round(max(updates), 1),
        "server_rss_mb_no_page": round(rss_idle, 1), f"server_rss_mb_{pages}_pages": round(rss_open, 1),
        "order_ms_p50_no_page": _pct(quiet, 0.5), "order_ms_p95_no_page": _pct(quiet, 0.95),
        f"order_ms_p50_{pages}_pages": _pct(busy, 0.5), f"order_ms_p95_{pages}_pages": _pct(busy, 0.95),
    })
    return result


def _first_drawing(link: str) -> float | None:
    """Chromium's time from navigation to the board drawn, best of three (None without Chromium)."""
    import shutil

    path = os.environ.get("UMPIRE_TEST_CHROMIUM") or shutil.which("chromium")
    if not path:
        return None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    best = float("inf")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        for _ in range(3):
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            start = time.perf_counter()
            page.goto(link)
            page.wait_for_selector("body[data-ready='1']", timeout=30_000)
            best = min(best, (time.perf_counter() - start) * 1000)
            page.close()
        browser.close()
    return round(best, 1)
