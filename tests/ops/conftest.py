"""Operations tests: settings, backups, copies, privacy, the installed wheel. The scale fixtures
(``db_url`` on SQLite and Postgres, ``service``) are shared from tests/scale/conftest.py."""

from __future__ import annotations

import pytest

from tests.scale.conftest import db_kind, db_url, postgres_base, service  # noqa: F401

__all__ = ["postgres_base"]


@pytest.fixture(autouse=True)
def clean_settings(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """No setting leaks in from the machine: no .env of the checkout, no DATABASE_URL, a scratch data folder."""
    import os

    for key in list(os.environ):
        if key.upper().startswith(("UMPIRE_", "DATABASE_URL", "DISCORD_")) and key != "UMPIRE_TEST_POSTGRES_URL":
            monkeypatch.delenv(key)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg")))
