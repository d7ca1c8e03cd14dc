"""Issue 40, a fourth game's path: a throwaway game outside engine/games (tests/core/tinygame: its data
files and one rules module on engine.contract.Contract) is registered for the test only and played to
its end through the service and through the table, with nothing of Umpire changed for it. So the
contract is enough for a new game (docs/architecture.md "Adding a game"); the fake Discord plays it
too (tests/discord/test_discord_tiny_game.py).

Registering is a new surface: its bounds are tried here (a taken key, a malformed key, no package, a
package that is another game, forgetting a shipped game)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.console import Table
from engine import registry
from engine.errors import IllegalAction, NotFound, NotYourTurn, UnknownHex, UnknownUnit
from engine.game import Action, GameRules
from engine.maps import UnknownMap, map_for, map_of
from engine.service import GameService, Seat
from engine.service.phases import phase_views, phases
from engine.view import check_view
from images import render_png
from tests.core.tinygame import KEY, registered

RED = Seat("human", "u-red", "red")


@pytest.fixture
def tiny() -> Iterator[GameRules]:
    with registered() as rules:
        yield rules


def test_a_registered_game_is_known_while_registered_and_forgotten_after() -> None:
    shipped = registry.available()
    assert KEY not in shipped
    with pytest.raises(UnknownMap):
        map_for("tiny:map.yaml")
    with registered() as rules:
        assert registry.get("tiny") is rules and registry.available() == [*shipped, "tiny"]
        assert map_for("tiny:map.yaml").places["Bridge"].label == "0402"  # its data folder, not engine/games
        assert registry.title("TINY ") == "The Bridge"
    assert KEY not in registry.GAME_PACKAGES and registry.available() == shipped
    with pytest.raises(UnknownMap):
        map_for("tiny:map.yaml")
    with pytest.raises(NotFound):
        registry.get("tiny")


@pytest.mark.parametrize(("key", "package", "why"), [
    ("peiper", "tests.core.tinygame", "taken"),  # a shipped game is never replaced
    ("Tiny", "tests.core.tinygame", "lowercase"),
    ("../tiny", "tests.core.tinygame", "lowercase"),
    ("t" * 33, "tests.core.tinygame", "lowercase"),
    ("", "tests.core.tinygame", "lowercase"),
    ("tinier", "tests.core.tinygame", "is the game 'tiny'"),  # RULES.key must be the key
    ("tiny", "tests.core.tinygame.rules", "not an importable package"),  # a module, not a package
    ("tiny", "tests.core.no_such_game", "not an importable package"),
])
def test_register_refuses_what_it_cannot_hold(key: str, package: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        registry.register(key, package)
    assert KEY not in registry.GAME_PACKAGES and "tinier" not in registry.GAME_PACKAGES


def test_register_refuses_a_key_twice_and_unregister_forgets_only_registered_games() -> None:
    with registered(), pytest.raises(ValueError, match="taken"):
        registry.register("tiny", "tests.core.tinygame")
    for key in ("peiper", "tiny"):
        with pytest.raises(ValueError, match="not registered"):
            registry.unregister(key)
    assert KEY not in registry.GAME_PACKAGES and "tinier" not in registry.GAME_PACKAGES


def test_the_tiny_game_is_played_to_its_end_through_the_service(tiny: GameRules) -> None:
    service = GameService("sqlite://")
    game = service.create_game("tiny", seed=5, seats={"red": RED}).id  # blue left to the bot
    assert service.info(game).seats["blue"].level == "random"  # at the game's default level (not "normal")
    version = service.version_of(game)
    for bad, kind, why in ((Action("move", {"to": "0402"}), IllegalAction, "0402 is not next to Red Rifles in 0102"),
                           (Action("move", {"to": "0702"}), IllegalAction, "0702 is not next to"),
                           (Action("move", {"to": "0999"}), UnknownHex, "0999 is off the map"),
                           (Action("fire", {"target": "B1"}), IllegalAction, "Blue Rifles is not next to Red Rifles"),
                           (Action("fire", {"target": "R1"}), IllegalAction, "Red Rifles is your own counter"),
                           (Action("fire", {"target": "X9"}), UnknownUnit, "No counter 'X9'"),
                           (Action("dig"), IllegalAction, "The Bridge has no order 'dig': orders are move, fire, pass")):
        with pytest.raises(kind) as refused:
            service.submit(game, "red", bad, "u-red")
        assert why in f"{refused.value} [{refused.value.rule}]", (bad, refused.value)  # named, with its rule
    with pytest.raises(NotYourTurn) as refused:
        tiny.apply(service.state(game), "blue", Action("pass"))
    assert refused.value.rule == "1 Turn Sequence"
    assert service.version_of(game) == version  # refused orders leave the game as it was
    pick = random.Random(5)
    for _ in range(40):
        if service.info(game).status == "over":
            break
        state = service.state(game)
        check_view(tiny.view(state, "red"))
        service.submit(game, "red", pick.choice(tiny.legal_actions(state, "red")), "u-red")
        service.run_bots(game)
    info, state = service.info(game), service.state(game)
    assert info.status == "over" and tiny.result(state) is not None
    lines = [f"{e['text']} [{e['rule']}]" for entry in service.log(game) for e in entry.events]
    assert any("[3 Victory]" in line for line in lines), lines[-3:]
    assert tiny.dump(service.replay(game)) == tiny.dump(state)  # the log alone rebuilds it
    # the record exports and imports as any game's, replayed to the same end
    copy = service.import_game(service.export(game))
    assert tiny.dump(service.state(copy.id)) == tiny.dump(state)
    # every phase (a turn) has its map, drawn by the renderer from the game's own map file
    done = phases(service, game)
    assert done and len(phase_views(service, game)) == len(done)
    view = phase_views(service, game, [done[-1].number])[0]
    assert render_png(map_of(view), view).startswith(b"\x89PNG")


def test_the_tiny_game_is_played_to_its_end_at_the_table(tiny: GameRules, tmp_path: Path) -> None:
    service = GameService("sqlite://")
    game = service.create_game("tiny", seed=8, seats={"red": Seat("human", "console"), "blue": Seat("bot", level="random")}).id
    out = io.StringIO()
    table = Table(service, game, ["red"], tmp_path, out=out)
    assert not table.handle("move to:0402")  # not a neighbour: refused, named, nothing changed
    assert "Refused: 0402 is not next to Red Rifles in 0102: a counter moves one hex (2 Orders)" in out.getvalue()
    assert service.version_of(game) == 0  # nothing written
    for line in ("/help", "move to:0202", "/tiny move to:0302", "move to:0402"):
        assert table.handle(line), out.getvalue()[-400:]
        table.bots()
    assert table.over()
    text = out.getvalue()
    assert "Game over: Red wins (Red Rifles holds the bridge) [3 Victory]" in text, text[-600:]
    assert "[bot blue]" in text  # the bot's orders were shown as the bot's
    images = sorted(tmp_path.glob("tiny-game*-phase*.png"))
    assert len(images) == len(phases(service, game)) >= 2  # a map for every phase, the last included
