"""tools/peiper_ceiling.py (issue 42): the named US unit is off the map from the start of the named turn,
never before the set-up is over, and every argument out of range is refused with its reason."""

from __future__ import annotations

from typing import Any

import pytest

from bot import selfplay
from engine import registry
from engine.gamestate import SETUP
from tools import peiper_ceiling


def test_the_unit_is_gone_from_the_turn_named_and_there_before(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = registry.get("peiper")
    seen: list[tuple[int, bool, str]] = []
    real = selfplay.bot_action

    def watching(rules_: Any, state: Any, side: str, level: str) -> Any:
        seen.append((state.turn, state.phase == SETUP, state.units["99 BG"].status))
        return real(rules_, state, side, level)

    monkeypatch.setattr(selfplay, "bot_action", watching)
    peiper_ceiling.play(rules, "historical", 4242, 0, "style:careful", "99 BG", 2)
    in_play = [(turn, status) for turn, setup, status in seen if not setup]
    assert any(turn == 1 and status == "on_map" for turn, status in in_play)  # turn 1: still there
    assert any(turn == 2 for turn, _ in in_play)
    assert all(status == "eliminated" for turn, status in in_play if turn >= 2)


@pytest.mark.parametrize(("argv", "reason"), [
    (["--remove", "Spitze"], "Spitze is not a US unit"),
    (["--remove", "nobody"], "No unit 'nobody'"),
    (["--turn", "6"], "--turn: 1 to 5"),
    (["--turn", "0"], "--turn: 1 to 5"),
    (["--games", "0"], "--games: 1 to 1000"),
    (["--games", "1001"], "--games: 1 to 1000"),
    (["--us-style", "x" * 300], "Unknown US style"),
])
def test_anything_out_of_range_is_refused(argv: list[str], reason: str) -> None:
    with pytest.raises(SystemExit, match=reason):
        peiper_ceiling.main(argv)
