"""``umpire db ...``: the database by hand. The bot and the local table upgrade the schema themselves at
start (``engine.service.database.make_engine``); these commands are for an operator.

- ``umpire db upgrade [--db URL]``: bring the database to the newest schema; prints the revision.
- ``umpire db current [--db URL]``: the database's revision and the newest one.
- ``umpire db export GAME_ID [--db URL]`` / ``umpire db import FILE [--db URL]``: a game as JSON, and
  a finished game's export recreated by replaying its log.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TextIO

from sqlalchemy.engine import make_url

from engine.errors import UmpireError
from engine.service.database import current_revision, head_revision, make_bare_engine, normalize_url, upgrade


def shown(url: str | None) -> str:
    """The URL without its password, for messages."""
    return make_url(normalize_url(url)).render_as_string(hide_password=True)


def db_upgrade(url: str | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    try:
        revision = upgrade(url)
    except UmpireError as exc:
        print(f"umpire db upgrade: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001  (a database that cannot be reached: say so, exit 2)
        print(f"umpire db upgrade: cannot upgrade {shown(url)}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    print(f"{shown(url)} is at revision {revision} (the newest)", file=out)
    return 0


def db_current(url: str | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    engine = make_bare_engine(url)
    try:
        with engine.connect() as conn:
            current = current_revision(conn)
    except Exception as exc:  # noqa: BLE001
        print(f"umpire db current: cannot read {shown(url)}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    finally:
        engine.dispose()
    print(f"{shown(url)}: revision {current or '(none)'}; newest {head_revision()}", file=out)
    return 0 if current == head_revision() else 1


def db_export(game_id: int, url: str | None = None, out: TextIO | None = None) -> int:
    from engine.service import GameService

    try:
        data = GameService(url).export(game_id)
    except UmpireError as exc:
        print(f"umpire db export: {exc}", file=sys.stderr)
        return 2
    json.dump(data, out or sys.stdout, ensure_ascii=False, default=str)
    (out or sys.stdout).write("\n")
    return 0


def db_import(path: Path, url: str | None = None, out: TextIO | None = None) -> int:
    from engine.service import GameService
    from engine.service.transfer import MAX_EXPORT_BYTES, load_export

    try:
        if path.stat().st_size > MAX_EXPORT_BYTES:
            print(f"umpire db import: {path} is larger than {MAX_EXPORT_BYTES} bytes: not an export", file=sys.stderr)
            return 2
        data = load_export(path.read_bytes())
        info = GameService(url).import_game(data)
    except (OSError, ValueError, RecursionError) as exc:
        print(f"umpire db import: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    except UmpireError as exc:
        print(f"umpire db import: {exc}", file=sys.stderr)
        return 2
    print(f"Imported as game #{info.id}: {info.title}, {info.status}", file=out or sys.stdout)
    return 0
