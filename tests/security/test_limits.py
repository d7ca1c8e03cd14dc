"""The counts behind the open_games limit (engine/service/limits.py), on SQLite and Postgres: a member's
open games on a server, DM games apart, and his pending invitations."""

from __future__ import annotations

from engine.service import GameService, Seat
from engine.service.limits import open_games, pending_invitations
from tests.scale.conftest import db_kind, db_url, postgres_base, service  # noqa: F401

SERVER, OTHER = "111111111111111111", "222222222222222222"


def test_open_games_count_a_members_active_seats_per_server_and_dms_apart(service: GameService) -> None:  # noqa: F811
    def new(guild: str | None, *users: str) -> int:
        seats = {side: Seat("human", u, u) for side, u in zip(("us", "ge"), users, strict=False)}
        seats.setdefault("ge", Seat("bot"))
        return service.create_game("peiper", seats=seats, guild_id=guild, channel_id="9").id

    new(SERVER, "a", "b")
    new(SERVER, "a")
    new(OTHER, "a")
    new(None, "a")
    over = new(SERVER, "b")
    from engine.game import Action

    service.gm(over, Action("end", {"winner": "us", "result": "test"}), "gm", "test")
    assert open_games(service.engine, "a", SERVER) == 2
    assert open_games(service.engine, "b", SERVER) == 1, "a finished game is not open"
    assert open_games(service.engine, "a", None) == 1 and open_games(service.engine, "a", OTHER) == 1
    assert open_games(service.engine, "c", SERVER) == 0


def test_pending_invitations_count_the_active_games_that_invited_a_member_he_has_not_joined(
        service: GameService) -> None:  # noqa: F811
    ids = [service.create_game("peiper", seats={"us": Seat("human", "a", "a"), "ge": Seat("bot")},
                               guild_id=SERVER, channel_id="9").id for _ in range(3)]
    for gid in ids:
        service.invite(gid, "c")
    service.invite(ids[0], "d")
    assert pending_invitations(service.engine, "c", SERVER) == 3
    service.set_seat(ids[1], "ge", Seat("human", "c", "c"), "c", "c joins")
    assert pending_invitations(service.engine, "c", SERVER) == 2, "a game he joined is no longer pending"
    assert pending_invitations(service.engine, "d", SERVER) == 1
    assert pending_invitations(service.engine, "c", OTHER) == 0
