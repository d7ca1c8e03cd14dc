"""The bench reports what it measured, consistently."""

from __future__ import annotations

import json

from images import bench


def test_bench_reports_medians_and_ratio():
    r = bench.run(runs=3)
    for key in ("render_ms", "encode_ms", "floor_ms", "ratio", "png_kib", "width", "height"):
        assert key in r
    assert r["render_ms"] > 0 and r["encode_ms"] > 0 and r["floor_ms"] > 0
    assert abs(r["ratio"] - (r["render_ms"] + r["encode_ms"]) / r["floor_ms"]) < 0.01
    assert r["counters"] >= 40 and r["width"] >= 1500


def test_bench_main_prints_json(capsys):
    assert bench.main(json_out=True) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["map"].startswith("synthetic")
