"""Orders from seats: an order's shape and seat checked, the rules applied, the entry recorded.

``record`` turns what the rules did into a log row and the game's new row and hands both to the one
write path (``writes.Writer.write``); orders, GM rulings, undos and re-rolls all record through it.
``submit`` is the hot path: it reads the game from the cache (``writes.GameCache``) when this process
wrote it last, and the version check of the write catches any other writer.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import select as core_select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from engine import registry
from engine.errors import (
    Forbidden,
    GameOver,
    IllegalAction,
    InternalFault,
    NotFound,
    StaleVersion,
    UmpireError,
    new_fault_id,
)
from engine.events import Event
from engine.game import Action, GameRules

from .games import find, seats_of
from .models import LogEntry
from .records import BOT, SNAPSHOT_EVERY, BrokenInvariant, Outcome, Seat, event_dict, event_from_dict
from .writes import GAMES, Cached, Writer, new_log_row

log = logging.getLogger("umpire.service")
MAX_ARGS = 16  # options of one order; more is refused before the rules see it
MAX_TEXT = 200  # characters of one option's value


def apply_rules(rules: GameRules, state: Any, side: str | None, action: Action, game_id: int = 0,
                before: dict[str, Any] | None = None) -> list[Event]:
    """The rules' apply (gm_apply when side is None). A refusal is the rules' word; anything else a
    rules module raises is a fault of Umpire's: logged with an id and the game's, never a refusal.
    So is a player's order that leaves one of the game's invariants broken (``rules.invariants``:
    a hex over the stacking limit, a unit in two places): a breach the state ``before`` the order
    (its stored form) did not already have. A GM correction is not checked: it stands outside the
    rules on purpose, and a GM repairing a game may need more than one step. Either way nothing
    is stored, so the game is unchanged."""
    try:
        if side is None:
            return rules.gm_apply(state, action)
        events = rules.apply(state, side, action)
        broken = rules.invariants(state)
        if broken and before is not None:
            held = set(rules.invariants(rules.load(before)))  # a stored game already in breach plays on
            broken = [b for b in broken if b not in held]
        if broken:
            raise BrokenInvariant("; ".join(broken)[:500])
        return events
    except UmpireError:
        raise
    except Exception as exc:
        fault = new_fault_id()
        log.error("internal fault %s in game #%s (%s, %s %s)", fault, game_id, rules.key, side or "gm",
                  str(action.kind)[:40], exc_info=exc)
        raise InternalFault(fault) from exc


def check_shape(action: Action) -> None:
    """A GM correction's shape: a short kind, a few options, short plain values."""
    if not isinstance(action.kind, str) or not action.kind or len(action.kind) > 40:
        raise IllegalAction("A correction needs a short kind, such as move or remove")
    if not isinstance(action.args, dict) or len(action.args) > MAX_ARGS:
        raise IllegalAction("Too many options for a correction")
    for key, value in action.args.items():
        if not isinstance(key, str) or len(key) > 40:
            raise IllegalAction("Option names are short words")
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise IllegalAction(f"{key} must be text or a whole number")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise IllegalAction(f"{key} is too long ({len(value)} characters; at most {MAX_TEXT})")


def check_action(rules: GameRules, action: Action) -> None:
    """The order's shape before the rules see it: a known command, known options, short plain values."""
    check_shape(action)
    spec = next((c for c in rules.commands() if c.name == action.kind), None)
    if spec is None:
        shown = str(action.kind)[:40]
        raise IllegalAction(f"{rules.title} has no order '{shown}': orders are "
                            f"{', '.join(c.name for c in rules.commands())}")
    if len(action.args) > MAX_ARGS:
        raise IllegalAction(f"Too many options for /{rules.key} {spec.name}")
    known = {o.name for o in spec.options}
    for key, value in action.args.items():
        if key not in known:
            raise IllegalAction(f"/{rules.key} {spec.name} has no option {key}")
        if isinstance(value, int) and abs(value) > 2**31:
            raise IllegalAction(f"{key} is out of range")


def check_seat(seats: dict[str, Seat], side: str, actor: str) -> None:
    seat = seats.get(side)
    if seat is None:
        raise NotFound(f"No side '{side}' in this game")
    if seat.kind == "bot":
        if actor != BOT:
            raise Forbidden(f"The bot holds the {side} side: you cannot give its orders")
    elif seat.user_id is not None and seat.user_id != actor:
        raise Forbidden(f"Only the player seated as {side} may give its orders")
    elif seat.user_id is None and actor == BOT:
        raise Forbidden(f"The {side} seat is open for a human player")


def read(writer: Writer, game_id: int) -> Cached:
    """The stored row of a game and its seats (two reads), remembered in the cache."""
    with Session(writer.engine) as s:
        rec = find(s, game_id)
        row = Cached(rec.game, rec.version, rec.seq, rec.status, rec.state, seats_of(s, game_id))
    writer.cache.put(game_id, row)
    return row


def stored_version(engine: Engine, game_id: int) -> int | None:
    with engine.connect() as conn:
        return conn.execute(core_select(GAMES.c.version).where(GAMES.c.id == game_id)).scalar()


def record(writer: Writer, game_id: int, version: int, rules: GameRules, state: Any, entry: dict[str, Any],
           events: list[Event], action: Action | None, session: Session | None = None, cached: Cached | None = None,
           snapshot: bool = False) -> Outcome | None:
    """The entry (a log row, ``writes.new_log_row``) with its events, and the game's new state, written
    through the one write path in one transaction; None if another writer came first (the game was no
    longer at ``version``). A snapshot is kept every SNAPSHOT_EVERY entries (or when ``snapshot``)."""
    dumped = rules.dump(state)
    over = rules.is_over(state)
    winner = rules.winner(state)
    entry["version"] = version + 1
    entry["events"] = [event_dict(e) for e in events]
    entry["random"] = any(e.random for e in events)
    values = {"state": dumped, "version": entry["version"], "seq": entry["seq"],
              "status": "over" if over else "active", "winner": winner, "last_action_at": entry["created_at"]}
    snapshots = [(entry["seq"], dumped)] if entry["seq"] % SNAPSHOT_EVERY == 0 or snapshot else []
    if not writer.write(game_id, version, values, [entry], snapshots, session=session, cached=cached):
        return None
    return Outcome(game_id, entry["seq"], entry["version"], entry["side"], action, events, entry["reason"],
                   None if over else rules.to_act(state), over, winner)


def repeated(engine: Engine, interaction_id: str | None) -> Outcome | None:
    """The outcome of the entry an interaction already made, if it made one (an indexed read)."""
    if not interaction_id:
        return None
    with Session(engine) as s:
        e = s.exec(select(LogEntry).where(LogEntry.interaction_id == interaction_id)).first()
        if e is None:
            return None
        rec = find(s, e.game_id)
        rules = registry.get(rec.game)
        state = rules.load(rec.state)
        over = rules.is_over(state)
        return Outcome(e.game_id, e.seq, e.version, e.side, Action.from_dict(e.action) if e.action else None,
                       [event_from_dict(ev) for ev in e.events], e.reason,
                       None if over else rules.to_act(state), over, rules.winner(state), repeated=True)


def submit(writer: Writer, game_id: int, side: str, action: Action, actor: str, actor_name: str = "",
           expected_version: int | None = None, reason: str = "", interaction_id: str | None = None) -> Outcome:
    """Apply an order for a side (``GameService.submit`` says what it promises)."""
    raced = False
    cache = writer.cache
    for _ in range(4):
        row = cache.get(game_id)
        cached = row is not None
        if row is None:
            row = read(writer, game_id)
        rules = registry.get(row.game)
        try:
            check_seat(row.seats, side, actor)
            check_action(rules, action)
            if expected_version is not None and expected_version != row.version:
                raise StaleVersion("The board has changed since this was shown: look again and re-issue the order")
            state = rules.load(row.state)
            if rules.is_over(state):
                raise GameOver(f"Game #{game_id} is over", "")
            # whose turn: the flow picks the player's side (flow.acting_side) and the contract's
            # check inside apply guards every caller; the service does not ask a third time
            # as the rules read it: applied and logged alike, so a replay applies exactly what was applied
            logged = rules.canonical(state, action)
            events = apply_rules(rules, state, side, logged, game_id, row.state)
        except UmpireError:
            if cached and stored_version(writer.engine, game_id) != row.version:
                cache.drop(game_id)  # judged on an old copy: judge again on the stored game
                continue
            done = repeated(writer.engine, interaction_id)
            if done is not None:
                return done  # the first delivery applied it: the board moved on since
            raise
        # a plain row, not a LogEntry: building the SQLModel object took 0.3 of an order's 1.4 ms of CPU
        entry = new_log_row(game_id=game_id, seq=row.seq + 1, kind="action", side=side, actor=actor,
                            actor_name=actor_name, action=logged.to_dict(), reason=reason,
                            interaction_id=interaction_id)
        try:
            outcome = record(writer, game_id, row.version, rules, state, entry, events, logged, cached=row)
        except IntegrityError:
            done = repeated(writer.engine, interaction_id)
            if done is None:
                raise
            return done
        if outcome is not None:
            return outcome
        if not cached:
            if expected_version is not None or raced:
                raise StaleVersion("Another order was applied to this game at the same moment: look again")
            raced = True  # re-check the order against the state that won the race
    raise StaleVersion("The board changed while the order was applied: try again")


def run_bots(writer: Writer, game_id: int, limit: int = 5000) -> list[Outcome]:
    """Let the bot play every decision its seats hold, until a human must act or the game ends."""
    outcomes: list[Outcome] = []
    for _ in range(limit):
        row = read(writer, game_id)
        rules = registry.get(row.game)
        state = rules.load(row.state)
        side = None if rules.is_over(state) else rules.to_act(state)
        if side is None or side not in row.seats or row.seats[side].kind != "bot":
            break
        action, why = rules.bot_action(state, side, row.seats[side].level)
        try:
            # The bot chose for this version: if another process moved the game meanwhile, choose again.
            outcomes.append(submit(writer, game_id, side, action, BOT, "Umpire bot", expected_version=row.version,
                                   reason=why))
        except StaleVersion:
            continue
    return outcomes
