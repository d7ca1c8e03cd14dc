"""The game service: create games, take orders from seats, keep the log, undo, GM rulings.

Every change is one log entry in one transaction with the game's new state and version, so a
game survives any restart and replays from its seed and log to the same state.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, update
from sqlalchemy import select as core_select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from engine import registry
from engine.errors import (
    Forbidden,
    GameOver,
    IllegalAction,
    InternalFault,
    NotFound,
    NotYourTurn,
    StaleVersion,
    UmpireError,
    UndoRefused,
    new_fault_id,
)
from engine.events import Event
from engine.game import Action, GameRules
from engine.maps import shown_key
from engine.rng import Rng, seed_from, seed_hash

from .database import make_engine
from .models import GameRecord, LogEntry, SeatRecord, SnapshotRecord, now
from .writes import GAMES, Cached, GameCache, append_entry, new_log_row

log = logging.getLogger("umpire.service")
SNAPSHOT_EVERY = 20
BOT = "bot"
STATE_KINDS = ("action", "gm", "reroll")  # entries that change the state when replayed


class BrokenInvariant(Exception):
    """An order left the game's invariants broken: Umpire's fault (an internal fault), never stored."""
RULING_KINDS = ("gm", "revert", "reroll", "rewind", "seat", "deadline")  # what /gm rulings lists
CACHED_GAMES = 4096  # games whose newest row a service keeps in memory (writes.GameCache)
MAX_ARGS = 16  # options of one order; more is refused before the rules see it
MAX_TEXT = 200  # characters of one option's value


@dataclass
class Seat:
    kind: str = "human"  # human | bot
    user_id: str | None = None
    user_name: str = ""
    level: str = "normal"
    notify: str = "channel"


@dataclass
class Outcome:
    """What one accepted entry did."""

    game_id: int
    seq: int
    version: int
    side: str | None
    action: Action | None
    events: list[Event]
    reason: str = ""
    to_act: str | None = None
    over: bool = False
    winner: str | None = None
    repeated: bool = False  # a second delivery of an interaction: this is the entry it made the first time

    @property
    def phase_ended(self) -> bool:
        return any(e.phase_end for e in self.events)


@dataclass
class GameInfo:
    id: int
    game: str
    scenario: str
    title: str
    version: int
    status: str
    winner: str | None
    seats: dict[str, Seat]
    guild_id: str | None
    channel_id: str | None
    to_act: str | None
    status_line: str
    seed_hash: str
    deadline_hours: float | None = None
    options: dict[str, Any] = field(default_factory=dict)
    last_action_at: datetime | None = None
    owner_id: str | None = None  # who opened the game (in a DM game, its only GM)


def commitment(seed: int, salt: str | None) -> str:
    """The published hash of a seed: salted (a chosen small seed cannot be found from it); games made
    before salts existed keep the unsalted ``seed_hash``."""
    if not salt:
        return seed_hash(seed)
    return hashlib.sha256(f"umpire-seed:{salt}:{seed}".encode()).hexdigest()


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


def _event_dict(e: Event) -> dict[str, Any]:
    d = {"kind": e.kind, "text": e.text, "rule": e.rule, "side": e.side, "data": e.data,
         "random": e.random, "phase_end": e.phase_end}
    if e.only:
        d.update(only=e.only, until=e.until)
    return d


def event_from_dict(d: dict[str, Any]) -> Event:
    return Event(d["kind"], d["text"], d.get("rule", ""), d.get("side", ""), d.get("data", {}),
                 d.get("random", False), d.get("phase_end", False), d.get("only", ""), d.get("until", ""))


SECRET_TEXT = "(a secret order: shown when it lands)"


def pending_secrets(rules: GameRules, state: Any) -> frozenset[str]:
    """The secrets the game still keeps (``rules.secrets(state)``, if the game has any); none once it is over."""
    secrets_of = getattr(rules, "secrets", None)
    if secrets_of is None or rules.is_over(state):
        return frozenset()
    return frozenset(secrets_of(state))


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


class GameService:
    def __init__(self, database_url: str | None = None, engine: Engine | None = None) -> None:
        self.engine = engine or make_engine(database_url)
        self.cache = GameCache(CACHED_GAMES)
        # SQLite has one writer at a time and makes the others sleep and retry (up to 100 ms a nap):
        # threads of this process queue on a lock instead. Postgres locks the game's row itself.
        self._write_lock: AbstractContextManager[Any] = (
            threading.Lock() if self.engine.dialect.name == "sqlite" else nullcontext())

    # --- creating and reading ------------------------------------------------------------------
    def create_game(
        self,
        game: str,
        scenario: str = "",
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        seats: dict[str, Seat] | None = None,
        guild_id: str | None = None,
        channel_id: str | None = None,
        title: str = "",
        owner_id: str | None = None,
    ) -> GameInfo:
        rules = registry.get(game)
        if seed is None:
            seed = secrets.randbits(63)
        scenario = scenario or rules.scenarios()[0].key
        state = rules.new_state(scenario, seed, options or {})
        seats = dict(seats or {})
        for side in rules.sides:
            seats.setdefault(side, Seat(kind="bot"))
        unknown = set(seats) - set(rules.sides)
        if unknown:
            raise NotFound(f"{rules.title} has no side {', '.join(sorted(unknown))}: sides are {', '.join(rules.sides)}")
        for seat in seats.values():
            if seat.kind == "bot":
                rules.check_level(seat.level)  # a level the game's bot does not play at is refused now, not later
        dumped = rules.dump(state)
        with Session(self.engine) as s:
            rec = GameRecord(game=rules.key, scenario=scenario, seed=seed, options=dumped.get("options", options or {}),
                             title=title or rules.title, guild_id=guild_id, channel_id=channel_id, state=dumped,
                             seed_salt=secrets.token_hex(16), owner_id=owner_id)
            s.add(rec)
            s.flush()
            assert rec.id is not None
            for side, seat in seats.items():
                s.add(SeatRecord(game_id=rec.id, side=side, kind=seat.kind, user_id=seat.user_id,
                                 user_name=seat.user_name, level=seat.level, notify=seat.notify))
            s.add(SnapshotRecord(game_id=rec.id, seq=0, state=dumped))
            s.commit()
            return self._info(s, rec)

    def check_new_game(self, game: str, scenario: str = "", options: dict[str, Any] | None = None,
                       seats: dict[str, Seat] | None = None) -> None:
        """Build the game as ``create_game`` would, writing nothing: raises the refusal, if any, before a
        caller opens anything for the game (a Discord thread)."""
        rules = registry.get(game)
        unknown = set(seats or {}) - set(rules.sides)
        if unknown:
            raise NotFound(f"{rules.title} has no side {', '.join(sorted(unknown))}: sides are {', '.join(rules.sides)}")
        for seat in (seats or {}).values():
            if seat.kind == "bot":
                rules.check_level(seat.level)
        state = rules.new_state(scenario or rules.scenarios()[0].key, 0, dict(options or {}))
        rules.dump(state)

    def active_game_ids(self) -> list[int]:
        """The ids of the active games (one column read: nothing of a game is loaded)."""
        with self.engine.connect() as conn:
            rows = conn.execute(core_select(GAMES.c.id).where(GAMES.c.status == "active").order_by(GAMES.c.id))
            return [int(r[0]) for r in rows]

    def info(self, game_id: int) -> GameInfo:
        with Session(self.engine) as s:
            return self._info(s, self._game(s, game_id))

    def version_of(self, game_id: int) -> int:
        """The game's version alone (one column: what a watcher polls; ``info`` reads and loads the state)."""
        with Session(self.engine) as s:
            version = s.exec(select(GameRecord.version).where(GameRecord.id == game_id)).first()
        if version is None:
            raise NotFound(f"No game #{game_id}")
        return int(version)

    def _info(self, s: Session, rec: GameRecord, seats: dict[str, Seat] | None = None) -> GameInfo:
        rules = registry.get(rec.game)
        state = rules.load(rec.state)
        assert rec.id is not None
        return GameInfo(
            id=rec.id, game=rec.game, scenario=rec.scenario, title=rec.title, version=rec.version,
            status=rec.status, winner=rec.winner, seats=self._seats(s, rec.id) if seats is None else seats,
            guild_id=rec.guild_id,
            channel_id=rec.channel_id, to_act=rules.to_act(state), status_line=rules.status_line(state),
            seed_hash=self._commitment(rec), deadline_hours=rec.deadline_hours, options=dict(rec.options or {}),
            last_action_at=rec.last_action_at, owner_id=rec.owner_id,
        )

    @staticmethod
    def _commitment(rec: GameRecord) -> str:
        """The hash of the seed in play: the newest fresh seed's, else the game's own."""
        if rec.reseeds:
            newest = rec.reseeds[-1]
            return commitment(int(newest["seed"]), str(newest["salt"]))
        return commitment(rec.seed, rec.seed_salt)

    def _game(self, s: Session, game_id: int) -> GameRecord:
        rec = s.get(GameRecord, game_id)
        if rec is None:
            raise NotFound(f"No game #{game_id}")
        return rec

    def _seats(self, s: Session, game_id: int) -> dict[str, Seat]:
        rows = s.exec(select(SeatRecord).where(SeatRecord.game_id == game_id)).all()
        return {r.side: Seat(r.kind, r.user_id, r.user_name, r.level, r.notify) for r in rows}

    def rules(self, game_id: int) -> GameRules:
        return registry.get(self.info(game_id).game)

    def state(self, game_id: int) -> Any:
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            return registry.get(rec.game).load(rec.state)

    def view(self, game_id: int, side: str | None = None) -> dict[str, Any]:
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            rules = registry.get(rec.game)
            v = rules.view(rules.load(rec.state), side)
            v["game_id"], v["version"] = rec.id, rec.version
            return v

    def list_games(self, guild_id: str | None = None, channel_id: str | None = None, user_id: str | None = None,
                   active_only: bool = False) -> list[GameInfo]:
        with Session(self.engine) as s:
            q = select(GameRecord)
            if guild_id is not None:
                q = q.where(GameRecord.guild_id == guild_id)
            if channel_id is not None:
                q = q.where(GameRecord.channel_id == channel_id)
            if active_only:
                q = q.where(GameRecord.status == "active")
            if user_id is not None:
                ids = select(SeatRecord.game_id).where(SeatRecord.user_id == user_id)
                q = q.where(col(GameRecord.id).in_(ids))
            return [self._info(s, r) for r in s.exec(q.order_by(col(GameRecord.id))).all()]

    def list_page(self, guild_id: str | None = None, user_id: str | None = None, page: int = 1,
                  size: int = 20) -> tuple[list[GameInfo], int, int]:
        """One page of a server's games (or a user's), newest first: (the page's games, the page shown, the
        count of games). A count and ``size`` rows in SQL, and the seats of those games in one more read:
        the cost follows the page, not the number of games."""
        size = max(1, min(size, 100))
        with Session(self.engine) as s:
            conditions: list[Any] = []
            if guild_id is not None:
                conditions.append(col(GameRecord.guild_id) == guild_id)
            if user_id is not None:
                conditions.append(col(GameRecord.id).in_(select(SeatRecord.game_id).where(SeatRecord.user_id == user_id)))
            total = int(s.exec(select(func.count()).select_from(GameRecord).where(*conditions)).one())
            pages = max(1, -(-total // size))
            page = max(1, min(page, pages))
            rows = list(s.exec(select(GameRecord).where(*conditions).order_by(col(GameRecord.id).desc())
                               .offset((page - 1) * size).limit(size)).all())
            seats: dict[int, dict[str, Seat]] = {r.id or 0: {} for r in rows}
            for seat in s.exec(select(SeatRecord).where(col(SeatRecord.game_id).in_(list(seats)))).all():
                seats[seat.game_id][seat.side] = Seat(seat.kind, seat.user_id, seat.user_name, seat.level, seat.notify)
            return [self._info(s, r, seats[r.id or 0]) for r in rows], page, total

    def sides_of(self, game_id: int, user_id: str) -> list[str]:
        return [side for side, seat in self.info(game_id).seats.items() if seat.kind == "human" and seat.user_id == user_id]

    # --- orders ----------------------------------------------------------------------------
    def submit(self, game_id: int, side: str, action: Action, actor: str, actor_name: str = "",
               expected_version: int | None = None, reason: str = "", interaction_id: str | None = None) -> Outcome:
        """Apply an order for a side. Only the seat's holder (or the bot, for a bot seat) may act.

        With ``interaction_id`` (a Discord interaction) the order applies at most once: the id is stored
        with the entry (a unique column), and a second delivery, in this process or another, is answered
        from that entry (``Outcome.repeated``) instead of being applied again.

        Two orders on one game at once: one applies; the other is checked again against the state
        that won (and applied or refused on its own merits), or refused as stale when it carried
        ``expected_version``.
        """
        raced = False
        for _ in range(4):
            row = self.cache.get(game_id)
            cached = row is not None
            if row is None:
                row = self._read(game_id)
            rules = registry.get(row.game)
            try:
                self._check_seat(row.seats, side, actor)
                self._check_action(rules, action)
                if expected_version is not None and expected_version != row.version:
                    raise StaleVersion("The board has changed since this was shown: look again and re-issue the order")
                state = rules.load(row.state)
                if rules.is_over(state):
                    raise GameOver(f"Game #{game_id} is over", "")
                to_act = rules.to_act(state)
                if to_act != side:
                    raise NotYourTurn(f"It is not {side}'s decision now: {rules.status_line(state)}")
                events = self._apply(rules, state, side, action, game_id, row.state)
            except UmpireError:
                if cached and self._stored_version(game_id) != row.version:
                    self.cache.drop(game_id)  # judged on an old copy: judge again on the stored game
                    continue
                done = self.repeated(interaction_id)
                if done is not None:
                    return done  # the first delivery applied it: the board moved on since
                raise
            # a plain row, not a LogEntry: building the SQLModel object took 0.3 of an order's 1.4 ms of CPU
            entry = new_log_row(game_id=game_id, seq=row.seq + 1, kind="action", side=side, actor=actor,
                                actor_name=actor_name, action=action.to_dict(), reason=reason,
                                interaction_id=interaction_id)
            try:
                outcome = self._append(game_id, row, rules, state, entry, events, action)
            except IntegrityError:
                done = self.repeated(interaction_id)
                if done is None:
                    raise
                self.cache.drop(game_id)
                return done
            if outcome is not None:
                return outcome
            self.cache.drop(game_id)
            if not cached:
                if expected_version is not None or raced:
                    raise StaleVersion("Another order was applied to this game at the same moment: look again")
                raced = True  # re-check the order against the state that won the race
        raise StaleVersion("The board changed while the order was applied: try again")

    def repeated(self, interaction_id: str | None) -> Outcome | None:
        """The outcome of the entry an interaction already made, if it made one (an indexed read)."""
        if not interaction_id:
            return None
        with Session(self.engine) as s:
            e = s.exec(select(LogEntry).where(LogEntry.interaction_id == interaction_id)).first()
            if e is None:
                return None
            rec = self._game(s, e.game_id)
            rules = registry.get(rec.game)
            state = rules.load(rec.state)
            over = rules.is_over(state)
            return Outcome(e.game_id, e.seq, e.version, e.side, Action.from_dict(e.action) if e.action else None,
                           [event_from_dict(ev) for ev in e.events], e.reason,
                           None if over else rules.to_act(state), over, rules.winner(state), repeated=True)

    @staticmethod
    def _apply(rules: GameRules, state: Any, side: str | None, action: Action, game_id: int = 0,
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

    @staticmethod
    def _check_shape(action: Action) -> None:
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

    @staticmethod
    def _check_action(rules: GameRules, action: Action) -> None:
        """The order's shape before the rules see it: a known command, known options, short plain values."""
        GameService._check_shape(action)
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

    def _read(self, game_id: int) -> Cached:
        """The stored row of a game and its seats (two reads), remembered in the cache."""
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            row = Cached(rec.game, rec.version, rec.seq, rec.status, rec.state, self._seats(s, game_id))
        self.cache.put(game_id, row)
        return row

    def _persist(self, game_id: int, version: int, values: dict[str, Any], entry: dict[str, Any],
                 snapshot: dict[str, Any] | None) -> bool:
        """One transaction: the game's new row and its log entry (the part bot/bench_load.py times)."""
        with self._write_lock, self.engine.begin() as conn:
            return append_entry(conn, game_id, version, values, entry, snapshot)

    def _stored_version(self, game_id: int) -> int | None:
        with self.engine.connect() as conn:
            return conn.execute(core_select(GAMES.c.version).where(GAMES.c.id == game_id)).scalar()

    def _append(self, game_id: int, row: Cached, rules: GameRules, state: Any, entry: dict[str, Any],
                events: list[Event], action: Action | None) -> Outcome | None:
        """Write the entry (a log row, see writes.new_log_row) and the new state in one transaction;
        None if another writer came first."""
        dumped = rules.dump(state)
        over = rules.is_over(state)
        winner = rules.winner(state)
        entry["version"] = row.version + 1
        entry["events"] = [_event_dict(e) for e in events]
        entry["random"] = any(e.random for e in events)
        values = {"state": dumped, "version": entry["version"], "seq": entry["seq"],
                  "status": "over" if over else "active", "winner": winner, "last_action_at": entry["created_at"]}
        snapshot = dumped if entry["seq"] % SNAPSHOT_EVERY == 0 else None
        if not self._persist(game_id, row.version, values, entry, snapshot):
            return None
        self.cache.advance(game_id, row, version=entry["version"], seq=entry["seq"], status=values["status"],
                           state=dumped)
        return Outcome(game_id, entry["seq"], entry["version"], entry["side"], action, events, entry["reason"],
                       None if over else rules.to_act(state), over, winner)

    def _check_seat(self, seats: dict[str, Seat], side: str, actor: str) -> None:
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

    def _commit(self, s: Session, rec: GameRecord, rules: GameRules, state: Any, entry: LogEntry,
                events: list[Event], action: Action | None, snapshot: bool = False) -> Outcome:
        dumped = rules.dump(state)
        over = rules.is_over(state)
        winner = rules.winner(state)
        new_version = rec.version + 1
        result = s.execute(
            update(GameRecord)
            .where(col(GameRecord.id) == rec.id, col(GameRecord.version) == rec.version)
            .values(state=dumped, version=new_version, seq=entry.seq, status="over" if over else "active",
                    winner=winner, last_action_at=now())
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            s.rollback()
            self.cache.drop(rec.id or 0)
            raise StaleVersion("Another order was applied to this game at the same moment")
        entry.events = [_event_dict(e) for e in events]
        entry.random = any(e.random for e in events)
        entry.version = new_version
        s.add(entry)
        if entry.seq % SNAPSHOT_EVERY == 0 or snapshot:
            s.add(SnapshotRecord(game_id=rec.id or 0, seq=entry.seq, state=dumped))
        try:
            s.commit()
        except IntegrityError:
            s.rollback()
            self.cache.drop(rec.id or 0)
            done = self.repeated(entry.interaction_id)
            if done is None:
                raise
            return done
        self.cache.drop(rec.id or 0)
        return Outcome(rec.id or 0, entry.seq, new_version, entry.side, action, events, entry.reason,
                       None if over else rules.to_act(state), over, winner)

    def run_bots(self, game_id: int, limit: int = 5000) -> list[Outcome]:
        """Let the bot play every decision its seats hold, until a human must act or the game ends."""
        outcomes: list[Outcome] = []
        for _ in range(limit):
            row = self._read(game_id)
            rules = registry.get(row.game)
            state = rules.load(row.state)
            side = None if rules.is_over(state) else rules.to_act(state)
            if side is None or side not in row.seats or row.seats[side].kind != "bot":
                break
            action, why = rules.bot_action(state, side, row.seats[side].level)
            try:
                # The bot chose for this version: if another process moved the game meanwhile, choose again.
                outcomes.append(self.submit(game_id, side, action, BOT, "Umpire bot", expected_version=row.version,
                                            reason=why))
            except StaleVersion:
                continue
        return outcomes

    # --- the log, undo and replay ----------------------------------------------------------------
    def log(self, game_id: int, include_undone: bool = True) -> list[LogEntry]:
        with Session(self.engine) as s:
            self._game(s, game_id)
            q = select(LogEntry).where(LogEntry.game_id == game_id)
            if not include_undone:
                q = q.where(col(LogEntry.undone).is_(False))
            return list(s.exec(q.order_by(col(LogEntry.seq))).all())

    def log_page(self, game_id: int, page: int = 1, size: int = 12, viewer: str | None = None,
                 everything: bool = False) -> tuple[list[LogEntry], int, int]:
        """One page of the log, page 1 the newest: (its entries, oldest first; the page shown; the pages).

        Entries are numbered 1..seq, so a page is a range of numbers: ``size`` rows read, however long
        the log. What ``viewer`` (a side; None for everyone at the table) may not see yet is left out
        (``redacted``), unless ``everything``."""
        size = max(1, min(size, 1000))
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            pages = max(1, -(-rec.seq // size))
            page = max(1, min(page, pages))
            hi = rec.seq - (page - 1) * size
            rows = s.exec(select(LogEntry).where(LogEntry.game_id == game_id, col(LogEntry.seq) > hi - size,
                                                 col(LogEntry.seq) <= hi).order_by(col(LogEntry.seq))).all()
            entries = list(rows) if everything else self.visible(rec, list(rows), viewer)
            return entries, page, pages

    @staticmethod
    def visible(rec: GameRecord, entries: list[LogEntry], viewer: str | None) -> list[LogEntry]:
        """The entries as ``viewer`` may see them: secrets not yet revealed to them redacted (the game's
        state is read only when an entry holds a secret)."""
        if not any(ev.get("only") for e in entries for ev in e.events):
            return entries
        rules = registry.get(rec.game)
        state = rules.load(rec.state)
        pending, over = pending_secrets(rules, state), rules.is_over(state)
        return [redacted(e, viewer, pending, over) for e in entries]

    def visible_log(self, game_id: int, viewer: str | None) -> list[LogEntry]:
        """The whole log as ``viewer`` may see it (the table's /log; the export)."""
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            rows = list(s.exec(select(LogEntry).where(LogEntry.game_id == game_id).order_by(col(LogEntry.seq))).all())
            return self.visible(rec, rows, viewer)

    def rulings_page(self, game_id: int, limit: int = 25) -> tuple[list[LogEntry], int]:
        """The newest ``limit`` rulings, oldest first, and how many there are in all (an index walk:
        the cost follows the rulings shown, not the length of the log)."""
        with Session(self.engine) as s:
            self._game(s, game_id)
            # the numbers from the (game, kind, seq) index alone, then the newest rows by number: a plain
            # ORDER BY seq DESC LIMIT walks the whole log backwards when rulings are few
            seqs = sorted(s.exec(select(LogEntry.seq).where(LogEntry.game_id == game_id,
                                                            col(LogEntry.kind).in_(RULING_KINDS))).all())
            newest = seqs[-limit:] if limit > 0 else []
            rows = s.exec(select(LogEntry).where(LogEntry.game_id == game_id, col(LogEntry.seq).in_(newest))
                          .order_by(col(LogEntry.seq))).all() if newest else []
            return list(rows), len(seqs)

    def replay_frames(self, game_id: int, frames: int = 40, window: int = 2000) -> list[dict[str, Any]]:
        """Views for an animated replay: where the last ``window`` entries start (the opening in a shorter
        game), after each phase end in them (the last ``frames - 2``), and now; at most
        ``phases.REPLAY_BUDGET`` entries applied in all, whatever the window or the phases' lengths
        (``engine.service.phases.replay_frames``)."""
        from .phases import replay_frames

        return replay_frames(self, game_id, frames, window)

    def _state_at(self, s: Session, rec: GameRecord, rules: GameRules, seq: int) -> Any:
        """The state after entry ``seq``: the newest snapshot at or before it, and the live entries after."""
        snap = s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == rec.id, col(SnapshotRecord.seq) <= seq)
                      .order_by(col(SnapshotRecord.seq).desc()).limit(1)).first()
        after = snap.seq if snap is not None else 0
        state = rules.load(snap.state) if snap is not None else rules.new_state(rec.scenario, rec.seed,
                                                                                rules.upgrade_options(rec.options))
        entries = s.exec(select(LogEntry).where(LogEntry.game_id == rec.id, col(LogEntry.seq) > after,
                                                col(LogEntry.seq) <= seq, col(LogEntry.undone).is_(False),
                                                or_(col(LogEntry.kind).in_(STATE_KINDS),
                                                    col(LogEntry.rng).is_not(None)))
                         .order_by(col(LogEntry.seq))).all()
        return self._apply_entries(rules, state, list(entries), list(rec.reseeds or []))

    def replay(self, game_id: int, upto: int | None = None) -> Any:
        """The state rebuilt from the seed and the log alone (entries not undone, up to ``upto``)."""
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            rules = registry.get(rec.game)
            entries = s.exec(select(LogEntry).where(LogEntry.game_id == game_id).order_by(col(LogEntry.seq))).all()
            state = rules.new_state(rec.scenario, rec.seed, rules.upgrade_options(rec.options))
            return self._apply_entries(rules, state, [e for e in entries if upto is None or e.seq <= upto],
                                       list(rec.reseeds or []))

    @staticmethod
    def _apply_entries(rules: GameRules, state: Any, entries: list[LogEntry],
                       reseeds: list[dict[str, Any]] | None = None) -> Any:
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

    def _rebuild(self, s: Session, rec: GameRecord) -> Any:
        """Recompute the state from the newest valid snapshot and the live entries after it.

        Reads only the entries after that snapshot: at most SNAPSHOT_EVERY when nothing older was undone.
        """
        rules = registry.get(rec.game)
        snap = s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == rec.id)
                      .order_by(col(SnapshotRecord.seq).desc()).limit(1)).first()
        after = snap.seq if snap is not None else 0
        entries = list(s.exec(select(LogEntry).where(LogEntry.game_id == rec.id, col(LogEntry.seq) > after,
                                                     col(LogEntry.undone).is_(False),
                                                     or_(col(LogEntry.kind).in_(STATE_KINDS),
                                                         col(LogEntry.rng).is_not(None)))
                              .order_by(col(LogEntry.seq))).all())
        if snap is not None:
            state = rules.load(snap.state)
        else:
            state = rules.new_state(rec.scenario, rec.seed, rules.upgrade_options(rec.options))
        return self._apply_entries(rules, state, entries, list(rec.reseeds or []))

    def _reopen(self, rec: GameRecord, rules: GameRules, state: Any, entry: LogEntry, events: list[Event]) -> None:
        """A finished game (its seed revealed) comes back into play: it goes on from a fresh seed, committed
        to by a salted hash in the entry's events, so nothing revealed tells what comes next."""
        if rec.status != "over" or rules.is_over(state):
            return
        seed, salt = secrets.randbits(63), secrets.token_hex(16)
        fresh: dict[str, Any] = {"seed": seed, "salt": salt}
        rec.reseeds = [*(rec.reseeds or []), fresh]
        entry.rng = f"seed:{len(rec.reseeds)}"
        fresh_seed(state, rec.reseeds, entry.rng)
        events.append(Event("seed", f"The game's seed was revealed at its end: play goes on from fresh seed "
                            f"#{len(rec.reseeds)}, hash {commitment(seed, salt)}, revealed at "
                            "the next end", "Umpire: seeds"))

    def _last_live(self, game_id: int) -> LogEntry | None:
        """The newest entry that changed the state and is not undone (one row read)."""
        with Session(self.engine) as s:
            self._game(s, game_id)
            return s.exec(select(LogEntry).where(LogEntry.game_id == game_id, col(LogEntry.undone).is_(False),
                                                 col(LogEntry.kind).in_(STATE_KINDS))
                          .order_by(col(LogEntry.seq).desc()).limit(1)).first()

    def _drop_snapshots_from(self, s: Session, game_id: int, seq: int) -> None:
        for snap in s.exec(select(SnapshotRecord).where(SnapshotRecord.game_id == game_id,
                                                        col(SnapshotRecord.seq) >= seq)).all():
            if snap.seq > 0:
                s.delete(snap)
        s.flush()

    def _mark_and_rebuild(self, game_id: int, targets: list[int], entry: LogEntry, check_undone: bool = True
                          ) -> Outcome:
        """Mark entries undone, rebuild the state, and log the entry that did it; all or nothing."""
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            rules = registry.get(rec.game)
            rows = {e.seq: e for e in s.exec(select(LogEntry).where(LogEntry.game_id == game_id,
                                                                     col(LogEntry.seq).in_(targets))).all()}
            entry.seq = rec.seq + 1
            for seq in targets:
                rows[seq].undone = True
                rows[seq].undone_by = entry.seq
                s.add(rows[seq])
            self._drop_snapshots_from(s, game_id, min(targets))
            try:
                state = self._rebuild(s, rec)
            except UmpireError as exc:
                s.rollback()
                raise UndoRefused(f"Later orders would no longer be legal without it: {exc.message}") from None
            events = [Event(entry.kind, entry.reason or f"{entry.kind} of entry #{targets[0]}", entry.rule)]
            self._reopen(rec, rules, state, entry, events)
            # the snapshots from the undone entry on are gone: keep one within SNAPSHOT_EVERY of the newest
            # entry, so rebuilds and replay windows stay short however often place and undo alternate
            newest = s.exec(select(func.max(SnapshotRecord.seq)).where(SnapshotRecord.game_id == game_id)).one()
            return self._commit(s, rec, rules, state, entry, events, None,
                                snapshot=entry.seq - int(newest or 0) >= SNAPSHOT_EVERY)

    def undo(self, game_id: int, actor: str, side: str | None = None, is_gm: bool = False,
             interaction_id: str | None = None) -> Outcome:
        """Take back the last order: never past hidden information, never another side's order."""
        if (done := self.repeated(interaction_id)) is not None:
            return done
        last = self._last_live(game_id)
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
        entry = LogEntry(game_id=game_id, seq=0, kind="undo", actor=actor, refers_to=last.seq,
                         reason=f"Undo of #{last.seq}: {Action.from_dict(last.action).kind}",
                         interaction_id=interaction_id)
        return self._mark_and_rebuild(game_id, [last.seq], entry)

    # --- the GM ----------------------------------------------------------------------------
    def gm(self, game_id: int, action: Action, actor: str, reason: str, rule: str = "", actor_name: str = "",
           interaction_id: str | None = None) -> Outcome:
        """A GM correction: an entry of its own, with the reason and rule reference, revertible."""
        if not reason.strip():
            raise Forbidden("A GM ruling needs a reason")
        if (done := self.repeated(interaction_id)) is not None:
            return done
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            rules = registry.get(rec.game)
            state = rules.load(rec.state)
            self._check_shape(action)
            events = self._apply(rules, state, None, action, game_id)
            entry = LogEntry(game_id=game_id, seq=rec.seq + 1, kind="gm", actor=actor, actor_name=actor_name,
                             action=action.to_dict(), reason=reason.strip(), rule=rule.strip(),
                             interaction_id=interaction_id)
            self._reopen(rec, rules, state, entry, events)
            return self._commit(s, rec, rules, state, entry, events, action)

    def rulings(self, game_id: int) -> list[LogEntry]:
        return [e for e in self.log(game_id) if e.kind in RULING_KINDS]

    def gm_revert(self, game_id: int, seq: int, actor: str, reason: str, interaction_id: str | None = None
                  ) -> Outcome:
        """Revert one entry (a ruling or an order); refused if later orders depend on it."""
        if not reason.strip():
            raise Forbidden("Reverting needs a reason")
        if (done := self.repeated(interaction_id)) is not None:
            return done
        with Session(self.engine) as s:
            self._game(s, game_id)
            target = s.exec(select(LogEntry).where(LogEntry.game_id == game_id, LogEntry.seq == seq)).first()
        if target is None or target.kind not in STATE_KINDS:
            raise NotFound(f"No ruling or order #{seq} to revert in game #{game_id}")
        if target.undone:
            raise UndoRefused(f"Entry #{seq} is already undone")
        entry = LogEntry(game_id=game_id, seq=0, kind="revert", actor=actor, refers_to=seq, reason=reason.strip(),
                         interaction_id=interaction_id)
        return self._mark_and_rebuild(game_id, [seq], entry)

    def gm_rewind(self, game_id: int, to_seq: int, actor: str, reason: str, interaction_id: str | None = None
                  ) -> Outcome:
        """Revert to the state after entry ``to_seq``: every later live entry is undone (kept in the log)."""
        if not reason.strip():
            raise Forbidden("Rewinding needs a reason")
        if (done := self.repeated(interaction_id)) is not None:
            return done
        with Session(self.engine) as s:
            self._game(s, game_id)
            later = list(s.exec(select(LogEntry.seq).where(
                LogEntry.game_id == game_id, col(LogEntry.seq) > to_seq, col(LogEntry.undone).is_(False),
                col(LogEntry.kind).in_(STATE_KINDS)).order_by(col(LogEntry.seq))).all())
        if not later:
            raise UndoRefused(f"Nothing after entry #{to_seq} to undo")
        entry = LogEntry(game_id=game_id, seq=0, kind="rewind", actor=actor, refers_to=to_seq, reason=reason.strip(),
                         interaction_id=interaction_id)
        return self._mark_and_rebuild(game_id, later, entry)

    def gm_reroll(self, game_id: int, actor: str, reason: str, interaction_id: str | None = None) -> Outcome:
        """Re-roll the last random entry: undo it and apply the same order with a fresh draw of the RNG (a
        card draw draws again from its pile, reshuffled as it stands)."""
        if not reason.strip():
            raise Forbidden("A re-roll needs a reason")
        if (done := self.repeated(interaction_id)) is not None:
            return done
        last = self._last_live(game_id)
        if last is None or not last.random:
            raise UndoRefused("The last entry revealed nothing random: there is nothing to re-roll")
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            if rec.status == "over":
                raise UndoRefused("The game is over and its seed revealed: a re-roll now could be foreseen. "
                                  "Revert the ending first (/gm revert): play then goes on from a fresh seed")
            rules = registry.get(rec.game)
            row = s.exec(select(LogEntry).where(LogEntry.game_id == game_id, LogEntry.seq == last.seq)).one()
            row.undone, row.undone_by = True, rec.seq + 1
            s.add(row)
            self._drop_snapshots_from(s, game_id, last.seq)
            state = self._rebuild(s, rec)
            salt = rec.seq + 1
            state.rng = Rng(seed_from(state.rng.state, salt))
            reshuffle(state)  # a card draw draws again from the pile as it stands, not the same top card
            action = Action.from_dict(last.action)
            events = self._apply(rules, state, last.side or "", action, game_id, rules.dump(state))
            entry = LogEntry(game_id=game_id, seq=rec.seq + 1, kind="reroll", side=last.side, actor=actor,
                             action=last.action, refers_to=last.seq, salt=salt, reason=reason.strip(), rng="redraw",
                             interaction_id=interaction_id)
            return self._commit(s, rec, rules, state, entry, events, action)

    def set_seat(self, game_id: int, side: str, seat: Seat, actor: str, reason: str) -> GameInfo:
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            row = s.exec(select(SeatRecord).where(SeatRecord.game_id == game_id, SeatRecord.side == side)).first()
            if row is None:
                raise NotFound(f"No side '{side}' in game #{game_id}")
            row.kind, row.user_id, row.user_name, row.level, row.notify = (
                seat.kind, seat.user_id, seat.user_name, seat.level, seat.notify)
            s.add(row)
            self._bookkeeping(s, rec, "seat", side, actor, "",
                              reason or f"{side} seat: {seat.kind} {seat.user_name}".strip())
            return self._info(s, rec)

    def set_deadline(self, game_id: int, hours: float | None, actor: str = "gm", reason: str = "") -> None:
        """Set (or with None remove) the deadline as a GM: logged, and nobody's agreement needed."""
        self.propose_deadline(game_id, hours, actor, is_gm=True, reason=reason)

    def propose_deadline(self, game_id: int, hours: float | None, actor: str, actor_name: str = "",
                         is_gm: bool = False, reason: str = "") -> list[str]:
        """A deadline (hours per decision; None removes it) applies when every seated player agreed, or a
        GM sets it; then it is a logged entry. Returns the players still to agree ([] once it applies)."""
        if hours is not None and not 0 < hours <= 720:
            raise IllegalAction("A deadline is 0 (none) to 720 hours per decision")
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            players = {seat.user_id for seat in self._seats(s, game_id).values()
                       if seat.kind == "human" and seat.user_id}
            if not is_gm and actor not in players:
                raise Forbidden("Only a seated player or a GM may set the deadline")
            pending = dict(rec.pending or {})
            proposal = pending.get("deadline") if isinstance(pending.get("deadline"), dict) else None
            agreed = set(proposal["agreed"]) if proposal and proposal.get("hours") == hours else set()
            agreed.add(actor)
            waiting = sorted(players - agreed)
            pending.pop("deadline", None)
            if waiting and not is_gm:
                pending["deadline"] = {"hours": hours, "agreed": sorted(agreed)}
                rec.pending = pending
                s.add(rec)
                s.commit()
                return waiting
            what = f"deadline {hours:g} h per decision" if hours else "no deadline"
            how = "set by a GM" if is_gm else "agreed by every seated player"
            rec.pending = pending
            rec.deadline_hours = hours
            self._bookkeeping(s, rec, "deadline", None, actor, actor_name, reason or f"{what}, {how}")
            return []

    def _bookkeeping(self, s: Session, rec: GameRecord, kind: str, side: str | None, actor: str, actor_name: str,
                     reason: str) -> None:
        """A logged entry that changes no state (a seat, a deadline): the game's version moves, and commit."""
        assert rec.id is not None
        game_id = rec.id
        s.add(rec)
        moved = s.execute(update(GameRecord).where(col(GameRecord.id) == game_id,
                                                   col(GameRecord.version) == rec.version)
                          .values(seq=rec.seq + 1, version=rec.version + 1))
        if moved.rowcount != 1:  # type: ignore[attr-defined]
            s.rollback()
            raise StaleVersion("The game changed meanwhile: try again")
        s.expire(rec)
        s.add(LogEntry(game_id=game_id, seq=rec.seq, kind=kind, side=side, actor=actor, actor_name=actor_name,
                       version=rec.version, reason=reason))
        if rec.seq % SNAPSHOT_EVERY == 0:  # keeps rebuilds bounded however the log grew
            s.add(SnapshotRecord(game_id=game_id, seq=rec.seq, state=rec.state))
        s.commit()
        self.cache.drop(game_id)

    MAX_INVITED = 25

    def invite(self, game_id: int, user_id: str) -> list[str]:
        """Invite a member to take a free seat (a server whose join rule is 'invite'); returns the invited.
        A preference of the game's opener, not a ruling: kept with the game's pending proposals, not logged."""
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            pending = dict(rec.pending or {})
            invited = [str(u) for u in pending.get("invited") or [] if str(u) != str(user_id)]
            invited = (invited + [str(user_id)])[-self.MAX_INVITED:]
            pending["invited"] = invited
            rec.pending = pending
            s.add(rec)
            s.commit()
        self.cache.drop(game_id)
        return invited

    def invited(self, game_id: int) -> list[str]:
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            return [str(u) for u in (rec.pending or {}).get("invited") or []]

    def set_notify(self, game_id: int, side: str, notify: str) -> None:
        """Where a seat's turn notices go (channel or dm): a preference, not a ruling, so not logged."""
        if notify not in ("channel", "dm"):
            raise IllegalAction("Notices go to the channel or by DM")
        with Session(self.engine) as s:
            self._game(s, game_id)
            row = s.exec(select(SeatRecord).where(SeatRecord.game_id == game_id, SeatRecord.side == side)).first()
            if row is None:
                raise NotFound(f"No side '{side}' in game #{game_id}")
            row.notify = notify
            s.add(row)
            s.commit()
        self.cache.drop(game_id)

    def seed(self, game_id: int) -> tuple[str, int | None]:
        """The hash of the game's seed always; the seed itself once it was revealed (at the game's end)."""
        record = self.seed_record(game_id)
        return record["seed_hash"], record["seed"]

    def seed_record(self, game_id: int) -> dict[str, Any]:
        """Every seed of the game with its salted hash; a seed and its salt only once revealed: the game's
        own at its first end, each fresh seed (drawn when a revealed game came back) at the next end."""
        with Session(self.engine) as s:
            rec = self._game(s, game_id)
            over = rec.status == "over"
            reseeds = list(rec.reseeds or [])
            shown = over or bool(reseeds)
            return {
                "seed_hash": commitment(rec.seed, rec.seed_salt), "seed": rec.seed if shown else None,
                "seed_salt": rec.seed_salt if shown else None,
                "reseeds": [{"hash": commitment(int(r["seed"]), str(r["salt"])),
                             "seed": r["seed"] if over or i < len(reseeds) - 1 else None,
                             "salt": r["salt"] if over or i < len(reseeds) - 1 else None}
                            for i, r in enumerate(reseeds)],
            }

    def export(self, game_id: int, page_size: int | None = None, page: int = 1, viewer: str | None = None
               ) -> dict[str, Any]:
        """A JSON record of the game: no seed before the end, no RNG state, no undrawn order, no secret
        ``viewer`` (a side; None for anyone) may not see yet.

        With ``page_size``, one page of the log (page 1 the newest; ``log_from``, ``log_to``, ``page`` and
        ``pages`` say which): what Discord hands out, whose cost does not grow with the log. Only a whole
        record (no ``page_size``) imports."""
        info = self.info(game_id)
        chunk: list[LogEntry] = []
        shown = pages = 1
        if page_size is not None:
            chunk, shown, pages = self.log_page(game_id, page, page_size, viewer)
        seeds = self.seed_record(game_id)
        view = self.view(game_id, viewer)
        if isinstance(view.get("map"), str):
            view["map"] = shown_key(view["map"], view.get("game"))  # the map's key, never a host path
        record: dict[str, Any] = {
            "game": info.game, "id": info.id, "scenario": info.scenario, "title": info.title,
            "options": info.options, "status": info.status, "winner": info.winner, **seeds,
            "seats": {k: {"kind": v.kind, "user": v.user_name} for k, v in info.seats.items()},
            "log": [
                {"seq": e.seq, "kind": e.kind, "side": e.side, "actor": e.actor_name or e.actor,
                 "action": e.action, "reason": e.reason, "rule": e.rule, "undone": e.undone,
                 "refers_to": e.refers_to, "salt": e.salt, "rng": e.rng,
                 "events": [{"text": ev["text"], "rule": ev.get("rule", "")} for ev in e.events]}
                for e in (self.visible_log(game_id, viewer) if page_size is None else chunk)
            ],
            "view": view,
        }
        if page_size is not None:
            record.update(page=shown, pages=pages, log_from=chunk[0].seq if chunk else 0,
                          log_to=chunk[-1].seq if chunk else 0)
        return record

    def import_game(self, data: dict[str, Any], guild_id: str | None = None, channel_id: str | None = None
                    ) -> GameInfo:
        """Recreate a game from ``export`` of a finished game (it holds the seed) by replaying its log.

        Accepted only when the export is whole: its seed (and salt) match its published hash, every fresh
        seed matches its hash, the log replays from the seed to the exported final view, and the game
        it gives is over with the exported result. The imported game gets a new id; its log keeps every
        entry (undone ones marked, each attributed "(imported)"); every side is the bot's, so no seat is
        left that nobody holds.
        """
        from sqlalchemy.exc import DBAPIError

        from .transfer import check_values, rebuild_log, text_field

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
        exported = data["view"]
        if not isinstance(exported, dict):
            raise IllegalAction("The export's view must be an object")
        if _plain(rules.view(state, None)) != _plain(exported, drop=("game_id", "version")):
            raise IllegalAction("The export's log does not replay to its final position: refusing the import")
        if not rules.is_over(state) or data["status"] != "over" or data.get("winner") != rules.winner(state):
            raise IllegalAction("The export's log does not end the game with its result: only a whole record of "
                                "a finished game is imported")
        dumped, seq = rules.dump(state), entries[-1]["seq"] if entries else 0
        rec = GameRecord(game=rules.key, scenario=scenario, seed=seed, options=dumped.get("options", options),
                         title=" ".join(str(data.get("title") or rules.title).split())[:100], guild_id=guild_id,
                         channel_id=channel_id, state=dumped, version=seq, seq=seq, status="over",
                         winner=rules.winner(state), seed_salt=salt, reseeds=fresh)
        opening = rules.dump(rules.new_state(scenario, seed, rules.upgrade_options(options)))
        try:
            return self._store_import(rules, rec, opening, entries, snapshots)
        except DBAPIError as exc:  # what the checks above did not foresee: one line, nothing stored
            raise IllegalAction(f"The database refused the import: {type(exc.orig).__name__}") from None

    def _store_import(self, rules: GameRules, rec: GameRecord, opening: dict[str, Any],
                      entries: list[dict[str, Any]], snapshots: list[tuple[int, dict[str, Any]]]) -> GameInfo:
        """The imported game's rows, in one transaction."""
        with Session(self.engine) as s:
            s.add(rec)
            s.flush()
            assert rec.id is not None
            for side in rules.sides:
                s.add(SeatRecord(game_id=rec.id, side=side, kind="bot"))
            for e in entries:
                e["game_id"] = rec.id
            for at in range(0, len(entries), 1000):  # rows in bulk: the log is most of an import
                s.connection().execute(LogEntry.__table__.insert(), entries[at:at + 1000])  # type: ignore[attr-defined]
            s.add(SnapshotRecord(game_id=rec.id, seq=0, state=opening))
            for at, snap in snapshots:
                s.add(SnapshotRecord(game_id=rec.id, seq=at, state=snap))
            s.commit()
            return self._info(s, rec)


def _plain(value: Any, drop: tuple[str, ...] = ()) -> Any:
    """A view as JSON would carry it (tuples become lists), without the keys a stored game adds."""
    import json

    data = json.loads(json.dumps(value, default=str))
    if isinstance(data, dict):
        for key in drop:
            data.pop(key, None)
        if isinstance(data.get("map"), str):  # an export names the map by its file, not the host's path
            data["map"] = shown_key(data["map"], data.get("game"))
    return data
