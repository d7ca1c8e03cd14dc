"""Games and their seats: creating a game, what a game is (``GameInfo``), who sits where, invitations,
where notices go, and the deadline a game's players agree on.

A seat change and a deadline are rulings of the game: each is a log entry (``bookkeeping``) written
by the one write path (``writes.Writer``). An invitation and a seat's notice preference are
preferences, not rulings: they change the game's row alone and are not logged.
"""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from engine import registry
from engine.errors import Forbidden, IllegalAction, NotFound, StaleVersion
from engine.game import GameRules

from .models import GameRecord, SeatRecord, SnapshotRecord
from .records import SNAPSHOT_EVERY, GameInfo, Seat, commitment
from .writes import Writer, new_log_row

MAX_INVITED = 25  # members invited to one game's free seats


def find(s: Session, game_id: int) -> GameRecord:
    """The game's row, or NotFound."""
    rec = s.get(GameRecord, game_id)
    if rec is None:
        raise NotFound(f"No game #{game_id}")
    return rec


def seats_of(s: Session, game_id: int) -> dict[str, Seat]:
    rows = s.exec(select(SeatRecord).where(SeatRecord.game_id == game_id)).all()
    return {r.side: Seat(r.kind, r.user_id, r.user_name, r.level, r.notify) for r in rows}


def seed_commitment(rec: GameRecord) -> str:
    """The hash of the seed in play: the newest fresh seed's, else the game's own."""
    if rec.reseeds:
        newest = rec.reseeds[-1]
        return commitment(int(newest["seed"]), str(newest["salt"]))
    return commitment(rec.seed, rec.seed_salt)


def info_of(s: Session, rec: GameRecord, seats: dict[str, Seat] | None = None) -> GameInfo:
    """What the game is now (its state loaded for whose turn it is and the status line)."""
    rules = registry.get(rec.game)
    state = rules.load(rec.state)
    assert rec.id is not None
    return GameInfo(
        id=rec.id, game=rec.game, scenario=rec.scenario, title=rec.title, version=rec.version,
        status=rec.status, winner=rec.winner, seats=seats_of(s, rec.id) if seats is None else seats,
        guild_id=rec.guild_id,
        channel_id=rec.channel_id, to_act=rules.to_act(state), status_line=rules.status_line(state),
        seed_hash=seed_commitment(rec), deadline_hours=rec.deadline_hours, options=dict(rec.options or {}),
        last_action_at=rec.last_action_at, owner_id=rec.owner_id,
    )


def info(engine: Engine, game_id: int) -> GameInfo:
    with Session(engine) as s:
        return info_of(s, find(s, game_id))


def _check_seats(rules: GameRules, seats: dict[str, Seat]) -> None:
    unknown = set(seats) - set(rules.sides)
    if unknown:
        raise NotFound(f"{rules.title} has no side {', '.join(sorted(unknown))}: sides are {', '.join(rules.sides)}")
    for seat in seats.values():
        if seat.kind == "bot":
            rules.check_level(seat.level)  # a level the game's bot does not play at is refused now, not later


def create(engine: Engine, game: str, scenario: str = "", seed: int | None = None,
           options: dict[str, Any] | None = None, seats: dict[str, Seat] | None = None,
           guild_id: str | None = None, channel_id: str | None = None, title: str = "",
           owner_id: str | None = None) -> GameInfo:
    """A new game: its row, its seats (a side nobody took is the bot's) and the opening snapshot."""
    rules = registry.get(game)
    if seed is None:
        seed = secrets.randbits(63)
    scenario = scenario or rules.scenarios()[0].key
    state = rules.new_state(scenario, seed, options or {})
    seats = dict(seats or {})
    for side in rules.sides:
        seats.setdefault(side, Seat(kind="bot", level=rules.default_level))  # the game's own, when none was chosen
    _check_seats(rules, seats)
    dumped = rules.dump(state)
    with Session(engine) as s:
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
        return info_of(s, rec)


def check_new(game: str, scenario: str = "", options: dict[str, Any] | None = None,
              seats: dict[str, Seat] | None = None) -> None:
    """Build the game as ``create`` would, writing nothing: raises the refusal, if any."""
    rules = registry.get(game)
    _check_seats(rules, dict(seats or {}))
    state = rules.new_state(scenario or rules.scenarios()[0].key, 0, dict(options or {}))
    rules.dump(state)


def bookkeeping(writer: Writer, s: Session, rec: GameRecord, kind: str, side: str | None, actor: str,
                actor_name: str, reason: str) -> None:
    """A logged entry that changes no state (a seat, a deadline): the game's version moves, with the
    session's own changes (the seat's row, the game's pending proposals), in one transaction."""
    assert rec.id is not None
    game_id, seq, version, state = rec.id, rec.seq + 1, rec.version + 1, rec.state
    s.add(rec)
    entry = new_log_row(game_id=game_id, seq=seq, kind=kind, side=side, actor=actor, actor_name=actor_name,
                        version=version, reason=reason)
    snapshots = [(seq, state)] if seq % SNAPSHOT_EVERY == 0 else []  # keeps rebuilds bounded however the log grew
    if not writer.write(game_id, version - 1, {"seq": seq, "version": version}, [entry], snapshots, session=s):
        raise StaleVersion("The game changed meanwhile: try again")


def set_seat(writer: Writer, game_id: int, side: str, seat: Seat, actor: str, reason: str) -> GameInfo:
    with Session(writer.engine) as s:
        rec = find(s, game_id)
        row = s.exec(select(SeatRecord).where(SeatRecord.game_id == game_id, SeatRecord.side == side)).first()
        if row is None:
            raise NotFound(f"No side '{side}' in game #{game_id}")
        row.kind, row.user_id, row.user_name, row.level, row.notify = (
            seat.kind, seat.user_id, seat.user_name, seat.level, seat.notify)
        s.add(row)
        bookkeeping(writer, s, rec, "seat", side, actor, "", reason or f"{side} seat: {seat.kind} {seat.user_name}".strip())
        return info_of(s, rec)


def propose_deadline(writer: Writer, game_id: int, hours: float | None, actor: str, actor_name: str = "",
                     is_gm: bool = False, reason: str = "") -> list[str]:
    """A deadline (hours per decision; None removes it) applies when every seated player agreed, or a
    GM sets it; then it is a logged entry. Returns the players still to agree ([] once it applies)."""
    if hours is not None and not 0 < hours <= 720:
        raise IllegalAction("A deadline is 0 (none) to 720 hours per decision")
    with Session(writer.engine) as s:
        rec = find(s, game_id)
        players = {seat.user_id for seat in seats_of(s, game_id).values() if seat.kind == "human" and seat.user_id}
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
        bookkeeping(writer, s, rec, "deadline", None, actor, actor_name, reason or f"{what}, {how}")
        return []


def invite(writer: Writer, game_id: int, user_id: str) -> list[str]:
    """Invite a member to take a free seat (a server whose join rule is 'invite'); returns the invited.
    A preference of the game's opener, not a ruling: kept with the game's pending proposals, not logged."""
    with Session(writer.engine) as s:
        rec = find(s, game_id)
        pending = dict(rec.pending or {})
        invited = [str(u) for u in pending.get("invited") or [] if str(u) != str(user_id)]
        invited = (invited + [str(user_id)])[-MAX_INVITED:]
        pending["invited"] = invited
        rec.pending = pending
        s.add(rec)
        s.commit()
    writer.cache.drop(game_id)
    return invited


def invited(engine: Engine, game_id: int) -> list[str]:
    with Session(engine) as s:
        rec = find(s, game_id)
        return [str(u) for u in (rec.pending or {}).get("invited") or []]


def set_notify(writer: Writer, game_id: int, side: str, notify: str) -> None:
    """Where a seat's turn notices go (channel or dm): a preference, not a ruling, so not logged."""
    if notify not in ("channel", "dm"):
        raise IllegalAction("Notices go to the channel or by DM")
    with Session(writer.engine) as s:
        find(s, game_id)
        row = s.exec(select(SeatRecord).where(SeatRecord.game_id == game_id, SeatRecord.side == side)).first()
        if row is None:
            raise NotFound(f"No side '{side}' in game #{game_id}")
        row.notify = notify
        s.add(row)
        s.commit()
    writer.cache.drop(game_id)
