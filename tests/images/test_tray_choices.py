"""Issue 27: the opening lists choices as choices. Peiper's two 30/117 battalions wait to enter but only
one of them may (ruling 26): the view says so (``one_of``), and the map's off-map tray and the live
board carry the words, once, not two arrivals."""

from __future__ import annotations

from bot.board.data import _units
from engine import registry
from images.frame import _choices


def _opening_view() -> dict:
    rules = registry.get("peiper")
    state = rules.new_state(rules.scenarios()[0].key, 7, {})
    return rules.view(state, None)


def test_ruling_26_the_tray_names_the_choice_once() -> None:
    view = _opening_view()
    waiting_us = [u for u in view["units"] if u["side"] == "us" and u["status"] == "awaiting"]
    assert _choices(waiting_us) == ["30/117/1 or 30/117/2, one of them"]
    assert _choices([u for u in view["units"] if u["side"] == "ge"]) == []


def test_ruling_26_the_board_keeps_the_choice() -> None:
    units = {u["id"]: u for u in _units(_opening_view())}
    assert units["30/117/1"]["one_of"] == units["30/117/2"]["one_of"] == "30/117/1 or 30/117/2, one of them"
    assert "one_of" not in units["Spitze"]


def test_a_hostile_choice_text_is_shortened_and_made_safe() -> None:
    shown = _choices([{"one_of": "x" * 500 + "\x00"}, {"one_of": "x" * 500 + "\x00"}])
    assert len(shown) == 1 and len(shown[0]) <= 60 and "\x00" not in shown[0]
