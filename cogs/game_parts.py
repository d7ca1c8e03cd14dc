"""What /game shows and checks that is not a Discord call: a game thread's name, a log entry's lines, and
the limit on open games (a flood of /game new stops there)."""

from __future__ import annotations

from typing import Any

from engine.errors import Forbidden
from engine.game import Action
from engine.service import Seat, event_from_dict
from engine.service.limits import open_games

from .text import clip, shown
from .words import code, esc, event_text


def thread_name(key: str, rules: Any, info_seats: dict[str, Seat]) -> str:
    """"Peiper - alice (US) vs Umpire (GE)": names cleaned (no direction overrides, no mention syntax)."""
    parts = []
    for side, seat in info_seats.items():
        who = shown(seat.user_name, 24, markup=False) if seat.kind == "human" and seat.user_id else (
            "Umpire" if seat.kind == "bot" else "open")  # a thread name shows text as typed: no markup in it
        parts.append(f"{who or 'player'} ({side.upper()})")
    return clip(f"{rules.short_name} - {' vs '.join(parts)}", 100)


def check_open_games(engine: Any, config: Any, opener: int | str, seats: dict[str, Seat]) -> None:
    """Refuse a new game when its opener or opponent already holds a seat in ``open_games`` open games of
    the server (a DM game: of the DMs): the server's setting, 10 by default (a flood of games stops here)."""
    limit = int(config.open_games)
    where = "on this server" if config.guild_id else "in DMs"
    for seat in seats.values():
        if seat.kind != "human" or not seat.user_id:
            continue
        count = open_games(engine, seat.user_id, config.guild_id)
        if count >= limit:
            who = "You play" if seat.user_id == str(opener) else f"{esc(seat.user_name)} plays"
            raise Forbidden(f"{who} {count} open games {where} already, the most a member may (the server's "
                            f"open_games: {limit}): finish or resign one first")


def entry_text(group: str, e: Any, events: int = 4) -> str:
    """A log entry as /game log shows it (a secret's entry comes redacted from the service's log page)."""
    action = Action.from_dict(e.action) if e.action else None
    head = code(action.command("gm" if e.kind == "gm" else group)) if action is not None else e.kind
    who = esc(e.actor_name) if e.actor_name else ("bot" if e.actor == "bot" else "")
    bits = [f"**#{e.seq}** {e.kind}" + (f" {esc(e.side, 20)}" if e.side else "") + f" `{head}`"
            + (f" by {who}" if who else "")]
    if e.undone:
        bits[0] = f"~~{bits[0]}~~ (undone by #{e.undone_by})"
    if e.reason:
        bits.append(f"  reason: {esc(e.reason, 200)}" + (f" [{esc(e.rule, 100)}]" if e.rule else ""))
    for ev in e.events[:events]:
        bits.append(f"  > {event_text(event_from_dict(ev).line(), 300)}")
    if len(e.events) > events:
        bits.append(f"  > ... {len(e.events) - events} more")
    return "\n".join(bits)
