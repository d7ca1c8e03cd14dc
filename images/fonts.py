"""Fonts and text helpers.

DejaVu (Debian's fonts-dejavu-core) is used when it is installed, for its accents (Amblève) and
condensed faces; otherwise Pillow's built-in scalable font (``ImageFont.load_default(size)``),
whose glyphs are ASCII only, so text is folded to ASCII for it. No font is ever downloaded.

Font objects wrap a FreeType face that is not safe to share between threads, so each thread
keeps its own (``threading.local``).
"""

from __future__ import annotations

import threading
import unicodedata
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from images.style import RGB

_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
_FACES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
}
HAVE_DEJAVU = all((_DEJAVU / f).is_file() for f in _FACES.values())

_local = threading.local()

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def font(size: float, face: str = "regular") -> Font:
    """A font of about ``size`` pixels; face is regular, bold, condensed or italic."""
    px = max(6, round(size))
    cache: dict[tuple[int, str], Font] | None = getattr(_local, "fonts", None)
    if cache is None:
        cache = {}
        _local.fonts = cache
    key = (px, face)
    if key not in cache:
        if HAVE_DEJAVU:
            cache[key] = ImageFont.truetype(str(_DEJAVU / _FACES.get(face, _FACES["regular"])), px)
        else:
            cache[key] = ImageFont.load_default(px)
    return cache[key]


_SUITS = {"\u2665": "H", "\u2666": "D", "\u2663": "C", "\u2660": "S", "\u2661": "H", "\u2662": "D"}


def safe(text: object) -> str:
    """Text the chosen font can draw: unchanged with DejaVu, folded to ASCII otherwise."""
    s = str(text)
    if HAVE_DEJAVU:
        return s
    s = "".join(_SUITS.get(ch, ch) for ch in s)
    s = s.replace("\u2013", "-").replace("\u2014", "-").replace("\u00b7", "|")
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode("ascii")


def text_size(draw: ImageDraw.ImageDraw, text: str, f: Font) -> tuple[int, int]:
    box = draw.textbbox((0, 0), text, font=f, anchor="lt")
    return int(box[2] - box[0]), int(box[3] - box[1])


def fit_font(draw: ImageDraw.ImageDraw, text: str, size: float, face: str, max_width: float) -> Font:
    """The largest font no bigger than size whose text fits max_width."""
    f = font(size, face)
    while size > 6 and text_size(draw, text, f)[0] > max_width:
        size -= 1
        f = font(size, face)
    return f


def fit_size(draw: ImageDraw.ImageDraw, text: str, size: float, face: str, max_width: float) -> int:
    """The pixel size ``fit_font`` would choose."""
    px = max(6, round(size))
    while px > 6 and text_size(draw, text, font(px, face))[0] > max_width:
        px -= 1
    return px


def halo_text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, f: Font, fill: RGB, halo: RGB,
    anchor: str = "mm", width: int = 2,
) -> None:
    draw.text(xy, safe(text), font=f, fill=fill, anchor=anchor, stroke_width=width, stroke_fill=halo)


def rotated_text(text: str, f: Font, fill: RGB, bg: RGB, angle: int) -> Image.Image:
    """A small image of text turned by angle degrees (90 or 270), for side margins."""
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    w, h = text_size(probe, safe(text), f)
    img = Image.new("RGB", (w + 6, h + 6), bg)
    ImageDraw.Draw(img).text((3, 3), safe(text), font=f, fill=fill, anchor="lt")
    return img.rotate(angle, expand=True)
