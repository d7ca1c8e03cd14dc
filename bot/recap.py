"""A table that tells: a side's units in words (/status), what happened in the last turn (a resumed game's
recap) and one line on what each scenario is (the scenario menu). Read from the view and the log only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import Action
from engine.service import event_from_dict
from engine.service.models import LogEntry

MAX_UNITS = 60  # units listed for one side (a Panzer Leader side has fewer)
RECAP_ENTRIES = 12  # log entries a resumed game recalls at most
RECAP_LINES = 4  # event lines shown of each
NOTE_WIDTH = 110  # characters of a scenario's one line

OFF = {"awaiting": "awaiting entry", "exited": "exited", "eliminated": "eliminated", "out": "out of the game"}


def _state(unit: Mapping[str, Any]) -> str:
    words = ["reduced"] if unit.get("reduced") else []
    words += [str(m).replace("_", " ") for m in unit.get("markers") or []]
    return f" ({', '.join(words)})" if words else ""


def unit_lines(view: Mapping[str, Any], sides: Sequence[str], names: Mapping[str, str]) -> list[str]:
    """Each side's units: on the map with hex and state, then those off it grouped by why (a choice of
    units, only one of which may enter, said as one: "30/117/1 or 30/117/2, one of them")."""
    lines = []
    for side in sides:
        units = [u for u in view.get("units", []) if u.get("side") == side][:MAX_UNITS]
        if not units:
            continue
        on = [f"{_name(u)} {u['hex']}{_state(u)}" for u in units if u.get("hex")]
        lines.append(f"  {names.get(side, side)}: " + ("; ".join(on) if on else "none on the map"))
        off: dict[str, list[str]] = {}
        for u in units:
            if u.get("hex"):
                continue
            status = str(u.get("status") or "off")
            label = str(u.get("one_of") or _name(u))
            why = f" ({u['why_out']})" if status == "out" and u.get("why_out") else ""
            group = off.setdefault(OFF.get(status, status.replace("_", " ")), [])
            if label + why not in group:
                group.append(label + why)
        for status, labels in off.items():
            lines.append(f"    {status}: {'; '.join(labels)}")
    return lines


def _turn_start(entry: LogEntry) -> bool:
    return any(ev.get("kind") == "turn" for ev in entry.events)


def recap(entries: Sequence[LogEntry], group: str) -> list[str]:
    """The live entries of the last turn (from the newest that began a turn), at most RECAP_ENTRIES."""
    live = [e for e in entries if not e.undone]
    start = max((i for i, e in enumerate(live) if _turn_start(e)), default=0)
    shown = live[start:][-RECAP_ENTRIES:]
    lines = []
    for e in shown:
        head = Action.from_dict(e.action).command(group if e.kind != "gm" else "gm") if e.action else e.kind
        lines.append(f"  #{e.seq} {e.side or ''} {head}".rstrip())
        texts = [event_from_dict(ev).line() for ev in e.events]
        lines += [f"      {t}" for t in texts[:RECAP_LINES]]
        if len(texts) > RECAP_LINES:
            lines.append(f"      ... {len(texts) - RECAP_LINES} more (/log)")
    return lines


def note(summary: str) -> str:
    """A scenario's summary (the game's scenario data) on one line, cut at a word to NOTE_WIDTH."""
    text = " ".join(summary.split())
    if len(text) <= NOTE_WIDTH:
        return text
    return text[:NOTE_WIDTH - 3].rsplit(" ", 1)[0].rstrip(",;:") + "..."


def _name(unit: Mapping[str, Any]) -> str:
    """A unit as players call it: its name, with its id where the name alone is its type (PL's "R1 Rifle")."""
    uid, name = str(unit["id"]), str(unit.get("name") or unit["id"])
    return name if uid in name else f"{uid} {name}"
