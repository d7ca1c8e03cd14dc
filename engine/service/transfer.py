"""Importing an exported game: the export bounded and checked, its log replayed from the seed into fresh
log rows and snapshots, and the game stored through the one write path (``writes.Writer.write``).

(The export itself is ``GameService.export``: a read of the game's info, log, seeds and view.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from engine import registry
from engine.errors import Forbidden, IllegalAction, UmpireError
from engine.game import Action, GameRules
from engine.rng import Rng, seed_from

from .games import info_of
from .models import GameRecord, SeatRecord, SnapshotRecord, now
from .records import SNAPSHOT_EVERY, STATE_KINDS, GameInfo, commitment
from .replay import fresh_seed, reshuffle
from .writes import Writer

MAX_ENTRIES = 200_000  # entries of one imported log

KINDS = (*STATE_KINDS, "undo", "revert", "rewind", "seat", "deadline")
UNDOERS = ("undo", "revert", "reroll")


MAX_EXPORT_BYTES = 64 * 1024 * 1024  # an export file read for import
MAX_DEPTH = 24  # nesting of objects and lists in an export (a real one nests 6 deep)


def load_export(text: str | bytes) -> dict[str, Any]:
    """An export file's JSON, bounded: its size, its nesting, finite numbers of sane length. Refusals are
    ``IllegalAction``s with the reason, never a traceback."""
    import json
    import math
    import re
    from itertools import accumulate

    if len(text) > MAX_EXPORT_BYTES:
        raise IllegalAction(f"The export is {len(text)} bytes: at most {MAX_EXPORT_BYTES} are imported")
    # the nesting, counted on the brackets outside strings, before the parser recurses into it
    body = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    brackets = re.sub(r'"[^"\\]*(?:\\.[^"\\]*)*"', "", body)
    steps = (1 if ch in "[{" else -1 for ch in re.findall(r"[\[\]{}]", brackets))
    if max(accumulate(steps, initial=0)) > MAX_DEPTH:
        raise IllegalAction(f"The export nests deeper than {MAX_DEPTH} levels: it is not an export")

    def number(value: str) -> float:
        parsed = float(value)
        if not math.isfinite(parsed) or len(value) > 40:
            raise ValueError(f"a number out of range ({value[:20]}...)")
        return parsed

    def whole(value: str) -> int:
        if len(value) > 100:  # a number of 100 digits is no export's; check_values names a field past 64 bits
            raise ValueError(f"a number of {len(value)} digits")
        return int(value)

    def constant(value: str) -> Any:
        raise ValueError(f"{value} is not a number an export holds")

    try:
        data = json.loads(text, parse_float=number, parse_int=whole, parse_constant=constant)
    except (ValueError, RecursionError) as exc:
        raise IllegalAction(f"The export is not valid JSON: {str(exc)[:120]}") from None
    if not isinstance(data, dict):
        raise IllegalAction("An import needs an exported game (a JSON object)")
    return data


def _event(e: Any) -> dict[str, Any]:
    return {"kind": e.kind, "text": e.text, "rule": e.rule, "side": e.side, "data": e.data, "random": e.random,
            "phase_end": e.phase_end}


# Bounds of an export's values: what Umpire itself writes stays well inside them (a title is at most 100
# characters, a GM's reason 300, a rule 100); anything past them is refused, naming the field, not cut.
MAX_STRING = 4000  # any text anywhere in an export (the view's included)
MAX_INT = 2**63  # any whole number (BIGINT); entry numbers and references are below 2**31 (INTEGER)
MAX_SEQ = 2**31 - 1
MAX_EVENTS = 5000  # events of one entry (an entry replayed has its events recomputed)
MAX_ARGS = 32  # arguments of one order
LIMITS = {"title": 200, "scenario": 100, "game": 20, "side": 20, "actor": 100, "reason": 2000, "rule": 200,
          "rng": 20, "kind": 40, "text": 2000}


MAX_FIELD_NAME = 40  # characters of one key shown in a refusal (the key is the export's, so hostile)


def _shown_key(key: Any) -> str:
    """A key as a refusal may show it: control characters as escapes, cut to ``MAX_FIELD_NAME``."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(key))
    return text if len(text) <= MAX_FIELD_NAME else text[:MAX_FIELD_NAME] + "..."


def _field(path: tuple[Any, ...]) -> str:
    out = ""
    for key in path[:12]:
        out += f"[{key}]" if isinstance(key, int) else (f".{_shown_key(key)}" if out else _shown_key(key))
    return (out + ("..." if len(path) > 12 else "")) or "(the whole export)"


def check_values(data: Any) -> None:
    """Every value of an export, wherever it is: no NUL character (Postgres cannot store one), no text
    over MAX_STRING, no number beyond 64 bits or not finite, no nesting past MAX_DEPTH, only JSON's types.
    Refuses with the field's path (``log[3].reason``). Iterative: no recursion however deep the data."""
    import math

    def refuse(path: tuple[Any, ...], problem: str, key: Any = None) -> None:
        raise IllegalAction(f"The export's {_field(path if key is None else (*path, key))} {problem}")

    def scalar(value: Any, path: tuple[Any, ...], key: Any = None) -> bool:
        """Checks a scalar (``key`` of the container at ``path``); False for a container."""
        if isinstance(value, str):
            if "\x00" in value:
                refuse(path, "holds a NUL character: refusing the import", key)
            if len(value) > MAX_STRING:
                refuse(path, f"is {len(value)} characters long: at most {MAX_STRING}", key)
        elif value is None or isinstance(value, bool):
            pass
        elif isinstance(value, int):
            if not -MAX_INT <= value < MAX_INT:
                refuse(path, "is a number beyond 64 bits", key)
        elif isinstance(value, float):
            if not math.isfinite(value):
                refuse(path, "is not a finite number", key)
        elif isinstance(value, dict | list):
            return False
        else:
            refuse(path, f"is a {type(value).__name__}, not a JSON value", key)
        return True

    stack: list[tuple[Any, tuple[Any, ...]]] = []
    if not scalar(data, ()):
        stack.append((data, ()))
    while stack:
        value, path = stack.pop()
        if len(path) >= MAX_DEPTH:
            refuse(path, f"nests deeper than {MAX_DEPTH} levels")
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            if isinstance(k, str) and ("\x00" in k or len(k) > 100):
                refuse(path, "has a malformed key")
            if not scalar(v, path, k):
                stack.append((v, (*path, k)))


def text_field(value: Any, name: str, where: str, optional: bool = True) -> str | None:
    """A text of the export, refused (naming it) when of the wrong type or longer than its limit."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise IllegalAction(f"{where}: {name} must be a text, not {type(value).__name__}")
    if len(value) > LIMITS.get(name, MAX_STRING):
        raise IllegalAction(f"{where}: {name} is {len(value)} characters long: at most {LIMITS.get(name, MAX_STRING)}")
    return value


def _int(value: Any, name: str, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEQ:
        raise IllegalAction(f"{where}: {name} must be a whole number from 0 to {MAX_SEQ}")
    return value


def _action(value: Any, where: str) -> dict[str, Any]:
    """An order as the log stores it: {"kind": text, "args": {name: text | number | bool | None}}."""
    if value is None or value == {}:
        return {}
    if not isinstance(value, dict) or set(value) - {"kind", "args"}:
        raise IllegalAction(f"{where}: action must be an object with kind and args")
    text_field(value.get("kind"), "kind", f"{where}: action", optional=False)
    args = value.get("args", {})
    if not isinstance(args, dict) or len(args) > MAX_ARGS:
        raise IllegalAction(f"{where}: action args must be an object of at most {MAX_ARGS} values")
    for key, arg in args.items():
        if isinstance(arg, list | dict):
            raise IllegalAction(f"{where}: action argument {key[:40]} must be a text, a number or true/false")
        if isinstance(arg, str) and len(arg) > 500:
            raise IllegalAction(f"{where}: action argument {key[:40]} is {len(arg)} characters long: at most 500")
    return value


def _events(value: Any, where: str) -> list[dict[str, Any]]:
    """The texts of an entry not replayed, as the export gives them."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_EVENTS:
        raise IllegalAction(f"{where}: events must be a list of at most {MAX_EVENTS}")
    out = []
    for i, ev in enumerate(value):
        if not isinstance(ev, dict):
            raise IllegalAction(f"{where}: event {i + 1} must be an object")
        out.append({"kind": "", "text": text_field(ev.get("text"), "text", f"{where}: event {i + 1}") or "",
                    "rule": text_field(ev.get("rule"), "rule", f"{where}: event {i + 1}") or ""})
    return out


def rebuild_log(rules: GameRules, state: Any, log: list[Any], reseeds: list[dict[str, Any]] | None = None
                ) -> tuple[list[dict[str, Any]], list[tuple[int, dict[str, Any]]], Any]:
    """Log rows (``log`` table values, ``game_id`` 0) for an exported log, the snapshots, and the final state, in one pass (linear in the log).

    Live entries that change the state are applied again (their events are recomputed); undone and
    bookkeeping entries keep the exported text. Raises IllegalAction naming the entry (and the field)
    that fails. Nothing in the export may steer the dice: a re-roll's salt is its own entry number (as
    the service gives it), other entries carry none, and a fresh seed is taken only in the order the
    export's revealed seeds give. Who did what is kept as the export says it, marked "(imported)".
    A snapshot is taken after every SNAPSHOT_EVERY entries that changed the state: a run of undone
    entries adds rows about the size of the file's, not a copy of the state every twenty of them.
    """
    if not isinstance(log, list):
        raise IllegalAction("The export's log must be a list of entries")
    if len(log) > MAX_ENTRIES:
        raise IllegalAction(f"The export's log has {len(log)} entries: at most {MAX_ENTRIES} are imported")
    reseeds = reseeds or []
    seeds_used = 0
    entries: list[dict[str, Any]] = []
    created = now()
    snapshots: list[tuple[int, dict[str, Any]]] = []
    last = applied = 0
    for raw in log:
        where = f"Log entry after #{last}"
        if not isinstance(raw, dict):
            raise IllegalAction(f"{where} is not an object")
        seq, kind = raw.get("seq"), raw.get("kind")
        if isinstance(seq, bool) or not isinstance(seq, int) or not isinstance(kind, str):
            raise IllegalAction(f"{where} has no valid seq and kind")
        if not last < seq <= MAX_SEQ or kind not in KINDS:
            raise IllegalAction(f"{where}: seq {str(seq)[:20]} out of order or beyond {MAX_SEQ}, or kind "
                                f"'{kind[:20]}' unknown")
        where = f"Log entry #{seq}"
        undone = raw.get("undone", False)
        if not isinstance(undone, bool):
            raise IllegalAction(f"{where}: undone must be true or false")
        salt, refers_to = _int(raw.get("salt"), "salt", where), _int(raw.get("refers_to"), "refers_to", where)
        rng = text_field(raw.get("rng"), "rng", where)
        if (kind == "reroll") != (salt is not None) or (salt is not None and salt != seq):
            raise IllegalAction(f"{where}: a salt belongs to a re-roll, and is its own entry number")
        if rng is not None and rng != "redraw" and rng != f"seed:{seeds_used + 1}":
            raise IllegalAction(f"{where}: an unknown random-generator mark")
        if rng == "redraw" and kind != "reroll":
            raise IllegalAction(f"{where}: only a re-roll redraws")
        if rng is not None and rng.startswith("seed:"):
            if seeds_used >= len(reseeds) or undone:
                raise IllegalAction(f"{where} takes a fresh seed the export does not reveal")
            seeds_used += 1
        side = text_field(raw.get("side"), "side", where)
        action_data = _action(raw.get("action"), where)
        who = " ".join((text_field(raw.get("actor"), "actor", where) or "").split()).removesuffix(" (imported)")
        entry: dict[str, Any] = {
            "game_id": 0, "seq": seq, "kind": kind, "side": side, "actor": "import",
            "actor_name": f"{who or 'someone'} (imported)", "action": action_data,
            "events": [dict(ev, kind=kind) for ev in _events(raw.get("events"), where)],
            "reason": text_field(raw.get("reason"), "reason", where) or "",
            "rule": text_field(raw.get("rule"), "rule", where) or "", "refers_to": refers_to, "salt": salt,
            "undone": undone, "undone_by": None, "random": False, "version": seq, "created_at": created,
            "interaction_id": None, "rng": rng}
        if kind in STATE_KINDS and not undone:
            try:
                if salt is not None:
                    state.rng = Rng(seed_from(state.rng.state, salt))
                if rng == "redraw":
                    reshuffle(state)
                action = Action.from_dict(action_data)
                if kind == "gm":
                    events = rules.gm_apply(state, action)
                else:
                    events = rules.apply(state, side or "", action)
            except UmpireError as exc:
                raise IllegalAction(f"{where} does not replay: {exc.message}") from None
            except Exception as exc:  # an entry the rules cannot even read: the import is refused whole
                raise IllegalAction(f"{where} is malformed: {type(exc).__name__}") from None
            entry["events"] = [_event(e) for e in events]
            entry["random"] = any(e.random for e in events)
            applied += 1
        if rng is not None and rng.startswith("seed:"):
            fresh_seed(state, reseeds, rng)
        entries.append(entry)
        if applied >= SNAPSHOT_EVERY:
            snapshots.append((seq, rules.dump(state)))
            applied = 0
        last = seq
    link_undone(entries)
    return entries, snapshots, state


def link_undone(entries: list[dict[str, Any]]) -> None:
    """undone_by for each undone entry: the first later undo, revert or re-roll of it, or rewind past it.

    One pass: the undone entries not yet linked wait on a stack in log order; an undoer links the one it
    names, a rewind links every waiting entry after the point it rewinds to (the top of the stack)."""
    waiting: list[dict[str, Any]] = []
    by_seq: dict[int, dict[str, Any]] = {}
    for e in entries:
        refers_to = e["refers_to"]
        if e["kind"] in UNDOERS and refers_to is not None and (target := by_seq.pop(refers_to, None)):
            target["undone_by"] = e["seq"]
        elif e["kind"] == "rewind" and refers_to is not None:
            while waiting and waiting[-1]["seq"] > refers_to:
                target = waiting.pop()
                if by_seq.pop(target["seq"], None) is not None:
                    target["undone_by"] = e["seq"]
        if e["undone"]:
            waiting.append(e)
            by_seq[e["seq"]] = e


@dataclass
class Imported:
    """An export read and replayed: what ``store_import`` stores once its final view is checked."""

    rules: GameRules
    scenario: str
    seed: int
    salt: str | None
    fresh: list[dict[str, Any]]
    options: dict[str, Any]
    state: Any  # the state the log replays to
    entries: list[dict[str, Any]]
    snapshots: list[tuple[int, dict[str, Any]]]


def read_import(data: Any) -> Imported:
    """An export's fields bounded, its seeds checked against their hashes, and its log replayed from the
    seed (``rebuild_log``); refused with the reason (``IllegalAction``, ``Forbidden``) otherwise."""
    if not isinstance(data, dict):
        raise IllegalAction("An import needs an exported game (a JSON object)")
    check_values(data)  # NUL characters, huge numbers, over-long texts, deep nesting: refused by field
    if data.get("seed") is None:
        raise Forbidden("Only a finished game can be imported: an export of a game in progress holds no seed")
    for key in ("game", "scenario", "seed_hash", "view", "log", "status"):
        if data.get(key) is None:
            raise IllegalAction(f"The export has no {key}: only a whole export of a finished game is imported")
    for key in ("game", "scenario", "title", "seed_hash", "status"):
        text_field(data.get(key), key, "The export")
    rules = registry.get(str(data["game"]))
    seed, salt = data["seed"], data.get("seed_salt")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise IllegalAction("The export's seed must be a whole number below 2**63")
    if salt is not None and (not isinstance(salt, str) or len(salt) > 64):
        raise IllegalAction("The export's seed salt must be a short text")
    if data["seed_hash"] != commitment(seed, salt):
        raise IllegalAction("The export's seed does not match its seed hash: refusing the import")
    reseeds = data.get("reseeds") or []
    if not isinstance(reseeds, list) or len(reseeds) > 1000:
        raise IllegalAction("The export's fresh seeds must be a short list")
    fresh: list[dict[str, Any]] = []
    for n, r in enumerate(reseeds, 1):
        ok = isinstance(r, dict) and isinstance(r.get("seed"), int) and isinstance(r.get("salt"), str)
        if not ok or not 0 <= r["seed"] < 2**63 or r.get("hash") != commitment(r["seed"], r["salt"]):
            raise IllegalAction(f"The export's fresh seed #{n} does not match its hash: refusing the import")
        fresh.append({"seed": r["seed"], "salt": r["salt"]})
    options = data.get("options") or {}
    if not isinstance(options, dict) or len(options) > 64:
        raise IllegalAction("The export's options must be a short object")
    try:
        scenario = str(data["scenario"])
        state = rules.new_state(scenario, seed, rules.upgrade_options(options))
    except UmpireError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise IllegalAction(f"The export is malformed: {type(exc).__name__}") from None
    entries, snapshots, state = rebuild_log(rules, state, data["log"], fresh)
    return Imported(rules, scenario, seed, salt, fresh, options, state, entries, snapshots)


def store_import(writer: Writer, got: Imported, data: dict[str, Any], guild_id: str | None,
                 channel_id: str | None) -> GameInfo:
    """The imported game stored, once its log ends the game with the exported result: a new game whose
    every side is the bot's, its log and snapshots written through the one write path (the game's row
    moves from version 0 to its last entry's number as its log lands), in one transaction."""
    rules, state, options = got.rules, got.state, got.options
    if not rules.is_over(state) or data["status"] != "over" or data.get("winner") != rules.winner(state):
        raise IllegalAction("The export's log does not end the game with its result: only a whole record of "
                            "a finished game is imported")
    dumped, seq = rules.dump(state), got.entries[-1]["seq"] if got.entries else 0
    rec = GameRecord(game=rules.key, scenario=got.scenario, seed=got.seed, options=dumped.get("options", options),
                     title=" ".join(str(data.get("title") or rules.title).split())[:100], guild_id=guild_id,
                     channel_id=channel_id, state=dumped, version=0, seq=0, status="over",
                     winner=rules.winner(state), seed_salt=got.salt, reseeds=got.fresh)
    opening = rules.dump(rules.new_state(got.scenario, got.seed, rules.upgrade_options(options)))
    try:
        with Session(writer.engine) as s:
            s.add(rec)
            s.flush()
            assert rec.id is not None
            for side in rules.sides:
                s.add(SeatRecord(game_id=rec.id, side=side, kind="bot"))
            for e in got.entries:
                e["game_id"] = rec.id
            s.add(SnapshotRecord(game_id=rec.id, seq=0, state=opening))
            if not writer.write(rec.id, 0, {"version": seq, "seq": seq}, got.entries, got.snapshots, session=s):
                raise IllegalAction("The imported game changed while it was stored: nothing was imported")
            return info_of(s, rec)
    except DBAPIError as exc:  # what the checks above did not foresee: one line, nothing stored
        raise IllegalAction(f"The database refused the import: {type(exc.orig).__name__}") from None
