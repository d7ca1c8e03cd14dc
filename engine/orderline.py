"""Orders typed as text, as at the local table: ``/peiper move unit:Spitze to:1308``.

The same names and options as the Discord commands; options may also be given in order
(``/peiper move Spitze 1308``). The table reads every line with it and Discord's ``/game odds`` reads
its ``order`` with it, so an order typed as text means the same everywhere.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from engine import registry
from engine.errors import IllegalAction
from engine.game import Action, CommandSpec

GROUPS = (*registry.GAME_PACKAGES, "game")  # "/peiper move ...", "/game status"
MAX_LINE = 1000  # characters of one typed order


@dataclass
class Typed:
    group: str  # "peiper", "game", "" for table commands like /help
    name: str
    args: dict[str, str] = field(default_factory=dict)


def parse(line: str, default_group: str, table_words: tuple[str, ...] = ()) -> Typed:
    """A typed line: its group (the game's key, ``game``, or "" for one of ``table_words``), order and options."""
    text = line.strip()
    if len(text) > MAX_LINE:
        raise IllegalAction(f"That command is longer than {MAX_LINE} characters")
    if not text:
        raise IllegalAction("Type a command, such as /help")
    try:
        words = shlex.split(text.lstrip("/"))
    except ValueError as exc:
        raise IllegalAction(f"Cannot read that command: {exc}") from None
    if not words:
        raise IllegalAction("Type a command, such as /help")
    head = words[0].lower()
    rest = words[1:]
    if text.startswith("/") and head in table_words:
        group, name = "", head
    elif head == default_group or head in GROUPS:
        if not rest:
            raise IllegalAction(f"/{head} needs an order, such as /{head} status")
        group, name, rest = head, rest[0].lower(), rest[1:]
    else:
        group, name = default_group, head
    args: dict[str, str] = {}
    positional: list[str] = []
    for w in rest:
        key, sep, value = w.partition(":")
        if sep and key and key.replace("_", "").isalpha() and not key[0].isdigit():
            args[key.lower()] = value
        else:
            positional.append(w)
    if positional:
        args["_positional"] = "\x1f".join(positional)
    return Typed(group, name, args)


def to_action(typed: Typed, specs: list[CommandSpec], group: str) -> Action:
    """Match a typed command against the game's command specs; name every problem."""
    spec = next((c for c in specs if c.name == typed.name), None)
    if spec is None:
        names = ", ".join(c.name for c in specs)
        raise IllegalAction(f"/{group} has no order '{typed.name}': orders are {names}")
    args = dict(typed.args)
    positional = args.pop("_positional", "")
    values = positional.split("\x1f") if positional else []
    free = [o for o in spec.options if o.name not in args]
    for opt, val in zip(free, values, strict=False):
        args[opt.name] = val
    if len(values) > len(free):
        raise IllegalAction(f"Too many values for /{group} {spec.name}: it takes {_usage(spec)}")
    known = {o.name for o in spec.options}
    unknown = set(args) - known
    if unknown:
        raise IllegalAction(f"/{group} {spec.name} has no option {', '.join(sorted(unknown))}: it takes {_usage(spec)}")
    for opt in spec.options:
        if opt.required and not args.get(opt.name):
            raise IllegalAction(f"/{group} {spec.name} needs {opt.name}: ({opt.description}). Usage: {_usage(spec)}")
        if opt.choices and args.get(opt.name) and args[opt.name] not in opt.choices:
            raise IllegalAction(f"{opt.name} must be one of {', '.join(opt.choices)}")
    return Action(spec.name, {k: v for k, v in args.items() if v != ""})


def _usage(spec: CommandSpec) -> str:
    parts = [f"{o.name}:<{o.kind}>" if o.required else f"[{o.name}:<{o.kind}>]" for o in spec.options]
    return " ".join(parts) or "no options"


def usage(group: str, spec: CommandSpec) -> str:
    options = _usage(spec) if spec.options else ""
    return f"/{group} {spec.name} {options}".rstrip()
