"""Maps in one place (issue 29): a view names its map by a key, resolved by engine.maps alone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine import maps, registry
from engine.ai.sampling import public_fingerprint
from engine.maps import UnknownMap, key_of, map_file, map_for, map_of, shown_key
from engine.service import GameService

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["peiper", "saf", "pl"]


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_view_carries_a_map_key_that_resolves(game: str) -> None:
    rules = registry.get(game)
    for sc in rules.scenarios():
        view = rules.view(rules.new_state(sc.key, 1, {}), None)
        key = view["map"]
        assert re.fullmatch(r"[a-z]+:[a-z0-9_]+\.yaml", key), key
        assert key.startswith(game + ":") and "/" not in key and "\\" not in key
        assert map_for(key).terrain  # a real map


@pytest.mark.parametrize("key", [
    "../../etc/passwd", "/etc/passwd", "peiper:../map.yaml", "peiper:/etc/passwd", "peiper:map",
    "peiper:map.yml", "../peiper:map.yaml", "C:\\maps\\x.yaml", "peiper:MAP.yaml", "peiper:map.yaml\n",
    "", "x" * 5000, "nope:map.yaml", "peiper:nothing.yaml",
])
def test_a_path_like_or_unknown_key_is_refused_and_nothing_is_opened(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"opened for {key!r}")

    monkeypatch.setattr(maps, "load_yaml", never)
    with pytest.raises(UnknownMap):
        map_for(key)


def test_a_data_file_of_a_game_that_is_not_a_map_is_refused_as_a_map() -> None:
    with pytest.raises(UnknownMap, match="is not a map"):
        map_for("peiper:units.yaml")


@pytest.mark.parametrize(("old", "game", "key"), [
    ("/work/main/engine/games/peiper/data/map.yaml", "peiper", "peiper:map.yaml"),
    ("/srv/other-install/engine/games/saf/data/map2.yaml", None, "saf:map2.yaml"),
    ("C:\\umpire\\engine\\games\\pl\\data\\board_utah.yaml", "pl", "pl:board_utah.yaml"),
    ("map_contest.yaml", "peiper", "peiper:map_contest.yaml"),  # exports so far: the bare file name
    ("board.yaml", "pl", "pl:board.yaml"),
])
def test_old_views_and_exports_resolve_to_the_key_they_meant(old: str, game: str | None, key: str) -> None:
    assert key_of(old, game) == key
    assert map_of({"game": game, "map": old}) is map_for(key)
    assert shown_key(old, game) == key


def test_an_old_value_that_names_no_map_is_refused_and_shown_without_its_path() -> None:
    with pytest.raises(UnknownMap):
        map_of({"game": "peiper", "map": "/etc/passwd"})
    with pytest.raises(UnknownMap):
        map_of({"game": "peiper"})
    assert shown_key("/home/someone/secret/odd.txt", "peiper") == "odd.txt"


def test_the_bots_fingerprint_is_the_same_for_a_key_and_the_old_path() -> None:
    rules = registry.get("peiper")
    state = rules.new_state(rules.scenarios()[0].key, 3, {})
    view = rules.view(state, "us")
    assert map_file(view["map"]) == view["map"].split(":")[1]

    class Old:
        def view(self, s: object, side: str) -> dict[str, Any]:
            return {**view, "map": "/some/host/engine/games/peiper/data/" + map_file(view["map"])}

    assert public_fingerprint(Old(), state, "us") == public_fingerprint(rules, state, "us")  # type: ignore[arg-type]


def test_an_export_holds_the_map_key_and_no_host_path(tmp_path: Path) -> None:
    service = GameService(f"sqlite:///{tmp_path / 'umpire.db'}")
    for game in GAMES:
        gid = service.create_game(game, seed=5).id
        record = service.export(gid)
        assert record["view"]["map"].startswith(game + ":")
        assert str(ROOT) not in str(record)


def test_the_board_names_a_map_from_a_key_or_an_old_path() -> None:
    from bot.board import data

    rules = registry.get("peiper")
    view = rules.view(rules.new_state(rules.scenarios()[0].key, 1, {}), None)
    name = data.map_name(view)
    assert data.map_name({**view, "map": str(ROOT / "engine/games/peiper/data" / map_file(view["map"]))}) == name
    assert data.map_by_name(name)["name"] == name
    with pytest.raises(UnknownMap):
        data.map_name({**view, "map": "../../../etc/passwd"})


def test_images_draws_a_view_from_its_key_alone() -> None:
    from PIL import Image

    from images.maps import view_gif, view_png

    rules = registry.get("saf")
    view = rules.view(rules.new_state(rules.scenarios()[0].key, 1, {}), None)
    assert view_png(view).startswith(b"\x89PNG")
    assert view_png(view, "0101", 1).startswith(b"\x89PNG")
    assert view_gif([view]).startswith(b"GIF")
    assert Image.open(__import__("io").BytesIO(view_png(view))).size[0] > 200


# Call sites that take a view to a map: none may open the map file themselves.
SOURCES = ["cogs", "bot", "images", "tools", "engine/service", "engine/ai"]
FORBIDDEN = [re.compile(r"\bload_map\("), re.compile(r"Path\([^)\n]*\[\s*[\"']map[\"']\s*\]"),
             re.compile(r"Path\([^)\n]*\.get\(\s*[\"']map[\"']")]


def test_no_call_site_loads_a_map_from_a_view_itself() -> None:
    offenders = []
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for pattern in FORBIDDEN:
                offenders += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in pattern.finditer(text)]
    assert offenders == []
