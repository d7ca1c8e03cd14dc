"""``umpire db ...``: the database by hand. The bot and the local table upgrade the schema themselves at
start (``engine.service.database.make_engine``); these commands are for an operator. Every one of them
uses the database the bot uses: ``--db``, else DATABASE_URL (environment or ``.env``), else the SQLite
file in UMPIRE_DATA_DIR.

- ``umpire db upgrade`` / ``umpire db downgrade [REVISION]``: the newest schema, or back one revision
  (or to REVISION); a database that holds games is backed up first.
- ``umpire db current``: the database's revision and the newest one (exit 1 when behind, or when its
  schema differs from the newest one's whatever its revision says).
- ``umpire db check``: each way the schema differs from the newest one (tables, columns, types,
  nullability, indexes, constraints); exit 0 when none, 1 when some (``umpire db upgrade`` repairs them).
- ``umpire db backup PATH [--live]``: one consistent snapshot (SQLite's online backup; pg_dump of an
  exported snapshot). Refused while a bot holds the database unless ``--live``; then it says which
  orders the snapshot holds (up to log #N of each game) and how many came after it.
- ``umpire db copy --to URL [--live]``: every game, live ones included, into another (empty) database,
  read in one snapshot, refused while a bot holds the source unless ``--live``; every game must then
  replay on the target to its stored state.
- ``umpire db forget-user ID [--name NAME]``: a user's ids and names replaced by a pseudonym everywhere, then
  the database compacted so the old bytes are gone (PRIVACY.md).
- ``umpire db export GAME_ID`` / ``umpire db import FILE``: a game as JSON, and a finished game's
  export recreated by replaying its log.
- ``umpire db prune [--dry-run]``: the retention settings applied (UMPIRE_KEEP_FINISHED_DAYS,
  UMPIRE_KEEP_BACKUP_DAYS): finished games and old backups deleted, each one named
  (engine/service/retention.py); the bot runs the same pass once a day.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TextIO

from engine.errors import UmpireError
from engine.service.database import (
    current_revision,
    head_revision,
    is_memory,
    make_bare_engine,
    make_engine,
    migrate,
    normalize_url,
    shown,
    sqlite_path,
    unavailable,
)
from engine.service.settings import Settings

__all__ = ["db_backup", "db_check", "db_copy", "db_current", "db_downgrade", "db_export", "db_forget_user", "db_import",
           "db_prune", "db_upgrade", "shown"]


def _fail(command: str, exc: BaseException, url: str | None) -> int:
    if not isinstance(exc, UmpireError):
        exc = unavailable(url, exc)
    print(f"umpire db {command}: {exc}", file=sys.stderr)
    return 2


def _existing(url: str | None) -> str | None:
    """A refusal when a SQLite database file does not exist (the command would make an empty one)."""
    full = normalize_url(url)
    path = sqlite_path(full) if not is_memory(full) else ""
    if path and not Path(path).exists():
        return f"no database at {path} (DATABASE_URL, UMPIRE_DATA_DIR or --db name another?)"
    return None


def db_upgrade(url: str | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    created = _existing(url) is not None
    try:
        revision = migrate("head", url)
    except Exception as exc:  # noqa: BLE001  (a database that cannot be reached: one line, exit 2)
        return _fail("upgrade", exc, url)
    note = " (a new, empty database)" if created else ""
    print(f"{shown(url)} is at revision {revision} (the newest){note}", file=out)
    return 0


def db_downgrade(target: str | None, url: str | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    missing = _existing(url)
    if missing:
        print(f"umpire db downgrade: {missing}", file=sys.stderr)
        return 2
    try:
        revision = migrate(target or "-1", url)
    except Exception as exc:  # noqa: BLE001
        return _fail("downgrade", exc, url)
    print(f"{shown(url)} is at revision {revision} (newest {head_revision()}); the bot upgrades it again "
          "at start: run the older Umpire with it", file=out)
    return 0


def db_current(url: str | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    missing = _existing(url)
    if missing:
        print(f"umpire db current: {missing}", file=sys.stderr)
        return 2
    from engine.service.schema import differences

    engine = make_bare_engine(url)
    try:
        with engine.connect() as conn:
            current = current_revision(conn)
            differs = [d for d in differences(conn) if not d.startswith("revision ")]
    except Exception as exc:  # noqa: BLE001
        return _fail("current", exc, url)
    finally:
        engine.dispose()
    print(f"{shown(url)}: revision {current or '(none)'}; newest {head_revision()}", file=out)
    if differs:  # the revision is not the whole truth (issue 25: a skipped revision said "current")
        print(f"but its schema differs from the newest in {len(differs)} ways: run umpire db check", file=out)
    return 0 if current == head_revision() and not differs else 1


def db_check(url: str | None = None, out: TextIO | None = None) -> int:
    """Each way the database's schema differs from the newest one; exit 0 when it is the same, 1 when not."""
    from engine.service.schema import differences

    out = out or sys.stdout
    missing = _existing(url)
    if missing:
        print(f"umpire db check: {missing}", file=sys.stderr)
        return 2
    engine = make_bare_engine(url)
    try:
        with engine.connect() as conn:
            found = differences(conn)
    except Exception as exc:  # noqa: BLE001
        return _fail("check", exc, url)
    finally:
        engine.dispose()
    if not found:
        print(f"{shown(url)}: the newest schema (revision {head_revision()}), nothing differs", file=out)
        return 0
    print(f"{shown(url)}: the schema differs from the newest (revision {head_revision()}) in {len(found)} ways:",
          file=out)
    for line in found[:200]:  # bounded: a foreign database could differ in thousands
        print(f"  - {line}", file=out)
    if len(found) > 200:
        print(f"  ... and {len(found) - 200} more", file=out)
    print("umpire db upgrade brings it to the newest schema (after a backup)", file=out)
    return 1


def _snapshot_note(upto: dict[int, int], holders: list[str], behind: int) -> str:
    """What a --live copy or backup holds, and what it leaves behind (issue 25: orders stayed behind unsaid)."""
    if not holders:
        return ""
    shown_games = ", ".join(f"#{g}: #{n}" for g, n in sorted(upto.items())[:10])
    more = f" and {len(upto) - 10} more" if len(upto) > 10 else ""
    return (f" A bot was running ({'; '.join(holders)[:120]}): this is a snapshot holding the orders up to log "
            f"#N of each game ({shown_games or 'no games'}{more}); the orders after log #N of each game are not in "
            f"it ({behind} given since the snapshot).")


def db_backup(dest: Path, url: str | None = None, out: TextIO | None = None, live: bool = False) -> int:
    from engine.service.backup import backup_snapshot

    missing = _existing(url)
    if missing:
        print(f"umpire db backup: {missing}", file=sys.stderr)
        return 2
    engine = make_bare_engine(url)
    try:
        report = backup_snapshot(engine, dest, live=live)
    except OSError as exc:  # the destination's fault (a folder that is not there, no right to write), not the database's
        target = dest.absolute()
        if exc.filename is not None and Path(exc.filename).absolute() in (target, *target.parents):
            print(f"umpire db backup: cannot write {str(dest)[:200]}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        return _fail("backup", exc, url)
    except Exception as exc:  # noqa: BLE001
        return _fail("backup", exc, url)
    finally:
        engine.dispose()
    print(f"Backed up {shown(url)} to {report.path}: {len(report.upto)} games in one snapshot."
          f"{_snapshot_note(report.upto, report.holders, report.behind)}", file=out or sys.stdout)
    return 0


def db_copy(target: str, url: str | None = None, out: TextIO | None = None, live: bool = False) -> int:
    from engine.service.copying import copy_to

    missing = _existing(url)
    if missing:
        print(f"umpire db copy: {missing}", file=sys.stderr)
        return 2
    try:
        report = copy_to(url, target, live=live)
    except Exception as exc:  # noqa: BLE001
        return _fail("copy", exc, url)
    rows = ", ".join(f"{n} {table}" for table, n in report.counts.items())
    print(f"Copied {shown(url)} to {shown(target)} from one snapshot: {rows}; {report.verified} games replay to "
          f"their stored state there.{_snapshot_note(report.upto, report.holders, report.behind)} Point "
          "DATABASE_URL at the new database and restart the bot.", file=out or sys.stdout)
    return 0


def db_forget_user(user_id: str, url: str | None = None, out: TextIO | None = None,
                   names: list[str] | None = None) -> int:
    from engine.service.privacy import MAX_EXTRA_NAMES, forget_user

    user_id = user_id.strip()
    if not user_id.isdigit() or len(user_id) > 25:
        print("umpire db forget-user: a Discord user id is a number (Developer Mode: Copy User ID)", file=sys.stderr)
        return 2
    names = [n.strip() for n in names or [] if n.strip()]
    if len(names) > MAX_EXTRA_NAMES or any(len(n) > 100 for n in names):
        print(f"umpire db forget-user: at most {MAX_EXTRA_NAMES} --name values of up to 100 characters",
              file=sys.stderr)
        return 2
    try:
        engine = make_engine(url)
    except Exception as exc:  # noqa: BLE001
        return _fail("forget-user", exc, url)
    try:
        done = forget_user(engine, user_id, names)
    except Exception as exc:  # noqa: BLE001  (nothing was changed: the forget is one transaction)
        return _fail("forget-user", exc, url)
    finally:
        engine.dispose()
    print(f"Forgot user {user_id}: {done.seats} seats, {done.entries} log entries and {done.rows} rows in all, "
          f"in {len(done.games)} games ({len(done.rebuilt)} states rebuilt by replay); they now read "
          f"{done.tombstone}. A running bot forgets the user's cached seats at its next restart.",
          file=out or sys.stdout)
    if not done.compacted:
        print("umpire db forget-user: forgotten, but the database could not be compacted (another connection "
              "kept SQLite's write-ahead log, or VACUUM was refused): run it again while the bot is stopped to be "
              "sure the old bytes are gone", file=sys.stderr)
    return 0


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


def backups_folder(url: str | None, settings: Settings) -> Path:
    """Where the backups before migrations go: beside a SQLite file, else in the data folder."""
    full = normalize_url(url, settings)
    path = sqlite_path(full) if not is_memory(full) else ""
    return Path(path).parent / "backups" if path else settings.data_dir / "backups"


def db_prune(url: str | None = None, dry_run: bool = False, out: TextIO | None = None) -> int:
    from engine.service.retention import prune

    out = out or sys.stdout
    settings = Settings()
    if settings.umpire_keep_finished_days is None and settings.umpire_keep_backup_days is None:
        print("umpire db prune: nothing to do: set UMPIRE_KEEP_FINISHED_DAYS and/or UMPIRE_KEEP_BACKUP_DAYS",
              file=sys.stderr)
        return 2
    missing = _existing(url)
    if missing:
        print(f"umpire db prune: {missing}", file=sys.stderr)
        return 2
    try:
        engine = make_engine(url, settings)
    except Exception as exc:  # noqa: BLE001
        return _fail("prune", exc, url)
    try:
        done = prune(engine, settings, dry_run=dry_run, backups=backups_folder(url, settings))
    except Exception as exc:  # noqa: BLE001
        return _fail("prune", exc, url)
    finally:
        engine.dispose()
    for gid, title, last in done.games:
        print(f"{'would delete' if dry_run else 'deleted'} finished game #{gid} {title} (last move {last})", file=out)
    for path in done.backups:
        print(f"{'would delete' if dry_run else 'deleted'} backup {path}", file=out)
    print(f"{shown(url)}: {done.summary()}", file=out)
    return 0
