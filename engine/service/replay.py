"""A state rebuilt from the seed and the log: the one replay, which undo, the phase maps, the import and
the privacy rewrite share.

A live entry that changes the state (``STATE_KINDS``) is applied again; a re-roll first forks the
generator with its salt (and ``rng="redraw"`` reshuffles the undrawn piles); an entry marked
``rng="seed:<n>"`` hands the game to its n-th fresh seed. Undone entries are skipped.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import or_
from sqlmodel import Session, col, select

from engine import registry
from engine.game import Action, GameRules
from engine.rng import Rng, seed_from

from .models import GameRecord, LogEntry, SnapshotRecord
from .records import STATE_KINDS


def reshuffle(state: Any) -> None:
    """Every undrawn pile of the state (each ``Deck`` it holds) reshuffled with the state's generator:
    a re-rolled card draw draws again from the pile as it stands; a fresh seed owes nothing to the old."""
    from engine.cards import Deck

    fields = getattr(state, "__dict__", {})
    for name in sorted(fields):
        deck = fields[name]
        if isinstance(deck, Deck) and len(deck.draw_pile) > 1:
            state.rng.shuffle(deck.draw_pile)


def fresh_seed(state: Any, reseeds: list[dict[str, Any]], marker: str) -> None:
    """After an entry marked ``seed:<n>``: the game's n-th fresh seed takes over, and the piles are reshuffled."""
    n = int(marker.split(":", 1)[1])
    state.rng = Rng.seeded(int(reseeds[n - 1]["seed"]))
    reshuffle(state)


def apply_entries(rules: GameRules, state: Any, entries: list[LogEntry],
                  reseeds: list[dict[str, Any]] | None = None) -> Any:
    """``entries`` applied to ``state`` in order (undone ones skipped); returns the state."""
    for e in entries:
        if e.undone:
            continue
        if e.kind in STATE_KINDS:
            if e.salt is not None:
                state.rng = Rng(seed_from(state.rng.state, e.salt))
            if e.rng == "redraw":
                reshuffle(state)
            action = Action.from_dict(e.action)
            if e.kind == "gm":
                rules.gm_apply(state, action)
            else:
                rules.apply(state, e.side or "", action)
        if e.rng and e.rng.startswith("seed:"):
            fresh_seed(state, reseeds or [], e.rng)
    return state


def opening(rules: GameRules, rec: GameRecord) -> Any:
    """The game's state before its first entry."""
    return rules.new_state(rec.scenario, rec.seed, rules.upgrade_options(rec.options))


def _replayed(rec: GameRecord) -> list[Any]:
    """The entries a replay reads: live, and changing the state or the generator."""
    return [LogEntry.game_id == rec.id, col(LogEntry.undone).is_(False),
            or_(col(LogEntry.kind).in_(STATE_KINDS), col(LogEntry.rng).is_not(None))]


def rebuild(s: Session, rec: GameRecord) -> Any:
    """Recompute the state from the newest valid snapshot and the live entries after it.

    Reads only the entries after that snapshot: at most SNAPSHOT_EVERY when nothing older was undone.
    """
    rules = registry.get(rec.game)
    snap = s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == rec.id)
                  .order_by(col(SnapshotRecord.seq).desc()).limit(1)).first()
    after = snap.seq if snap is not None else 0
    entries = list(s.exec(select(LogEntry).where(*_replayed(rec), col(LogEntry.seq) > after)
                          .order_by(col(LogEntry.seq))).all())
    state = rules.load(snap.state) if snap is not None else opening(rules, rec)
    return apply_entries(rules, state, entries, list(rec.reseeds or []))
