"""Prune against a GM's revert (issue 38): ``db prune`` lists a finished game, a GM brings it back into
play, and the prune must then leave it whole. The deletion locks the game and reads its status again in
its own transaction (engine/service/retention.py ``delete_games``), so whichever comes first, the game is
either gone with every row that names it, or active with its whole log."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, update
from sqlmodel import SQLModel

from engine.game import Action
from engine.service import GameService, Seat, retention
from engine.service.models import GameRecord, LogEntry
from engine.service.settings import Settings

GAMES = GameRecord.__table__  # type: ignore[attr-defined]
LOG = LogEntry.__table__  # type: ignore[attr-defined]


def _finished_long_ago(service: GameService) -> tuple[int, int]:
    """A game a GM ended (its end entry's seq), its last move 400 days ago."""
    gid = service.create_game("peiper", seed=5, seats={"us": Seat("human", "alice", "alice"),
                                                        "ge": Seat("human", "bob", "bob")}).id
    service.submit(gid, "us", Action("ready"), "alice")
    end = service.gm(gid, Action("end", {"winner": "us"}), "alice", "we stop here")
    with service.engine.begin() as conn:
        conn.execute(update(GAMES).where(GAMES.c.id == gid)
                     .values(last_action_at=datetime.now(UTC) - timedelta(days=400)))
    assert service.info(gid).status == "over"
    return gid, end.seq


def _log_rows(service: GameService, gid: int) -> int:
    with service.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(LOG).where(LOG.c.game_id == gid)).scalar_one())


def _rows_naming(service: GameService, gid: int) -> int:
    with service.engine.connect() as conn:
        return sum(conn.execute(select(func.count()).select_from(t).where(t.c.game_id == gid)).scalar_one()
                   for t in SQLModel.metadata.sorted_tables if "game_id" in t.c)


def test_a_game_reverted_after_the_listing_is_kept_whole(service: GameService, monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    gid, end_seq = _finished_long_ago(service)
    listed = retention.finished_before

    def list_then_revert(engine, cutoff):  # type: ignore[no-untyped-def]
        games = listed(engine, cutoff)
        assert [g[0] for g in games] == [gid]
        service.gm_revert(gid, end_seq, "alice", "not over after all")  # the GM, between listing and deleting
        return games

    monkeypatch.setattr(retention, "finished_before", list_then_revert)
    before = _log_rows(service, gid)
    done = retention.prune(service.engine, Settings(umpire_keep_finished_days=365))
    assert service.info(gid).status == "active"
    assert _log_rows(service, gid) == before + 1, "the whole log is kept (and the revert's entry)"
    assert done.games == [], "a game no longer finished is not reported deleted"
    assert service.state(gid) == service.replay(gid), "the game still replays from its seed and log"


def test_a_revert_in_flight_holds_the_prune_and_the_game_is_kept_whole(service: GameService) -> None:
    """The revert's transaction has moved the game back to active and not committed yet when the prune
    starts; the prune waits for it and then finds the game active."""
    gid, _ = _finished_long_ago(service)
    before = _rows_naming(service, gid)
    outcome: list[object] = []
    with service.engine.begin() as conn:
        conn.execute(update(GAMES).where(GAMES.c.id == gid).values(status="active"))  # the revert, in flight
        worker = threading.Thread(target=lambda: outcome.append(
            retention.prune(service.engine, Settings(umpire_keep_finished_days=365))))
        worker.start()
        time.sleep(1.5)  # the prune lists the game (it reads the committed 'over') and then waits on the lock
        assert worker.is_alive(), "the prune waits for the revert in flight"
    worker.join(60)
    assert not worker.is_alive() and outcome
    assert service.info(gid).status == "active"
    assert _rows_naming(service, gid) == before, "nothing of the game was deleted"


def test_a_game_still_finished_is_deleted_with_every_row(service: GameService) -> None:
    gid, _ = _finished_long_ago(service)
    done = retention.prune(service.engine, Settings(umpire_keep_finished_days=365))
    assert [g[0] for g in done.games] == [gid]
    assert _rows_naming(service, gid) == 0
    with service.engine.connect() as conn:
        assert conn.execute(select(GAMES.c.id).where(GAMES.c.id == gid)).first() is None
