"""Each server its own (issue 18), in the database: the migration goes up and down, the settings are typed and
bounded, and a forgotten user is no longer named as the maker of a server's setting change."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from bot.settings import Settings
from engine.options import BadOption
from engine.service import GameService
from engine.service.database import head_revision, migrate
from engine.service.privacy import FORGOTTEN_NAME, forget_user
from engine.service.server_settings import ServerSettingsStore

ADMIN = "123456789012345678"


def test_the_server_settings_migration_goes_up_and_down(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'umpire.db'}"
    migrate("head", url, backup=False)
    engine = create_engine(url)
    assert {"server_settings", "server_setting_changes"} <= set(inspect(engine).get_table_names())
    engine.dispose()
    assert migrate("0002_abuse_schema", url, backup=False) == "0002_abuse_schema"
    engine = create_engine(url)
    assert not {"server_settings", "server_setting_changes"} & set(inspect(engine).get_table_names())
    assert "games" in inspect(engine).get_table_names()
    engine.dispose()
    assert migrate("head", url, backup=False) == head_revision()


def test_settings_are_typed_bounded_and_forgotten_with_their_maker(db_url: str) -> None:
    service = GameService(db_url)
    store = ServerSettingsStore(service.engine, Settings(_env_file=None, umpire_reminder_hours=12))
    assert store.get("1").reminder_hours == 12 and store.get(None).join == "anyone"
    with pytest.raises(BadOption, match="one of anyone, role, invite"):
        store.set("1", "join", "everybody", ADMIN, "admin")
    with pytest.raises(BadOption, match="from 1 to 720"):
        store.set("1", "reminder_hours", "9999", ADMIN, "admin")
    with pytest.raises(BadOption, match="a Discord id"):
        store.set("1", "gm_role", "<@&12>", ADMIN, "admin")
    assert store.set("1", "reminder_hours", "6", ADMIN, "admin") == (12.0, 6.0)
    assert store.set("1", "level_saf", "random", ADMIN, "admin") == ("normal", "random")
    assert store.get("1").reminder_hours == 6 and store.get("1").level("saf") == "random"
    assert store.get("2").reminder_hours == 12  # another server keeps the defaults
    assert store.shortest_reminder() == 6
    assert [c.actor for c in store.changes("1")] == [ADMIN, ADMIN]
    gid = service.create_game("peiper", seed=3, guild_id="1", owner_id="99").id
    assert service.invite(gid, ADMIN) == [ADMIN] and service.invite(gid, "42") == [ADMIN, "42"]
    forget_user(service.engine, ADMIN)
    service.cache.drop(gid)
    assert service.invited(gid) == ["42"]  # an invitation names nobody forgotten
    assert {(c.actor_name, c.actor.startswith("forgotten-")) for c in store.changes("1")} == {(FORGOTTEN_NAME, True)}
    with service.engine.connect() as conn:
        assert ADMIN not in str(conn.execute(text("SELECT * FROM server_setting_changes")).all())
    service.engine.dispose()
