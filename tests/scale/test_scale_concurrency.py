"""Orders submitted at the same moment, from separate sessions (each thread its own service, engine and
connections, as separate bot processes would be), on SQLite and Postgres."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

from engine import registry
from engine.errors import NotYourTurn, StaleVersion, UmpireError
from engine.game import Action
from engine.games.peiper import RULES
from engine.service import GameService, Seat

SEATS = {"us": Seat("human", "alice", "Alice"), "ge": Seat("human", "bob", "Bob")}


def at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls in threads released together; each result is the return value or the exception."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = calls[i]()
        except Exception as exc:  # noqa: BLE001  (the test inspects whatever came out)
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def check_log_whole(service: GameService, game_id: int) -> None:
    log = service.log(game_id)
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    assert [e.version for e in log] == [e.seq for e in log]
    assert service.info(game_id).version == len(log)
    assert RULES.dump(service.replay(game_id)) == RULES.dump(service.state(game_id))


def test_two_orders_on_the_version_shown_exactly_one_applies(db_url: str) -> None:
    a, b = GameService(db_url), GameService(db_url)
    gid = a.create_game("peiper", seed=21, seats=SEATS).id
    rnd = random.Random(4)
    for _ in range(12):
        info = a.info(gid)
        side = info.to_act
        assert side is not None
        legal = RULES.legal_actions(a.state(gid), side)
        first, second = rnd.choice(legal), rnd.choice(legal)
        actor = info.seats[side].user_id or ""
        v = info.version
        out = at_once([lambda s=svc, o=o, side=side, actor=actor, v=v: s.submit(gid, side, o, actor, expected_version=v)
                       for svc, o in ((a, first), (b, second))])
        applied = [r for r in out if not isinstance(r, Exception)]
        refused = [r for r in out if isinstance(r, Exception)]
        assert len(applied) == 1, out
        assert len(refused) == 1 and isinstance(refused[0], StaleVersion), out
        assert "look again" in refused[0].message
        assert a.info(gid).version == v + 1
    check_log_whole(a, gid)
    a.engine.dispose()
    b.engine.dispose()


def test_an_order_that_loses_the_race_is_checked_again_against_the_new_state(db_url: str) -> None:
    a, b = GameService(db_url), GameService(db_url)
    gid = a.create_game("peiper", seed=22, seats=SEATS).id
    out = at_once([lambda s=svc: s.submit(gid, "us", Action("ready"), "alice") for svc in (a, b)])
    assert sum(not isinstance(r, Exception) for r in out) == 1, out
    loser = next(r for r in out if isinstance(r, Exception))
    assert isinstance(loser, NotYourTurn) and "not yours" in loser.message  # the contract's own check, on the new state
    assert [e.kind for e in a.log(gid)] == ["action"]
    check_log_whole(a, gid)
    a.engine.dispose()
    b.engine.dispose()


def test_four_sessions_playing_one_game_at_once_keep_one_whole_log(db_url: str) -> None:
    services = [GameService(db_url) for _ in range(4)]
    gid = services[0].create_game("peiper", seed=23, seats=SEATS).id
    target = 25
    applied: list[int] = []
    refusals: list[UmpireError] = []
    lock = threading.Lock()

    def session(svc: GameService, seed: int) -> None:
        rnd = random.Random(seed)
        while True:
            with lock:
                if len(applied) >= target:
                    return
            info = svc.info(gid)
            side = info.to_act
            if side is None:
                return
            legal = registry.get("peiper").legal_actions(svc.state(gid), side)
            try:
                out = svc.submit(gid, side, rnd.choice(legal), info.seats[side].user_id or "",
                                 expected_version=info.version)
            except (StaleVersion, NotYourTurn) as exc:
                with lock:
                    refusals.append(exc)
                continue
            with lock:
                applied.append(out.seq)

    at_once([lambda s=svc, i=i: session(s, i) for i, svc in enumerate(services)])
    assert len(applied) >= target
    assert sorted(applied) == list(range(1, len(applied) + 1))  # every acknowledged order, once, in order
    check_log_whole(services[0], gid)
    assert all(e.message for e in refusals)
    for svc in services:
        svc.engine.dispose()


def test_bots_driven_from_several_processes_at_once_play_the_game_once(db_url: str) -> None:
    """run_bots from three sessions on one game: each decision is made for the version it saw, so the
    game is the one a single session would have played."""
    seats = {"us": Seat("bot", level="random"), "ge": Seat("bot", level="random")}
    services = [GameService(db_url) for _ in range(3)]
    together = services[0].create_game("peiper", seed=24, seats=seats).id
    alone = services[0].create_game("peiper", seed=24, seats=seats).id
    at_once([lambda s=svc: s.run_bots(together, limit=30) for svc in services])
    played = services[0].info(together).version
    assert played >= 30
    assert len(services[0].run_bots(alone, limit=played)) == played
    assert RULES.dump(services[0].state(together)) == RULES.dump(services[0].state(alone))
    check_log_whole(services[0], together)
    for svc in services:
        svc.engine.dispose()


def test_two_undos_on_the_version_shown_take_back_exactly_one_order(db_url: str) -> None:
    """Two pages of one player (two sessions) drawn at one version, both undoing: at the same moment, or one
    after the other (as the game's lock orders a board's two POSTs). One takes back the last order, the other
    is refused as stale; never the order before it as well."""
    a, b = GameService(db_url), GameService(db_url)
    gid = a.create_game("peiper", seed=25, seats=SEATS).id
    placed = [("99 BG", "0505"), ("CCR/3/1", "0101"), ("CCR/3/1", "0102"), ("CCR/3/1", "0103")]
    for unit, at in placed:
        a.submit(gid, "us", Action("place", {"unit": unit, "at": at}), "alice")
    for last, together in ((4, True), (3, False), (2, True)):  # each round the newest live order, and it alone
        v = a.info(gid).version
        undos = [lambda s=svc, v=v: s.undo(gid, "alice", "us", expected_version=v) for svc in (a, b)]
        out = at_once(undos) if together else at_once(undos[:1]) + at_once(undos[1:])
        applied = [r for r in out if not isinstance(r, Exception)]
        refused = [r for r in out if isinstance(r, Exception)]
        assert len(applied) == 1 and len(refused) == 1 and isinstance(refused[0], StaleVersion), out
        assert a.info(gid).version == v + 1
        assert [e.refers_to for e in a.log(gid) if e.kind == "undo"][-1] == last
        assert [e.seq for e in a.log(gid) if e.undone] == list(range(last, 5))
    assert a.state(gid).units["99 BG"].hex == "0505"  # the first order was never taken back
    check_log_whole(a, gid)
    a.engine.dispose()
    b.engine.dispose()
