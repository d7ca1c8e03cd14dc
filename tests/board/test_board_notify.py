"""Live pages on Postgres hear moves (issue 38): the service announces each new version (NOTIFY
umpire_moves, engine/service/moves.py) in the transaction that commits it, and a board process listens on
one connection of its own (bot/board/notify.py). An order given by another service (another process)
reaches an open page with polling out of the picture; when the listening connection drops, the pages poll
until it is back."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from board_helpers import Running, bot_game, serve
from sqlalchemy import text
from sse import Stream

from bot.board.server import Limits
from engine.game import Action
from engine.service import GameService, moves
from tests.scale.conftest import NO_PG, postgres_base, postgres_schema

HOUR = 3600.0
board_on = contextmanager(serve)


@pytest.fixture
def pg_url() -> Iterator[str]:
    if postgres_base() is None:
        pytest.skip(NO_PG)
    with postgres_schema() as (url, _schema):
        yield url


@pytest.fixture
def service(pg_url: str) -> Iterator[GameService]:
    svc = GameService(pg_url)
    yield svc
    svc.engine.dispose()


def _until(what, seconds: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def _listening(board: Running) -> bool:
    return board.server.live.listening


def _settled(board: Running, seconds: float = 0.5) -> None:
    """Every announcement made so far heard (the game's making and its bots' set-up announce too): none new
    for ``seconds``, so a late one cannot wake the watch a second time in what the test counts."""
    listener = board.server.listener
    assert listener is not None
    heard, since = listener.heard, time.monotonic()
    deadline = since + 30
    while time.monotonic() - since < seconds:
        assert time.monotonic() < deadline, "announcements never settled"
        time.sleep(0.05)
        if listener.heard != heard:
            heard, since = listener.heard, time.monotonic()


def _order_elsewhere(url: str, game: int) -> int:
    other = GameService(url)  # another process's service: nothing shared with the board's but the database
    try:
        return other.submit(game, "us", Action("ready"), "u-us").version
    finally:
        other.engine.dispose()


def test_an_order_given_elsewhere_reaches_an_open_page_without_polling(service: GameService, pg_url: str) -> None:
    with board_on(service, Limits(burst=400, per_second=100, poll_seconds=HOUR, listen_poll_seconds=HOUR)) as board:
        _until(lambda: _listening(board))
        game = bot_game(service, "peiper", humans=("us",))
        _settled(board)
        page = Stream(board.link(game, "spectator") + "events")
        try:
            first = json.loads(page.next()[1])
            _settled(board)
            reads = board.server.live.reads
            version = _order_elsewhere(pg_url, game)
            name, data = page.next(30)
            assert name == "game" and json.loads(data)["version"] == version > first["version"]
            assert board.server.live.reads == reads + 1, "one look at the game, woken by the announcement"
            assert board.server.listener is not None and board.server.listener.heard >= 1
        finally:
            page.close()


def test_a_dropped_listening_connection_falls_back_to_polling_and_comes_back(service: GameService, pg_url: str
                                                                             ) -> None:
    with board_on(service, Limits(burst=400, per_second=100, poll_seconds=0.2, listen_poll_seconds=HOUR)) as board:
        _until(lambda: _listening(board))
        listener = board.server.listener
        assert listener is not None and listener.connects == 1
        game = bot_game(service, "peiper", humans=("us",))
        page = Stream(board.link(game, "spectator") + "events")
        try:
            page.next()
            with service.engine.connect() as conn:  # the server drops the board's listening connection
                dropped = conn.execute(text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' "
                    "AND application_name = current_setting('application_name')")).all()
                conn.commit()
            assert dropped, "the listening connection was found"
            _until(lambda: listener.connects == 2 or not _listening(board), 60)
            version = _order_elsewhere(pg_url, game)  # heard, or read by polling while the listener is down
            name, data = page.next(30)
            assert name == "game" and json.loads(data)["version"] == version
            _until(lambda: listener.connects == 2 and _listening(board), 60)  # it reconnects by itself
        finally:
            page.close()


def test_an_announcement_is_bounded_ids_only() -> None:
    assert moves.parse("12:34") == (12, 34)
    for hostile in ("", "12", "12:", ":3", "1:2:3", "x:1", "1" * 20 + ":1", "12:34\n", "-1:2", " 1:2"):
        assert moves.parse(hostile) is None, hostile


def test_on_sqlite_no_listener_is_started(tmp_path: Path) -> None:
    svc = GameService(f"sqlite:///{tmp_path / 'b.db'}")
    try:
        with board_on(svc) as board:
            assert board.server.listener is None and not board.server.live.listening
    finally:
        svc.engine.dispose()


def test_behind_a_transaction_pooler_the_board_polls() -> None:
    from engine.service.settings import Settings

    assert Limits.from_settings(Settings(_env_file=None)).listen
    assert not Limits.from_settings(Settings(_env_file=None, umpire_db_transaction_pooler=True)).listen
