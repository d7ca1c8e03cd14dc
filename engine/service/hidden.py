"""What a viewer may not see yet: log entries holding a side's secret (Panzer Leader's plotted fire).

An event marked ``only="<side>"`` with ``until="<key>"`` is that side's secret while the game's
``secrets(state)`` holds the key. Every read of the log that is shown (``reads.log_page``, the export,
the phase maps) passes its entries through ``visible``.
"""

from __future__ import annotations

from typing import Any

from engine import registry
from engine.game import GameRules

from .models import GameRecord, LogEntry

SECRET_TEXT = "(a secret order: shown when it lands)"


def pending_secrets(rules: GameRules, state: Any) -> frozenset[str]:
    """The secrets the game still keeps (``rules.secrets(state)``); none once it is over."""
    if rules.is_over(state):
        return frozenset()
    return frozenset(rules.secrets(state))


def entry_hidden(e: LogEntry, viewer: str | None, pending: frozenset[str], over: bool) -> bool:
    """Whether the entry holds a secret ``viewer`` may not see yet: one of its events is still secret
    from them, or the entry was taken back (undone) before its secret was revealed to all."""
    for ev in e.events:
        only = ev.get("only") or ""
        if only and only != viewer and not over and (ev.get("until", "") in pending or e.undone):
            return True
    return False


def redacted(e: LogEntry, viewer: str | None, pending: frozenset[str], over: bool) -> LogEntry:
    """The entry as ``viewer`` may see it: a secret's order names only its kind, its details and reason
    are left out (a copy; the stored entry is untouched)."""
    if not entry_hidden(e, viewer, pending, over):
        return e
    kept = [ev for ev in e.events if not ev.get("only") or ev.get("only") == viewer]
    kind = str((e.action or {}).get("kind", ""))
    return e.model_copy(update={"action": {"kind": kind, "args": {}} if kind else {}, "reason": "",
                                "events": [{"kind": "secret", "text": SECRET_TEXT,
                                            "phase_end": any(ev.get("phase_end") for ev in e.events)}] + kept})


def visible(rec: GameRecord, entries: list[LogEntry], viewer: str | None) -> list[LogEntry]:
    """The entries as ``viewer`` may see them: secrets not yet revealed to them redacted (the game's
    state is read only when an entry holds a secret)."""
    if not any(ev.get("only") for e in entries for ev in e.events):
        return entries
    rules = registry.get(rec.game)
    state = rules.load(rec.state)
    pending, over = pending_secrets(rules, state), rules.is_over(state)
    return [redacted(e, viewer, pending, over) for e in entries]
