"""A map of every phase, of that phase: the closing view of each phase with its own moves and fire.

A phase is the run of live log entries (orders, GM rulings, re-rolls; not undone) up to and
including one whose events close a phase (``Event.phase_end``). Phases are numbered from 1 in the
order of the log; undoing an entry renumbers nothing before it.

The phase's map is the view after its closing entry, with:

- ``overlays``: what every entry of the phase drew (moves, fire, artillery), gathered entry by
  entry, so a game that keeps overlays only for its last order still shows the whole phase, and a
  game that keeps them across a phase with no order of its own (a pass) shows none from before;
- ``phase_map``: ``{"number", "of", "seq", "lines", "title"}``: the phase's number, how many phases
  the game has had so far, its closing entry, and what happened in it in words (the renderer prints
  these under the map).

Views are rebuilt from the nearest snapshot and the log (the same replay undo uses), so nothing is
stored besides the log, and an earlier phase can be drawn at any time (/game map phase:N).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session, col, select

from engine import registry
from engine.errors import NotFound
from engine.game import Action, GameRules

from .models import GameRecord, LogEntry, SnapshotRecord
from .service import STATE_KINDS, GameService, event_from_dict

MAX_LINES = 12  # lines of "what happened" kept with a phase's map


@dataclass
class Phase:
    number: int
    first_seq: int  # the phase's first live entry
    seq: int  # the entry that closed it (or the newest entry, for the phase under way)
    lines: list[str] = field(default_factory=list)
    closed: bool = True


def _entry_lines(group: str, e: LogEntry) -> list[str]:
    lines = []
    for ev in e.events:
        event = event_from_dict(ev)
        if event.kind == "prompt":
            continue
        lines.append(event.text)
    if not lines and e.action:
        lines.append(Action.from_dict(e.action).command("gm" if e.kind == "gm" else group))
    return lines


def _live(service: GameService, game_id: int) -> tuple[GameRecord, list[LogEntry]]:
    with Session(service.engine) as s:
        rec = s.get(GameRecord, game_id)
        if rec is None:
            raise NotFound(f"No game #{game_id}")
        entries = list(s.exec(select(LogEntry).where(LogEntry.game_id == game_id, col(LogEntry.undone).is_(False),
                                                     col(LogEntry.kind).in_(STATE_KINDS))
                              .order_by(col(LogEntry.seq))).all())
        return rec, entries


def split(group: str, entries: list[LogEntry], open_phase: bool = False) -> list[Phase]:
    """The live entries cut into phases; with ``open_phase``, the phase under way as the last one."""
    phases: list[Phase] = []
    current: Phase | None = None
    for e in entries:
        if current is None:
            current = Phase(len(phases) + 1, e.seq, e.seq)
        current.seq = e.seq
        current.lines += _entry_lines(group, e)
        if any(ev.get("phase_end") for ev in e.events):
            phases.append(current)
            current = None
    if open_phase and current is not None:
        current.closed = False
        phases.append(current)
    return phases


def phases(service: GameService, game_id: int) -> list[Phase]:
    """Every closed phase of the game so far (from the log alone: no replay)."""
    rec, entries = _live(service, game_id)
    return split(rec.game, GameService.visible(rec, entries, None))


def _new_overlays(before: list[Any], after: list[Any]) -> list[Any]:
    """What an entry drew: the overlays after it, less those it kept from before it."""
    if before and after[:len(before)] == before:
        return after[len(before):]
    return list(after)


def phase_views(service: GameService, game_id: int, numbers: list[int] | None = None,
                side: str | None = None) -> list[dict[str, Any]]:
    """The maps of the given closed phases (all when None), in order, rebuilt in one replay."""
    rec, entries = _live(service, game_id)
    rules = registry.get(rec.game)
    every = split(rec.game, GameService.visible(rec, entries, side))  # the words: no secret the side may not see
    if numbers is None:
        wanted = every
    else:
        unknown = [n for n in numbers if not 1 <= n <= len(every)]
        if unknown:
            raise NotFound(f"Game #{game_id} has no phase {unknown[0]}: its phases are 1 to {len(every)}"
                           if every else f"Game #{game_id} has not finished a phase yet")
        wanted = [every[n - 1] for n in sorted(set(numbers))]
    if not wanted:
        return []
    return _replay_views(service, rec, rules, entries, wanted, len(every), side)


def current_phase_view(service: GameService, game_id: int, side: str | None = None) -> dict[str, Any]:
    """The view now, with the overlays of the phase under way (or of the last phase, if none is)."""
    rec, entries = _live(service, game_id)
    rules = registry.get(rec.game)
    every = split(rec.game, GameService.visible(rec, entries, side), open_phase=True)
    if not every:
        view = rules.view(rules.load(rec.state), side)
        view["game_id"], view["version"] = rec.id, rec.version
        return view
    closed = sum(1 for p in every if p.closed)
    view = _replay_views(service, rec, rules, entries, [every[-1]], closed, side)[0]
    if not every[-1].closed:
        view["phase_map"]["title"] = view["phase_map"]["title"].replace("Phase", "Phase under way:", 1)
        view["phase_map"]["of"] = 0
    return view


def _replay_views(service: GameService, rec: GameRecord, rules: GameRules, entries: list[LogEntry],
                  wanted: list[Phase], total: int, side: str | None) -> list[dict[str, Any]]:
    start = wanted[0].first_seq
    with Session(service.engine) as s:
        snap = s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == rec.id,
                                                   col(SnapshotRecord.seq) < start)
                      .order_by(col(SnapshotRecord.seq).desc()).limit(1)).first()
        snap_seq, snap_state = (snap.seq, snap.state) if snap is not None else (0, None)
    state = rules.load(snap_state) if snap_state is not None else \
        rules.new_state(rec.scenario, rec.seed, rules.upgrade_options(rec.options))
    by_first = {p.first_seq: p for p in wanted}
    by_last = {p.seq: p for p in wanted}
    out: list[dict[str, Any]] = []
    gathering: Phase | None = None
    name, turn = "", None
    before: list[Any] = []
    drawn: list[Any] = []
    for e in entries:
        if e.seq <= snap_seq:
            continue
        if e.seq > wanted[-1].seq:
            break
        if e.seq in by_first:
            gathering = by_first[e.seq]
            opening = rules.view(state, side)
            before, drawn = list(opening.get("overlays") or []), []
            name = str(opening.get("phase_name") or opening.get("phase") or "").replace("_", " ")
            turn = opening.get("turn")
        GameService._apply_entries(rules, state, [e])
        if gathering is None:
            continue
        after = list(rules.view(state, side).get("overlays") or [])
        for o in _new_overlays(before, after):
            if o not in drawn:
                drawn.append(o)
        before = after
        if e.seq in by_last:
            phase = by_last[e.seq]
            view = rules.view(state, side)
            view["overlays"] = drawn
            view["game_id"], view["version"] = rec.id, e.version
            following = str(view.get("phase_name") or view.get("phase") or "").replace("_", " ")
            title = f"Phase {phase.number}" + (f" (turn {turn}, {name})" if turn is not None and name else
                                               f" ({name})" if name else "")
            view["phase_map"] = {"number": phase.number, "of": total, "seq": phase.seq, "phase_name": name,
                                 "turn": turn, "next": following, "lines": phase.lines[-MAX_LINES:], "title": title,
                                 "more": max(0, len(phase.lines) - MAX_LINES)}
            if name:  # the header names the phase this map shows; the caption says what comes next
                view["phase_name"] = name
            out.append(view)
            gathering = None
    return out
