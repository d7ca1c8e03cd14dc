"""Fuzzing the command line (issue 24): any arguments to any verb, and any lines in a ``play --script``,
either succeed or are refused in one line with exit 2, never a traceback; a refused command leaves the
database as it was. And a full disk during ``umpire play --script`` (the output, the map images, the
SQLite file) is one line and exit 2."""

from __future__ import annotations

import errno
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

import bot.cli as cli
from bot.cli import main
from engine.service import GameService

ROOT = Path(__file__).parents[2]
FLAGS = ["--scenario", "--seed", "--as", "--script", "--db", "--game-id", "--game", "--out", "--no-images",
         "--level", "--option", "--games", "--json", "--policy", "--match", "--workers", "--runs", "--concurrency",
         "--think-ms", "--entries", "--to", "--name", "--help-not", "-x", "--"]
TOKENS = st.one_of(st.sampled_from(FLAGS), st.text(max_size=12),
                   st.sampled_from(["peiper", "saf", "pl", "chess", "both", "us", "ge", "easy", "hard", "1", "0",
                                    "-1", "1e5", "99999999999999999999999", "nan", "inf", "mines=true", "x=",
                                    "=", "a=b=c", "100,x", "5,", "ai:hard,ai:normal", "us=random", "9" * 30,
                                    "upgrade", "export", "import", "forget-user", "current", "\x00", "é"]))
VERBS = ["play", "selfplay", "render", "bench", "db", "health", "nope", ""]
DB_WHATS = ["current", "export", "import", "forget-user", "upgrade", "downgrade", "backup", "copy", "x"]


@pytest.fixture
def quiet_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """No setting of the machine leaks in; the work each verb would do is replaced by a stub that only
    records that it was reached (the parsing and checking of the arguments is what is fuzzed)."""
    import os

    for key in list(os.environ):
        if key.upper().startswith(("UMPIRE_", "DATABASE_URL", "DISCORD_")) and key != "UMPIRE_TEST_POSTGRES_URL":
            monkeypatch.delenv(key)
    monkeypatch.setenv("UMPIRE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    reached = lambda *a, **k: 0  # noqa: E731
    import bot.db_cli
    import bot.discord_app
    import bot.selfplay
    import bot.table_start

    for module, names in ((bot.table_start, ["run_table"]), (bot.selfplay, ["main"]), (bot.discord_app, ["run_bot"]),
                          (bot.db_cli, ["db_upgrade", "db_downgrade", "db_backup", "db_copy"])):
        for name in names:
            monkeypatch.setattr(module, name, reached)
    monkeypatch.setattr(cli, "_render", reached)
    for bench in ("bench_import", "bench_reads", "bench_load", "bench_background"):
        monkeypatch.setattr(f"bot.{bench}.main", reached)
    monkeypatch.setattr("images.bench.main", reached)
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    service = GameService(url)
    service.create_game("peiper", seed=1)
    service.engine.dispose()
    return url


def _rows(url: str) -> list[Any]:
    service = GameService(url)
    with service.engine.connect() as conn:
        rows = [list(r) for t in ("games", "seats", "log") for r in conn.execute(text(f"SELECT * FROM {t}"))]
    service.engine.dispose()
    return rows


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(verb=st.sampled_from(VERBS), what=st.sampled_from(DB_WHATS), rest=st.lists(TOKENS, max_size=6))
def test_fuzz_cli_arguments_succeed_or_refuse_in_one_line(quiet_env: str, capsys: pytest.CaptureFixture[str],
                                                           verb: str, what: str, rest: list[str]) -> None:
    argv = [verb] + ([what] if verb == "db" else []) + rest + (["--db", quiet_env] if verb == "db" else [])
    argv = [a for a in argv if a]
    before = _rows(quiet_env)
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse: --help prints and exits 0; a mistake exits 2 after one line
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, code)
    assert "Traceback" not in err and "Traceback" not in out, argv
    if code == 2:
        assert len(err.strip().splitlines()) == 1, (argv, err)
        assert _rows(quiet_env) == before, f"a refused {argv} changed the database"


LINES = st.one_of(
    st.text(max_size=40),
    st.builds(lambda g, o, a: f"/{g} {o} {a}", st.sampled_from(["peiper", "game", "saf", "gm", ""]),
              st.sampled_from(["move", "place", "ready", "status", "log", "undo", "map", "seed", "export", "help",
                               "rules", "end", "fire", "x"]),
              st.text(max_size=30) | st.sampled_from(["unit:Spitze to:0207", "unit:", "to:9999", "page:-1",
                                                      "phase:99999999999", 'unit:"a b', "\\", "unit:\x00"])))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(lines=st.lists(LINES, min_size=1, max_size=5))
def test_fuzz_play_script_lines_answer_or_stop_with_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    monkeypatch.chdir(tmp_path)  # /export writes its file here
    script = tmp_path / "script.txt"
    script.write_text("\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines), encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'play.db'}"
    code = main(["play", "peiper", "--as", "both", "--seed", "3", "--script", str(script), "--db", url,
                 "--no-images"])
    out, err = capsys.readouterr()
    assert code in (0, 2), (lines, code)
    assert "Traceback" not in err and "Internal fault" not in out, (lines, out[-500:], err[-500:])


def _script(tmp_path: Path) -> Path:
    script = tmp_path / "script.txt"
    script.write_text("/status\n/help\n/log\n/peiper ready\n/export\n", encoding="utf-8")
    return script


def test_a_full_disk_under_play_script_output_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """The output goes to a device with no room (/dev/full answers every write with ENOSPC)."""
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "bot", "play", "peiper", "--script", str(_script(tmp_path)),
                               "--db", f"sqlite:///{tmp_path / 'full.db'}", "--no-images"], stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=tmp_path, timeout=120,
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                                   "UMPIRE_DATA_DIR": str(tmp_path)})
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "no space left" in done.stderr, done.stderr


def test_a_full_disk_under_play_script_images_is_one_line_and_exit_2(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import bot.console

    monkeypatch.chdir(tmp_path)

    def no_room(self: Any, name: str, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / name))

    monkeypatch.setattr(bot.console.Table, "_write", no_room)
    code = main(["play", "peiper", "--as", "both", "--script", str(_script(tmp_path)), "--db",
                 f"sqlite:///{tmp_path / 'img.db'}", "--out", str(tmp_path / "maps")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "no space left" in err, err
    assert "Traceback" not in err


def test_a_full_sqlite_file_under_play_script_is_one_line_and_exit_2(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """SQLite's own 'database or disk is full' (SQLITE_FULL), made real with max_page_count."""
    import engine.service.database as database

    monkeypatch.chdir(tmp_path)
    url = f"sqlite:///{tmp_path / 'small.db'}"
    GameService(url).engine.dispose()  # the schema, and no room for a game
    import sqlite3

    with sqlite3.connect(tmp_path / "small.db") as conn:
        conn.execute("VACUUM")
        pages = conn.execute("PRAGMA page_count").fetchone()[0] + 2
    pragmas = database._sqlite_pragmas

    def small(conn: Any, record: Any, synchronous: str = "FULL") -> None:
        pragmas(conn, record, synchronous)
        conn.execute(f"PRAGMA max_page_count = {pages}")

    monkeypatch.setattr(database, "_sqlite_pragmas", small)
    script = tmp_path / "places.txt"  # set-up places, one log entry each, until the file is full
    script.write_text("".join(f"/peiper place unit:CCR/3/1 at:010{1 + n % 2}\n" for n in range(300)))
    code = main(["play", "peiper", "--as", "both", "--seed", "3", "--script", str(script), "--db", url,
                 "--no-images"])
    out, err = capsys.readouterr()
    assert code == 2 and len(err.strip().splitlines()) == 1 and "no space left" in err, (out[-800:], err)
    assert "Traceback" not in err and "Internal fault" not in out
