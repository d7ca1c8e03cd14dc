"""The play flow: what follows an order, once, below both adapters (the cogs and the table).

An order goes in (the game, who gives it, the action, the version it was shown, the interaction that
carried it); a ``Flow`` comes out: the entries applied (the player's outcome), the bots' moves that
followed (secrets marked), the phases closed (seqs and numbers, so the adapter draws their maps), the
ending (result, rule, seed text) and the next decision (side, seat, choices) with the notice owed to
its player. ``undo`` and ``ruling`` (the GM's corrections) produce the same shape, and ``follow`` is
the part after any accepted entries (a new game, a seat change, a deadline's standing order).

Whose turn is decided here, once (``acting_side``): the cogs and the table hold no check of their
own. The words both adapters show (the result, the seed, the secret order, which events are public)
live here too. Pure: no discord, no Pillow, no aiohttp; the adapters render a ``Flow``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.errors import Forbidden, GameOver, NotYourTurn
from engine.events import Event
from engine.game import Action, GameRules

from .phases import phase_numbers
from .service import SECRET_TEXT, GameInfo, GameService, Outcome

__all__ = ["BOARD_REASON", "SECRET_TEXT", "Decision", "Ending", "Flow", "Move", "Notice", "acting_side", "follow", "held_sides",
           "carry_on", "ending_of", "heading", "order", "private_orders", "public_events", "result_text", "ruling", "seed_text", "undo"]


# --- the shapes an adapter renders ---------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    """One accepted entry: a player's order, a bot's move, an undo or a ruling."""

    seq: int
    side: str | None
    action: Action | None
    events: list[Event]
    reason: str = ""  # the bot's reason, or the ruling's
    by_bot: bool = False
    repeated: bool = False  # a second delivery: the entry the first one made, nothing applied again

    @property
    def phase_ended(self) -> bool:
        return any(e.phase_end for e in self.events)

    @property
    def secret(self) -> bool:
        """Some of its events are one side's secret (``Event.only``): others read ``SECRET_TEXT``."""
        return any(e.only for e in self.events)

    def secret_from(self, sides: Iterable[str]) -> bool:
        """Whether the move keeps a secret from whoever holds ``sides``."""
        held = set(sides)
        return any(e.only and e.only not in held for e in self.events)

    def public_events(self) -> list[Event]:
        return public_events(self.events)


@dataclass(frozen=True)
class Decision:
    """Who must decide next and what the rules offer them."""

    side: str
    side_name: str
    seat: str  # "human", "bot" or "open" (a human seat nobody holds yet)
    user_id: str | None
    user_name: str
    notify: str  # "channel" or "dm"
    legal: list[Action] = field(default_factory=list)
    version: int = 0
    turn: int | None = None
    opponents: list[str] = field(default_factory=list)  # the other seats, in words ("bob", "the bot")

    @property
    def kinds(self) -> list[str]:
        """The order kinds the rules offer, each once, in the order the rules list them."""
        return list(dict.fromkeys(a.kind for a in self.legal))


@dataclass(frozen=True)
class Notice:
    """A message owed to a player: the decision passed to them (ping) or stays with them (no ping)."""

    user_id: str
    ping: bool
    dm: bool  # the seat asked for its notices by DM


@dataclass(frozen=True)
class Ending:
    """The game ended: the result with its rule, and the seeds to check it by."""

    text: str
    rule: str
    seed_text: str
    seed_record: dict[str, Any]
    players: list[str]  # the seated humans' user ids

    @property
    def line(self) -> str:
        """The result as both adapters show it: 'German wins: ... [rule]'."""
        return self.text + (f" [{self.rule}]" if self.rule else "")


@dataclass
class Flow:
    """What an order (or an undo, a ruling, a new game) came to."""

    game_id: int
    info: GameInfo  # the game after it all
    applied: list[Move]
    bots: list[Move]
    closed: list[int]  # the entries (seqs) that closed a phase, oldest first
    phases: list[int]  # the numbers of the phases they closed
    ending: Ending | None
    decision: Decision | None
    notices: list[Notice]
    side: str | None = None  # the side the order was given for
    taken_back: str = ""  # an undo: the order it took back, in words ("#12 /peiper move unit:...")
    last_user: str | None = None  # whose entry it was: not pinged again when the decision stays theirs

    @property
    def repeated(self) -> bool:
        return any(m.repeated for m in self.applied)

    @property
    def moves(self) -> list[Move]:
        return self.applied + self.bots

    @property
    def passed(self) -> bool:
        """Whether the decision passed to someone who is pinged for it."""
        return any(n.ping for n in self.notices)


# --- the words both adapters share ------------------------------------------------------------
def public_events(events: Sequence[Event]) -> list[Event]:
    """What the whole table may read of an answer: a secret's events (``Event.only``) become one line
    saying a secret order was given (the service shows them to all once the game reveals them)."""
    out = [e for e in events if not e.only]
    if len(out) < len(events):
        out.insert(0, Event("secret", SECRET_TEXT))
    return out


def private_orders(rules: GameRules) -> tuple[str, ...]:
    """Order kinds answered privately: secret until the game ends, or until they land (``secret_orders``)."""
    return rules.secret_orders


def seed_text(record: dict[str, Any]) -> str:
    """The seeds as /game seed and the end of a game show them: hashes always, seeds and salts once revealed."""
    if record["seed"] is None:
        return (f"Seed hash `{record['seed_hash']}`: the seed (and its salt) are revealed when the game ends, so "
                "anyone can check every card and die.")
    parts = [f"Seed `{record['seed']}`, salt `{record['seed_salt']}` (hash `{record['seed_hash'][:16]}…`, "
             "published at the start)"]
    for n, r in enumerate(record.get("reseeds") or [], 1):
        if r["seed"] is None:
            parts.append(f"fresh seed #{n} in play since the game came back: hash `{r['hash']}`, revealed at the end")
        else:
            parts.append(f"fresh seed #{n} `{r['seed']}`, salt `{r['salt']}` (hash `{r['hash'][:16]}…`)")
    return "; ".join(parts) + ": replay the log from them to check every card and die."


def result_text(service: GameService, game_id: int, info: GameInfo | None = None) -> tuple[str, str]:
    """The result's words and rule ('German wins: Spitze exited', 'Victory'); a game without a recorded
    result is named by its winner, else its status line."""
    view = service.view(game_id, None)
    result = view.get("result")
    if isinstance(result, dict) and result.get("text"):
        return str(result["text"]), str(result.get("rule") or "")
    info = info or service.info(game_id)
    rules = registry.get(info.game)
    if info.winner:
        return f"{rules.side_names.get(info.winner, info.winner)} wins", ""
    return info.status_line, ""


def side_name(rules: GameRules, side: str | None) -> str:
    if side is None:
        return "nobody"
    return rules.side_names.get(side, side.upper())


def seat_words(info: GameInfo, side: str) -> str:
    """A seat as a notice names its holder: the player, 'the bot' or 'an open seat'."""
    seat = info.seats[side]
    if seat.kind == "bot":
        return "the bot"
    return (seat.user_name or "player") if seat.user_id else "an open seat"


# --- whose turn: the one check ----------------------------------------------------------------
def held_sides(info: GameInfo, user: str | int) -> list[str]:
    """The sides ``user`` holds (a human seat with their id)."""
    return [s for s, seat in info.seats.items() if seat.kind == "human" and seat.user_id == str(user)]


def acting_side(info: GameInfo, sides: Sequence[str]) -> str:
    """The side of ``sides`` whose decision it is: the one check of whose turn an order meets on its way.
    Refused when the game is over, or when the decision is another side's (naming the rule)."""
    rules = registry.get(info.game)
    if info.status == "over" or info.to_act is None:
        raise GameOver(f"Game #{info.id} is over: {info.status_line}")
    if info.to_act in sides:
        return info.to_act
    who = side_name(rules, info.to_act)
    seat = info.seats.get(info.to_act)
    if seat is not None and seat.kind == "bot":
        raise NotYourTurn(f"It is the bot's decision now ({who}): {info.status_line}", rules.sequence_rule)
    raise NotYourTurn(f"It is {who}'s decision now: {info.status_line}", rules.sequence_rule)


def _seated(info: GameInfo, user: str, sides: Sequence[str] | None) -> list[str]:
    mine = list(sides) if sides is not None else held_sides(info, user)
    if not mine:
        raise Forbidden(f"You hold no side in game #{info.id}: only its seated players give orders "
                        "(/game join takes a side the bot or nobody holds)")
    return mine


# --- the flows ----------------------------------------------------------------------------------
def _move(o: Outcome | Move, *, by_bot: bool = False) -> Move:
    if isinstance(o, Move):
        return o
    return Move(o.seq, o.side, o.action, list(o.events), o.reason, by_bot, o.repeated)


def order(service: GameService, game_id: int, user: str, action: Action, *, actor_name: str = "",
          sides: Sequence[str] | None = None, expected_version: int | None = None,
          interaction_id: str | None = None, then_follow: bool = True, reason: str = "") -> Flow:
    """A player's order: whose turn (once), the order applied (at most once per interaction), then
    ``follow`` (or, without ``then_follow``, the applied entry alone: ``carry_on`` goes on from it once
    the adapter has answered). ``sides`` are the sides the user speaks for (default: their seats);
    ``reason`` is logged with the entry (a deadline's standing order says why it was given)."""
    info = service.info(game_id)
    try:
        side = acting_side(info, _seated(info, user, sides))
    except (Forbidden, GameOver, NotYourTurn):
        # a second delivery of an interaction another process (or a retry) already applied?
        done = service.repeated(interaction_id)
        if done is None:
            raise
        return _repeat(service, done)
    outcome = service.submit(game_id, side, action, user, actor_name, expected_version, reason=reason,
                             interaction_id=interaction_id)
    if outcome.repeated:
        return _repeat(service, outcome)
    return _then(service, game_id, [outcome], user, then_follow, side=side)


def _then(service: GameService, game_id: int, outcomes: list[Outcome], last_user: str | None, then_follow: bool,
          **extra: Any) -> Flow:
    if then_follow:
        return follow(service, game_id, outcomes, last_user=last_user, **extra)
    return Flow(game_id, service.info(game_id), [_move(o) for o in outcomes], [], [], [], None, None, [],
                last_user=last_user, **extra)


def carry_on(service: GameService, first: Flow) -> Flow:
    """The rest of a flow begun without ``then_follow``: the same Flow ``then_follow`` would have made."""
    flow = follow(service, first.game_id, first.applied, last_user=first.last_user, side=first.side)
    flow.taken_back = first.taken_back
    return flow


def _repeat(service: GameService, done: Outcome) -> Flow:
    """The answer to a second delivery: the entry the first one made; nothing follows again."""
    info = service.info(done.game_id)
    return Flow(done.game_id, info, [_move(done)], [], [], [], None, None, [], side=done.side)


def undo(service: GameService, game_id: int, user: str, *, sides: Sequence[str] | None = None,
         viewer: str | None = None, group: str = "", interaction_id: str | None = None,
         then_follow: bool = True, expected_version: int | None = None) -> Flow:
    """Take back the user's last order (never past a card or a die), then ``follow``. With
    ``expected_version`` (a board page's), only while the game is at that version (else StaleVersion)."""
    info = service.info(game_id)
    mine = _seated(info, user, sides)
    if info.status == "over":
        raise GameOver(f"Game #{game_id} is over: {info.status_line}")
    done = service.undo(game_id, user, mine[0] if len(mine) == 1 else None, False, interaction_id,
                        expected_version=expected_version)
    return _then(service, game_id, [done], user, then_follow,
                 taken_back=taken_back(service, game_id, done.seq, viewer, group or info.game))


def taken_back(service: GameService, game_id: int, undo_seq: int, viewer: str | None, group: str) -> str:
    """What an undo took back, in words: '#12 /peiper move unit:Spitze to:0207' (from the log's newest page)."""
    entries, _, _ = service.log_page(game_id, 1, 4, viewer=viewer)
    done = next((e for e in entries if e.seq == undo_seq), None)
    target = next((e for e in entries if done is not None and e.seq == done.refers_to and e.action), None)
    if target is None:
        return ""
    return f"#{target.seq} {Action.from_dict(target.action).command(group)}"


BOARD_REASON = "given from the board"  # logged with an order clicked on a side's board page (issue 37)

RULINGS = ("gm", "revert", "rewind", "reroll")


def ruling(service: GameService, game_id: int, kind: str, user: str, reason: str, *, action: Action | None = None,
           entry: int = 0, rule: str = "", actor_name: str = "", interaction_id: str | None = None,
           then_follow: bool = True) -> Flow:
    """A GM's ruling (``kind``: a correction ``gm`` with its ``action``, ``revert`` or ``rewind`` of
    ``entry``, ``reroll``), then ``follow``. The player awaited before it is not pinged again for it."""
    before = service.info(game_id)
    waiting = before.seats[before.to_act].user_id if before.to_act in before.seats else None
    if kind == "gm":
        assert action is not None, "a correction needs its action"
        done = service.gm(game_id, action, user, reason, rule, actor_name, interaction_id)
    elif kind == "revert":
        done = service.gm_revert(game_id, entry, user, reason, interaction_id)
    elif kind == "rewind":
        done = service.gm_rewind(game_id, entry, user, reason, interaction_id)
    elif kind == "reroll":
        done = service.gm_reroll(game_id, user, reason, interaction_id)
    else:
        raise ValueError(f"no ruling {kind!r}: rulings are {', '.join(RULINGS)}")
    return _then(service, game_id, [done], waiting, then_follow)


def follow(service: GameService, game_id: int, outcomes: Sequence[Outcome | Move] = (), *,
           last_user: str | None = None, side: str | None = None, run_bots: bool = True,
           taken_back: str = "", decide: bool = True) -> Flow:
    """After accepted entries: the bots' moves, the phases closed, the ending, the next decision and
    its notice. The decision's player is pinged unless it stays with ``last_user`` (whose entry it was)
    and no bot moved in between. Without ``decide`` the decision's choices are not read (the table's
    catch-up after a command that gave no order)."""
    bot_outcomes = service.run_bots(game_id) if run_bots else []
    info = service.info(game_id)
    applied = [_move(o) for o in outcomes]
    bots = [_move(o, by_bot=True) for o in bot_outcomes]
    closed = [m.seq for m in applied + bots if m.phase_ended]
    numbers = phase_numbers(service, game_id, closed) if closed else []
    ending = ending_of(service, game_id, info) if info.status == "over" else None
    decision = None if ending is not None or not decide else _decision(service, info)
    notices = _notices(decision, None if bots else last_user)
    return Flow(game_id, info, applied, bots, closed, numbers, ending, decision, notices, side=side,
                taken_back=taken_back, last_user=last_user)


def ending_of(service: GameService, game_id: int, info: GameInfo | None = None) -> Ending:
    """The ending of a game that is over: its result, rule, seeds and players."""
    info = info or service.info(game_id)
    text, rule = result_text(service, game_id, info)
    record = service.seed_record(game_id)
    players = [s.user_id for s in info.seats.values() if s.kind == "human" and s.user_id]
    return Ending(text, rule, seed_text(record), record, players)


def _decision(service: GameService, info: GameInfo) -> Decision | None:
    side = info.to_act
    if side is None or side not in info.seats:
        return None
    rules = registry.get(info.game)
    seat = info.seats[side]
    opponents = [seat_words(info, s) for s in info.seats if s != side]
    kind = "bot" if seat.kind == "bot" else "human" if seat.user_id else "open"
    legal: list[Action] = []
    turn = None
    if kind == "human":  # the choices and the turn are read for a player only (a bot has moved already)
        state = service.state(info.id)
        legal = rules.legal_actions(state, side)
        turn = getattr(state, "turn", None)  # what the view's "turn" shows, without building the view
    return Decision(side, side_name(rules, side), kind, seat.user_id, seat.user_name, seat.notify, legal,
                    info.version, turn if isinstance(turn, int) else None, opponents)


def _notices(decision: Decision | None, last_user: str | None) -> list[Notice]:
    if decision is None or decision.seat != "human" or decision.user_id is None:
        return []
    ping = decision.user_id != last_user
    return [Notice(decision.user_id, ping, decision.notify == "dm" and ping)]


def heading(info: GameInfo, decision: Decision | None = None, side: str | None = None, turn: int | None = None,
            name: Callable[[str], str] = str) -> str:
    """A notice's head in a shared channel: 'Game #8 (vs bob, turn 3)'; several games may share one.
    ``name`` shows a player's name (the cogs escape it)."""
    side = decision.side if decision is not None else side if side is not None else info.to_act
    opponents = decision.opponents if decision is not None else [seat_words(info, s) for s in info.seats if s != side]
    parts = [f"vs {', '.join(name(o) for o in opponents)}"] if opponents else []
    turn = decision.turn if decision is not None else turn
    if turn is not None and turn > 0:  # turn 0: a set-up before the first turn
        parts.append(f"turn {turn}")
    return f"Game #{info.id}" + (f" ({', '.join(parts)})" if parts else "")


def turn_of(service: GameService, game_id: int) -> int | None:
    """The game's turn, as its view shows it (for a notice's heading outside a flow: a deadline)."""
    turn = getattr(service.state(game_id), "turn", None)
    return turn if isinstance(turn, int) else None
