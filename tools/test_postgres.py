"""Run a command (``make test``'s pytest) with a PostgreSQL server for the Postgres variants of the tests.

    python tools/test_postgres.py COMMAND [ARGS...]

- ``UMPIRE_TEST_POSTGRES_URL`` set (``.ci/run`` sets it, after starting Debian's cluster): the command
  runs against that server, untouched.
- Otherwise, where PostgreSQL's server programs are installed (``initdb`` and ``pg_ctl`` on the PATH, or
  under ``pg_config --bindir``, /usr/lib/postgresql/*/bin, /usr/local/pgsql/bin): a private throwaway
  server is made in a temporary folder (``initdb``), started on a free loopback port (no Unix socket
  elsewhere than that folder, a password, nothing listening beyond 127.0.0.1), given to the command as
  ``UMPIRE_TEST_POSTGRES_URL``, then stopped and deleted, whatever the command's outcome. As root
  (initdb and postgres refuse to run as root) the server runs as the ``postgres`` user (``runuser``).
- Otherwise the command runs without one and the Postgres variants skip, saying how to get the programs.

So a newcomer's ``make test`` runs what CI's does. The command's exit status is this script's.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ENV = "UMPIRE_TEST_POSTGRES_URL"
ROLE, PASSWORD, DATABASE = "umpire", "umpire", "umpire_test"
HOW = ("install PostgreSQL's server (Debian/Ubuntu: apt-get install postgresql; Fedora: dnf install "
       "postgresql-server; macOS: brew install postgresql) and `make test` starts a throwaway one itself, "
       f"or set {ENV} to a server's URL")


def note(text: str) -> None:
    print(f"tools/test_postgres.py: {text}", file=sys.stderr, flush=True)


def server_bin() -> Path | None:
    """The folder of initdb, pg_ctl and postgres, if they are installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    candidates: list[str] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            candidates.append(subprocess.run([pg_config, "--bindir"], capture_output=True, text=True,
                                             timeout=10, check=True).stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True)
    candidates += ["/usr/local/pgsql/bin", *sorted(glob.glob("/usr/pgsql-*/bin"), reverse=True)]
    for folder in candidates:
        if folder and all((Path(folder) / p).is_file() for p in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    return None


def _version(path: str) -> tuple[int, ...]:
    return tuple(int(p) for p in Path(path).parent.name.split(".") if p.isdigit())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Throwaway:
    """A PostgreSQL server of its own in a temporary folder, as this user (or ``postgres`` under root)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="umpire-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            runner = shutil.which("runuser")
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError as exc:
                raise RuntimeError("running as root with no 'postgres' user to run the server as") from exc
            if runner is None:
                raise RuntimeError("running as root without runuser to run the server as 'postgres'")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self.as_user = [runner, "-u", "postgres", "--"]

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       timeout=120)

    def start(self) -> str:
        secret = self.folder / "pw"
        secret.write_text(PASSWORD + "\n")
        if self.as_user:
            shutil.chown(secret, "postgres")
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", ROLE, f"--pwfile={secret}",
                  "-A", "scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync")
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories={self.folder} "
                   "-c fsync=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=64MB")
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options,
                  "-w", "-t", "60", "start")
        base = f"postgresql://{ROLE}:{PASSWORD}@127.0.0.1:{self.port}"
        self._create_database(base)
        return f"{base}/{DATABASE}"

    def _create_database(self, base: str) -> None:
        import psycopg

        for _ in range(60):
            try:
                with psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"CREATE DATABASE {DATABASE}")
                    return
            except psycopg.OperationalError:
                time.sleep(0.5)
        raise RuntimeError("the throwaway server did not answer")

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        except (OSError, subprocess.SubprocessError) as exc:
            note(f"stopping the throwaway server failed: {type(exc).__name__}")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    if os.environ.get(ENV, "").strip():
        return subprocess.call(argv)
    bindir = server_bin()
    if bindir is None:
        note(f"PostgreSQL's server programs are not installed: the Postgres variants skip. To run them, {HOW}.")
        return subprocess.call(argv)
    server = Throwaway(bindir)
    try:
        try:
            url = server.start()
        except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
            detail = exc.stderr.decode(errors="replace").strip()[-300:] if isinstance(
                exc, subprocess.CalledProcessError) and exc.stderr else str(exc)
            note(f"a throwaway PostgreSQL server ({bindir}) did not start: {detail}. The Postgres variants skip.")
            return subprocess.call(argv)
        note(f"a throwaway PostgreSQL server is up on 127.0.0.1:{server.port} (in {server.folder}): "
             "the Postgres variants run")
        return subprocess.call(argv, env={**os.environ, ENV: url})
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
