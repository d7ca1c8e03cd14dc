"""The Activity's sign-in (issue 39): an OAuth2 code exchanged for the Discord user, and the page's session.

The page inside Discord gets an authorization code from the client (the Embedded App SDK's ``authorize``);
``Discord.user_of`` sends it with the application's client id and secret to Discord's token endpoint and
reads the user with ``/users/@me``. The access token stays here (the page never holds it) and is dropped
at once: the board needs to know who signed in, nothing more. Every call is bounded (a timeout, an answer
of at most ``MAX_ANSWER`` bytes) and a failed one is a refusal naming Discord, never its body, the secret,
the code or the token (none of them is logged or repeated).

A code is used once: one seen in the last ``CODE_MEMORY_SECONDS`` is refused here before Discord is asked
(Discord refuses a replayed code as well). A session is ``Sessions.make``'s signed, short-lived string,
bound to one user, one game and one side (or the spectators' view); ``Sessions.check`` refuses a tampered,
expired or other game's or side's session. Its key is derived from the client secret: any board process
of the same application reads it, and a new secret signs every page out.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import aiohttp

from engine.errors import Forbidden, UmpireError

CODE = re.compile(r"[A-Za-z0-9_-]{1,128}")
USER_ID = re.compile(r"[0-9]{1,20}")
MAX_ANSWER = 16 * 1024  # bytes of an answer from Discord's token or user endpoint
TIMEOUT_SECONDS = 10.0
CODE_MEMORY_SECONDS = 600.0  # a code is worth minutes at Discord; remembered here longer than that
CODE_MEMORY_SIZE = 20_000
SESSION = re.compile(r"[A-Za-z0-9_-]{8,200}\.[A-Za-z0-9_-]{43}")
SESSION_SKEW = 60  # seconds an expiry may lie ahead of its lifetime (clocks of several processes)


class DiscordUnavailable(UmpireError):
    """Discord could not be asked (down, slow, an answer not understood): try again later."""


@dataclass(frozen=True)
class Identity:
    user_id: str
    name: str


class Discord:
    """Discord's OAuth2 token endpoint and ``/users/@me``, for one application."""

    def __init__(self, api: str, client_id: str, client_secret: str, *, timeout: float = TIMEOUT_SECONDS) -> None:
        self.api = api.rstrip("/")
        self.client_id = client_id
        self._secret = client_secret
        self.timeout = aiohttp.ClientTimeout(total=timeout)
        self._http: aiohttp.ClientSession | None = None
        self.used: OrderedDict[str, float] = OrderedDict()  # sha256 of a code -> when it was used

    def __repr__(self) -> str:  # never the secret
        return f"Discord(api={self.api!r}, client_id={self.client_id!r})"

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()
            self._http = None

    def _session(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=self.timeout, trust_env=False)
        return self._http

    def spend(self, code: str) -> None:
        """A code counts once: refused if seen in the last ``CODE_MEMORY_SECONDS`` (kept as its hash)."""
        if not CODE.fullmatch(code):
            raise Forbidden("The sign-in code is not one Discord gives (letters and digits, at most 128)")
        now = time.monotonic()
        while self.used and next(iter(self.used.values())) < now - CODE_MEMORY_SECONDS:
            self.used.popitem(last=False)
        key = hashlib.sha256(code.encode()).hexdigest()
        if key in self.used:
            raise Forbidden("This sign-in code was used already: open the Activity again")
        self.used[key] = now
        while len(self.used) > CODE_MEMORY_SIZE:
            self.used.popitem(last=False)

    async def user_of(self, code: str) -> Identity:
        """The Discord user an authorization code was given to (for this application), or a refusal."""
        self.spend(code)
        form = {"client_id": self.client_id, "client_secret": self._secret,
                "grant_type": "authorization_code", "code": code}
        status, token = await self._call("POST", "/oauth2/token", data=form)
        if status in (400, 401):
            raise Forbidden("Discord refused the sign-in (a code for another application, used already or "
                            "expired): open the Activity again")
        access = token.get("access_token") if status == 200 else None
        scopes = str(token.get("scope", "")).split()
        if not isinstance(access, str) or not access or str(token.get("token_type", "Bearer")).lower() != "bearer":
            raise DiscordUnavailable("Discord's sign-in did not answer as expected: try again later")
        if "identify" not in scopes:
            raise Forbidden("The sign-in did not allow Umpire to know who you are (the identify scope)")
        status, user = await self._call("GET", "/users/@me", headers={"Authorization": f"Bearer {access}"})
        user_id = user.get("id") if status == 200 else None
        if not isinstance(user_id, str) or not USER_ID.fullmatch(user_id):
            raise DiscordUnavailable("Discord did not say who signed in: try again later")
        name = user.get("global_name") or user.get("username") or user_id
        return Identity(user_id, str(name)[:64])

    async def _call(self, method: str, path: str, **kwargs: Any) -> tuple[int, dict[str, Any]]:
        """One bounded request: (status, the JSON object answered; {} for anything else)."""
        try:
            async with self._session().request(method, self.api + path, allow_redirects=False, **kwargs) as r:
                body = await _whole(r.content, MAX_ANSWER + 1)
                status = r.status
        except (aiohttp.ClientError, TimeoutError, OSError):
            raise DiscordUnavailable("Discord could not be reached for the sign-in: try again later") from None
        if len(body) > MAX_ANSWER:
            raise DiscordUnavailable("Discord's answer to the sign-in was too long: try again later")
        try:
            answer = json.loads(body) if body else {}
        except ValueError:
            answer = {}
        if status >= 500 or status == 429:
            raise DiscordUnavailable("Discord's sign-in is busy or down: try again later")
        return status, answer if isinstance(answer, dict) else {}


async def _whole(content: aiohttp.StreamReader, most: int) -> bytes:
    """An answer's body whole (it may come in pieces: TLS records, chunks), at most ``most`` bytes."""
    got = bytearray()
    while len(got) < most:
        piece = await content.read(most - len(got))
        if not piece:
            break
        got += piece
    return bytes(got)


@dataclass(frozen=True)
class Seat:
    """What a session allows: one user, one game, one side (or the spectators' view), until ``until``."""

    user_id: str
    game_id: int
    viewer: str
    until: int


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Sessions:
    """Signed sessions (HMAC-SHA256, a key derived from the client secret): nothing kept server-side."""

    def __init__(self, client_secret: str, seconds: float, purpose: str = "sessions") -> None:
        label = f"umpire activity {purpose} v1".encode()  # a key per purpose: a ticket is never a session
        self._key = hmac.new(client_secret.encode(), label, hashlib.sha256).digest()
        self.seconds = int(seconds)

    def __repr__(self) -> str:
        return f"Sessions(seconds={self.seconds})"

    def _mac(self, body: str) -> str:
        return _b64(hmac.new(self._key, body.encode(), hashlib.sha256).digest())

    def make(self, user_id: str, game_id: int, viewer: str, now: float | None = None) -> str:
        until = int((time.time() if now is None else now) + self.seconds)
        body = _b64(f"{user_id}:{game_id}:{viewer}:{until}".encode())
        return f"{body}.{self._mac(body)}"

    def check(self, session: str, game_id: int, viewer: str, now: float | None = None) -> Seat:
        """The session's seat, if it is this server's, unexpired, and for this game and viewer."""
        if not SESSION.fullmatch(session):
            raise Forbidden("This page's sign-in is not valid: open the Activity again")
        body, mac = session.split(".")
        if not hmac.compare_digest(mac, self._mac(body)):
            raise Forbidden("This page's sign-in is not valid: open the Activity again")
        try:
            user_id, game, seen_viewer, until = _unb64(body).decode().split(":")
            seat = Seat(user_id, int(game), seen_viewer, int(until))
        except ValueError:
            raise Forbidden("This page's sign-in is not valid: open the Activity again") from None
        now = time.time() if now is None else now
        if seat.until < now:
            raise Forbidden("This page's sign-in has expired: open the Activity again")
        if seat.until > now + self.seconds + SESSION_SKEW:
            raise Forbidden("This page's sign-in is not valid: open the Activity again")
        if seat.game_id != game_id or seat.viewer != viewer:
            raise Forbidden("This sign-in is for another game or side")
        return seat
