"""Tab completion at the table: from what is legal now, as Discord's autocomplete offers it.

Completes the words of a line typed so far: table commands and the orders legal now; then, for an
order, the values of its options consistent with those already given (named ``unit:X`` or in order,
``move Spitze 1308``), with names holding spaces quoted (``unit:"106 BG"``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.game import Action, CommandSpec
from engine.offers import fitting, values

from .commandline import TABLE_COMMANDS


def split_line(line: str) -> tuple[list[str], str]:
    """The finished words of a line and the word being typed (quotes respected, even unclosed)."""
    words, partial, _ = _split(line)
    return words, partial


def _split(line: str) -> tuple[list[str], str, int]:
    words: list[str] = []
    current = ""
    quote = ""
    started = False
    start = len(line)
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
            else:
                current += ch
        elif ch in "\"'":
            if not started:
                start = i
            quote, started = ch, True
        elif ch.isspace():
            if started or current:
                words.append(current)
            current, started = "", False
            start = len(line)
        else:
            if not started:
                start = i
            current += ch
            started = True
    return words, current, start


def quoted(value: Any) -> str:
    text = str(value)
    return f'"{text}"' if any(c.isspace() for c in text) else text


def word_completions(line: str, group: str, specs: list[CommandSpec], legal: list[Action],
                     unit_names: Iterable[str] = (), hexes: Iterable[str] = (), topics: Iterable[str] = ()
                     ) -> list[str]:
    """Candidates for the word being typed at the end of ``line``."""
    words, partial = split_line(line)
    low = partial.lower()
    legal_kinds = list(dict.fromkeys(a.kind for a in legal))
    if not words:
        table = [f"/{c}" for c in TABLE_COMMANDS if c != "gm"] + ["/gm", f"/{group}"]
        return [w for w in table + legal_kinds if w.lower().startswith(low)]
    head = words[0]
    if head.startswith("/") and head[1:].lower() == group:
        if len(words) == 1:
            return [k for k in legal_kinds if k.startswith(low)]
        head, words = words[1], words[1:]
    elif head.startswith("/") and head[1:].lower() in TABLE_COMMANDS:
        name = head[1:].lower()
        if name == "help" and len(words) == 1:
            return [c.name for c in specs if c.name.startswith(low)]
        if name == "rules":
            return [quoted(t) for t in topics if t.lower().startswith(low)]
        if name == "map" and len(words) == 1:
            return [h for h in hexes if h.startswith(partial)] + [w for w in ("phase:",) if w.startswith(low)]
        return []
    spec = next((c for c in specs if c.name == head.lower()), None)
    if spec is None:
        return []
    named: dict[str, str] = {}
    positional: list[str] = []
    for w in words[1:]:
        key, sep, value = w.partition(":")
        if sep and key.lower() in {o.name for o in spec.options}:
            named[key.lower()] = value
        else:
            positional.append(w)
    free = [o for o in spec.options if o.name not in named]
    given = dict(named)
    for opt, value in zip(free, positional, strict=False):
        given[opt.name] = value
    fits = fitting(legal, spec, given)
    kinds = {o.name: o.kind for o in spec.options}
    key, sep, value = partial.partition(":")
    if sep and key.lower() in kinds:
        opt_name = key.lower()
        return [f"{opt_name}:{quoted(v)}" for v in values(fits, opt_name, kinds[opt_name])
                if v.lower().startswith(value.lower())]
    slots = [o for o in spec.options if o.name not in given]
    out: list[str] = []
    # the next slot the listing fills: in order (typed bare) if it is the next free one, else by name, since
    # a bare value would fill the optional slot before it that this order leaves empty (``mortar target:R1``)
    for i, opt in enumerate(slots):
        found = values(fits, opt.name, opt.kind)
        if found:
            out += [quoted(v) if i == 0 else f"{opt.name}:{quoted(v)}" for v in found
                    if (str(v) if i == 0 else f"{opt.name}:{v}").lower().startswith(low)]
            break
    out += [f"{o.name}:" for o in slots if f"{o.name}:".startswith(low) and low
            and any(o.name in a.args for a in fits)]
    return out


def shown(line: str, matches: list[str]) -> list[str]:
    """What readline lists for whole-line matches: the word each completes, quotes and spaces whole."""
    _, _, start = _split(line)
    return [m[start:].rstrip() if m.startswith(line[:start]) else m for m in matches]


def line_completions(line: str, candidates: list[str]) -> list[str]:
    """Whole-line replacements for readline (its word breaks know nothing of quotes)."""
    _, _, start = _split(line)
    prefix = line[:start]
    out = [prefix + c for c in candidates]
    if len(out) == 1 and not out[0].endswith(":"):
        out[0] += " "
    return out
