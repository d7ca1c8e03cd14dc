"""Forget means forget (issue 24): a user in every role is forgotten, and afterwards neither their id nor
their name is in any column of any table (SQLite and Postgres), nor in the bytes of the SQLite files
(the database, its -wal and -shm), nor in an export, the rulings or the application's log lines; every
game still replays from its seed and log to the state stored."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from bot.cli import main
from engine import registry
from engine.game import Action
from engine.service import GameService, Seat
from engine.service.privacy import FORGOTTEN_NAME, PLACES, forget_user
from engine.service.server_settings import ServerSettingsStore
from engine.service.settings import Settings
from tests.scale.conftest import db_kind, db_url  # noqa: F401  (SQLite and Postgres)

QUILL, BOB, CARL = "310000000000000077", "310000000000000088", "310000000000000099"
NAME, NICK = "Quillon", "Quill-the-GM"  # the display name on her seat; the name she ruled under
GUILD = "4200"


def _play(service: GameService, game_id: int, count: int, seed: int, names: dict[str, str]) -> None:
    """Orders chosen at random among the legal ones, each given by the seat holding the side."""
    rnd = random.Random(seed)
    for _ in range(count):
        info = service.info(game_id)
        if info.to_act is None or info.status == "over":
            return
        legal = registry.get(info.game).legal_actions(service.state(game_id), info.to_act)
        seat = info.seats[info.to_act]
        who = seat.user_id or "bot"
        service.submit(game_id, info.to_act, rnd.choice(legal), who, names.get(who, ""))


def _every_row(service: GameService) -> str:
    """Every value of every column of every table, as text (and JSON as stored)."""
    with service.engine.connect() as conn:
        rows = []
        for table in inspect(conn).get_table_names():
            rows += [json.dumps([str(v) for v in r]) for r in conn.execute(text(f'SELECT * FROM "{table}"'))]
    return "\n".join(rows)


def _same_replay(service: GameService, game_id: int) -> None:
    rules = registry.get(service.info(game_id).game)
    assert rules.dump(service.replay(game_id)) == rules.dump(service.state(game_id)), f"game #{game_id}"


def _quill_everywhere(service: GameService) -> list[int]:
    """Quillon as owner, seated player, actor of orders, GM who ruled, invitee, deadline agreer, settings
    changer, named in a seat change, a title, a /gm end result and its reason (given by another GM)."""
    names = {QUILL: NAME, BOB: "bob"}
    peiper = service.create_game("peiper", seed=8, guild_id=GUILD, channel_id="8", owner_id=QUILL,
                                 title=f"Peiper - {NAME} (US) vs bob (GE)",
                                 seats={"us": Seat("human", QUILL, NAME), "ge": Seat("human", BOB, "bob")}).id
    _play(service, peiper, 25, 4, names)
    service.set_seat(peiper, "us", Seat("human", QUILL, NAME), QUILL, f"{NAME} joins as us <@{QUILL}>")
    assert service.propose_deadline(peiper, 24, QUILL, NAME) == [BOB]  # her agreement, pending
    service.gm(peiper, Action("turn", {"turn": 2}), QUILL, f"{NICK} corrects the turn", "Turn Record",
               actor_name=NICK)
    _play(service, peiper, 25, 5, names)
    # another game: she is only named (by the GM Bob) in the result that ends it, and invited to a third
    pl = service.create_game("pl", seed=3, guild_id=GUILD, seats={"ge": Seat("human", BOB, "bob")}).id
    _play(service, pl, 10, 6, names)
    service.gm(pl, Action("end", {"winner": "ge", "result": f"{NAME} conceded for <@{QUILL}>"}), BOB,
               f"{NAME} left the server", actor_name="bob")
    assert service.info(pl).status == "over"
    saf = service.create_game("saf", seed=1, guild_id=GUILD, owner_id=CARL).id
    service.invite(saf, QUILL)
    service.invite(saf, CARL)
    store = ServerSettingsStore(service.engine, Settings(_env_file=None))
    store.set(GUILD, "reminder_hours", "6", QUILL, NAME)
    return [peiper, pl, saf]


def test_forget_user_leaves_no_id_or_name_in_any_table_file_export_or_ruling(
        db_kind: str, db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],  # noqa: F811
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    service = GameService(db_url)
    games = _quill_everywhere(service)
    before = _every_row(service)
    assert QUILL in before and NAME in before and NICK in before  # the test sees her where she is
    assert NAME in json.dumps(service.export(games[1]))
    service.engine.dispose()
    if db_kind == "sqlite":  # the bytes of the files hold her before: the check below can fail
        assert QUILL.encode() in b"".join(p.read_bytes() for p in tmp_path.glob("umpire.db*"))

    assert main(["db", "forget-user", QUILL, "--db", db_url]) == 0
    assert "Forgot user" in capsys.readouterr().out

    service = GameService(db_url)
    after = _every_row(service)
    for word in (QUILL, NAME, NICK):
        assert word not in after, f"{word} is still in the database"
    assert BOB in after and "bob" in after  # only the one user is forgotten
    assert FORGOTTEN_NAME in after
    for game_id in games:
        _same_replay(service, game_id)  # the pseudonymised log replays to the state stored
        exported = json.dumps(service.export(game_id), ensure_ascii=False)
        assert QUILL not in exported and NAME not in exported and NICK not in exported
        for entry in service.rulings(game_id):
            assert NAME not in f"{entry.actor} {entry.actor_name} {entry.reason} {entry.action} {entry.events}"
    peiper = service.info(games[0])
    assert peiper.seats["us"].user_id is None and peiper.owner_id and peiper.owner_id.startswith("forgotten-")
    assert service.invited(games[2]) == [CARL]
    assert service.info(games[1]).status == "over"
    service.set_seat(games[0], "us", Seat("human", CARL, "carl"), CARL, "carl joins as us")
    _play(service, games[0], 3, 7, {})  # the game goes on once someone takes the open side
    _same_replay(service, games[0])
    if db_kind == "sqlite":
        db = Path(db_url.removeprefix("sqlite:///"))
        for path in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
            raw = path.read_bytes() if path.exists() else b""
            for word in (QUILL, NAME, NICK):
                assert word.encode() not in raw, f"{word} is still in the bytes of {path.name}"
    lines = "\n".join(f"{r.getMessage()} {getattr(r, 'fields', '')}" for r in caplog.records)
    assert QUILL not in lines and NAME not in lines, "a log line names her"
    service.engine.dispose()


def test_forget_user_twice_finds_nothing_and_keeps_the_others(db_url: str) -> None:  # noqa: F811
    service = GameService(db_url)
    _quill_everywhere(service)
    first = forget_user(service.engine, QUILL)
    assert first.seats == 1 and first.entries > 0 and first.rebuilt
    again = forget_user(service.engine, QUILL)
    assert (again.seats, again.entries, again.rows) == (0, 0, 0)
    service.engine.dispose()


def test_forget_user_scrubs_a_name_given_on_the_command_line(db_url: str) -> None:  # noqa: F811
    service = GameService(db_url)
    gid = service.create_game("peiper", seed=2, seats={"us": Seat("human", QUILL, NAME)}).id
    service.gm(gid, Action("turn", {"turn": 2}), BOB, "asked by Q. Ashby", actor_name="bob")
    forget_user(service.engine, QUILL, names=["Q. Ashby"])
    assert "Ashby" not in _every_row(service)
    _same_replay(service, gid)
    service.engine.dispose()


def test_forget_user_refuses_a_malformed_id_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'u.db'}"
    for bad in ("alice", "12 34", "9" * 40, ""):
        assert main(["db", "forget-user", bad, "--db", url]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_privacy_md_lists_every_place_forgetting_reaches() -> None:
    policy = (Path(__file__).parents[2] / "PRIVACY.md").read_text()
    for table, columns in PLACES.items():
        for column in columns:
            assert f"`{table}.{column}`" in policy, f"PRIVACY.md does not list {table}.{column}"


def test_a_settings_change_is_logged_without_who_made_it(db_url: str, caplog: pytest.LogCaptureFixture  # noqa: F811
                                                         ) -> None:
    """The one log line that carried a user's id: a log kept elsewhere is out of reach of a forget."""
    caplog.set_level(logging.DEBUG)
    service = GameService(db_url)
    ServerSettingsStore(service.engine, Settings(_env_file=None)).set(GUILD, "reminder_hours", "6", QUILL, NAME)
    lines = [f"{r.getMessage()} {getattr(r, 'fields', '')}" for r in caplog.records if "reminder_hours" in r.getMessage()]
    assert lines and not any(QUILL in line or NAME in line for line in lines), lines
    service.engine.dispose()


def test_a_short_name_is_scrubbed_only_in_the_users_own_games(db_url: str) -> None:  # noqa: F811
    service = GameService(db_url)
    hers = service.create_game("peiper", seed=2, seats={"us": Seat("human", QUILL, "Al")}).id
    service.gm(hers, Action("turn", {"turn": 2}), BOB, "Al asked", actor_name="bob")
    other = service.create_game("peiper", seed=2, seats={"us": Seat("human", CARL, "carl")}).id
    service.gm(other, Action("turn", {"turn": 2}), BOB, "Al Capone's rule", actor_name="bob")
    service.gm(other, Action("turn", {"turn": 3}), BOB, f"for <@{QUILL}>", actor_name="bob")
    forget_user(service.engine, QUILL)
    reasons = {e.game_id: e.reason for e in service.rulings(hers) + service.rulings(other)}
    assert service.rulings(hers)[0].reason == f"{FORGOTTEN_NAME} asked"
    assert [e.reason for e in service.rulings(other)] == ["Al Capone's rule", f"for {FORGOTTEN_NAME}"], reasons
    service.engine.dispose()


def test_a_game_that_no_longer_replays_has_its_stored_states_scrubbed_in_place(db_url: str) -> None:  # noqa: F811
    from sqlalchemy import update

    from engine.service.models import LogEntry

    service = GameService(db_url)
    gid = service.create_game("pl", seed=3, seats={"ge": Seat("human", QUILL, NAME)}).id
    service.gm(gid, Action("end", {"winner": "ge", "result": f"{NAME} held"}), BOB, "over", actor_name="bob")
    with service.engine.begin() as conn:  # an entry the rules of today no longer read (an older Umpire's)
        conn.execute(update(LogEntry).where(LogEntry.game_id == gid, LogEntry.seq == 1)  # type: ignore[arg-type]
                     .values(kind="action", action={"kind": "no-such-order", "args": {}}))
    done = forget_user(service.engine, QUILL)
    assert gid in done.rebuilt
    assert NAME not in _every_row(service) and QUILL not in _every_row(service)
    service.engine.dispose()
