"""`umpire bench board`'s clicks (issue 37) run with tiny numbers: a Peiper move and a Panzer Leader fire are
clicked on a side's page and timed to every open page. The figures are printed, never asserted."""

from __future__ import annotations

from bot.board.bench_clicks import clicks


def test_the_click_bench_times_a_move_and_a_fire_on_every_open_page() -> None:
    figures = clicks(pages=3, samples=1)
    for kind in ("move", "fire"):
        assert figures[f"clicks_{kind}_timed"] == 1, figures
        assert figures[f"click_{kind}_ms_p50"] is not None and figures[f"click_{kind}_ms_p50"] > 0
        assert figures[f"answer_{kind}_ms_p50"] <= figures[f"click_{kind}_ms_p95"]
