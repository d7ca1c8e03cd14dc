"""What a message says: a member's or the rules' words made safe to show (on cogs/text.py's escaping),
refusals without host paths, and a game's status line."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .text import MAX_NAME, clean, clip, no_links, no_mentions, shown

if TYPE_CHECKING:
    from engine.service import GameInfo

MAX_QUOTED = 60  # characters of a value quoted back in a message


def esc(text: object, limit: int = MAX_NAME) -> str:
    """A name or value someone typed, for a message or an embed: the one escaping function (cogs/text.py)."""
    return shown(text, limit)


def code(text: object, limit: int = 200) -> str:
    """A value inside `code`: it cannot close the code span or carry mentions."""
    return no_mentions(clean(text, limit).replace("`", "'"))


# An absolute path of two or more parts (/home/x/data/deck.yaml, C:\\x\\y): only its last part is shown.
_PATH = re.compile(r"(?<![\w.~/\\-])(?:[A-Za-z]:)?(?:[\\/][^\s\\/'\"`<>|*?]+){2,}[\\/]?")
_QUOTED = re.compile(r"(?<!\w)'([^'\n]+)'(?!\w)")


def no_paths(text: str) -> str:
    """The host's paths out of a message: a path is shown by its file name."""
    return _PATH.sub(lambda m: re.split(r"[\\/]", m[0].rstrip("/\\"))[-1], text)


def safe_refusal(message: str, limit: int = 1500) -> str:
    """A refusal's text for Discord: quoted values shortened and escaped, no host paths, no mentions."""
    text = no_paths(message)
    text = _QUOTED.sub(lambda m: "'" + shown(m[1], MAX_QUOTED) + "'", text)
    return clip(no_links(no_mentions(clean(text, 10 * limit))), limit)


def status_of(info: GameInfo) -> str:
    """A game's status line for a message or an embed (it holds a GM's result: no link, no mention)."""
    return event_text(info.status_line, 1000)


def event_text(line: str, limit: int = 500) -> str:
    """A line of the rules' (which may quote a GM's or player's words): no mentions, no paths, shortened."""
    return no_links(no_mentions(clip(no_paths(line), limit)))

