"""A spectator's page, and everything it fetches, holds none of the engine's secrets; a side's link holds
that side's secrets only (the same redaction as /game log): Panzer Leader's plotted indirect fire, the
order of undrawn cards, the seed before it is revealed, the RNG state, user ids, host paths."""

from __future__ import annotations

import json
import urllib.request

from board_helpers import Running, bot_game, get

from engine.game import Action
from engine.service import GameService


def everything(board: Running, game: int, viewer: str) -> str:
    """Every route a page of this viewer fetches, as one text: the page, its data, map, events, phases."""
    link = board.link(game, viewer)
    parts = []
    for path in ("", "data", "map"):
        status, body, _ = get(link + path)
        assert status == 200, (path, status)
        parts.append(body.decode())
    with urllib.request.urlopen(link + "events", timeout=10) as stream:
        parts.append(stream.readline().decode() + stream.readline().decode())
    for phase in json.loads(parts[1])["phases"]:
        status, body, _ = get(f"{link}phase/{phase['number']}")
        assert status == 200
        parts.append(body.decode())
    return "\n".join(parts)


def test_pl_plotted_indirect_fire_is_only_on_its_own_sides_page(service: GameService, board: Running) -> None:
    game = bot_game(service, "pl", "utah", humans=("us",))
    service.run_bots(game)  # the German set-up
    service.submit(game, "us", Action("end"), "u-us")  # the Allied set-up as it stands
    service.run_bots(game)
    assert service.info(game).to_act == "us"
    service.submit(game, "us", Action("indirect", {"unit": "M1", "target": "0810"}), "u-us")
    assert service.state(game).indirect, "the order is plotted and not landed"
    own = everything(board, game, "us")
    assert "indirectly at 0810" in own  # the side that plotted it reads it: the test can see a leak
    for viewer in ("spectator", "ge"):
        text = everything(board, game, viewer)
        assert "indirectly at 0810" not in text, viewer
        data = json.loads(get(board.link(game, viewer) + "data")[1])
        assert not [o for o in data["view"]["overlays"] if "indirect" in json.dumps(o)], viewer
        assert "a secret order" in text or "secret" in text


def test_peiper_undrawn_cards_seed_and_rng_stay_off_every_page(service: GameService, board: Running) -> None:
    game = bot_game(service, "peiper", "contest", seed=7_340_123_456_789_011)
    service.run_bots(game, limit=25)
    state = service.state(game)
    assert state.deck.draw_pile, "the deck is part drawn"
    undrawn = [str(c) for c in state.deck.draw_pile]
    secrets = {"seed": str(state.seed), "rng": str(state.rng.state)}
    for viewer in ("spectator", "us", "ge"):
        text = everything(board, game, viewer)
        for name, value in secrets.items():
            assert value not in text, (viewer, name)
        for window in range(len(undrawn) - 3):  # no run of four undrawn cards, in any quoting
            run = undrawn[window:window + 4]
            assert json.dumps(run) not in text and ", ".join(run) not in text and " ".join(run) not in text, viewer
        data = json.loads(get(board.link(game, viewer) + "data")[1])
        assert data["seed"]["seed"] is None and data["seed"]["hash"]


def test_no_page_holds_a_host_path_or_a_user_id(service: GameService, board: Running) -> None:
    game = bot_game(service, "saf", "1", humans=("us",))
    service.run_bots(game, limit=5)
    for viewer in ("spectator", "us"):
        text = everything(board, game, viewer)
        assert "/work/" not in text and ".yaml" not in text and "engine/games" not in text
        assert "u-us" not in text  # the seat's user id; its display name is shown
        assert "Player us" in get(board.link(game, viewer) + "data")[1].decode()


def test_a_finished_games_page_reveals_its_seed_beside_the_hash(service: GameService, board: Running) -> None:
    game = bot_game(service, "saf", "1", seed=5)
    service.run_bots(game, limit=5000)
    info = service.info(game)
    assert info.status == "over"
    data = json.loads(get(board.link(game) + "data")[1])
    assert data["seed"]["seed"] == service.seed_record(game)["seed"] and data["view"]["result"]["text"]
