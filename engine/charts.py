"""A game's charts as data: the tables its results cite (Panzer Leader's CRT, terrain effects, weapons;
Peiper's terrain chart; Scream, Aim, Fire!'s counters and decks), built from the tables the game is
played with (a GM's replacement tables included), for the board's chart panel and ``/rules``.

A game package offers them with a module ``charts`` holding ``charts(state) -> list[Chart]`` and
``terrain_notes(state) -> dict[str, str]`` (a terrain kind's effects in a line, for a hex's hover);
``state`` is None for the game's defaults. ``Contract.charts``/``terrain_notes`` find that module.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Chart:
    key: str  # "crt": what /rules and the board name it by
    title: str
    rule: str  # the section it belongs to
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = field(default_factory=tuple)

    def as_dict(self) -> dict[str, object]:
        return {"key": self.key, "title": self.title, "rule": self.rule, "columns": list(self.columns),
                "rows": [list(r) for r in self.rows], "notes": list(self.notes)}

    def text(self) -> str:
        """A monospace table (for a code block): columns padded to their widest cell."""
        cells = [self.columns, *self.rows]
        widths = [max(len(row[i]) if i < len(row) else 0 for row in cells) for i in range(len(self.columns))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)).rstrip() for row in cells]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines)


def cell(value: object) -> str:
    """A table cell: numbers without a trailing .0, None as a dash."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


ALIASES = {"crt": ("combat results", "combat results table"), "tec": ("terrain effects", "terrain chart", "terrain"),
           "wec": ("weapons", "weapons effectiveness"), "key": ("counter values", "unit values", "counters key")}


def find(charts: list[Chart], query: str) -> list[Chart]:
    """The charts a /rules query names: by key ("crt"), by a known alias, or by every word of its title."""
    q = " ".join(query.lower().split())
    if not q:
        return []
    exact = [c for c in charts if c.key == q or q in ALIASES.get(c.key, ())]
    if exact:
        return exact
    return [c for c in charts if all(w in c.title.lower() for w in q.split())]
