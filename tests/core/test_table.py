"""The table as a home: a map of every phase, orders that work bare, rules at hand, endings, Tab."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest

from bot.cli import main
from bot.console import Table
from engine.games.peiper import RULES
from engine.service import GameService, Seat
from engine.service.phases import phase_views, phases


def _table(seed: int = 7, humans: tuple[str, ...] = ("us",), out: Path | None = None
           ) -> tuple[GameService, Table, io.StringIO]:
    service = GameService("sqlite://")
    seats = {s: Seat("human", "console") if s in humans else Seat("bot") for s in RULES.sides}
    info = service.create_game("peiper", seed=seed, seats=seats)
    text = io.StringIO()
    return service, Table(service, info.id, list(humans), out, out=text, images=out is not None), text


def _bot_sequence(seed: int = 7, passes: int = 6, out: Path | None = None) -> tuple[GameService, Table, io.StringIO]:
    """The issue's game: the US sets up, then passes every card while the German bot plays on."""
    service, table, text = _table(seed, out=out)
    assert table.handle("ready")
    table.bots()
    for _ in range(passes):
        if table.over():
            break
        assert table.handle("pass"), text.getvalue()[-400:]
        table.bots()
    return service, table, text


def test_no_two_phase_maps_of_a_bot_sequence_are_identical_and_each_shows_its_phases_moves(tmp_path: Path) -> None:
    service, table, text = _bot_sequence(out=tmp_path)
    done = phases(service, table.game_id)
    assert len(done) >= 10
    files = sorted(tmp_path.glob("peiper-game1-*-phase*.png"))
    assert len(files) == len(done)  # one image per phase, at the table
    digests = [hashlib.sha256(f.read_bytes()).hexdigest() for f in files]
    assert len(set(digests)) == len(digests)
    views = phase_views(service, table.game_id)
    moved_phases = 0
    for phase, view in zip(done, views, strict=True):
        moves = [o for o in view["overlays"] if o["kind"] == "move"]
        # every move the phase's events report is drawn, and nothing from another phase
        reported = [line for line in phase.lines if " moves " in line or "enters the map" in line]
        assert len(moves) == len(reported), (phase.number, phase.lines, moves)
        for line, move in zip(reported, moves, strict=True):
            assert line.startswith(move["unit"]) and move["path"][-1] in line
        assert view["phase_map"]["number"] == phase.number and view["phase_map"]["lines"]
        moved_phases += bool(moves)
    assert moved_phases >= 4
    # a pass phase (nothing moved) shows no arrows of the phase before it
    passes = [v for p, v in zip(done, views, strict=True) if "US passes." in p.lines]
    assert passes and all(not v["overlays"] for v in passes)
    assert "map of phase 3:" in text.getvalue()


def test_images_are_named_so_they_never_collide(tmp_path: Path) -> None:
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    script = tmp_path / "s.txt"
    script.write_text("ready\n", encoding="utf-8")
    out = tmp_path / "out"
    for db in (a, b):
        assert main(["play", "peiper", "--as", "us", "--seed", "7", "--script", str(script), "--db",
                     f"sqlite:///{db}", "--out", str(out)]) == 0
    first = sorted(p.name for p in out.glob("*phase0001.png"))
    assert len(first) == 2  # two databases' game 1 write two files
    before = {p.name: p.read_bytes() for p in out.glob("*.png")}
    (tmp_path / "more.txt").write_text("pass\n", encoding="utf-8")
    assert main(["play", "--game-id", "1", "--script", str(tmp_path / "more.txt"), "--db", f"sqlite:///{a}",
                 "--out", str(out)]) == 0
    after = {p.name: p.read_bytes() for p in out.glob("*.png")}
    assert all(after[name] == data for name, data in before.items())  # a resumed game overwrites nothing
    assert len(after) > len(before)


def test_exit_at_the_table_is_an_order_and_rules_answer_there() -> None:
    _, table, text = _table(humans=("us", "ge"))
    assert table.handle("ready")
    assert not table.handle("exit unit:Spitze")  # the game's order (refused by its rules), not the program's
    assert "Refused:" in text.getvalue() and "exit" in text.getvalue().lower()
    assert table.handle("/rules combat")
    out = text.getvalue()
    assert "combat [Combat]" in out and "anti-tank number" in out
    assert table.handle("/help move")
    assert "/peiper move unit:<unit> to:<hex>" in text.getvalue()
    assert not table.handle("/rules zzzz")
    assert table.handle("status")  # a bare table word the game has no order for still works
    assert not table.handle("/peiper status")  # ...but not when the game is named


def test_the_map_at_the_table_draws_a_close_up_and_earlier_phases(tmp_path: Path) -> None:
    _, table, text = _bot_sequence(passes=1, out=tmp_path)
    assert table.handle("/map 0404 2")
    closeup = next(tmp_path.glob("*-0404-r2.png"))
    full = next(tmp_path.glob("*phase0001.png"))
    from PIL import Image

    with Image.open(closeup) as c, Image.open(full) as f:
        assert c.size != f.size
    assert table.handle("/map phase:1")
    assert not table.handle("/map 9999")
    assert "Refused: 9999 is off the map" in text.getvalue()
    assert not table.handle("/map phase:999")


def test_a_finished_game_prints_its_result_and_seed_stays_open_and_reopens_read_only(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'end.db'}"
    script = tmp_path / "end.txt"
    script.write_text('ready\n/gm end winner:us result:"Spitze fell" reason:"test"\n/seed\n/log 1\n/export\n',
                      encoding="utf-8")
    text = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(text):
        assert main(["play", "peiper", "--as", "us", "--seed", "5", "--script", str(script), "--db", db,
                     "--out", str(tmp_path / "out")]) == 0
    out = text.getvalue()
    assert "Game over: US" in out and "Spitze fell" in out
    seed_line = next(line for line in out.splitlines() if line.strip().startswith("seed "))
    assert "hash" in seed_line and "seed 5 " in seed_line
    assert "The table stays open" in out
    assert list((tmp_path / "out").glob("*.json"))
    again = tmp_path / "again.txt"
    again.write_text("/seed\n/map\n", encoding="utf-8")
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        assert main(["play", "--game-id", "1", "--script", str(again), "--db", db, "--out", str(tmp_path / "out")]) == 0
        order = tmp_path / "order.txt"
        order.write_text("pass\n", encoding="utf-8")
        assert main(["play", "--game-id", "1", "--script", str(order), "--db", db, "--no-images"]) == 2
    out = text.getvalue()
    assert "opens read-only" in out and ", seed 5" in out
    assert "Refused: Game #1 is over" in out and "bot's decision (None)" not in out


def test_tab_completes_quoted_names_positional_forms_and_only_what_is_legal_now() -> None:
    service, table, _ = _table(seed=3, humans=("us", "ge"))
    # set-up: only set-up orders are offered, not every order of the game
    first = table.completions("", "")
    assert "place" in first and "ready" in first and "move" not in first and "/quit" in first
    assert table.completions("", 'place unit:"99 BG" at:')  # hexes after a quoted name
    assert table.completions("", 'place unit:"99 B')[0] == 'unit:"99 BG"'
    positional = table.completions("", "place CCR/3/1 ")
    assert positional and all(h[:2].isdigit() for h in positional)
    assert set(positional) == {str(a.args["at"]) for a in table.legal_now() if a.args.get("unit") == "CCR/3/1"}
    assert table.line_completions('place unit:"99 B') == ['place unit:"99 BG" ']
    assert "take" in table.completions("", "/help ta")
    assert "combat" in table.completions("", "/rules com")
    # play on until a side may bring units on: `enter ` offers them
    for _ in range(200):
        legal = table.legal_now()
        if any(a.kind == "enter" for a in legal):
            break
        side = service.info(table.game_id).to_act
        assert side is not None
        action, _ = RULES.bot_action(service.state(table.game_id), side)
        service.submit(table.game_id, side, action, "console")
    entering = table.completions("", "enter ")
    assert entering and set(entering) <= {f'"{a.args["unit"]}"' if " " in a.args["unit"] else a.args["unit"]
                                          for a in table.legal_now() if a.kind == "enter"}


def test_the_start_menu_asks_game_scenario_side_in_the_games_words_and_level() -> None:
    from bot.table_start import choose_game, choose_level, choose_scenario, choose_side

    said: list[str] = []
    answers = iter(["9", "just a peiper dream?"])
    assert choose_game(lambda _: next(answers), said.append) == "peiper"
    assert any("Type a number" in s for s in said)
    said.clear()
    assert choose_side("peiper", lambda _: "german", said.append) == "ge"
    assert any(line.strip() == "1 German" for line in said) and not any("(ge)" in s for s in said)
    assert choose_side("peiper", lambda _: "3", said.append) == "both"
    assert choose_level("peiper", lambda _: "hard", said.append) == "hard"
    scenarios = RULES.scenarios()
    assert choose_scenario("peiper", lambda _: "1", said.append) == scenarios[0].key
    offered: list[list[str]] = []
    choose_level("peiper", lambda _: "1", said.append, offered.append)  # Tab completes the menu's words
    assert "hard" in offered[0]


@pytest.mark.parametrize("leaving", ["quit", "EXIT", "/quit", None])  # None: the end of input (Ctrl-D)
def test_a_start_menu_is_left_by_quit_or_the_end_of_input_without_a_trace(leaving: str | None) -> None:
    """At the start-up menus (before any game is made) quit, exit or Ctrl-D leave the table plainly: a
    Python traceback came instead, and quit was answered 'Type a number'."""
    from bot.table_start import LeftTable, choose_game, choose_side

    def ask(_prompt: str) -> str:
        if leaving is None:
            raise EOFError
        return leaving

    said: list[str] = []
    for menu in (lambda: choose_game(ask, said.append), lambda: choose_side("peiper", ask, said.append)):
        with pytest.raises(LeftTable):
            menu()
    assert not any("Type a number" in s for s in said)
    answers = iter(["nonsense", "1"])
    from engine import registry

    assert choose_game(lambda _: next(answers), said.append) == registry.available()[0]
    assert any("quit leaves" in s for s in said)


def test_log_says_when_it_is_empty_and_shows_a_bounded_count() -> None:
    """/log on a game with no order says so (it printed nothing); /log 0 printed the whole log, and a
    count past 200 is refused naming the range (the whole record is /export's)."""
    service, table, text = _table()
    assert table.handle("/log 3")
    assert "Nothing has happened yet." in text.getvalue()
    for _ in range(3):  # six entries: three placings and their undos
        assert table.handle("place CCR/3/1 0101")
        assert table.handle("/undo")
    for count in ("0", "201", "999999"):
        text.truncate(0)
        text.seek(0)
        assert not table.handle(f"/log {count}")
        assert "/log shows 1 to 200 entries" in text.getvalue()
    text.truncate(0)
    text.seek(0)
    assert table.handle("/log 2")
    assert [line.split()[0] for line in text.getvalue().splitlines() if line.startswith("#")] == ["#5", "#6"]


def test_a_script_that_cannot_be_read_is_refused_before_any_game_is_made(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """`umpire play --script FILE` with a file that is missing or not text: one line naming it, exit 2, and
    no game left behind in the database (one was made first, then abandoned)."""
    from bot.table_start import run_table

    db = f"sqlite:///{tmp_path / 'games.db'}"
    binary = tmp_path / "script.bin"
    binary.write_bytes(b"\xff\xfe\x00draw\n")
    for script in (tmp_path / "missing.txt", binary):
        assert run_table("peiper", "us", 1, script, db, None, "", None, images=False) == 2
        err = capsys.readouterr().err
        assert err.startswith("Cannot read the script") and err.count("\n") == 1 and "Traceback" not in err
    assert GameService(db).list_games() == []


def test_export_to_a_path_it_cannot_write_is_refused_naming_it(tmp_path: Path) -> None:
    """/export into a file where a folder should be: refused with the path and why, not an internal fault."""
    _service, table, text = _table()
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert not table.handle(f"/export {blocker / 'record.json'}")
    said = text.getvalue().splitlines()[-1]
    assert said.startswith("Refused: Cannot write the record to") and "internal fault" not in said.lower()
