"""One Settings for every command: .env's DATABASE_URL is the database of every ``umpire`` command, the
data folder does not depend on the working directory, and an unreachable database is one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from engine.service import GameService
from engine.service.database import DatabaseUnavailable, head_revision, make_bare_engine
from engine.service.settings import Settings

REPO = Path(__file__).resolve().parents[2]
SCRIPT = "/peiper ready\n"


def _dotenv(folder: Path, db: Path, extra: str = "") -> None:
    # the forms the old parser misread: export, lowercase keys, quotes with a comment after them
    (folder / ".env").write_text(
        f'export DATABASE_URL="sqlite:///{db}"   # the games\n'
        "umpire_db_pool=7\n"
        "export DISCORD_TOKEN='t0ken-from-env' # secret\n" + extra, encoding="utf-8")


def test_dotenv_is_read_with_export_quotes_comments_and_lowercase_keys(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "games" / "umpire.db"
    _dotenv(tmp_path, db)
    monkeypatch.chdir(tmp_path)
    s = Settings()
    assert s.db_url == f"sqlite:///{db}"
    assert s.umpire_db_pool == 7
    assert s.token == "t0ken-from-env"
    assert "t0ken" not in repr(s)
    pg = make_bare_engine("postgresql://u:p@127.0.0.1:1/x", s)
    assert pg.pool.size() == 7  # type: ignore[attr-defined]
    assert pg.pool._pre_ping  # type: ignore[attr-defined]
    pg.dispose()


def test_dotenv_database_url_is_the_database_of_every_umpire_command(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games" / "umpire.db"
    _dotenv(tmp_path, db)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.txt").write_text(SCRIPT, encoding="utf-8")
    assert main(["play", "peiper", "--as", "both", "--seed", "3", "--script", "s.txt", "--no-images"]) == 0
    assert db.exists(), "the table used another database than .env's"
    assert main(["db", "current"]) == 0
    assert str(db) in capsys.readouterr().out
    assert main(["db", "export", "1"]) == 0
    assert '"game": "peiper"' in capsys.readouterr().out
    assert main(["db", "upgrade"]) == 0
    assert main(["db", "backup", str(tmp_path / "b.db")]) == 0
    assert GameService(f"sqlite:///{tmp_path / 'b.db'}").info(1).game == "peiper"
    assert not (tmp_path / "data").exists(), "something still used ./data"


def test_db_commands_refuse_a_missing_sqlite_file_instead_of_making_an_empty_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nothing.db"
    for args in (["db", "current"], ["db", "backup", str(tmp_path / "b.db")], ["db", "downgrade"]):
        assert main([*args, "--db", f"sqlite:///{missing}"]) == 2
        assert "no database at" in capsys.readouterr().err
    assert not missing.exists()
    assert main(["db", "upgrade", "--db", f"sqlite:///{missing}"]) == 0
    assert "a new, empty database" in capsys.readouterr().out


def test_the_default_database_is_in_the_data_folder_whatever_the_working_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    a = Settings().db_url
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert Settings().db_url == a
    monkeypatch.setenv("UMPIRE_DATA_DIR", str(tmp_path / "d"))
    assert Settings().db_url == f"sqlite:///{tmp_path / 'd' / 'umpire.db'}"


def test_bare_umpire_without_token_or_terminal_says_so_and_writes_nothing(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "XDG_DATA_HOME": str(tmp_path / "xdg"),
           "UMPIRE_ENV_FILE": "none"}
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "DISCORD_TOKEN is not set" in proc.stderr
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "data").exists()


def test_an_unreachable_database_is_one_line_without_the_password(capsys: pytest.CaptureFixture[str]) -> None:
    url = "postgresql://umpire:hunter2@127.0.0.1:9/umpire"  # the discard port: nothing listens
    for args in (["db", "current"], ["db", "upgrade"], ["play", "peiper", "--as", "us", "--no-images"]):
        assert main([*args, "--db", url]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1, err
        assert "127.0.0.1:9" in err and "hunter2" not in err and "Traceback" not in err
    with pytest.raises(DatabaseUnavailable) as raised:
        GameService(url)
    assert "hunter2" not in str(raised.value)


def test_the_bot_with_an_unreachable_database_is_one_line(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "UMPIRE_ENV_FILE": "none",
           "DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://u:secret@127.0.0.1:9/x"}
    proc = subprocess.run([sys.executable, "-m", "bot", "bot"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    errors = [line for line in proc.stderr.strip().splitlines() if " INFO " not in line]  # the start line is a log line
    assert len(errors) == 1 and "secret" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


def test_migrations_are_found_inside_the_package() -> None:
    from importlib.resources import files

    versions = files("engine.service").joinpath("migrations", "versions")
    assert any(p.name.startswith("0002_ops") for p in versions.iterdir())
    assert head_revision()  # the chain resolves to one head


def test_sqlite_syncs_every_commit_unless_told_otherwise(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy import text

    def level() -> int:
        service = GameService(f"sqlite:///{tmp_path / 'd.db'}")
        with service.engine.connect() as conn:
            journal = conn.execute(text("PRAGMA journal_mode")).scalar()
            value = int(conn.execute(text("PRAGMA synchronous")).scalar() or 0)
        service.engine.dispose()
        assert journal == "wal"
        return value

    assert level() == 2  # FULL: an acknowledged order survives a power cut
    monkeypatch.setenv("UMPIRE_SQLITE_SYNCHRONOUS", "NORMAL")
    assert level() == 1


def test_bench_background_prints_the_check_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["bench", "background", "--games", "30", "--json", "--db", f"sqlite:///{tmp_path / 'b.db'}"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["games"] == 30 and figures["idle"] == 3 and figures["due"] == 3
    assert figures["query_ms"] >= 0 and figures["due_one_shard"] == 2  # games 0 and 20: shard 0 of 4
