"""The service's hot path builds log rows without the LogEntry model (writes.new_log_row): the rows must
be the ones the model would give, so what is stored does not depend on which path wrote it."""

from __future__ import annotations

import pytest

from engine.service.models import LogEntry
from engine.service.writes import LOG_COLUMNS, log_row, new_log_row


def test_new_log_row_has_the_models_defaults() -> None:
    values = {"game_id": 7, "seq": 3, "kind": "action", "side": "us", "actor": "42", "action": {"kind": "ready"}}
    fast, model = new_log_row(**values), log_row(LogEntry(**values))
    assert set(fast) == set(LOG_COLUMNS)
    assert {k: v for k, v in fast.items() if k != "created_at"} == {k: v for k, v in model.items() if k != "created_at"}
    assert fast["created_at"].tzinfo is not None


def test_new_log_rows_do_not_share_their_lists() -> None:
    a, b = new_log_row(game_id=1, seq=1, kind="action"), new_log_row(game_id=1, seq=2, kind="action")
    a["events"].append({"kind": "x"})
    assert b["events"] == [] and new_log_row(game_id=1, seq=3, kind="action")["events"] == []


def test_new_log_row_refuses_an_unknown_column() -> None:
    with pytest.raises(TypeError, match="no log column colour"):
        new_log_row(game_id=1, seq=1, kind="action", colour="red")
