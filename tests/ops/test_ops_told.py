"""The upgrade notices a server was given are kept beside its settings (no migration): once told, told after a
restart too; the settings themselves and /settings are untouched; forgotten with the server."""

from __future__ import annotations

from bot.settings import Settings
from engine.service import GameService
from engine.service.server_settings import ServerSettingsStore, forget_server


def test_a_server_told_stays_told_and_its_settings_are_untouched(db_url: str) -> None:
    service = GameService(db_url)
    settings = Settings(_env_file=None)
    store = ServerSettingsStore(service.engine, settings)
    store.set("7", "reminder_hours", "6", "1", "admin")
    assert store.told("7") == set()
    assert store.mark_told("7", "gm_manage_server") is True
    assert store.mark_told("7", "gm_manage_server") is False  # a second process racing loses
    again = ServerSettingsStore(service.engine, settings)  # a restart
    assert again.told("7") == {"gm_manage_server"} and again.get("7").reminder_hours == 6
    again.set("7", "reminder_hours", "8", "1", "admin")  # a setting changed later keeps the mark
    assert again.told("7") == {"gm_manage_server"} and "_told" not in again.get("7").values
    assert again.mark_told("8", "gm_manage_server") is True  # a server with no settings row gets one
    assert again.get("8").own == frozenset()
    assert again.mark_told("8", "gm_manage_server", told=False) is True and again.told("8") == set()
    with service.engine.begin() as conn:
        forget_server(conn, "7")
    assert again.told("7") == set()
