"""``make test``'s Postgres (tools/test_postgres.py): a given UMPIRE_TEST_POSTGRES_URL is used as given; where
the server programs are installed a throwaway server is started, handed to the command and deleted after;
where they are not, the command runs all the same and the note says how to get them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "test_postgres.py"
SHOW = [sys.executable, "-c", "import os; print('URL=' + os.environ.get('UMPIRE_TEST_POSTGRES_URL', ''))"]


def _load():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("test_postgres_tool", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_given_url_is_used_as_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UMPIRE_TEST_POSTGRES_URL", "postgresql://someone@db.example:5999/x")
    done = subprocess.run([sys.executable, str(SCRIPT), *SHOW], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert "URL=postgresql://someone@db.example:5999/x" in done.stdout
    assert "throwaway" not in done.stderr


def test_without_the_server_programs_the_command_runs_and_the_note_says_how_to_get_them(
        monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    tool = _load()
    monkeypatch.delenv("UMPIRE_TEST_POSTGRES_URL", raising=False)
    monkeypatch.setattr(tool, "server_bin", lambda: None)
    assert tool.main([sys.executable, "-c", "import sys; sys.exit(3)"]) == 3, "the command's status is kept"
    err = capfd.readouterr().err
    assert "apt-get install postgresql" in err and "UMPIRE_TEST_POSTGRES_URL" in err


def test_a_throwaway_server_is_started_handed_over_and_deleted(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _load()
    if tool.server_bin() is None:
        pytest.skip("PostgreSQL's server programs are not installed here (apt-get install postgresql)")
    monkeypatch.delenv("UMPIRE_TEST_POSTGRES_URL", raising=False)
    probe = ("import os, psycopg; url = os.environ['UMPIRE_TEST_POSTGRES_URL']; "
             "print('URL=' + url); print('ONE=%s' % psycopg.connect(url).execute('select 1').fetchone()[0])")
    done = subprocess.run([sys.executable, str(SCRIPT), sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-500:]
    assert "ONE=1" in done.stdout
    url = next(line[4:] for line in done.stdout.splitlines() if line.startswith("URL="))
    assert "@127.0.0.1:" in url
    import psycopg

    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=5)  # stopped
    folder = done.stderr.split("(in ", 1)[1].split(")", 1)[0]
    assert "umpire-pg-" in folder and not Path(folder).exists(), "its folder is deleted"
