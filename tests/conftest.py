"""Shared fixtures."""

from __future__ import annotations

import pytest

from engine.service import GameService


@pytest.fixture
def service(tmp_path: object) -> GameService:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    return GameService(f"sqlite:///{tmp_path / 'umpire.db'}")
