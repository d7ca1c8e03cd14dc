"""Database URLs shown without their secrets, whatever form the secret takes.

A password can sit in a URL's user part (``user:secret@host``, percent-encoded or raw, a raw ``@``
or ``/`` included) or in its query (``?password=secret``, ``sslpassword=``). ``redact_url`` replaces
each by ``***``: the user part is everything up to the last ``@`` (so a raw ``@`` in a password hides
its tail too), and the query from the first key that names a secret to its end (a raw ``&`` in the
secret cannot be told from the next option). ``scrub`` removes the same secrets
from any other text (a driver's error message). Over-hiding is allowed; showing a secret is not.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, unquote_plus

HIDDEN = "***"
SECRET_WORDS = ("pass", "pwd", "secret", "token")  # a query key holding any of these is a secret
MIN_SCRUB = 3  # shorter secrets are not searched for in free text (they would hide ordinary words)


def _is_secret(key: str) -> bool:
    key = unquote_plus(key).lower()
    return any(word in key for word in SECRET_WORDS)


def _scheme(url: str) -> tuple[str, str]:
    scheme, sep, rest = url.partition("://")
    return (scheme + sep, rest) if sep else ("", url)


def _user_parts(rest: str) -> list[str]:
    """The user parts ``rest`` may have: up to the last '@' before the query, and up to the last '@' of all
    (a raw '?' or '@' in a password makes them differ)."""
    parts = []
    for at in (rest.partition("?")[0].rfind("@"), rest.rfind("@")):
        if at >= 0:
            parts.append(rest[:at])
    return parts


def secrets_in(url: str | None) -> list[str]:
    """The secrets a URL may carry, as written and decoded, under every reading of it (longest first)."""
    if not url:
        return []
    _scheme_part, rest = _scheme(url)
    found = [user.split(":", 1)[1] for user in _user_parts(rest) if ":" in user]
    # a secret key anywhere in the URL: its value may hold a raw '&' or '?', so it runs to the end of
    # the URL, and each shorter reading (up to an '&' or '@') counts too
    for match in re.finditer(r"(?:^|[?&])([^=&?]+)=", url):
        if _is_secret(match.group(1)):
            value = url[match.end():]
            found.append(value)
            found.extend(value[:i] for i, ch in enumerate(value) if ch in "&@")
    out = {s for raw in found for s in (raw, unquote(raw), unquote_plus(raw)) if s}
    return sorted(out, key=len, reverse=True)


def redact_url(url: str | None) -> str:
    """The URL with its password(s) replaced by ``***`` (the user name, host, database and other
    options kept, as far as they can be told apart from a secret)."""
    if not url:
        return ""
    scheme, rest = _scheme(url)
    shown = scheme
    at = rest.rfind("@")  # the widest reading of the user part: more hidden, never less
    if at >= 0:
        user = rest[:at]
        shown += (f"{user.split(':', 1)[0]}:{HIDDEN}" if ":" in user else user) + "@"
        rest = rest[at + 1:]
    shown += rest
    for match in re.finditer(r"[?&]([^=&?]+)=", shown):
        if _is_secret(match.group(1)):
            # the rest goes too: a raw '&' in the secret cannot be told from the next option
            shown = shown[:match.end()] + HIDDEN
            break
    return scrub(shown, url)


def scrub(text: str, *urls: str | None) -> str:
    """``text`` with every secret of the given URLs replaced by ``***``."""
    for url in urls:
        for secret in secrets_in(url):
            if len(secret) >= MIN_SCRUB:
                text = text.replace(secret, HIDDEN)
    return text
