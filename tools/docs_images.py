"""Redraw the pictures in docs/images: ``python tools/docs_images.py [folder]``.

The opening is drawn from the view the Peiper rules produce, which is why this lives here and not in
``images/``: the renderer reads views and maps only, never the rules (import-linter checks it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import images
from images.maps import view_png
from images.samples import (
    PEIPER_EDGES,
    bench_view,
    peiper_midgame_view,
    peiper_opening_view,
    synthetic_map,
)


def peiper_opening_from_rules() -> dict[str, Any]:
    """The opening as the Peiper rules produce it (set-up placements applied, then their view).
    Falls back to the hand-built view when the game package is missing or refuses."""
    try:
        from engine.game import Action
        from engine.games.peiper import RULES

        state = RULES.new_state("historical", 1, {})
        for uid, at in {"99 BG": "0404", "106 BG": "0804", "2/23/2": "0909", "CCR/3/1": "1208"}.items():
            RULES.apply(state, "us", Action("place", {"unit": uid, "at": at}))
        RULES.apply(state, "us", Action("ready", {}))
        view = dict(RULES.view(state, None))
    except Exception:  # noqa: BLE001 - any failure: the hand-built view shows the same
        return peiper_opening_view()
    view.setdefault("edges", PEIPER_EDGES)
    view.setdefault("values_label", "AT-Prof-AI")
    return view


def write_docs(out: Path) -> list[Path]:
    """Redraw the pictures in docs/images."""
    out.mkdir(parents=True, exist_ok=True)
    done = []
    for name, data in (
        ("peiper-opening.png", view_png(peiper_opening_from_rules())),
        ("peiper-midgame.png", view_png(peiper_midgame_view())),
        ("peiper-closeup.png", view_png(peiper_midgame_view(), "0804", 2)),
        ("synthetic-bench.png", images.render_png(synthetic_map(), bench_view(synthetic_map()))),
    ):
        (out / name).write_bytes(data)
        done.append(out / name)
    return done



if __name__ == "__main__":
    for p in write_docs(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")):
        print(p)
