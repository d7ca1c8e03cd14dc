"""Views to pictures, in one place: every caller (the cogs, the table, the CLI, the board) hands a view
here and gets PNG or GIF bytes back. The map comes from the view's key through ``engine.maps.map_of``
(never a path: an unknown or path-like key is refused there, ``UnknownMap``, before anything is opened).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.maps import map_of

__all__ = ["map_of", "view_gif", "view_png"]


def view_png(view: Mapping[str, Any], hex_label: str | None = None, radius: int = 3, *,
             scale: float = 1.0) -> bytes:
    """The map of a view as PNG bytes: the whole sheet, or with ``hex_label`` (a CCRR label or a place
    name) the close-up of the hexes within ``radius`` (0-6) of it; a hex off the map raises ``UnknownHex``."""
    import images

    gmap = map_of(view)
    if hex_label:
        return bytes(images.render_closeup_png(gmap, view, hex_label, max(0, min(int(radius), 6))))
    return bytes(images.render_png(gmap, view, scale=scale))


def view_gif(views: Sequence[Mapping[str, Any]], *, scale: float = 1.0, frame_ms: int = 1200) -> bytes:
    """The views (a game's phases, oldest first) as one looping GIF on the first view's map."""
    import images

    if not views:
        raise ValueError("no views to draw")
    return bytes(images.render_replay_gif(map_of(views[0]), views, scale=scale, frame_ms=frame_ms))
