"""Databases for the scale tests: every test that takes ``db_url`` (or ``service``) runs on SQLite and on
Postgres. Postgres runs only when UMPIRE_TEST_POSTGRES_URL names a server: ``make test`` starts a throwaway one
where PostgreSQL's server programs are installed (tools/test_postgres.py), ``.ci/run`` starts Debian's;
otherwise those variants skip and say how to get the programs. Each test gets a fresh database: a new SQLite file, or a
new schema on the Postgres server (dropped afterwards, with the connections the test left open).
"""

from __future__ import annotations

import os
import random
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from engine import registry
from engine.service import GameService, Outcome
from engine.service.database import normalize_url

PG_ENV = "UMPIRE_TEST_POSTGRES_URL"
NO_PG = (f"Postgres variant skipped: PostgreSQL's server programs are not installed here. Install them "
         "(Debian/Ubuntu: apt-get install postgresql; Fedora: dnf install postgresql-server; macOS: brew install "
         f"postgresql) and `make test` starts a throwaway server itself (tools/test_postgres.py), or set {PG_ENV}")


def postgres_base() -> str | None:
    """The server URL without its password (the password goes to PGPASSWORD, which libpq reads).

    Services and tests print and pass ``str(engine.url)``, which hides a password as ***.
    """
    raw = os.environ.get(PG_ENV, "").strip()
    if not raw:
        return None
    url = make_url(normalize_url(raw))
    if url.password:
        os.environ["PGPASSWORD"] = str(url.password)
        url = url._replace(password=None)  # URL.set(password=None) keeps the old one
    return url.render_as_string(hide_password=False)


@pytest.fixture(params=["sqlite", "postgres"])
def db_kind(request: pytest.FixtureRequest) -> str:
    if request.param == "postgres" and postgres_base() is None:
        pytest.skip(NO_PG)
    return str(request.param)


@contextmanager
def postgres_schema() -> Iterator[tuple[str, str]]:
    """A schema of its own on the test server (its URL, its name), dropped afterwards with the
    connections a test left open in it."""
    base = postgres_base()
    assert base is not None
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in base else "?"
    try:
        yield f"{base}{sep}options={quote(f'-csearch_path={schema}')}&application_name={schema}", schema
    finally:
        with admin.connect() as conn:
            conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                              "WHERE application_name = :app AND pid <> pg_backend_pid()"), {"app": schema})
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def db_url(db_kind: str, tmp_path: Path) -> Iterator[str]:
    if db_kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'umpire.db'}"
        return
    with postgres_schema() as (url, _schema):
        yield url


@pytest.fixture
def service(db_url: str) -> Iterator[GameService]:
    svc = GameService(db_url)
    yield svc
    svc.engine.dispose()


Player = Callable[[GameService, int, int, int], list[Outcome]]


def play_random(service: GameService, game_id: int, count: int, seed: int, actor: str | None = None) -> list[Outcome]:
    """Up to ``count`` orders chosen at random among the legal ones, each by the seat of the side to act.

    The games' own AIs think for up to 100 ms a decision; these tests are about the service.
    """
    rnd = random.Random(seed)
    outcomes: list[Outcome] = []
    for _ in range(count):
        info = service.info(game_id)
        side = info.to_act
        if side is None or info.status == "over":
            break
        rules = registry.get(info.game)
        legal = rules.legal_actions(service.state(game_id), side)
        if not legal:  # (a game module that fails here fails the test: that is its bug, not hidden)
            break
        seat = info.seats[side]
        who = actor or ("bot" if seat.kind == "bot" else seat.user_id or "console")
        outcomes.append(service.submit(game_id, side, rnd.choice(legal), who))
    return outcomes


@pytest.fixture
def player() -> Player:
    return play_random
