"""The data of a running deployment: backups during play, a backup before each migration and the way
back, copying live games to another database (SQLite to Postgres), a Postgres restart under the
pool, and forgetting a user without breaking replay."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import create_engine, inspect, text

from bot.cli import main
from engine import registry
from engine.service import GameService, Seat
from engine.service.copying import copy_database
from engine.service.database import head_revision, make_engine, migrate
from engine.service.privacy import FORGOTTEN_NAME, forget_user
from tests.scale.conftest import play_random

ALICE, BOB = "100000000000000001", "100000000000000002"


def _seats() -> dict[str, Seat]:
    return {"us": Seat("human", ALICE, "alice"), "ge": Seat("human", BOB, "bob")}


def _same_replay(service: GameService, game_id: int) -> None:
    rules = registry.get(service.info(game_id).game)
    assert rules.dump(service.replay(game_id)) == rules.dump(service.state(game_id))


def test_a_backup_taken_during_play_holds_every_acknowledged_order(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'live.db'}"
    service = GameService(url)
    gid = service.create_game("peiper", seed=5, seats=_seats()).id
    acknowledged: list[int] = []
    stop = threading.Event()

    def play() -> None:  # a player giving orders while the backup runs
        n = 0
        while not stop.is_set() and n < 400:
            outcomes = play_random(service, gid, 1, seed=n)
            if not outcomes:
                break
            acknowledged.append(outcomes[0].seq)
            n += 1

    player = threading.Thread(target=play)
    player.start()
    try:
        while len(acknowledged) < 20 and player.is_alive():
            threading.Event().wait(0.01)
        before = max(acknowledged)
        assert main(["db", "backup", str(tmp_path / "b.db"), "--db", url]) == 0
    finally:
        stop.set()
        player.join(60)
    backup = GameService(f"sqlite:///{tmp_path / 'b.db'}")
    stored = backup.info(gid).version
    assert stored >= before, f"the backup lost acknowledged orders: {stored} < {before}"
    assert [e.seq for e in backup.log(gid)] == list(range(1, stored + 1))
    _same_replay(backup, gid)


def test_a_migration_is_preceded_by_a_backup_and_can_be_undone(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'umpire.db'}"
    migrate("0001", url)
    engine = create_engine(url)
    assert "reminders" not in inspect(engine).get_table_names()
    # a game stored by the older Umpire (its schema, written as it wrote it)
    rules = registry.get("peiper")
    dumped = rules.dump(rules.new_state("historical", 2, {}))
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO games (game, scenario, seed, options, title, version, seq, status, state, last_action_at,"
            " created_at) VALUES ('peiper', 'historical', 2, :options, 'Just a Peiper Dream?', 0, 0, 'active',"
            " :state, '2026-01-01 00:00:00', '2026-01-01 00:00:00')"),
            {"options": json.dumps(dumped["options"]), "state": json.dumps(dumped)})
        gid = int(conn.execute(text("SELECT max(id) FROM games")).scalar_one())
    engine.dispose()
    service = GameService(url)  # the new Umpire upgrades at start, after a backup
    backups = list((tmp_path / "backups").glob("umpire-0001-*.db"))
    assert len(backups) == 1
    backup = create_engine(f"sqlite:///{backups[0]}")
    with backup.connect() as conn:  # the backup is the old schema, as it was before the upgrade
        assert conn.execute(text("SELECT game FROM games WHERE id = :id"), {"id": gid}).scalar_one() == "peiper"
    backup.dispose()
    assert "reminders" in inspect(service.engine).get_table_names()
    service.engine.dispose()
    assert main(["db", "downgrade", "0001", "--db", url]) == 0
    assert "revision 0001" in capsys.readouterr().out
    engine = create_engine(url)
    assert "reminders" not in inspect(engine).get_table_names()
    assert "ix_games_status" not in {i["name"] for i in inspect(engine).get_indexes("games")}
    engine.dispose()
    assert len(list((tmp_path / "backups").glob("*.db"))) == 2  # the downgrade was backed up too
    assert main(["db", "upgrade", "--db", url]) == 0
    assert GameService(url).info(gid).game == "peiper"


def test_db_copy_moves_every_game_live_ones_included_and_they_play_on(tmp_path: Path, db_url: str) -> None:
    source_url = f"sqlite:///{tmp_path / 'source.db'}"
    source = GameService(source_url)
    live = source.create_game("peiper", seed=11, seats=_seats(), guild_id="42", channel_id="43").id
    play_random(source, live, 25, seed=1)
    solo = source.create_game("saf", seed=3).id
    play_random(source, solo, 10, seed=2)
    source.undo(live, ALICE, is_gm=True)
    expected = {g: (source.info(g).version, [e.seq for e in source.log(g)]) for g in (live, solo)}
    source.engine.dispose()
    assert main(["db", "copy", "--db", source_url, "--to", db_url]) == 0
    target = GameService(db_url)
    for g, (version, seqs) in expected.items():
        assert target.info(g).version == version and [e.seq for e in target.log(g)] == seqs
        _same_replay(target, g)
    assert target.info(live).seats["us"].user_id == ALICE and target.info(live).status == "active"
    assert play_random(target, live, 10, seed=3), "the copied live game did not play on"
    _same_replay(target, live)
    newer = target.create_game("peiper", seed=1).id  # ids go on after the copied ones
    assert newer > max(expected)
    assert main(["db", "copy", "--db", source_url, "--to", db_url]) == 2  # never into a database with games
    target.engine.dispose()


def test_the_first_order_after_the_database_dropped_every_connection_succeeds(db_kind: str, db_url: str) -> None:
    if db_kind != "postgres":
        pytest.skip("a Postgres restart: the server ends every connection")
    service = GameService(db_url)
    gid = service.create_game("peiper", seed=4, seats=_seats()).id
    play_random(service, gid, 3, seed=1)
    app = parse_qs(urlsplit(db_url).query)["application_name"][0]
    # what a restart does to the pool: every connection the service holds is closed by the server
    admin = create_engine(db_url.split("?")[0], isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        ended = conn.execute(text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                  "WHERE application_name = :app"), {"app": app}).scalar()
    admin.dispose()
    assert ended and ended >= 1
    service.cache.drop(gid)
    assert play_random(service, gid, 1, seed=2), "the first order after the restart failed"
    _same_replay(service, gid)
    service.engine.dispose()


def test_a_forgotten_user_appears_nowhere_and_the_game_still_replays(db_url: str, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    service = GameService(db_url)
    gid = service.create_game("peiper", seed=8, seats=_seats(), guild_id="7", channel_id="8",
                              title="Peiper - alice (US) vs bob (GE)").id
    play_random(service, gid, 15, seed=4)
    service.set_seat(gid, "us", Seat("human", ALICE, "alice"), ALICE, f"alice joins as us <@{ALICE}>")
    play_random(service, gid, 5, seed=5)
    other = service.create_game("saf", seed=1, seats={"us": Seat("human", ALICE, "alice")}).id
    play_random(service, other, 5, seed=6)
    service.engine.dispose()
    assert main(["db", "forget-user", ALICE, "--db", db_url]) == 0
    assert "Forgot user" in capsys.readouterr().out
    service = GameService(db_url)
    dump = _everything(service)
    assert ALICE not in dump and "alice" not in dump
    assert BOB in dump and "bob" in dump  # only the one user is forgotten
    assert service.info(gid).seats["us"].user_name == FORGOTTEN_NAME and service.info(gid).seats["us"].user_id is None
    for g in (gid, other):
        _same_replay(service, g)
    assert play_random(service, gid, 3, seed=7) or service.info(gid).status == "over"
    assert forget_user(service.engine, ALICE).seats == 0  # nothing left to forget
    service.engine.dispose()


def _everything(service: GameService) -> str:
    with service.engine.connect() as conn:
        rows = []
        for table in ("games", "seats", "log", "snapshots"):
            rows += [json.dumps([str(v) for v in r]) for r in conn.execute(text(f"SELECT * FROM {table}"))]
    return "\n".join(rows)


def test_copy_database_refuses_nothing_on_an_empty_source(tmp_path: Path) -> None:
    a, b = make_engine(f"sqlite:///{tmp_path / 'a.db'}"), make_engine(f"sqlite:///{tmp_path / 'b.db'}")
    assert copy_database(a, b).counts["games"] == 0
    with b.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == head_revision()
    a.dispose()
    b.dispose()


def test_a_postgres_backup_is_a_pg_dump_archive_of_the_games(db_kind: str, db_url: str, tmp_path: Path) -> None:
    import subprocess

    from engine.service.backup import pg_dump_command

    if db_kind != "postgres" or pg_dump_command() is None:
        pytest.skip("needs Postgres and pg_dump")
    service = GameService(db_url)
    gid = service.create_game("peiper", seed=4, seats=_seats()).id
    play_random(service, gid, 3, seed=1)
    service.engine.dispose()
    dump = tmp_path / "umpire.dump"
    assert main(["db", "backup", str(dump), "--db", db_url]) == 0
    restore = Path(pg_dump_command() or "").with_name("pg_restore")
    listing = subprocess.run([str(restore), "--list", str(dump)], capture_output=True, text=True, check=True).stdout
    schema = parse_qs(urlsplit(db_url).query)["application_name"][0]
    assert f"TABLE DATA {schema} log" in listing and f"TABLE DATA {schema} games" in listing, listing[:2000]


def test_the_background_query_filters_shards_in_sql_on_both_databases(db_url: str) -> None:
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from engine.service.background import due_games, mark_reminded
    from engine.service.models import GameRecord

    service = GameService(db_url)
    odd, even = str((123 << 22) | 5), str((124 << 22) | 5)  # shards 1 and 0 of 2
    ids = {g: service.create_game("saf", seed=1, guild_id=g).id for g in (odd, even, None)}
    with service.engine.begin() as conn:
        conn.execute(update(GameRecord).values(last_action_at=datetime.now(UTC) - timedelta(hours=20)))
    assert [d.game_id for d in due_games(service.engine, 12, 2, [1])] == [ids[odd]]
    assert [d.game_id for d in due_games(service.engine, 12, 2, [0])] == [ids[even], ids[None]]
    mark_reminded(service.engine, ids[even], 0)
    mark_reminded(service.engine, ids[even], 0)  # again: still one row
    assert [d.game_id for d in due_games(service.engine, 12, 2, [0])] == [ids[None]]
    service.engine.dispose()


def test_an_in_memory_database_leaves_no_lock_file_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The migration lock of a SQLite file is a file beside it; a database in memory has none. The rendered
    URL escapes ":memory:" ("%3Amemory%3A"), which once made a stray lock file in the working directory."""
    from engine.service.database import sqlite_path

    monkeypatch.chdir(tmp_path)
    engine = make_engine("sqlite:///:memory:")
    migrate("head", engine)
    assert sqlite_path(engine) == ""
    assert list(tmp_path.iterdir()) == []


def test_a_file_named_with_escaped_characters_is_locked_and_found_by_its_own_name(tmp_path: Path) -> None:
    """A SQLite file whose name holds ':' or '%' (escaped in the rendered URL) is the file the backup and
    the migration lock use, not the escaped spelling of it."""
    from engine.service.database import sqlite_path

    path = tmp_path / "games:50%.db"
    engine = make_engine(f"sqlite:///{path}")
    migrate("head", engine)
    assert sqlite_path(engine) == str(path)
    assert sorted(p.name for p in tmp_path.iterdir() if "migrate-lock" in p.name) == ["games:50%.db.migrate-lock"]


def test_a_mistyped_revision_is_refused_before_any_backup_is_taken(tmp_path: Path) -> None:
    """`umpire db downgrade zzz`: refused naming the revisions there are, the schema as it was, and no backup
    made for it (one was taken first, then the revision was found not to exist)."""
    from engine.errors import UmpireError
    from engine.service.database import current_revision

    url = f"sqlite:///{tmp_path / 'games.db'}"
    engine = make_engine(url)
    GameService(engine=engine).create_game("peiper", seed=1)
    with engine.connect() as conn:
        before = current_revision(conn)
    with pytest.raises(UmpireError, match="No schema revision 'zzz': the revisions are .*0001"):
        migrate("zzz", engine, backup=True)
    with engine.connect() as conn:
        assert current_revision(conn) == before
    assert not (tmp_path / "backups").exists()
    assert migrate(before or "head", engine, backup=False) == before  # a real one is still known


def test_a_backup_to_a_folder_that_is_not_there_names_the_destination(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """`umpire db backup` into a missing folder: the destination is named as what failed (it read 'cannot use
    the database ...', blaming a database that was fine)."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    GameService(url).create_game("peiper", seed=1)
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert main(["db", "backup", str(blocker / "backup.db"), "--db", url]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"umpire db backup: cannot write {blocker / 'backup.db'}") and "database" not in err
