"""Secrets never printed: a database password, whatever the URL's form, is hidden in every message and
passed to pg_dump by the environment only; a malformed setting is one line naming it (exit 2)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine

from bot.cli import main
from engine.service import settings as settings_module
from engine.service.backup import pg_dump_call
from engine.service.database import shown, unavailable
from engine.service.redact import redact_url, scrub

REPO = Path(__file__).resolve().parents[2]
PASSWORDS = st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), min_size=6, max_size=24)


def url_forms(password: str) -> list[str]:
    """Every way an operator may write a password into DATABASE_URL (raw, encoded, in the query)."""
    enc = quote(password, safe="")
    return [
        f"postgresql://umpire:{password}@db.example:5432/umpire",
        f"postgresql://umpire:{enc}@db.example:5432/umpire",
        f"postgres://umpire:{enc}@db.example/umpire?sslmode=require",
        f"postgresql://umpire@db.example:5432/umpire?password={enc}",
        f"postgresql+psycopg://umpire@db.example/umpire?sslmode=require&password={password}",
        f"postgresql://umpire@db.example/umpire?PassWord={enc}&application_name=umpire",
    ]


@settings(max_examples=300, deadline=None)
@given(PASSWORDS)
def test_no_url_form_shows_its_password(password: str) -> None:
    for url in url_forms(password):
        bare = url.replace(password, "").replace(quote(password, safe=""), "")
        assume(password not in bare and quote(password, safe="") not in bare)
        for text in (redact_url(url), shown(url), scrub(f"failed for {url}", url),
                     str(unavailable(url, OSError(f"server said {password}")))):
            assert password not in text, (url, text)
            assert quote(password, safe="") not in text, (url, text)
        assert "db.example" in redact_url(url) or "@" in password  # the host stays readable


def test_a_redacted_url_keeps_what_is_not_secret() -> None:
    assert redact_url("postgresql://u:p%40ss@h:5432/db?sslmode=require") == "postgresql://u:***@h:5432/db?sslmode=require"
    assert redact_url("postgresql://u@h/db?sslmode=require&password=x&a=b") == "postgresql://u@h/db?sslmode=require&password=***"
    assert redact_url("postgresql://u:p@ss@h/db") == "postgresql://u:***@h/db"  # a raw '@': the tail hidden too
    assert redact_url("sqlite:////var/lib/umpire/umpire.db") == "sqlite:////var/lib/umpire/umpire.db"


@settings(max_examples=100, deadline=None)
@given(PASSWORDS)
def test_pg_dump_gets_the_password_by_the_environment_only(password: str) -> None:
    enc = quote(password, safe="")
    for url in (f"postgresql+psycopg://umpire:{enc}@db.example/umpire",
                f"postgresql+psycopg://umpire@db.example/umpire?password={enc}"):
        argv, env = pg_dump_call("pg_dump", create_engine(url), Path("/tmp/x.dump"))
        assert env["PGPASSWORD"] == password
        assert not any(password in a or enc in a for a in argv), argv
        assert any("db.example" in a for a in argv)


@pytest.mark.parametrize(("setting", "value", "named"), [
    ("DATABASE_URL", "foo://", "DATABASE_URL"),
    ("DATABASE_URL", "postgresql://umpire:hunter22@127.0.0.1:abc/umpire", "DATABASE_URL"),
    ("DATABASE_URL", "postgresql://umpire:hun@ter22@127.0.0.1/umpire", "DATABASE_URL"),
    ("UMPIRE_SHARD_IDS", "a,b", "UMPIRE_SHARD_IDS"),
    ("UMPIRE_SHARD_COUNT", "abc", "UMPIRE_SHARD_COUNT"),
    ("UMPIRE_HEALTH_PORT", "99999", "UMPIRE_HEALTH_PORT"),
    ("UMPIRE_LOG_LEVEL", "loud", "UMPIRE_LOG_LEVEL"),
    ("UMPIRE_DISCORD_GATEWAY", "gopher://x", "UMPIRE_DISCORD_GATEWAY"),
    ("UMPIRE_ENV_FILE", "/nonexistent/umpire.env", "UMPIRE_ENV_FILE"),
])
def test_a_malformed_setting_is_one_line_naming_it(setting: str, value: str, named: str,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("UMPIRE_ENV_FILE", "none")
    monkeypatch.setenv(setting, value)
    if setting == "UMPIRE_SHARD_IDS":
        monkeypatch.setenv("UMPIRE_SHARD_COUNT", "2")
    assert main(["db", "current"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert named in err and "Traceback" not in err and "hunter22" not in err and "ter22" not in err, err


@pytest.mark.parametrize("url", ["foo://", "postgresql://u:hunter22@h:abc/db", "postgresql://u:hun@ter22@h/db"])
def test_a_malformed_db_argument_is_one_line_too(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["db", "current", "--db", url], ["db", "copy", "--to", url], ["play", "peiper", "--db", url]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and "ter22" not in err, err
        assert "--db" in err or "--to" in err


def test_the_env_file_is_found_the_same_way_by_every_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    system = tmp_path / "etc" / "umpire.env"
    system.parent.mkdir()
    system.write_text(f"UMPIRE_DATA_DIR={tmp_path / 'data'}\n", encoding="utf-8")
    monkeypatch.setattr(settings_module, "SYSTEM_ENV_FILE", system)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("UMPIRE_ENV_FILE", raising=False)
    assert settings_module.Settings().data_dir == tmp_path / "data"  # no ./.env: the system's file
    (tmp_path / ".env").write_text(f"UMPIRE_DATA_DIR={tmp_path / 'here'}\n", encoding="utf-8")
    assert settings_module.Settings().data_dir == tmp_path / "here"  # ./.env first
    monkeypatch.setenv("UMPIRE_ENV_FILE", str(system))
    assert settings_module.Settings().data_dir == tmp_path / "data"
    monkeypatch.setenv("UMPIRE_ENV_FILE", str(tmp_path / "missing.env"))
    with pytest.raises(settings_module.ConfigError, match="does not exist"):
        settings_module.Settings()


def test_the_database_and_its_backups_are_the_owners_only(tmp_path: Path) -> None:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(REPO), "UMPIRE_ENV_FILE": "none",
           "UMPIRE_DATA_DIR": str(tmp_path / "data")}
    for args in (["db", "upgrade"], ["db", "backup", str(tmp_path / "data" / "backups" / "b.db")]):
        proc = subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
    for path in (tmp_path / "data" / "umpire.db", tmp_path / "data" / "backups" / "b.db"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    for folder in (tmp_path / "data", tmp_path / "data" / "backups"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder


def test_a_postgres_backup_by_url_password_hides_it_and_is_private(db_kind: str, db_url: str, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from sqlalchemy.engine import make_url

    from engine.service.backup import pg_dump_command

    if db_kind != "postgres" or pg_dump_command() is None:
        pytest.skip("a Postgres backup needs UMPIRE_TEST_POSTGRES_URL and pg_dump")
    password = make_url(os.environ["UMPIRE_TEST_POSTGRES_URL"]).password
    assert password, "the test server's URL holds its password"
    monkeypatch.delenv("PGPASSWORD", raising=False)  # only the URL's ?password= can open the database
    url = f"{db_url}&password={quote(password, safe='')}"
    assert main(["db", "upgrade", "--db", url]) == 0
    assert main(["db", "current", "--db", url]) == 0
    assert main(["db", "backup", str(tmp_path / "pg.dump"), "--db", url]) == 0
    out = capsys.readouterr()
    assert f"password={password}" not in out.out + out.err and "password=***" in out.out, out
    assert stat.S_IMODE((tmp_path / "pg.dump").stat().st_mode) == 0o600


def test_no_log_line_holds_the_token_or_the_database_password(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import logging

    from bot.logs import configure_logging
    from engine.service.settings import Settings

    s = Settings(_env_file=None, discord_token="tok-3n-very-secret",
                 database_url="postgresql://umpire@db.example/umpire?password=pa%40ss-word")
    out = io.StringIO()
    configure_logging(s, stream=out)
    try:
        log = logging.getLogger("umpire.test")
        log.warning("connecting with %s and %s", "tok-3n-very-secret", s.database_url)
        try:
            raise RuntimeError("login pa@ss-word refused")
        except RuntimeError:
            log.exception("failed")
    finally:
        configure_logging(Settings(_env_file=None))
    text = out.getvalue()
    assert "tok-3n-very-secret" not in text and "pa%40ss-word" not in text and "pa@ss-word" not in text, text
    assert "db.example" in text and "RuntimeError" in text
