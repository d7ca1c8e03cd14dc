"""``umpire bench live`` runs end to end with tiny numbers (Postgres only) and prints both ways' figures:
polling and LISTEN/NOTIFY. It asserts no speed; only that every order reached its pages."""

from __future__ import annotations

import io
import json

import pytest

from bot.board.bench_live import MODES, main
from bot.cli import main as cli
from tests.scale.conftest import NO_PG, postgres_base


def test_the_live_bench_prints_polling_and_notify_figures() -> None:
    base = postgres_base()
    if base is None:
        pytest.skip(NO_PG)
    out = io.StringIO()
    assert main(base, games=2, pages=4, orders=4, rate=4.0, window=1.0, settle=0.5, as_json=True, out=out) == 0
    printed = json.loads(out.getvalue())
    assert printed["shape"]["pages"] == 4
    assert [r["mode"] for r in printed["results"]] == list(MODES)
    for result in printed["results"]:
        assert result["orders_given"] == 4 and result["missed"] == 0, result
        assert result["order_to_every_page_ms_max"] >= result["order_to_every_page_ms_p50"] > 0
        assert result["db_xacts_per_s_at_rest"] >= 0 and result["board_kb_per_page"] is not None


def test_the_live_bench_refuses_sqlite_and_bad_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["bench", "live", "--db", "sqlite:///x.db"]) == 2
    assert "Postgres" in capsys.readouterr().err
    for bad in (["--pages", "0"], ["--pages", "2001"], ["--boards", "17"], ["--rate", "0"]):
        with pytest.raises(SystemExit):
            cli(["bench", "live", "--db", "postgresql://x@127.0.0.1/none", *bad])
