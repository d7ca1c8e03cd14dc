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

What a map costs is bounded, whatever the length of the phase or of the log (a seated player can make
a set-up phase thousands of entries long by placing one unit again and again): the entries that close
phases are found and counted in SQL (``phase_count``, ``phase_numbers``: no replay, no row of the log
loaded), a map reads and draws the moves of its phase's newest ``PHASE_DRAWN`` entries (``phase_map``'s
``cut`` counts the rest, and the caption says they are not drawn), and it starts from a state at most
``CATCH_UP`` entries from a snapshot. ``phases`` (the table's list of every phase) still reads the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import Text, cast, func, or_
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from engine import registry
from engine.errors import NotFound
from engine.game import Action, GameRules

from .hidden import visible
from .models import GameRecord, LogEntry, SnapshotRecord
from .records import STATE_KINDS, event_from_dict
from .replay import apply_entries

MAX_LINES = 12  # lines of "what happened" kept with a phase's map
PHASE_DRAWN = 50  # the newest entries of a phase whose moves its map draws (a longer phase: the caption says so)
CATCH_UP = 60  # entries replayed, without a view, from a snapshot to the first entry a map draws
CLOSES = '%"phase_end": true%'


class HasEngine(Protocol):
    """What these reads need of the service (``service.GameService``): its database. A protocol, so this
    module sits below the facade that calls it (``GameService.replay_frames``) and no import circles."""

    @property
    def engine(self) -> Engine: ...


@dataclass
class Phase:
    number: int
    first_seq: int  # the phase's first live entry
    seq: int  # the entry that closed it (or the newest entry, for the phase under way)
    lines: list[str] = field(default_factory=list)
    closed: bool = True
    drawn: list[LogEntry] = field(default_factory=list)  # the entries whose moves the map draws
    cut: int = 0  # the phase's entries before those: counted, not drawn


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


def _live(service: HasEngine, game_id: int) -> tuple[GameRecord, list[LogEntry]]:
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


def phases(service: HasEngine, game_id: int) -> list[Phase]:
    """Every closed phase of the game so far (from the log alone: no replay)."""
    rec, entries = _live(service, game_id)
    return split(rec.game, visible(rec, entries, None))


def _new_overlays(before: list[Any], after: list[Any]) -> list[Any]:
    """What an entry drew: the overlays after it, less those it kept from before it."""
    if before and after[:len(before)] == before:
        return after[len(before):]
    return list(after)


def _live_filter(game_id: int) -> list[Any]:
    return [LogEntry.game_id == game_id, col(LogEntry.undone).is_(False), col(LogEntry.kind).in_(STATE_KINDS)]


def _closing(game_id: int) -> list[Any]:
    """The live entries that close a phase, found in SQL: their events' JSON holds ``"phase_end": true``
    (the stored text of ``records.event_dict``; a quote inside an event's words is escaped, so never matches)."""
    return _live_filter(game_id) + [cast(LogEntry.events, Text).like(CLOSES)]


def _count(s: Session, conditions: list[Any]) -> int:
    return int(s.exec(select(func.count()).select_from(LogEntry).where(*conditions)).one())


def _closing_seq(s: Session, game_id: int, number: int) -> int:
    """The entry that closed phase ``number`` (0 for "phase 0": the start of the game)."""
    if number <= 0:
        return 0
    seq = s.exec(select(LogEntry.seq).where(*_closing(game_id)).order_by(col(LogEntry.seq))
                 .offset(number - 1).limit(1)).first()
    return int(seq) if seq is not None else 0


def _span(s: Session, rec: GameRecord, number: int, after: int, upto: int | None, side: str | None,
          closed: bool) -> Phase:
    """Phase ``number``: the live entries after ``after`` up to ``upto`` (all, for the phase under way), of
    which the newest PHASE_DRAWN are read (``Phase.drawn``) and the rest only counted (``Phase.cut``)."""
    assert rec.id is not None
    conditions = _live_filter(rec.id) + [col(LogEntry.seq) > after]
    if upto is not None:
        conditions.append(col(LogEntry.seq) <= upto)
    newest = list(s.exec(select(LogEntry).where(*conditions).order_by(col(LogEntry.seq).desc())
                         .limit(PHASE_DRAWN)).all())[::-1]
    count = len(newest) if len(newest) < PHASE_DRAWN else _count(s, conditions)
    if not newest:
        first = after + 1
    elif len(newest) == count:
        first = newest[0].seq
    else:
        first = int(s.exec(select(func.min(LogEntry.seq)).where(*conditions)).one() or 0)
    phase = Phase(number, first, newest[-1].seq if newest else after, closed=closed)
    phase.drawn = newest
    phase.cut = count - len(newest)
    for e in visible(rec, newest, side):  # the words: no secret the side may not see
        phase.lines += _entry_lines(rec.game, e)
    return phase


def phase_count(service: HasEngine, game_id: int) -> int:
    """How many phases the game has closed (one SQL count: nothing is replayed)."""
    with Session(service.engine) as s:
        if s.get(GameRecord, game_id) is None:
            raise NotFound(f"No game #{game_id}")
        return _count(s, _closing(game_id))


def closing_seqs(service: HasEngine, game_id: int) -> list[int]:
    """The entry that closed each phase, phase 1 first (one column from SQL: no event is read in Python)."""
    with Session(service.engine) as s:
        if s.get(GameRecord, game_id) is None:
            raise NotFound(f"No game #{game_id}")
        return [int(q) for q in s.exec(select(LogEntry.seq).where(*_closing(game_id)).order_by(col(LogEntry.seq)))]


def phase_numbers(service: HasEngine, game_id: int, seqs: list[int]) -> list[int]:
    """The numbers of the phases the entries ``seqs`` closed (those that did), in order."""
    if not seqs:
        return []
    with Session(service.engine) as s:  # two statements, however many phases an answer closed
        first = min(seqs)
        before = _count(s, _closing(game_id) + [col(LogEntry.seq) < first])
        since = list(s.exec(select(LogEntry.seq).where(*_closing(game_id), col(LogEntry.seq) >= first)
                            .order_by(col(LogEntry.seq))).all())
        wanted = set(seqs)
        return [before + n + 1 for n, seq in enumerate(since) if seq in wanted]


def phase_views(service: HasEngine, game_id: int, numbers: list[int] | None = None,
                side: str | None = None) -> list[dict[str, Any]]:
    """The maps of the given closed phases (all when None), in order.

    Each costs a bounded amount whatever the phase's or the log's length: the moves of its newest
    PHASE_DRAWN entries are drawn, from a state at most CATCH_UP entries from a snapshot."""
    with Session(service.engine) as s:
        rec = s.get(GameRecord, game_id)
        if rec is None:
            raise NotFound(f"No game #{game_id}")
        total = _count(s, _closing(game_id))
        wanted = list(range(1, total + 1)) if numbers is None else sorted(set(numbers))
        unknown = [n for n in wanted if not 1 <= n <= total]
        if unknown:
            raise NotFound(f"Game #{game_id} has no phase {unknown[0]}: its phases are 1 to {total}"
                           if total else f"Game #{game_id} has not finished a phase yet")
        spans = []
        for n in wanted:
            after, upto = _closing_seq(s, game_id, n - 1), _closing_seq(s, game_id, n)
            spans.append(_span(s, rec, n, after, upto, side, closed=True))
        return _replay_views(s, rec, spans, total, side)


def current_phase_view(service: HasEngine, game_id: int, side: str | None = None) -> dict[str, Any]:
    """The view now, with the overlays of the phase under way (or of the last phase, if none is)."""
    with Session(service.engine) as s:
        rec = s.get(GameRecord, game_id)
        if rec is None:
            raise NotFound(f"No game #{game_id}")
        rules = registry.get(rec.game)
        closed = _count(s, _closing(game_id))
        last = _closing_seq(s, game_id, closed)
        phase = _span(s, rec, closed + 1, last, None, side, closed=False)
        if not phase.drawn and closed:  # nothing since the last phase closed: that phase's map
            phase = _span(s, rec, closed, _closing_seq(s, game_id, closed - 1), last, side, closed=True)
        if not phase.drawn:
            view = rules.view(rules.load(rec.state), side)
            view["game_id"], view["version"] = rec.id, rec.version
            return view
        view = _replay_views(s, rec, [phase], closed, side)[0]
    if not phase.closed:
        view["phase_map"]["title"] = view["phase_map"]["title"].replace("Phase", "Phase under way:", 1)
        view["phase_map"]["of"] = 0
    return view


def _replayed(s: Session, rec: GameRecord, after: int, upto: int, limit: int = CATCH_UP) -> list[LogEntry] | None:
    """The entries a replay applies after entry ``after`` up to ``upto`` (orders, rulings, fresh seeds);
    None when they are more than ``limit``."""
    assert rec.id is not None
    rows = list(s.exec(select(LogEntry).where(LogEntry.game_id == rec.id, col(LogEntry.seq) > after,
                                              col(LogEntry.seq) <= upto, col(LogEntry.undone).is_(False),
                                              or_(col(LogEntry.kind).in_(STATE_KINDS),
                                                  col(LogEntry.rng).is_not(None)))
                       .order_by(col(LogEntry.seq)).limit(limit + 1)).all())
    return None if len(rows) > limit else rows


def _start(s: Session, rec: GameRecord, rules: GameRules, phase: Phase, state: Any, at: int) -> tuple[Any, int]:
    """The state just before the first entry the phase's map draws (its moves start there), and the seq it
    stands after. From the state in hand (after entry ``at``) or the newest snapshot before, if no more
    than CATCH_UP entries away; else from the oldest snapshot inside the drawn entries, whose moves before
    it are then not drawn (counted in ``phase.cut``)."""
    begin = phase.drawn[0].seq - 1
    snap = s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == rec.id, col(SnapshotRecord.seq) <= begin)
                  .order_by(col(SnapshotRecord.seq).desc()).limit(1)).first()
    snap_seq = snap.seq if snap is not None else 0
    if state is None or at > begin or snap_seq > at:
        state, at = None, snap_seq
    entries = _replayed(s, rec, at, begin)
    if entries is None:  # too far from any snapshot: start at one inside the phase instead
        inside = s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == rec.id, col(SnapshotRecord.seq) > begin,
                                                     col(SnapshotRecord.seq) <= phase.seq)
                        .order_by(col(SnapshotRecord.seq)).limit(1)).first()
        if inside is None:
            raise NotFound(f"The map of phase {phase.number} cannot be rebuilt within Umpire's bound (no snapshot "
                           f"within {CATCH_UP} entries of it, after a GM's revert): /game replay shows the game")
        kept = [e for e in phase.drawn if e.seq > inside.seq]
        phase.cut += len(phase.drawn) - len(kept)
        phase.drawn = kept
        return rules.load(inside.state), inside.seq
    if state is None:
        state = rules.load(snap.state) if snap is not None else \
            rules.new_state(rec.scenario, rec.seed, rules.upgrade_options(rec.options))
    apply_entries(rules, state, entries, list(rec.reseeds or []))
    return state, begin


def _replay_views(s: Session, rec: GameRecord, wanted: list[Phase], total: int,
                  side: str | None) -> list[dict[str, Any]]:
    rules = registry.get(rec.game)
    reseeds = list(rec.reseeds or [])
    out: list[dict[str, Any]] = []
    state: Any = None
    at = 0
    for phase in wanted:
        state, at = _start(s, rec, rules, phase, state, at)
        opening = rules.view(state, side)
        before, drawn = list(opening.get("overlays") or []), []
        name = str(opening.get("phase_name") or opening.get("phase") or "").replace("_", " ")
        turn = opening.get("turn")
        for e in _with_seeds(s, rec, phase):
            apply_entries(rules, state, [e], reseeds)
            at = e.seq
            if e.kind not in STATE_KINDS:
                continue
            after = list(rules.view(state, side).get("overlays") or [])
            for o in _new_overlays(before, after):
                if o not in drawn:
                    drawn.append(o)
            before = after
        view = rules.view(state, side)
        view["overlays"] = drawn
        view["game_id"], view["version"] = rec.id, phase.drawn[-1].version if phase.drawn else rec.version
        following = str(view.get("phase_name") or view.get("phase") or "").replace("_", " ")
        title = f"Phase {phase.number}" + (f" (turn {turn}, {name})" if turn is not None and name else
                                           f" ({name})" if name else "")
        view["phase_map"] = {"number": phase.number, "of": total, "seq": phase.seq, "phase_name": name,
                             "turn": turn, "next": following, "lines": phase.lines[-MAX_LINES:], "title": title,
                             "more": max(0, len(phase.lines) - MAX_LINES), "cut": phase.cut}
        if name:  # the header names the phase this map shows; the caption says what comes next
            view["phase_name"] = name
        out.append(view)
    return out


def _with_seeds(s: Session, rec: GameRecord, phase: Phase) -> list[LogEntry]:
    """The drawn entries, with any fresh seed (a revert's) among them, in order."""
    if not phase.drawn or not rec.reseeds:
        return list(phase.drawn)
    seeds = list(s.exec(select(LogEntry).where(LogEntry.game_id == rec.id, col(LogEntry.seq) >= phase.drawn[0].seq,
                                               col(LogEntry.seq) <= phase.drawn[-1].seq,
                                               col(LogEntry.undone).is_(False), col(LogEntry.rng).is_not(None),
                                               col(LogEntry.kind).not_in(STATE_KINDS))).all())
    return sorted(list(phase.drawn) + seeds, key=lambda e: e.seq)


REPLAY_BUDGET = 1000  # entries /game replay applies at most, over all its frames (each from the nearer of
# the state in hand and a snapshot: about 20 at most, so 40 frames fit)


def replay_frames(service: HasEngine, game_id: int, frames: int = 40, window: int = 2000) -> list[dict[str, Any]]:
    """Views for an animated replay: where the last ``window`` entries start (the opening in a shorter
    game), after each of the last ``frames - 2`` phase ends in them, and now.

    Each frame's state comes from the state in hand or the nearest snapshot, whichever is nearer, and
    the replay applies at most REPLAY_BUDGET entries in all: a frame further than that from both is left
    out (a long phase between two snapshots' reach), and the opening moves to the oldest snapshot in the
    window. So the cost follows ``frames``, not the window, the phases' lengths or the log's."""
    with Session(service.engine) as s:
        rec = s.get(GameRecord, game_id)
        if rec is None:
            raise NotFound(f"No game #{game_id}")
        rules = registry.get(rec.game)
        lo = max(0, rec.seq - window)
        ends = list(s.exec(select(LogEntry.seq).where(*_closing(game_id), col(LogEntry.seq) > lo)
                           .order_by(col(LogEntry.seq).desc()).limit(max(1, frames - 2))).all())[::-1]
        newest = s.exec(select(func.max(LogEntry.seq)).where(
            LogEntry.game_id == game_id, col(LogEntry.seq) > lo, col(LogEntry.undone).is_(False),
            or_(col(LogEntry.kind).in_(STATE_KINDS), col(LogEntry.rng).is_not(None)))).one()
        budget = REPLAY_BUDGET
        state: Any = None
        at = -1
        views: list[dict[str, Any]] = []
        for point in [lo, *ends]:
            snap = s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == game_id,
                                                       col(SnapshotRecord.seq) <= point)
                          .order_by(col(SnapshotRecord.seq).desc()).limit(1)).first()
            snap_seq = snap.seq if snap is not None else 0
            start, start_at = (state, at) if state is not None and snap_seq <= at <= point else (None, snap_seq)
            rows = _replayed(s, rec, start_at, point, limit=budget)
            if rows is None and point == lo:  # the opening too far from a snapshot: the oldest one after it
                later = s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == game_id,
                                                            col(SnapshotRecord.seq) > lo)
                               .order_by(col(SnapshotRecord.seq)).limit(1)).first()
                if later is None:
                    continue
                state, at = rules.load(later.state), later.seq
                views.append(rules.view(state, None))
                continue
            if rows is None:
                continue  # this frame is too far from everything: left out
            if start is None:
                start = rules.load(snap.state) if snap is not None else \
                    rules.new_state(rec.scenario, rec.seed, rules.upgrade_options(rec.options))
            state = apply_entries(rules, start, rows, list(rec.reseeds or []))
            at, budget = point, budget - len(rows)
            views.append(rules.view(state, None))
        if newest is not None and (not ends or int(newest) != ends[-1]):
            views.append(rules.view(rules.load(rec.state), None))  # now, unless the last entry closed a phase
        return views[:1] + views[1:][-max(1, frames - 1):]
