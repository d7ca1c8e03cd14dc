"""Logging for every ``umpire`` command: UMPIRE_LOG_LEVEL and UMPIRE_LOG_FORMAT (text or json), on stderr.

- ``json``: one JSON object a line (``ts``, ``level``, ``logger``, ``msg``, and a record's ``fields``),
  for a log collector. ``text``: ``time LEVEL logger: message key=value ...``.
- No secret in any line: the Discord token and the database URL's password(s) (whatever the URL's form,
  engine/service/redact.py) are replaced by ``***`` in every formatted line, tracebacks included.
- Alembic's start-up chatter (about 11 INFO lines) shows only at DEBUG; discord.py's warnings about
  voice support (Umpire has no voice) are dropped.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any

from engine.service.settings import Settings

QUIET = ("alembic", "sqlalchemy.engine")
VOICE_WORDS = ("voice will NOT be supported", "davey is not installed", "PyNaCl")


class _Handler(logging.StreamHandler):  # type: ignore[type-arg]
    """Ours: replaced, not doubled, when logging is configured again. Without a given stream it writes to
    the sys.stderr of the moment (a test's capture, a redirected stream)."""

    def __init__(self, stream: Any = None, secrets: tuple[str, ...] = ()) -> None:
        super().__init__(stream or sys.stderr)
        self.follow = stream is None
        self.secrets = secrets

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        for secret in self.secrets:
            line = line.replace(secret, "***")
        return line

    def emit(self, record: logging.LogRecord) -> None:
        if self.follow:
            self.stream = sys.stderr
        super().emit(record)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname, "logger": record.name, "msg": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            data.update(fields)
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict) and fields:
            line += " " + " ".join(f"{k}={v}" for k, v in fields.items())
        return line


def _not_voice(record: logging.LogRecord) -> bool:
    return not (record.name.startswith("discord") and any(w in record.getMessage() for w in VOICE_WORDS))


def secrets_of(settings: Settings) -> tuple[str, ...]:
    """What no log line may hold (longest first, so a secret's tail is not left behind)."""
    from engine.service.redact import MIN_SCRUB, secrets_in

    found = {settings.token} | set(secrets_in(settings.database_url))
    return tuple(sorted((s for s in found if len(s) >= MIN_SCRUB), key=len, reverse=True))


def configure_logging(settings: Settings, stream: Any = None) -> None:
    level = logging.getLevelName(settings.umpire_log_level.upper())
    if not isinstance(level, int):
        level = logging.INFO
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, _Handler)]:
        root.removeHandler(old)
    handler = _Handler(stream, secrets_of(settings))
    handler.setFormatter(JsonFormatter() if settings.umpire_log_format == "json" else TextFormatter())
    handler.addFilter(_not_voice)
    root.addHandler(handler)
    root.setLevel(level)
    for name in QUIET:
        logging.getLogger(name).setLevel(logging.DEBUG if level <= logging.DEBUG else logging.WARNING)
    logging.getLogger("discord").setLevel(max(level, logging.INFO))
