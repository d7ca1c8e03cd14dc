"""``umpire bench live --db POSTGRES_URL``: live pages at scale, polling against LISTEN/NOTIFY (issue 38).

Real processes on loopback, one Postgres: ``--games`` games (Peiper, both seats held), ``--boards`` board
processes (BoardServer, as ``umpire board`` runs it), ``--pages`` open pages (server-sent event streams, as
a browser holds them, spread over the boards as a load balancer would, each game watched from every
board), and ``--orderers`` order processes giving ``--orders`` orders in all at ``--rate`` a second, each
to a game at random. The same run measures both ways a board learns of a move: ``poll`` (each board reads
each watched game's version every 0.25 s, as on SQLite) and ``notify`` (each board LISTENs on one
connection; the order's transaction NOTIFYs). Printed for each, nothing asserted:

- ``order_to_every_page_ms``: from an order given (its process calling the service) to the moment the last
  page of its game received that version or a newer one: p50, p95, max (an order no page saw within 30 s
  counts as missed);
- ``db_xacts_per_s_at_rest``/``_under_load``: the database's transactions a second (pg_stat_database: give
  the bench a database nobody else uses meanwhile), pages open and no order for ``window`` seconds, then
  while the orders run (the orders' own transactions included). Postgres publishes a busy backend's
  counts every second or so and an idle one's within ten: a window shorter than 20 s is rough. A board's
  look at a game is one transaction of one query; building a page's data is one of a few;
- ``board_looks_per_s_at_rest``/``_under_load``: the boards' own count of their looks at games (each
  one query), over the same windows;
- ``board_kb_per_page``: the boards' resident memory with the pages open less without, per page.

The games live in a schema of their own, dropped afterwards. The bench takes smaller numbers for a small
machine; the figures of a run are in docs/scale.md with its command.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

MODES = ("poll", "notify")
_VERSION = re.compile(rb'"version":([0-9]+)')
SEEN_SECONDS = 30.0


def _more_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1) if values else 0.0


# --- the roles of the processes the bench starts -----------------------------------------------------------
def board_role(db: str, poll: bool) -> int:
    """A board process: serves every game on a free loopback port (printed), until SIGTERM."""
    from engine.service import GameService

    from .server import BoardServer, Limits

    _more_files()
    service = GameService(db)
    limits = Limits(burst=1_000_000, per_second=1_000_000.0, streams_per_address=100_000, streams_total=100_000,
                    listen=not poll)

    async def serve() -> None:
        server = BoardServer(service, "", limits)
        port = await server.start("127.0.0.1", 0)
        print(port, flush=True)
        done = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, done.set)
        while not done.is_set():  # the looks at games so far (stamps read), for the bench to count
            print("looks", server.live.reads, flush=True)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), 0.5)
        await server.stop()

    asyncio.run(serve())
    service.engine.dispose()
    return 0


def orders_role(db: str, games: list[int], count: int, rate: float, seed: int) -> int:
    """An order process: ``count`` orders at ``rate`` a second, each a random legal order of a random game;
    prints ``game version started`` (wall clock) for each."""
    from engine import registry
    from engine.service import GameService

    service = GameService(db)
    rules = registry.get("peiper")
    rnd = random.Random(seed)
    start = time.monotonic()
    for i in range(count):
        wait = start + i / rate - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        for _ in range(20):  # a game that has ended is passed over
            game = rnd.choice(games)
            state = service.state(game)
            side = rules.to_act(state)
            if side is not None and not rules.is_over(state):
                break
        else:
            continue
        action = rnd.choice(rules.legal_actions(state, side))
        began = time.time()
        outcome = service.submit(game, side, action, f"u-{side}")
        print(game, outcome.version, began, flush=True)
    service.engine.dispose()
    return 0


# --- the bench ---------------------------------------------------------------------------------------------
def _spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "bot.board.bench_live", *args], stdout=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)


class Looks:
    """The board processes' looks at games so far (each one query), as they print them."""

    def __init__(self, procs: list[subprocess.Popen[str]]) -> None:
        self.counts = [0] * len(procs)
        for i, proc in enumerate(procs):
            threading.Thread(target=self._read, args=(i, proc), daemon=True).start()

    def _read(self, i: int, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("looks "):
                self.counts[i] = int(line.split()[1])

    def total(self) -> int:
        return sum(self.counts)


def _xacts(engine: Any) -> int:
    from sqlalchemy import text

    with engine.connect() as conn:
        return int(conn.execute(text("SELECT xact_commit + xact_rollback FROM pg_stat_database "
                                     "WHERE datname = current_database()")).scalar_one())


async def _rates(engine: Any, looks: Looks, seconds: float) -> tuple[float, float]:
    """Database transactions and board looks a second over ``seconds``."""
    before, seen = await asyncio.to_thread(_xacts, engine), looks.total()
    start = time.monotonic()
    await asyncio.sleep(seconds)
    after, now_seen = await asyncio.to_thread(_xacts, engine), looks.total()
    spent = time.monotonic() - start
    return round((after - before) / spent, 1), round((now_seen - seen) / spent, 1)


class Pages:
    """Open pages: for each, the versions it received and when (wall clock)."""

    def __init__(self) -> None:
        self.seen: list[list[tuple[int, float]]] = []
        self.game_of: list[int] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.session: Any = None

    async def open(self, urls: list[tuple[int, str]]) -> None:
        import aiohttp

        self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0),
                                             timeout=aiohttp.ClientTimeout(total=None, sock_read=None))
        for game, url in urls:
            self.game_of.append(game)
            self.seen.append([])
            self.tasks.append(asyncio.create_task(self._read(url, self.seen[-1])))

    async def _read(self, url: str, seen: list[tuple[int, float]]) -> None:
        async with self.session.get(url) as response:
            async for raw in response.content:
                if raw.startswith(b"data: {"):
                    found = _VERSION.search(raw, 0, 200)
                    if found:
                        seen.append((int(found[1]), time.time()))

    async def all_open(self, seconds: float = 300) -> None:
        deadline = time.monotonic() + seconds
        while any(not s for s in self.seen):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{sum(not s for s in self.seen)} pages never opened")
            failed = [t for t in self.tasks if t.done() and t.exception() is not None]
            if failed:
                raise RuntimeError(f"a page failed: {failed[0].exception()!r}")
            await asyncio.sleep(0.2)

    async def close(self) -> None:
        for t in self.tasks:
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.session.close()

    def latencies(self, orders: list[tuple[int, int, float]]) -> tuple[list[float], int]:
        """For each order, ms until every page of its game had its version (or newer); and the missed."""
        pages_of: dict[int, list[int]] = {}
        for i, game in enumerate(self.game_of):
            pages_of.setdefault(game, []).append(i)
        out, missed = [], 0
        for game, version, began in orders:
            last = 0.0
            for i in pages_of.get(game, []):
                when = next((t for v, t in self.seen[i] if v >= version and t >= began), None)
                if when is None:
                    last = float("inf")
                    break
                last = max(last, when)
            if last == float("inf") or last - began > SEEN_SECONDS:
                missed += 1
            else:
                out.append((last - began) * 1000)
        return out, missed


async def _mode(mode: str, db: str, engine: Any, games: list[int], tokens: dict[int, str], pages: int, boards: int,
                orders: int, orderers: int, rate: float, window: float, settle: float, say: Any) -> dict[str, Any]:
    procs = [_spawn("board", db, "--poll" if mode == "poll" else "--listen") for _ in range(boards)]
    pager = Pages()
    try:
        ports = []
        for p in procs:
            assert p.stdout is not None
            line = await asyncio.to_thread(p.stdout.readline)
            ports.append(int(line))
        looks = Looks(procs)
        await asyncio.sleep(1.0)  # the listeners connect
        idle = sum(_rss_kb(p.pid) for p in procs)
        urls = []
        for i in range(pages):
            game = games[i % len(games)]
            port = ports[(i // len(games) + i) % boards]  # each game's pages spread over every board
            urls.append((game, f"http://127.0.0.1:{port}/b/{game}/spectator/{tokens[game]}/events"))
        started = time.monotonic()
        await pager.open(urls)
        await pager.all_open()
        say(f"{mode}: {pages} pages open in {time.monotonic() - started:.1f}s")
        await asyncio.sleep(settle)  # the opening's counts published (an idle backend's within 10 s)
        per_page = (sum(_rss_kb(p.pid) for p in procs) - idle) / pages
        at_rest, looks_at_rest = await _rates(engine, looks, window)
        say(f"{mode}: at rest {at_rest} transactions/s, {looks_at_rest} looks/s")
        share = [games[i::orderers] for i in range(orderers)]
        givers = [_spawn("orders", db, json.dumps(share[i]), str(orders // orderers + (i < orders % orderers)),
                         str(rate / orderers), str(i)) for i in range(orderers)]
        before, seen, began = await asyncio.to_thread(_xacts, engine), looks.total(), time.monotonic()
        outputs = await asyncio.gather(*(asyncio.to_thread(g.communicate) for g in givers))
        after, spent = await asyncio.to_thread(_xacts, engine), time.monotonic() - began
        under_load, looks_under_load = round((after - before) / spent, 1), round((looks.total() - seen) / spent, 1)
        await asyncio.sleep(3.0)  # the last pages catch up
        given = [(int(a), int(b), float(c)) for out, _ in outputs for a, b, c in
                 (line.split() for line in out.splitlines() if line.strip())]
        ms, missed = pager.latencies(given)
        say(f"{mode}: {len(given)} orders, under load {under_load} transactions/s")
        return {"mode": mode, "orders_given": len(given), "missed": missed,
                "order_to_every_page_ms_p50": _pct(ms, 0.5), "order_to_every_page_ms_p95": _pct(ms, 0.95),
                "order_to_every_page_ms_max": round(max(ms), 1) if ms else None,
                "db_xacts_per_s_at_rest": at_rest, "db_xacts_per_s_under_load": under_load,
                "board_looks_per_s_at_rest": looks_at_rest, "board_looks_per_s_under_load": looks_under_load,
                "board_kb_per_page": round(per_page, 1)}
    finally:
        if pager.session is not None:
            await pager.close()
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()


def main(db: str | None, games: int = 500, pages: int = 2000, orders: int = 200, boards: int = 2, orderers: int = 2,
         rate: float = 10.0, window: float = 20.0, as_json: bool = False, out: Any = None, settle: float = 11.0
         ) -> int:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from engine import registry
    from engine.service import GameService, Seat
    from engine.service import board_links as links
    from engine.service.database import normalize_url

    out = out or sys.stdout

    def say(line: str) -> None:
        if not as_json:
            print(f"  .. {line}", file=sys.stderr, flush=True)

    if not db or not normalize_url(db).startswith("postgresql"):
        print("umpire bench live: --db must name a Postgres database (LISTEN/NOTIFY is Postgres's; SQLite polls)",
              file=sys.stderr)
        return 2
    _more_files()
    base = make_url(normalize_url(db))
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = base.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    try:
        service = GameService(url)
        sides = registry.get("peiper").sides
        seats = {s: Seat(kind="human", user_id=f"u-{s}", user_name=f"Player {s}") for s in sides}
        started = time.monotonic()
        ids = [service.create_game("peiper", seed=i, seats=seats).id for i in range(games)]
        tokens = {g: links.token(service.engine, g, links.SPECTATOR) for g in ids}
        say(f"{games} games made in {time.monotonic() - started:.1f}s")
        results = [asyncio.run(_mode(mode, url, admin, [g for g in ids if g is not None], tokens, pages, boards,
                                     orders, orderers, rate, window, settle, say)) for mode in MODES]
        service.engine.dispose()
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
    shape = {"games": games, "pages": pages, "boards": boards, "orderers": orderers, "orders": orders,
             "rate_per_s": rate, "cores": os.cpu_count()}
    if as_json:
        print(json.dumps({"shape": shape, "results": results}), file=out)
    else:
        print(" ".join(f"{k}={v}" for k, v in shape.items()), file=out)
        keys = [k for k in results[0] if k != "mode"]
        print(f"{'':30}" + "".join(f"{r['mode']:>12}" for r in results), file=out)
        for k in keys:
            print(f"{k:30}" + "".join(f"{r[k]!s:>12}" for r in results), file=out)
    return 0


def _role(argv: list[str]) -> int:
    if argv[0] == "board":
        return board_role(argv[1], argv[2] == "--poll")
    if argv[0] == "orders":
        return orders_role(argv[1], [int(g) for g in json.loads(argv[2])], int(argv[3]), float(argv[4]),
                           int(argv[5]))
    raise SystemExit(f"unknown role {argv[0][:20]!r}")


if __name__ == "__main__":
    sys.exit(_role(sys.argv[1:]))

