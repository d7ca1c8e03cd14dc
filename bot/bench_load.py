"""Load benchmark: many scripted games played at once through one GameService, as one bot process would.

``umpire bench load [--db URL] [--games 500] [--concurrency 50] [--json]`` prints one JSON object:

- ``actions_per_s``: orders applied per second over the whole run (all threads);
- ``submit_p50_ms``, ``submit_p99_ms``: one ``GameService.submit`` (the rules and the database);
- ``render_p99_ms``: a submit that ends a phase plus its view and map (the bot's
  ``cogs.common.render_map_png`` on one of the bot's render threads), or null without Pillow;
- ``mem_per_game_kib``: what the service keeps in memory per game (its cached row);
- ``insert_ratio``: the database time of one order (the games row and the log entry in one
  transaction) over a bare INSERT of the same log row into a copy of the log table, timed in this run,
  one after the other on an idle connection.

Each game's orders are chosen first by a bot (random legal orders, seeded by the game's number: the
games' own AIs think for up to 100 ms a decision, which would measure the AI). Then ``concurrency``
players (threads) each take the next order of a game nobody is playing, think, and submit it the way
the Discord bot does: through a pool of ``workers`` service threads (the bot's executor behind
``asyncio.to_thread``, ``UMPIRE_WORKERS``), first come, first served. A submit's time runs from the
player's request to the stored answer, so it includes the wait for a free worker.

Thinking time is drawn from an exponential distribution with mean ``think_ms`` (seeded per player),
as independent players order at random moments; a fixed pause would keep the players in step, all
ordering at the same instant. The default, 200 ms, is ten to fifty times faster than people play
on Discord; ``--think-ms 0`` is a closed loop, the process's saturation (see docs/scale.md).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from queue import Empty, Queue
from typing import Any

from sqlalchemy import MetaData, Table, insert

from bot.settings import DEFAULT_RENDER_WORKERS, DEFAULT_WORKERS
from engine import registry
from engine.game import Action
from engine.service import GameService, Seat
from engine.service.orders import read
from engine.service.writes import LOG, GameCache

DEFAULT_ACTIONS = 24  # orders per game
DEFAULT_THINK_MS = 200.0  # a player's mean thinking time between orders


def script(key: str, seed: int, count: int) -> list[tuple[str, Action]]:
    """A bot's orders for one game, played out in memory: (side, action) pairs, legal in turn."""
    rules = registry.get(key)
    state = rules.new_state(rules.scenarios()[0].key, seed, {})
    rnd = random.Random(seed)
    orders: list[tuple[str, Action]] = []
    for _ in range(count):
        side = rules.to_act(state)
        if side is None or rules.is_over(state):
            break
        try:
            action = rnd.choice(rules.legal_actions(state, side))
            rules.apply(state, side, action)
        except Exception:  # noqa: BLE001  (a game module's slip ends that script early)
            break
        orders.append((side, action))
    return orders


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _renderer() -> Callable[..., bytes | None] | None:
    """The bot's own map drawing (``cogs.common.render_map_png``), or None when Pillow is missing."""
    try:
        import images  # noqa: F401
        from cogs.common import render_map_png
    except ImportError:
        return None
    return render_map_png


def main(db_url: str | None = None, games: int = 500, concurrency: int = 50, as_json: bool = True,
         actions: int = DEFAULT_ACTIONS, seed: int = 1, think_ms: float = DEFAULT_THINK_MS, render: bool = True,
         out: Any = None, workers: int = DEFAULT_WORKERS) -> int:
    """Run the benchmark and print the figures; 0 when every order was applied.

    ``think_ms``: a player's mean thinking time before each order; 0 is a closed loop.
    ``render``: draw the map after each order that ends a phase (render_p99_ms is null without).
    ``workers``: the service threads that run the submits (the bot's executor).
    """
    out = out or sys.stdout
    os.environ.setdefault("UMPIRE_DB_POOL", str(max(10, workers + 2)))
    service = GameService(db_url)
    keys = [k for k in registry.available()]
    seats = {k: {s: Seat("human", f"bench-{s}", s) for s in registry.get(k).sides} for k in keys}
    plans: dict[int, tuple[str, list[tuple[str, Action]]]] = {}
    cached_scripts: dict[tuple[str, int], list[tuple[str, Action]]] = {}
    for n in range(games):
        key = keys[n % len(keys)]
        game_seed = seed * 100_000 + n % 50  # 50 distinct scripts per game, replayed in many games
        if (key, game_seed) not in cached_scripts:
            cached_scripts[(key, game_seed)] = script(key, game_seed, actions)
        info = service.create_game(key, seed=game_seed, seats=seats[key])
        plans[info.id] = (key, cached_scripts[(key, game_seed)])

    draw = _renderer() if render else None
    submit_ms: list[float] = []
    render_ms: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    ready: Queue[int] = Queue()
    progress = {gid: 0 for gid in plans}
    for gid in plans:
        ready.put(gid)

    service_pool = ThreadPoolExecutor(workers, thread_name_prefix="bench-service")
    render_pool = ThreadPoolExecutor(DEFAULT_RENDER_WORKERS, thread_name_prefix="bench-render")

    def player(number: int) -> None:
        thinking = random.Random(f"{seed}-player-{number}")
        while True:
            try:
                gid = ready.get_nowait()
            except Empty:
                return
            key, orders = plans[gid]
            i = progress[gid]
            if i >= len(orders):
                continue
            side, action = orders[i]
            if think_ms:
                time.sleep(thinking.expovariate(1000 / think_ms))
            t0 = time.perf_counter()
            try:
                outcome = service_pool.submit(service.submit, gid, side, action, f"bench-{side}").result()
            except Exception as exc:  # noqa: BLE001  (counted and shown, the run goes on)
                with lock:
                    errors.append(f"#{gid} {key} {action.kind}: {exc}")
                continue
            t1 = time.perf_counter()
            drawn = None
            if draw is not None and outcome.phase_ended:
                # the view on a service thread, the picture on a render thread (the bot itself now
                # rebuilds an answer's phase views on the render threads too: cogs.maps.answer_maps)
                view = service_pool.submit(service.view, gid, None).result()
                render_pool.submit(draw, view).result()
                drawn = time.perf_counter() - t0
            with lock:
                submit_ms.append((t1 - t0) * 1000)
                if drawn is not None:
                    render_ms.append(drawn * 1000)
            progress[gid] = i + 1
            ready.put(gid)  # the game's next order goes to the back of the queue

    start = time.perf_counter()
    threads = [threading.Thread(target=player, args=(n,)) for n in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    service_pool.shutdown()
    render_pool.shutdown()

    result = {
        "database": service.engine.dialect.name,
        # SQLite's durability: FULL syncs the WAL at every commit (UMPIRE_SQLITE_SYNCHRONOUS; docs/scale.md)
        "synchronous": _synchronous(service),
        "games": games,
        "concurrency": concurrency,
        "workers": workers,
        "think_ms": think_ms,
        "actions": len(submit_ms),
        "refused": len(errors),
        "actions_per_s": round(len(submit_ms) / wall, 1) if wall else None,
        "submit_p50_ms": _round(percentile(submit_ms, 0.50)),
        "submit_p99_ms": _round(percentile(submit_ms, 0.99)),
        "render_p99_ms": _round(percentile(render_ms, 0.99)) if draw is not None else None,
        "mem_per_game_kib": _round(memory_per_game(service, list(plans))),
        **insert_ratio(service, list(plans)[: min(games, 40)], samples=min(200, 4 * games)),
    }
    if errors:
        result["first_refusals"] = errors[:3]
    if as_json:
        print(json.dumps(result), file=out)
    else:
        for k, v in result.items():
            print(f"{k:18} {v}", file=out)
    service.engine.dispose()
    return 0 if not errors else 1


def _synchronous(service: GameService) -> str | None:
    if service.engine.dialect.name != "sqlite":
        return None
    from sqlalchemy import text

    with service.engine.connect() as conn:
        level = conn.execute(text("PRAGMA synchronous")).scalar()
    return {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}.get(int(level or 0), str(level))


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def memory_per_game(service: GameService, game_ids: list[int]) -> float:
    """KiB the service holds per game: its cached row (state, version, seats), measured with tracemalloc."""
    cache = GameCache(len(game_ids) + 1)
    rows = [read(service.writer, gid) for gid in game_ids[:100]]  # (the cache's own reader)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for gid, row in zip(game_ids, rows, strict=False):
        cache.put(gid, type(row)(row.game, row.version, row.seq, row.status, json.loads(json.dumps(row.state)),
                                 dict(row.seats)))
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return used / max(1, len(rows)) / 1024


def insert_ratio(service: GameService, game_ids: list[int], samples: int = 200) -> dict[str, Any]:
    """The database time of orders (the service's own transaction) against a bare INSERT of each one's
    log row into a copy of the log table, alternating, on the same engine, after the load has ended."""
    persist: list[float] = []
    original = service.writer.write  # the one write path: an order's transaction

    def timed(*args: Any, **kwargs: Any) -> bool:
        t0 = time.perf_counter()
        ok = original(*args, **kwargs)
        persist.append(time.perf_counter() - t0)
        return ok

    meta = MetaData()
    scratch = Table("bench_insert", meta, *[c._copy() for c in LOG.columns])  # noqa: SLF001
    meta.create_all(service.engine)
    bare: list[float] = []
    service.writer.write = timed  # type: ignore[method-assign]
    try:
        per_game = samples // max(1, len(game_ids)) + 1
        for gid in game_ids:
            rnd = random.Random(gid)
            for _ in range(per_game):
                info = service.info(gid)
                if info.to_act is None or len(bare) >= samples:
                    break
                rules = registry.get(info.game)
                legal = rules.legal_actions(service.state(gid), info.to_act)
                service.submit(gid, info.to_act, rnd.choice(legal), f"bench-{info.to_act}")
                row = service.log(gid)[-1]
                values = {c.name: getattr(row, c.name) for c in LOG.columns if c.name != "id"}
                t0 = time.perf_counter()
                with service.engine.begin() as conn:
                    conn.execute(insert(scratch).values(**values))
                bare.append(time.perf_counter() - t0)
    finally:
        service.writer.write = original  # type: ignore[method-assign]
        meta.drop_all(service.engine)
    if not persist or not bare:
        return {"insert_ratio": None}
    p, b = statistics.median(persist), statistics.median(bare)
    return {"insert_ratio": round(p / b, 2), "persist_ms": round(p * 1000, 3), "bare_insert_ms": round(b * 1000, 3)}


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1] if len(sys.argv) > 1 else None))
