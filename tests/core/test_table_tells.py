"""A table that tells (issue 27): scenario prompts saying what each is, /status with the side's units, their
hexes and states, and a resumed game's recap of its last turn."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console import Table
from bot.table_start import choose_scenario, run_table
from engine import registry
from engine.game import Action
from engine.service import GameService, Seat


def _played(game: str, db: str = "sqlite://", orders: int = 30) -> tuple[GameService, int]:
    rules = registry.get(game)
    service = GameService(db)
    info = service.create_game(game, None, seed=3, seats={s: Seat("human", "console") for s in rules.sides})
    for _ in range(orders):
        side = service.info(info.id).to_act
        if side is None:
            break
        service.submit(info.id, side, rules.bot_action(service.state(info.id), side)[0], "console")
    return service, info.id


def test_the_scenario_prompt_says_in_one_line_what_each_scenario_is() -> None:
    said: list[str] = []
    assert choose_scenario("peiper", lambda _: "2", said.append) == "historical"
    notes = [s.strip() for s in said if s.startswith("      ")]
    assert len(notes) == 2 and "more open valley" in notes[0] and "original ground" in notes[1]
    said.clear()
    choose_scenario("pl", lambda _: "1", said.append)
    notes = [s for s in said if s.startswith("      ")]
    assert len(notes) == len(registry.get("pl").scenarios()) and all(len(n.strip()) <= 110 for n in notes)


@pytest.mark.parametrize("game", ["peiper", "saf", "pl"])
def test_status_lists_the_sides_units_with_hexes_and_states(game: str) -> None:
    service, gid = _played(game)
    rules = registry.get(game)
    side = rules.sides[0]
    out = io.StringIO()
    Table(service, gid, [side], None, out=out, images=False).status()
    lines = out.getvalue().splitlines()
    view = service.view(gid, side)
    placed = [u for u in view["units"] if u["side"] == side and u["hex"]]
    assert len(lines) >= 2 and placed
    assert all(u["hex"] in lines[1] for u in placed[:5])
    marked = [u for u in placed if u["markers"]]
    if marked:
        assert marked[0]["markers"][0].replace("_", " ") in lines[1]


def test_status_lists_a_choice_of_arrivals_as_one_choice() -> None:
    service, gid = _played("peiper", orders=0)
    service.submit(gid, "us", Action("ready"), "console")  # the scenario's set-up
    out = io.StringIO()
    Table(service, gid, ["us"], None, out=out, images=False).status()
    text = out.getvalue()
    assert "awaiting entry: CCB/3/1; 30/117/1 or 30/117/2, one of them; 2/23/3" in text, text


def test_a_resumed_game_recalls_its_last_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    service, gid = _played("peiper", db, orders=40)
    last = service.log_page(gid, 1, 1)[0][-1]
    script = tmp_path / "script.txt"
    script.write_text("/status\n", encoding="utf-8")
    assert run_table(None, None, None, script, db, gid, "", None, images=False) == 0
    text = capsys.readouterr().out
    assert "Last turn, as the log tells it:" in text
    assert f"#{last.seq} " in text.split("Last turn, as the log tells it:")[1]
    recap = text.split("Last turn, as the log tells it:")[1].split("> /status")[0]
    assert recap.count("\n  #") <= 12


def test_help_for_an_order_says_what_it_costs_now_ruling_12() -> None:
    """Peiper's /help attack in the activations says an attack ends them and how many ACTs it loses."""
    from engine.games.peiper.state import ACTIVATE

    rules = registry.get("peiper")
    service = GameService("sqlite://")
    info = service.create_game("peiper", None, seed=3, seats={s: Seat("human", "console") for s in rules.sides})
    for _ in range(400):
        state = service.state(info.id)
        if state.phase == ACTIVATE and state.acts >= 2 and state.options.get("combat_ends_activations"):
            break
        side = service.info(info.id).to_act
        assert side is not None
        service.submit(info.id, side, rules.bot_action(state, side)[0], "console")
    else:
        pytest.fail("no activation of two ACTs or more in 400 orders")
    out = io.StringIO()
    table = Table(service, info.id, list(rules.sides), None, out=out, images=False)
    table.help("attack")
    assert "ruling 12" in out.getvalue() and "would lose" in out.getvalue()
    out.truncate(0)
    table.help("move")
    assert "ruling 12" not in out.getvalue()
