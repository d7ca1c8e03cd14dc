"""Issue 29, "events gathered one way": in every game the order's perform (engine.events.performed) or
the GM override (gm_apply) makes the one collector, and every rules helper appends to the collector it
is handed. This reads the games' rules modules (not the AI's) with ``ast`` and names each place that
gathers events another way: a helper that returns a list of events, lists of events joined (``+``,
``+=``, ``extend``), a collector made anywhere but gm_apply, a per-game log method or a list of
events an object makes for itself, an event appended to anything but the collector handed down.

The second test feeds the checks the three old idioms (PL's returned lists, SAF's ``Table.log``,
lists joined) and a collector made in a helper, so the checks are seen to catch what they forbid.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("peiper", "saf", "pl")
# The entry points that hand the contract the list they made (GameRules.gm_apply, gm.gm_apply).
ENTRY = {"gm_apply"}


def rules_modules(root: Path = ROOT) -> list[Path]:
    return sorted(p for g in GAMES for p in (root / "engine" / "games" / g).glob("*.py")
                  if not p.name.startswith("ai_"))


def _is_event_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Event"


def _is_collector(node: ast.AST) -> bool:
    """``events`` or ``<table>.events``: the collector handed down."""
    return (isinstance(node, ast.Name) and node.id == "events") or \
        (isinstance(node, ast.Attribute) and node.attr == "events")


def _event_list(node: ast.AST) -> bool:
    return isinstance(node, ast.List) and any(_is_event_call(e) for e in node.elts)


def _empty_list(node: ast.AST | None) -> bool:
    return (isinstance(node, ast.List) and not node.elts) or \
        (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "list" and not node.args)


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def _own_nodes(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
    """The nodes of fn's body, not those of functions nested in it (they are checked on their own)."""
    out: list[ast.AST] = []
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                todo.append(child)
    return out


def problems(source: str, name: str) -> list[str]:
    """Each way ``source`` gathers events other than the one way, as 'name:line: what'."""
    tree = ast.parse(source)
    found: list[str] = []

    def say(node: ast.AST, what: str) -> None:
        found.append(f"{name}:{getattr(node, 'lineno', 0)}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name in ("log", "tell_event", "record"):
                    say(item, f"{node.name}.{item.name}: a per-game log method (append Event(...) to the "
                              "collector instead)")
        if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add) and _is_collector(node.target):
            say(node, "events += ...: lists of events joined (hand the collector down instead)")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and \
                any(_is_collector(s) or _event_list(s) for s in (node.left, node.right)):
            say(node, "events + ...: lists of events joined (hand the collector down instead)")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "extend" \
                and _is_collector(node.func.value):
            say(node, "events.extend(...): lists of events joined (hand the collector down instead)")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("append", "insert") and node.args and _is_event_call(node.args[-1]) and \
                not _is_collector(node.func.value):
            say(node, f"an Event appended to {ast.unparse(node.func.value)}, not to the collector handed down")
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr == "events" and node.value is not None and \
                        any(_empty_list(n) for n in ast.walk(node.value)):
                    say(node, f"{ast.unparse(target)} made empty: an object's own list of events")
    for fn in _functions(tree):
        if fn.name in ENTRY:
            continue
        if fn.returns is not None and ast.unparse(fn.returns) == "list[Event]":
            say(fn, f"{fn.name} returns list[Event]: take the collector (events: list[Event]) and append")
        for node in _own_nodes(fn):
            if isinstance(node, ast.Return) and node.value is not None and \
                    (_is_collector(node.value) or _event_list(node.value)):
                say(node, f"{fn.name} returns events: append to the collector handed down")
            if isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id == "events" for t in targets) and \
                        (_empty_list(node.value) or _event_list(node.value) if node.value is not None else False):
                    say(node, f"{fn.name} makes a collector: only an order's perform (engine.events.performed) "
                              "and gm_apply do")
    return found


def test_events_are_gathered_one_way_in_every_game() -> None:
    modules = rules_modules()
    assert len(modules) > 30 and {p.parent.name for p in modules} == set(GAMES)
    found = [line for p in modules for line in problems(p.read_text(), str(p.relative_to(ROOT)))]
    assert not found, "\n".join(found)


OLD_IDIOMS = '''
from engine.events import Event


def destroy_unit(state, u, rule) -> list[Event]:  # PL: a helper returns its events
    return [Event("result", "destroyed", rule)]


def roll_and_apply(state, att) -> list[Event]:
    events: list[Event] = []
    events += destroy_unit(state, att, "x")
    return events + settle(state)


def settle(state):
    out = []
    out.append(Event("note", "now hold it"))
    return out


class Table:  # SAF: a per-game log object
    def __init__(self, state, events=None):
        self.events = events if events is not None else []

    def log(self, kind, text):
        self.events.append(Event(kind, text))


def after(state, events):
    events.extend(settle(state))
'''


def test_the_checks_catch_every_old_idiom() -> None:
    found = problems(OLD_IDIOMS, "old.py")
    said = "\n".join(found)
    for what in ("destroy_unit returns list[Event]", "roll_and_apply makes a collector", "events += ...",
                 "events + ...", "destroy_unit returns events", "an Event appended to out",
                 "Table.log: a per-game log method", "self.events made empty", "events.extend(...)"):
        assert what in said, f"not caught: {what}\n{said}"


def test_the_one_way_passes_the_checks() -> None:
    one_way = '''
from engine.events import Event, performed


def destroy_unit(state, events: list[Event], u, rule) -> None:
    events.append(Event("result", "destroyed", rule))


def _fire(state, events: list[Event], side, a) -> None:
    destroy_unit(state, events, a, "x")
    first = len(events)
    events.insert(first, Event("move", "moves"))


class Table:
    def __init__(self, state, events):
        self.events = events

    def morale(self, delta):
        self.events.append(Event("morale", str(delta)))


def gm_apply(state, action) -> list[Event]:
    events: list[Event] = []
    destroy_unit(state, events, action, "GM")
    return events


FIRE = performed(_fire)
'''
    assert problems(one_way, "new.py") == []
