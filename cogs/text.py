"""The one escaping function: any text a member can influence (names, titles, reasons, results, values),
made safe to show in a Discord message, an embed or a thread name.

``shown(text, limit)`` is for messages and embeds (Discord renders markdown there): one clean line of at
most ``limit`` characters in which every markdown character is escaped with a backslash (Discord hides the
backslash before any punctuation), so no masked link, code fence, spoiler, header, block quote, list or
emphasis can render; ``@`` and ``<#`` get a zero-width space so @everyone, @here, ``<@id>``, ``<@&id>`` and
``<#id>`` stay text; ``scheme://`` gets one too, so a bare URL is not linked. Unescaping gives back the
cleaned text, so the name reads as typed.

``shown(text, limit, markup=False)`` is for places that show text as typed (thread names) and for text
stored for later display (a GM's result): the markdown characters become spaces, nothing links or mentions.

discord.py's ``escape_markdown`` is not enough: it escapes the first ``[`` of a run of masked links and
leaves the second one live (``[a](http://x.io)[b](http://e.vi)``).
"""

from __future__ import annotations

import re
import unicodedata

MAX_NAME = 32  # characters of a member's name as Umpire stores and shows it
ZWSP = "\u200b"

# Every character Discord's markdown gives a meaning: emphasis, strike, spoiler, code, quote, header,
# list, masked link, mention/emoji/timestamp brackets, and the escape itself.
MARKDOWN = frozenset("\\*_~|`>#-+[]()<")
_ORDERED = re.compile(r"^(\s*\d+)\.")  # "1. " at a line's start is a list


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clean(text: object, limit: int = MAX_NAME) -> str:
    """One plain line: no control, zero-width or direction-override characters, at most ``limit`` long."""
    flat = " ".join(str(text).split())
    kept = "".join(ch for ch in flat if unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs"))
    return clip(kept.strip(), limit)


def shown(text: object, limit: int = MAX_NAME, *, markup: bool = True) -> str:
    """Member-influenced text made safe to show (see the module's docstring)."""
    flat = clean(text, limit)
    if not markup:
        out = "".join(" " if ch in MARKDOWN or ch == "@" else ch for ch in flat)
        out = _ORDERED.sub(r"\1", out.replace("://", ": //"))
        return clip(" ".join(out.split()), limit)  # ": //" is a character longer than what it replaced
    out = _ORDERED.sub(r"\1\\.", "".join("\\" + ch if ch in MARKDOWN else ch for ch in flat))
    out = out.replace("@", "@" + ZWSP)
    return out.replace("://", ":" + ZWSP + "//")


def unescaped(text: str) -> str:
    """What Discord shows of ``shown``'s output (its backslash escapes and zero-width spaces taken out)."""
    return re.sub(r"\\([^0-9A-Za-z\s])", r"\1", text).replace(ZWSP, "")


def no_mentions(text: str) -> str:
    """Mention syntax shown as text: <@id>, <@&id>, <#id>, @everyone and @here never render as mentions."""
    return text.replace("@", "@" + ZWSP).replace("<#", "<" + ZWSP + "#")


def no_links(text: str) -> str:
    """A line of Umpire's own words that may quote a member's: no masked link (``](``), no bare URL."""
    return text.replace("](", "]\\(").replace("://", ":" + ZWSP + "//")
