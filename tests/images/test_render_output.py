"""Formats and sizes: PNG, close-up, replay GIF; the same bytes from several threads."""

from __future__ import annotations

import threading
from pathlib import Path

from PIL import Image

from engine.maps import load_map, load_yaml, parse_map
from images import render_closeup_png, render_image, render_png, render_replay_gif
from images.samples import bench_view, peiper_midgame_view, peiper_opening_view, synthetic_map
from tests.images.helpers_render import decode

PEIPER = Path(__file__).resolve().parents[2] / "engine" / "games" / "peiper" / "data" / "map.yaml"
MiB = 1 << 20


def test_png_is_valid_small_and_paletted():
    gmap = load_map(PEIPER)
    data = render_png(gmap, peiper_midgame_view())
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = decode(data)
    assert img.format == "PNG" and img.mode == "P"
    assert img.size == render_image(gmap, peiper_midgame_view()).size
    assert len(data) < 10 * MiB


def test_busy_large_map_png_under_discord_limit():
    gmap = synthetic_map()
    data = render_png(gmap, bench_view(gmap))
    assert len(data) < 10 * MiB
    assert decode(data).size[0] > 1500


def test_scale_changes_the_size():
    gmap = load_map(PEIPER)
    w1, h1 = decode(render_png(gmap, peiper_opening_view())).size
    w2, h2 = decode(render_png(gmap, peiper_opening_view(), scale=0.5)).size
    assert abs(w2 - w1 / 2) < 0.05 * w1 and h2 < h1


def test_closeup_size_depends_on_radius_only():
    gmap = load_map(PEIPER)
    view = peiper_midgame_view()
    sizes = {r: decode(render_closeup_png(gmap, view, "0804", r)).size for r in (1, 2, 3)}
    # Radius 2 spans 5 hex columns and 5 rows at a larger scale than the full map.
    assert sizes[1][0] < sizes[2][0] < sizes[3][0] + 1
    assert sizes[2][0] >= 700
    corner = decode(render_closeup_png(gmap, view, "0101", 2)).size
    named = decode(render_closeup_png(gmap, view, "Stavelot", 2)).size
    assert corner == named == sizes[2]
    full = decode(render_png(gmap, view)).size
    assert sizes[1][0] < full[0]


def test_replay_has_one_frame_per_view():
    gmap = load_map(PEIPER)
    views = [peiper_opening_view(), peiper_midgame_view(), peiper_opening_view()]
    data = render_replay_gif(gmap, views)
    assert data[:6] in (b"GIF87a", b"GIF89a")
    gif = Image.open(__import__("io").BytesIO(data))
    assert gif.n_frames == 3
    sizes = [render_image(gmap, v).size for v in views]  # frames padded to the largest (a side list adds a strip)
    assert gif.size == (max(w for w, _ in sizes), max(h for _, h in sizes))


def test_full_game_replay_under_8_mib():
    gmap = load_map(PEIPER)
    a, b = peiper_opening_view(), peiper_midgame_view()
    views = []
    for i in range(60):  # a full game: alternate busy frames with moves that differ each time
        v = dict(b if i % 2 else a)
        v["turn"] = 1 + i // 12
        v["overlays"] = list(b["overlays"]) + [{"kind": "move", "side": "ge", "path": ["1409", "1309", "1308"][: 2 + i % 2]}]
        views.append(v)
    data = render_replay_gif(gmap, views)
    assert Image.open(__import__("io").BytesIO(data)).n_frames == 60
    assert len(data) < 8 * MiB


def test_same_bytes_from_four_threads():
    # A fresh map object: its caches are built while the threads race.
    gmap = parse_map(load_yaml(PEIPER), "map.yaml")
    view = peiper_midgame_view()
    results: list[bytes] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(3):
                results.append(render_png(gmap, view))
            results.append(render_closeup_png(gmap, view, "1308", 1))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    pngs = [r for r in results if len(r) > 0]
    assert len(pngs) == 16
    main = render_png(gmap, view)
    close = render_closeup_png(gmap, view, "1308", 1)
    assert all(r in (main, close) for r in pngs)
    assert sum(r == main for r in pngs) == 12


def test_replay_over_budget_is_redrawn_smaller():
    from images.replay import replay_gif

    gmap = load_map(PEIPER)
    views = [peiper_opening_view(), peiper_midgame_view()]
    full = Image.open(__import__("io").BytesIO(replay_gif(gmap, views)))
    small_data = replay_gif(gmap, views, max_bytes=len(replay_gif(gmap, views)) // 2)
    small = Image.open(__import__("io").BytesIO(small_data))
    assert small.n_frames == 2 and small.size[0] < full.size[0]


def test_builtin_font_when_dejavu_is_missing(monkeypatch):
    import images.fonts as fonts

    monkeypatch.setattr(fonts, "HAVE_DEJAVU", False)
    gmap = parse_map(load_yaml(PEIPER), "map.yaml")  # fresh map: no cached base layer
    out: list[bytes] = []
    t = threading.Thread(target=lambda: out.append(render_png(gmap, peiper_midgame_view())))  # fresh font cache
    t.start()
    t.join()
    assert out and decode(out[0]).size[0] == render_image(load_map(PEIPER), peiper_midgame_view()).size[0]
    assert fonts.safe("Amblève 7\u2665") == "Ambleve 7H"


def test_closeup_of_a_hex_off_the_map_raises_unknown_hex():
    import pytest

    from engine.errors import UnknownHex

    with pytest.raises(UnknownHex, match="off the map"):
        render_closeup_png(load_map(PEIPER), peiper_midgame_view(), "2020", 2)
