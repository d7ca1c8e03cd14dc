"""Board links: who may watch a game at which link (issue 26).

A link names a game and a viewer (``spectator`` or one of the game's sides) and carries a token: an
HMAC-SHA256 over both, keyed by a secret kept per game in ``board_links``. A token cannot be guessed
(192 bits are kept), cannot be moved to another game or viewer, and ``revoke`` draws a new secret, so
every link given out before stops working at once. The secret never leaves the database (and the
board's memory, where ``Stamp`` holds it to check the pages it serves).

A page left open is checked again on every event it is sent (``stamp``: the game's version and its
links' secret in one read), so a revoke closes the pages opened before it as surely as it refuses their
links; the revoke is announced like a move (moves.py), so the board processes look at once.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from engine.errors import Forbidden, NotFound

from . import moves
from .models import BoardLinkRecord, GameRecord

GAMES = GameRecord.__table__  # type: ignore[attr-defined]
LINKS = BoardLinkRecord.__table__  # type: ignore[attr-defined]

SPECTATOR = "spectator"
TOKEN_CHARS = 32  # base64url characters kept of the 43 a SHA-256 gives: 192 bits
_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{{TOKEN_CHARS}}}")
_VIEWER = re.compile(r"[a-z][a-z0-9_]{0,15}")


def _mac(secret: str, game_id: int, viewer: str) -> str:
    digest = hmac.new(bytes.fromhex(secret), f"umpire-board:{game_id}:{viewer}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:TOKEN_CHARS]


def _secret(s: Session, game_id: int) -> BoardLinkRecord:
    row = s.get(BoardLinkRecord, game_id)
    if row is not None:
        return row
    if s.get(GameRecord, game_id) is None:
        raise NotFound(f"No game #{game_id}")
    row = BoardLinkRecord(game_id=game_id, secret=secrets.token_hex(32))
    s.add(row)
    try:
        s.commit()
    except IntegrityError:  # another process made it first: read theirs
        s.rollback()
        made = s.get(BoardLinkRecord, game_id)
        assert made is not None
        return made
    s.refresh(row)
    return row


def token(engine: Engine, game_id: int, viewer: str) -> str:
    """The token of a viewer's link to a game (the game's secret is made on first use)."""
    with Session(engine) as s:
        return _mac(_secret(s, game_id).secret, game_id, viewer)


def check(engine: Engine, game_id: int, viewer: str, given: str) -> None:
    """Raise ``Forbidden`` unless ``given`` is the current token of this game and viewer."""
    if not _TOKEN.fullmatch(given) or not _VIEWER.fullmatch(viewer):
        raise Forbidden("This board link is not valid.")
    with Session(engine) as s:
        row = s.get(BoardLinkRecord, game_id)
        expected = _mac(row.secret, game_id, viewer) if row is not None else None
    # compare even when there is no secret, so a missing game costs the same as a wrong token
    if not hmac.compare_digest(expected or "-" * TOKEN_CHARS, given) or expected is None:
        raise Forbidden("This board link is not valid, or it was revoked: ask for a new one with /game board.")


def revoke(engine: Engine, game_id: int) -> int:
    """A new secret for the game: every link given out before is refused, and every page open on one is
    closed at its board's next look (announced at once on Postgres). Returns the new generation."""
    with Session(engine) as s:
        row = _secret(s, game_id)
        row.secret = secrets.token_hex(32)
        row.generation += 1
        s.add(row)
        s.flush()
        version = s.connection().execute(select(GAMES.c.version).where(GAMES.c.id == game_id)).scalar_one()
        moves.announce(s.connection(), game_id, version)
        s.commit()
        return row.generation


@dataclass(frozen=True)
class Stamp:
    """A game as its live pages are checked against: its version (None: no such game) and its links'
    generation and secret, read together. Two stamps differ when a page must be sent or closed."""

    game_id: int
    version: int | None
    generation: int
    secret: str | None = field(default=None, repr=False, compare=False)

    def allows(self, viewer: str, given: str) -> bool:
        """Whether ``given`` is still this viewer's token (in memory: no database read)."""
        if self.secret is None or not _TOKEN.fullmatch(given) or not _VIEWER.fullmatch(viewer):
            return False
        return hmac.compare_digest(_mac(self.secret, self.game_id, viewer), given)


def stamp(engine: Engine, game_id: int) -> Stamp:
    """The game's version and links, in one read."""
    query = (select(GAMES.c.version, LINKS.c.secret, LINKS.c.generation)
             .select_from(GAMES.outerjoin(LINKS, LINKS.c.game_id == GAMES.c.id)).where(GAMES.c.id == game_id))
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None:
        return Stamp(game_id, None, 0)
    return Stamp(game_id, int(row.version), int(row.generation or 0), row.secret)
