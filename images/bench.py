"""How long a picture takes, against the floor of just compressing its pixels.

``run()`` uses the synthetic 24 x 18 map (larger than the Peiper map, 14 x 10) with every terrain
kind, 44 counters on the map, 4 off it, and one of every overlay kind. After one warm-up render
(which builds the cached base layer, sprites and palette) it takes medians over ``runs`` renders:

- render_ms: compose (base copy, overlays, counters, header, tray) and quantize to the palette;
- encode_ms: palette PNG encode;
- floor_ms: ``zlib.compress(raw_rgb_bytes, 1)`` of the same RGB image;
- ratio = (render_ms + encode_ms) / floor_ms.
"""

from __future__ import annotations

import json
import statistics
import time
import zlib
from typing import Any

from images.render import compose, encode_png, quantize
from images.samples import bench_view, synthetic_map


def run(runs: int = 20) -> dict[str, Any]:
    gmap = synthetic_map()
    view = bench_view(gmap)
    encode_png(quantize(*_compose(gmap, view)))  # warm the caches
    render, encode, floor = [], [], []
    size = 0
    width = height = 0
    for _ in range(max(1, runs)):
        t0 = time.perf_counter()
        img, spec = compose(gmap, view)
        pal = quantize(img, gmap, spec)
        t1 = time.perf_counter()
        data = encode_png(pal)
        t2 = time.perf_counter()
        raw = img.tobytes()
        t3 = time.perf_counter()
        zlib.compress(raw, 1)
        t4 = time.perf_counter()
        render.append((t1 - t0) * 1000)
        encode.append((t2 - t1) * 1000)
        floor.append((t4 - t3) * 1000)
        size, (width, height) = len(data), img.size
    r, e, f = statistics.median(render), statistics.median(encode), statistics.median(floor)
    return {
        "map": f"{gmap.name} {gmap.columns}x{gmap.rows}",
        "counters": sum(1 for u in view["units"] if u.get("hex")),
        "runs": runs,
        "render_ms": round(r, 2),
        "encode_ms": round(e, 2),
        "floor_ms": round(f, 2),
        "ratio": round((r + e) / f, 3) if f else None,
        "png_kib": round(size / 1024, 1),
        "width": width,
        "height": height,
    }


def _compose(gmap: Any, view: Any) -> Any:
    img, spec = compose(gmap, view)
    return img, gmap, spec


def main(json_out: bool = False) -> int:
    result = run()
    if json_out:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>10}: {value}")
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main("--json" in sys.argv))
