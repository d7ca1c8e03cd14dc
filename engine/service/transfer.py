"""Importing an exported game: its log replayed from the seed into fresh log rows and snapshots."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction, UmpireError
from engine.game import Action, GameRules
from engine.rng import Rng, seed_from

from .models import LogEntry

MAX_ENTRIES = 200_000  # entries of one imported log

STATE_KINDS = ("action", "gm", "reroll")
KINDS = (*STATE_KINDS, "undo", "revert", "rewind", "seat", "deadline")
UNDOERS = ("undo", "revert", "reroll")
SNAPSHOT_EVERY = 20


MAX_EXPORT_BYTES = 64 * 1024 * 1024  # an export file read for import
MAX_DEPTH = 24  # nesting of objects and lists in an export (a real one nests 6 deep)


def load_export(text: str | bytes) -> dict[str, Any]:
    """An export file's JSON, bounded: its size, its nesting, finite numbers of sane length. Refusals are
    ``IllegalAction``s with the reason, never a traceback."""
    import json
    import math

    if len(text) > MAX_EXPORT_BYTES:
        raise IllegalAction(f"The export is {len(text)} bytes: at most {MAX_EXPORT_BYTES} are imported")
    depth = level = 0
    in_string = escaped = False
    for ch in text.decode("utf-8", "replace") if isinstance(text, bytes) else text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            depth = max(depth, level)
            if depth > MAX_DEPTH:
                raise IllegalAction(f"The export nests deeper than {MAX_DEPTH} levels: it is not an export")
        elif ch in "]}":
            level -= 1

    def number(value: str) -> float:
        parsed = float(value)
        if not math.isfinite(parsed) or len(value) > 40:
            raise ValueError(f"a number out of range ({value[:20]}...)")
        return parsed

    def constant(value: str) -> Any:
        raise ValueError(f"{value} is not a number an export holds")

    try:
        data = json.loads(text, parse_float=number, parse_constant=constant)
    except (ValueError, RecursionError) as exc:
        raise IllegalAction(f"The export is not valid JSON: {str(exc)[:120]}") from None
    if not isinstance(data, dict):
        raise IllegalAction("An import needs an exported game (a JSON object)")
    return data


def _event(e: Any) -> dict[str, Any]:
    return {"kind": e.kind, "text": e.text, "rule": e.rule, "side": e.side, "data": e.data, "random": e.random,
            "phase_end": e.phase_end}


def _text(value: Any, limit: int = 500) -> str:
    return "" if value is None else str(value)[:limit]


def _int(value: Any, seq: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        raise IllegalAction(f"Log entry #{seq}: salt and refers_to must be small whole numbers")
    return value


def rebuild_log(rules: GameRules, state: Any, log: list[Any], reseeds: list[dict[str, Any]] | None = None
                ) -> tuple[list[LogEntry], list[tuple[int, dict[str, Any]]], Any]:
    """Log rows for an exported log, the snapshots every SNAPSHOT_EVERY entries, and the final state.

    Live entries that change the state are applied again (their events are recomputed); undone and
    bookkeeping entries keep the exported text. Raises IllegalAction naming the entry that fails.
    Nothing in the export may steer the dice: a re-roll's salt is its own entry number (as the service
    gives it), other entries carry none, and a fresh seed is taken only in the order the export's
    revealed seeds give. Who did what is kept as the export says it, marked "(imported)".
    """
    from .service import fresh_seed, reshuffle

    if not isinstance(log, list):
        raise IllegalAction("The export's log must be a list of entries")
    if len(log) > MAX_ENTRIES:
        raise IllegalAction(f"The export's log has {len(log)} entries: at most {MAX_ENTRIES} are imported")
    reseeds = reseeds or []
    seeds_used = 0
    entries: list[LogEntry] = []
    snapshots: list[tuple[int, dict[str, Any]]] = []
    last = 0
    for raw in log:
        if not isinstance(raw, dict):
            raise IllegalAction(f"Log entry after #{last} is not an object")
        try:
            seq = int(raw["seq"])
            kind = str(raw["kind"])
        except (KeyError, TypeError, ValueError):
            raise IllegalAction(f"Log entry after #{last} has no valid seq and kind") from None
        if seq <= last or kind not in KINDS:
            raise IllegalAction(f"Log entry #{seq}: out of order or of unknown kind '{kind[:20]}'")
        undone = bool(raw.get("undone"))
        salt, refers_to = _int(raw.get("salt"), seq), _int(raw.get("refers_to"), seq)
        rng = raw.get("rng")
        if (kind == "reroll") != (salt is not None) or (salt is not None and salt != seq):
            raise IllegalAction(f"Log entry #{seq}: a salt belongs to a re-roll, and is its own entry number")
        if rng is not None and rng != "redraw" and not (isinstance(rng, str) and rng == f"seed:{seeds_used + 1}"):
            raise IllegalAction(f"Log entry #{seq}: an unknown random-generator mark")
        if rng == "redraw" and kind != "reroll":
            raise IllegalAction(f"Log entry #{seq}: only a re-roll redraws")
        if isinstance(rng, str) and rng.startswith("seed:"):
            if seeds_used >= len(reseeds) or undone:
                raise IllegalAction(f"Log entry #{seq} takes a fresh seed the export does not reveal")
            seeds_used += 1
        side = None if raw.get("side") is None else _text(raw["side"], 20)
        action_data = raw.get("action") or {}
        if not isinstance(action_data, dict):
            raise IllegalAction(f"Log entry #{seq}: the action must be an object")
        who = " ".join(_text(raw.get("actor"), 40).split()).removesuffix(" (imported)")
        entry = LogEntry(game_id=0, seq=seq, kind=kind, side=side, actor="import",
                         actor_name=f"{who or 'someone'} (imported)", action=action_data,
                         reason=_text(raw.get("reason")), rule=_text(raw.get("rule"), 100),
                         refers_to=refers_to, salt=salt, undone=undone, version=seq, rng=rng)
        exported = [{"kind": kind, "text": _text(ev.get("text")), "rule": _text(ev.get("rule"), 100)}
                    for ev in raw.get("events") or [] if isinstance(ev, dict)]
        entry.events = exported
        if kind in STATE_KINDS and not undone:
            try:
                if salt is not None:
                    state.rng = Rng(seed_from(state.rng.state, salt))
                if rng == "redraw":
                    reshuffle(state)
                action = Action.from_dict(entry.action)
                if kind == "gm":
                    events = rules.gm_apply(state, action)
                else:
                    events = rules.apply(state, entry.side or "", action)
            except UmpireError as exc:
                raise IllegalAction(f"Log entry #{seq} does not replay: {exc.message}") from None
            except Exception as exc:  # an entry the rules cannot even read: the import is refused whole
                raise IllegalAction(f"Log entry #{seq} is malformed: {type(exc).__name__}") from None
            entry.events = [_event(e) for e in events]
            entry.random = any(e.random for e in events)
        if isinstance(rng, str) and rng.startswith("seed:"):
            fresh_seed(state, reseeds, rng)
        entries.append(entry)
        if seq % SNAPSHOT_EVERY == 0:
            snapshots.append((seq, rules.dump(state)))
        last = seq
    _link_undone(entries)
    return entries, snapshots, state


def _link_undone(entries: list[LogEntry]) -> None:
    """undone_by for each undone entry: the later undo, revert or re-roll of it, or the rewind past it."""
    for i, e in enumerate(entries):
        if not e.undone:
            continue
        for later in entries[i + 1:]:
            if (later.kind in UNDOERS and later.refers_to == e.seq) or (
                    later.kind == "rewind" and later.refers_to is not None and later.refers_to < e.seq):
                e.undone_by = later.seq
                break
