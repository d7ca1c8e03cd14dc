"""Board links: who may watch a game at which link (issue 26).

A link names a game and a viewer (``spectator`` or one of the game's sides) and carries a token: an
HMAC-SHA256 over both, keyed by a secret kept per game in ``board_links``. A token cannot be guessed
(192 bits are kept), cannot be moved to another game or viewer, and ``revoke`` draws a new secret, so
every link given out before stops working at once. The secret never leaves the database.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from engine.errors import Forbidden, NotFound

from .models import BoardLinkRecord, GameRecord

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
    """A new secret for the game: every link given out before is refused. Returns the new generation."""
    with Session(engine) as s:
        row = _secret(s, game_id)
        row.secret = secrets.token_hex(32)
        row.generation += 1
        s.add(row)
        s.commit()
        return row.generation
