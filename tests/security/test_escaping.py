"""Issue 24: the one escaping function (cogs/text.py ``shown``). Whatever name Hypothesis makes, what Umpire
shows of it renders no link (masked or bare), no mention and no markdown, and still reads as typed.

``renders`` is a model of what Discord's markdown gives a special meaning, written apart from the escaper:
a backslash before any punctuation makes that character plain (Discord's escape rule); every other
markdown character, the mention and timestamp forms, ``@everyone``/``@here`` and ``scheme://`` count.
"""

from __future__ import annotations

import re

import discord
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cogs.text import ZWSP, clean, no_links, shown, unescaped

MARKDOWN = set("*_~|`>#-+[]()<\\")
# a mention, channel, slash-command, custom emoji or timestamp form, loosely (any id, any name)
MENTION = re.compile(r"<(@[!&]?\d|#\d|/[^>]*:\d|a?:\w*:\d|t:-?\d)")
EVERYONE = re.compile(r"@(everyone|here)", re.IGNORECASE)
BARE_LINK = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://")
ORDERED = re.compile(r"^\s*\d+\.\s")

FRAGMENTS = ["[a](http://x.io)", "[b](http://e.vi)", "http://x.io", "https://e.vi/p?q=1", "<http://x.io>",
             "@everyone", "@here", "<@123456789012345678>", "<@!123456789012345678>", "<@&123456789012345678>",
             "<#123456789012345678>", "</game new:123>", "<t:1700000000:R>", "<:pepe:123456789012345678>",
             "```", "`", "||", "**", "__", "~~", "*", "_", "# ", "## ", "-# ", "> ", ">>> ", "- ", "1. ",
             "\\", "\u202e", "\u200b", "\n", "\t", "](", "[", ")", ":", "//", "@", "<", ">", "#", "x", "Ω", "é"]

names = st.one_of(
    st.lists(st.sampled_from(FRAGMENTS), max_size=12).map("".join),
    st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=4)), max_size=10).map("".join),
    st.text(max_size=40),
)


def renders(text: str) -> list[str]:
    """What in ``text`` Discord would render as markup (empty: nothing, the text shows as plain)."""
    found = []
    plain = []  # the characters left once the backslash escapes are read
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and not text[i + 1].isalnum() and not text[i + 1].isspace():
            plain.append("\x00")  # an escaped character: plain, whatever it is, and no markup starts there
            i += 2
            continue
        if ch in MARKDOWN:
            found.append(f"markdown {ch!r} at {i}")
        plain.append(ch)
        i += 1
    mention = MENTION.search("".join(plain))
    if mention:
        found.append(f"mention {mention[0]!r}")
    if EVERYONE.search(text):  # escaped or not: a zero-width space must break it
        found.append("@everyone or @here")
    if BARE_LINK.search(text.replace("\\", "")):
        found.append("bare link")
    if ORDERED.match("".join(plain)):
        found.append("ordered list")
    return found


@settings(max_examples=800, deadline=None)
@given(name=names, limit=st.sampled_from([32, 60, 100, 300]))
@example(name="[a](http://x.io)[b](http://e.vi)", limit=32)
@example(name="```py\nx```", limit=32)
@example(name="1. first", limit=32)
def test_no_generated_name_renders_a_link_a_mention_or_markdown(name: str, limit: int) -> None:
    out = shown(name, limit)
    assert renders(out) == [], (name, out)
    # in the middle of Umpire's own markdown, too: the name cannot close or open its emphasis
    assert renders(f"{out} now holds US") == []
    assert "\n" not in out and len(unescaped(out)) <= limit
    assert unescaped(out) == clean(name, limit), "the name still reads as typed"


@settings(max_examples=500, deadline=None)
@given(name=names)
@example(name="[a](http://x.io)[a](http://x.io)https://e.vi/p?q=1https://e.vi/p?q=1[a](http://x.io)https://e.vi/p?q=1")
def test_a_thread_name_or_a_stored_result_holds_no_markup_at_all(name: str) -> None:
    out = shown(name, 100, markup=False)
    assert not set(out) & (MARKDOWN | {"@"}) and "://" not in out and ZWSP not in out
    assert renders(out) == [] and "\n" not in out and len(out) <= 100


def test_discord_pys_escape_leaves_the_second_masked_link_live_and_ours_does_not() -> None:
    name = "[a](http://x.io)[b](http://e.vi)"
    assert len(name) == 32
    theirs = discord.utils.escape_markdown(name)
    assert "[b](http://e.vi)" in theirs, "the defect this function exists for"
    assert renders(shown(name)) == []


@given(line=names)
def test_a_line_of_umpires_words_quoting_a_member_links_to_nothing(line: str) -> None:
    out = no_links(line)
    assert "](" not in out.replace("]\\(", "") and not BARE_LINK.search(out)
