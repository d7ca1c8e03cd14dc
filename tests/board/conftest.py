"""Fixtures of the board tests (helpers in board_helpers.py). Browser tests skip, saying why, where no
Chromium is installed (.ci/run installs Debian's)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from board_helpers import Running, chromium_path, serve

from bot.board.server import Limits
from engine.service import GameService


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    svc = GameService(f"sqlite:///{tmp_path / 'board.db'}")
    yield svc
    svc.engine.dispose()


@pytest.fixture
def board(service: GameService) -> Iterator[Running]:
    # a scripted player clicks faster than a person: the order rate is tried on its own
    # (tests/board/test_board_orders.py::test_a_flood_of_orders_is_held_to_the_rate)
    yield from serve(service, Limits(burst=400, per_second=100, streams_per_address=200, order_burst=400,
                                     order_per_second=100))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if not path:
        pytest.skip("no Chromium here (Debian's chromium; .ci/run installs it): the board's browser tests skip")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture
async def signin(service: GameService) -> AsyncIterator[Any]:
    """A fake Discord and a board serving the Activity, in the test's event loop (activity_helpers.Signin)."""
    from activity_helpers import Signin

    running = await Signin.start(service)
    yield running
    await running.stop()
