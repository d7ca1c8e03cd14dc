"""Taking orders back and the GM's rulings: undo, a GM correction, revert, rewind and re-roll.

Nothing is deleted: an undone entry is marked (``undone``, ``undone_by``), the state is rebuilt from
the nearest snapshot and the live entries (``replay.rebuild``), and the entry that did it is recorded
with the marks in one transaction (``orders.record``, the one write path). A finished game brought back
into play goes on from a fresh seed (``reopen``), since its seed was revealed at its end.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from engine import registry
from engine.errors import Forbidden, NotFound, StaleVersion, UmpireError, UndoRefused
from engine.events import Event
from engine.game import Action, GameRules
from engine.rng import Rng, seed_from

from .games import find
from .models import GameRecord, LogEntry, SnapshotRecord
from .orders import apply_rules, check_shape, record, repeated
from .records import BOT, SNAPSHOT_EVERY, STATE_KINDS, Outcome, commitment
from .replay import fresh_seed, rebuild, reshuffle
from .writes import Writer, new_log_row


def commit(writer: Writer, s: Session, rec: GameRecord, rules: GameRules, state: Any, entry: dict[str, Any],
           events: list[Event], action: Action | None, snapshot: bool = False) -> Outcome:
    """``orders.record`` inside the ruling's session (its marks go with the entry): StaleVersion when
    another writer came first; a second delivery of the interaction answered from its first entry."""
    assert rec.id is not None
    try:
        outcome = record(writer, rec.id, rec.version, rules, state, entry, events, action, session=s,
                         snapshot=snapshot)
    except IntegrityError:
        done = repeated(writer.engine, entry["interaction_id"])
        if done is None:
            raise
        return done
    if outcome is None:
        raise StaleVersion("Another order was applied to this game at the same moment")
    return outcome


def reopen(rec: GameRecord, rules: GameRules, state: Any, entry: dict[str, Any], events: list[Event]) -> None:
    """A finished game (its seed revealed) comes back into play: it goes on from a fresh seed, committed
    to by a salted hash in the entry's events, so nothing revealed tells what comes next."""
    if rec.status != "over" or rules.is_over(state):
        return
    seed, salt = secrets.randbits(63), secrets.token_hex(16)
    fresh: dict[str, Any] = {"seed": seed, "salt": salt}
    rec.reseeds = [*(rec.reseeds or []), fresh]
    entry["rng"] = f"seed:{len(rec.reseeds)}"
    fresh_seed(state, rec.reseeds, entry["rng"])
    events.append(Event("seed", f"The game's seed was revealed at its end: play goes on from fresh seed "
                        f"#{len(rec.reseeds)}, hash {commitment(seed, salt)}, revealed at "
                        "the next end", "Umpire: seeds"))


STALE_UNDO = "The board has changed since this was shown: look again and undo again if you still mean to"


def at_version(rec: GameRecord, expected_version: int | None) -> None:
    """StaleVersion when the caller saw the game at another version than the one just read (the undo's
    own ``expected_version``, as ``orders.submit`` checks an order's)."""
    if expected_version is not None and expected_version != rec.version:
        raise StaleVersion(STALE_UNDO)


def last_live(writer: Writer, game_id: int, expected_version: int | None = None) -> LogEntry | None:
    """The newest entry that changed the state and is not undone (one row read), of the game at
    ``expected_version`` when it is given (else StaleVersion)."""
    with Session(writer.engine) as s:
        at_version(find(s, game_id), expected_version)
        return s.exec(select(LogEntry).where(LogEntry.game_id == game_id, col(LogEntry.undone).is_(False),
                                             col(LogEntry.kind).in_(STATE_KINDS))
                      .order_by(col(LogEntry.seq).desc()).limit(1)).first()


def drop_snapshots_from(s: Session, game_id: int, seq: int) -> None:
    for snap in s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == game_id,
                                                    col(SnapshotRecord.seq) >= seq)).all():
        if snap.seq > 0:
            s.delete(snap)
    s.flush()


def mark_and_rebuild(writer: Writer, game_id: int, targets: list[int], entry: dict[str, Any],
                     expected_version: int | None = None) -> Outcome:
    """Mark entries undone, rebuild the state, and log the entry that did it; all or nothing. With
    ``expected_version``, refused (StaleVersion) unless the game is at it: checked on the row read here,
    which the write's own version check (``commit``) then holds until the entry is in."""
    with Session(writer.engine) as s:
        rec = find(s, game_id)
        at_version(rec, expected_version)
        rules = registry.get(rec.game)
        rows = {e.seq: e for e in s.exec(select(LogEntry).where(LogEntry.game_id == game_id,
                                                                 col(LogEntry.seq).in_(targets))).all()}
        # read in the write: an entry another undo (or a GM's revert) took back after the caller read it is
        # never taken back twice (two undos with no version from two processes, ``/game undo`` twice)
        gone = [seq for seq in targets if seq not in rows or rows[seq].undone]
        if gone:
            if expected_version is not None:  # the version the page showed is gone with it: stale, it redraws
                raise StaleVersion(STALE_UNDO)
            by = rows[gone[0]].undone_by if gone[0] in rows else None
            raise UndoRefused(f"Entry #{gone[0]} was already taken back{f' (by #{by})' if by else ''}: look again")
        entry["seq"] = rec.seq + 1
        for seq in targets:
            rows[seq].undone = True
            rows[seq].undone_by = entry["seq"]
            s.add(rows[seq])
        drop_snapshots_from(s, game_id, min(targets))
        try:
            state = rebuild(s, rec)
        except UmpireError as exc:
            s.rollback()
            raise UndoRefused(f"Later orders would no longer be legal without it: {exc.message}") from None
        events = [Event(entry["kind"], entry["reason"] or f"{entry['kind']} of entry #{targets[0]}", entry["rule"])]
        reopen(rec, rules, state, entry, events)
        # the snapshots from the undone entry on are gone: keep one within SNAPSHOT_EVERY of the newest
        # entry, so rebuilds and replay windows stay short however often place and undo alternate
        newest = s.exec(select(func.max(SnapshotRecord.seq)).where(SnapshotRecord.game_id == game_id)).one()
        return commit(writer, s, rec, rules, state, entry, events, None,
                      snapshot=entry["seq"] - int(newest or 0) >= SNAPSHOT_EVERY)


def _answered(writer: Writer, reason: str, needs: str, interaction_id: str | None) -> Outcome | None:
    """A GM's ruling needs a reason (Forbidden, saying ``needs``, without one); a second delivery of its
    interaction is answered from the entry the first made."""
    if not reason.strip():
        raise Forbidden(needs)
    return repeated(writer.engine, interaction_id)


def undo(writer: Writer, game_id: int, actor: str, side: str | None = None, is_gm: bool = False,
         interaction_id: str | None = None, expected_version: int | None = None) -> Outcome:
    """Take back the last order: never past hidden information, never another side's order. With
    ``expected_version`` (the version a board page was drawn at), only the last order of the game at that
    version: refused as stale (StaleVersion) once anything moved it, so two pages never take back two orders."""
    if (done := repeated(writer.engine, interaction_id)) is not None:
        return done
    try:
        return _undo(writer, game_id, actor, side, is_gm, interaction_id, expected_version)
    except StaleVersion:
        if expected_version is not None and (done := repeated(writer.engine, interaction_id)) is not None:
            return done  # the first delivery took it back: the board moved on since (as orders.submit)
        raise


def _undo(writer: Writer, game_id: int, actor: str, side: str | None, is_gm: bool, interaction_id: str | None,
          expected_version: int | None) -> Outcome:
    # the version is checked where the last order is read and again on the row the undo writes from: the
    # game was at it in between, so the order read is the last one of that version
    last = last_live(writer, game_id, expected_version)
    if last is None:
        raise UndoRefused("There is nothing to undo")
    if last.kind != "action":
        raise UndoRefused(f"The last entry (#{last.seq}) is a GM ruling: a GM may revert it with /gm revert")
    if not is_gm:
        if last.actor != actor:
            who = "the bot" if last.actor == BOT else "another player"
            raise UndoRefused(f"The last order (#{last.seq}) was given by {who}: you may only undo your own")
        if side is not None and last.side != side:
            raise UndoRefused("The last order was another side's")
    if last.random:
        raise UndoRefused(f"The last order (#{last.seq}) drew a card or rolled a die: undo cannot go back past "
                          "hidden information")
    entry = new_log_row(game_id=game_id, seq=0, kind="undo", actor=actor, refers_to=last.seq,
                        reason=f"Undo of #{last.seq}: {Action.from_dict(last.action).kind}",
                        interaction_id=interaction_id)
    return mark_and_rebuild(writer, game_id, [last.seq], entry, expected_version)


def gm(writer: Writer, game_id: int, action: Action, actor: str, reason: str, rule: str = "", actor_name: str = "",
       interaction_id: str | None = None) -> Outcome:
    """A GM correction: an entry of its own, with the reason and rule reference, revertible."""
    if (done := _answered(writer, reason, "A GM ruling needs a reason", interaction_id)) is not None:
        return done
    with Session(writer.engine) as s:
        rec = find(s, game_id)
        rules = registry.get(rec.game)
        state = rules.load(rec.state)
        check_shape(action)
        events = apply_rules(rules, state, None, action, game_id)
        entry = new_log_row(game_id=game_id, seq=rec.seq + 1, kind="gm", actor=actor, actor_name=actor_name,
                            action=action.to_dict(), reason=reason.strip(), rule=rule.strip(),
                            interaction_id=interaction_id)
        reopen(rec, rules, state, entry, events)
        return commit(writer, s, rec, rules, state, entry, events, action)


def _take_back(writer: Writer, game_id: int, kind: str, targets: list[int], refers_to: int, actor: str, reason: str,
               interaction_id: str | None) -> Outcome:
    """A GM's revert or rewind: ``targets`` marked undone by an entry of ``kind`` naming ``refers_to``."""
    entry = new_log_row(game_id=game_id, seq=0, kind=kind, actor=actor, refers_to=refers_to, reason=reason.strip(),
                        interaction_id=interaction_id)
    return mark_and_rebuild(writer, game_id, targets, entry)


def revert(writer: Writer, game_id: int, seq: int, actor: str, reason: str, interaction_id: str | None = None
           ) -> Outcome:
    """Revert one entry (a ruling or an order); refused if later orders depend on it."""
    if (done := _answered(writer, reason, "Reverting needs a reason", interaction_id)) is not None:
        return done
    with Session(writer.engine) as s:
        find(s, game_id)
        target = s.exec(select(LogEntry).where(LogEntry.game_id == game_id, LogEntry.seq == seq)).first()
    if target is None or target.kind not in STATE_KINDS:
        raise NotFound(f"No ruling or order #{seq} to revert in game #{game_id}")
    if target.undone:
        raise UndoRefused(f"Entry #{seq} is already undone")
    return _take_back(writer, game_id, "revert", [seq], seq, actor, reason, interaction_id)


def rewind(writer: Writer, game_id: int, to_seq: int, actor: str, reason: str, interaction_id: str | None = None
           ) -> Outcome:
    """Revert to the state after entry ``to_seq``: every later live entry is undone (kept in the log)."""
    if (done := _answered(writer, reason, "Rewinding needs a reason", interaction_id)) is not None:
        return done
    with Session(writer.engine) as s:
        find(s, game_id)
        later = list(s.exec(select(LogEntry.seq).where(
            LogEntry.game_id == game_id, col(LogEntry.seq) > to_seq, col(LogEntry.undone).is_(False),
            col(LogEntry.kind).in_(STATE_KINDS)).order_by(col(LogEntry.seq))).all())
    if not later:
        raise UndoRefused(f"Nothing after entry #{to_seq} to undo")
    return _take_back(writer, game_id, "rewind", later, to_seq, actor, reason, interaction_id)


def reroll(writer: Writer, game_id: int, actor: str, reason: str, interaction_id: str | None = None) -> Outcome:
    """Re-roll the last random entry: undo it and apply the same order with a fresh draw of the RNG (a
    card draw draws again from its pile, reshuffled as it stands)."""
    if (done := _answered(writer, reason, "A re-roll needs a reason", interaction_id)) is not None:
        return done
    last = last_live(writer, game_id)
    if last is None or not last.random:
        raise UndoRefused("The last entry revealed nothing random: there is nothing to re-roll")
    with Session(writer.engine) as s:
        rec = find(s, game_id)
        if rec.status == "over":
            raise UndoRefused("The game is over and its seed revealed: a re-roll now could be foreseen. "
                              "Revert the ending first (/gm revert): play then goes on from a fresh seed")
        rules = registry.get(rec.game)
        row = s.exec(select(LogEntry).where(LogEntry.game_id == game_id, LogEntry.seq == last.seq)).one()
        row.undone, row.undone_by = True, rec.seq + 1
        s.add(row)
        drop_snapshots_from(s, game_id, last.seq)
        state = rebuild(s, rec)
        salt = rec.seq + 1
        state.rng = Rng(seed_from(state.rng.state, salt))
        reshuffle(state)  # a card draw draws again from the pile as it stands, not the same top card
        action = Action.from_dict(last.action)
        events = apply_rules(rules, state, last.side or "", action, game_id, rules.dump(state))
        entry = new_log_row(game_id=game_id, seq=rec.seq + 1, kind="reroll", side=last.side, actor=actor,
                            action=last.action, refers_to=last.seq, salt=salt, reason=reason.strip(), rng="redraw",
                            interaction_id=interaction_id)
        return commit(writer, s, rec, rules, state, entry, events, action)
