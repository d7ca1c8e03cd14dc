"""Per-game options: typed, bounded, parsed once.

A game declares each option it takes as a ``GameOptionSpec``: a type, a range or choices, a default
and the ruling that explains it. ``parse_options`` is the one parser: the service, ``/game new``,
the table and selfplay all go through it, and so does every game's ``new_state``. Text a player typed
("false", "3") and values already parsed (False, 3) read the same, so parsing is idempotent and a
stored game's options replay as they were.

An out-of-range, unknown or malformed option is refused with a message naming the option, what it
allows and its ruling, before anything is created.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAction

MAX_OPTIONS = 32  # options in one request; more is refused unread
MAX_NAME = 40
TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")
KINDS = ("bool", "int", "float", "choice", "text", "file", "table")
_NUMBER = re.compile(r"^[+-]?\d{1,12}$")
_DECIMAL = re.compile(r"^[+-]?(\d{1,9}(\.\d{0,6})?|\.\d{1,6})$")


class BadOption(IllegalAction):
    """An option the game does not take, or a value outside what it allows."""


def shorten(value: Any, limit: int = 40) -> str:
    """A value as it may be quoted back: one line, at most ``limit`` characters."""
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class GameOptionSpec:
    """An option a GM may set when a game is created: a number or a switch the rulebook leaves open.

    ``kind`` is inferred from the default when left empty (bool, int, float, text). Numbers must
    name their range: an unbounded number is a way to stall the bot. ``gm_only`` options (files and
    tables that replace the game's own) are refused to members who are not GMs.
    """

    name: str
    default: Any
    description: str
    ruling: str = ""  # the section of docs/rulings/<game>.md that explains it
    kind: str = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    gm_only: bool = False
    max_length: int = 200  # text and file options
    check: Callable[[Any], Any] | None = None  # table options: validates and returns the parsed value
    # The value a game stored before this option existed was played with (None: the default). Old games
    # keep their rules: their stored options lack the new name and read as this.
    legacy: Any = None

    @property
    def type(self) -> str:
        if self.kind:
            return self.kind
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        if isinstance(self.default, float):
            return "float"
        return "text"

    def allowed(self) -> str:
        """What the option allows, in words: 'a whole number from 1 to 4'."""
        kind = self.type
        if kind == "bool":
            return "true or false"
        if kind in ("int", "float"):
            what = "a whole number" if kind == "int" else "a number"
            return f"{what} from {_num(self.minimum)} to {_num(self.maximum)}"
        if kind == "choice":
            return "one of " + ", ".join(self.choices)
        if kind == "file":
            return f"a GM data file name (at most {self.max_length} characters)"
        if kind == "table":
            return "a table in the schema of the game's own (GM only)"
        return f"text of at most {self.max_length} characters"

    def refuse(self, value: Any, why: str = "") -> BadOption:
        ruling = f"; ruling: {self.ruling}" if self.ruling else ""
        got = f" ('{shorten(value)}' {why})" if why else f", not '{shorten(value)}'"
        return BadOption(f"Option {self.name} is {self.allowed()} (default {_show(self.default)}){got}{ruling}")

    def parse(self, value: Any) -> Any:
        """The typed value, or a BadOption naming the option, its range and its ruling."""
        kind = self.type
        if kind == "bool":
            if isinstance(value, bool):
                return value
            word = str(value).strip().lower() if isinstance(value, str | int) else ""
            if word in TRUE_WORDS:
                return True
            if word in FALSE_WORDS:
                return False
            raise self.refuse(value)
        if kind in ("int", "float"):
            return self._number(value, kind)
        if kind == "choice":
            word = str(value).strip().lower() if isinstance(value, str) else ""
            if word not in self.choices:
                raise self.refuse(value)
            return word
        if kind == "table":
            if value is None or value == self.default:
                return value
            if empty_table(value):
                raise self.refuse(value, "is an empty table: leave the option out to play with the game's own")
            if self.check is None:
                raise self.refuse(value, "cannot be set")
            return self.check(value)
        if value is None and self.default is None:
            return None
        if not isinstance(value, str):
            raise self.refuse(value)
        text = value.strip()
        if len(text) > self.max_length:
            raise self.refuse(text, f"is {len(text)} characters long")
        if any(ord(c) < 32 or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069 for c in text):
            raise self.refuse(text, "holds control characters")
        return text

    def _number(self, value: Any, kind: str) -> int | float:
        assert self.minimum is not None and self.maximum is not None, f"option {self.name} has no range"
        number: int | float
        if isinstance(value, bool):
            raise self.refuse(value)
        if isinstance(value, int) or isinstance(value, float) and kind == "float":
            number = value
        elif isinstance(value, str) and _NUMBER.match(value.strip()):
            number = int(value.strip())
        elif isinstance(value, str) and kind == "float" and _DECIMAL.match(value.strip()):
            number = float(value.strip())
        else:
            raise self.refuse(value)
        if kind == "float":
            number = float(number)
        elif isinstance(number, float):
            raise self.refuse(value)
        if not self.minimum <= number <= self.maximum:
            raise self.refuse(value, "is out of range")
        return number


def empty_table(value: Any) -> bool:
    """A table option given as nothing: {}, [], null, or their JSON text (once read as the game's own)."""
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else None
        except ValueError:
            return False  # malformed: the option's check names what is wrong
    return value is None or (isinstance(value, dict | list) and not value)


def _num(x: float | None) -> str:
    return "?" if x is None else (str(int(x)) if float(x).is_integer() else str(x))


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None or value == "":
        return "none"
    return shorten(value, 30)


def parse_options(title: str, specs: list[GameOptionSpec], raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option of a game, typed: the given ones parsed and checked, the rest at their defaults."""
    raw = dict(raw or {})
    known = {s.name: s for s in specs}
    if len(raw) > MAX_OPTIONS:
        raise BadOption(f"Too many options ({len(raw)}); {title} takes {len(known)}")
    out = {s.name: s.default for s in specs}
    for key, value in raw.items():
        name = str(key).strip().lower()
        spec = known.get(name)
        if spec is None:
            names = ", ".join(known) or "none"
            raise BadOption(f"{title} has no option '{shorten(key, MAX_NAME)}': its options are {names}")
        out[name] = spec.parse(value)
    return out


def check_specs(specs: list[GameOptionSpec]) -> list[str]:
    """Problems with a game's option declarations (empty when sound): the conformance test reads it."""
    bad = []
    for s in specs:
        if s.type not in KINDS:
            bad.append(f"{s.name}: unknown kind {s.type}")
        if s.type in ("int", "float") and (s.minimum is None or s.maximum is None):
            bad.append(f"{s.name}: a number with no range")
        if s.type == "choice" and s.default not in s.choices:
            bad.append(f"{s.name}: default {s.default} not among {s.choices}")
        try:
            if s.parse(s.default) != s.default:
                bad.append(f"{s.name}: the default does not read as itself")
        except BadOption as exc:
            bad.append(f"{s.name}: the default is refused ({exc})")
    return bad
