"""The umpire command line: the local table with scripts, resuming, selfplay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.selfplay import run
from engine.games.peiper import RULES
from engine.service import GameService

FIRST_HALF = """
# US sets up, then the first draws
/peiper place unit:"99 BG" at:0505
/peiper ready
"""


def test_script_accepted_exits_0_and_refused_exits_2(tmp_path: Path, capsys: object) -> None:
    db = f"sqlite:///{tmp_path / 'g.db'}"
    ok = tmp_path / "ok.txt"
    ok.write_text(FIRST_HALF, encoding="utf-8")
    assert main(["play", "peiper", "--seed", "4", "--as", "us", "--script", str(ok), "--db", db, "--no-images"]) == 0
    bad = tmp_path / "bad.txt"
    bad.write_text("/peiper place unit:Tiger at:0505\n", encoding="utf-8")
    assert main(["play", "peiper", "--seed", "4", "--as", "us", "--script", str(bad), "--db", db,
                 "--no-images"]) == 2
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "Refused: No unit 'Tiger'" in out


def test_a_game_resumed_after_the_process_ended_equals_one_played_straight_through(tmp_path: Path) -> None:
    def script(path: Path, count: int) -> None:
        path.write_text("/peiper ready\n" + "/status\n" * count, encoding="utf-8")

    # Straight through: both sides held by the console, orders from the legal actions.
    straight = tmp_path / "straight.db"
    halves = tmp_path / "halves.db"
    orders = _orders(seed=9, count=30)
    (tmp_path / "all.txt").write_text("\n".join(orders), encoding="utf-8")
    (tmp_path / "a.txt").write_text("\n".join(orders[:15]), encoding="utf-8")
    (tmp_path / "b.txt").write_text("\n".join(orders[15:]), encoding="utf-8")
    common = ["--seed", "9", "--as", "both", "--no-images"]
    assert main(["play", "peiper", *common, "--script", str(tmp_path / "all.txt"), "--db", f"sqlite:///{straight}"]) == 0
    # Halfway in one process, the rest in a new process that resumes the stored game.
    assert main(["play", "peiper", *common, "--script", str(tmp_path / "a.txt"), "--db", f"sqlite:///{halves}"]) == 0
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--game-id", "1", "--script", str(tmp_path / "b.txt"), "--db",
         f"sqlite:///{halves}", "--no-images"],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    a, b = GameService(f"sqlite:///{straight}"), GameService(f"sqlite:///{halves}")
    assert RULES.dump(a.state(1)) == RULES.dump(b.state(1))
    assert RULES.dump(b.replay(1)) == RULES.dump(b.state(1))
    del script


def _orders(seed: int, count: int) -> list[str]:
    """Orders a person might type: the bot's choices, written as slash commands."""
    state = RULES.new_state("historical", seed, {})
    lines = []
    for _ in range(count):
        side = RULES.to_act(state)
        assert side is not None
        action, _ = RULES.bot_action(state, side)
        RULES.apply(state, side, action)
        lines.append(action.command("peiper"))
    return lines


def test_selfplay_is_deterministic_and_checks_invariants() -> None:
    first = run("peiper", games=2, seed=1)
    second = run("peiper", games=2, seed=1)
    first.pop("seconds")
    second.pop("seconds")
    assert first == second
    assert first["finished"] == 2 and first["errors"] == []
    assert sum(first["winners"].values()) == 2


def test_selfplay_json_output_shape(capsys: object) -> None:
    assert main(["selfplay", "peiper", "--games", "2", "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert set(out) >= {"game", "games", "finished", "winners", "errors", "actions", "seconds"}


def test_the_table_takes_gm_rulings_with_a_reason_and_lists_them(tmp_path: Path, capsys: object) -> None:
    script = tmp_path / "gm.txt"
    script.write_text('/peiper ready\n/gm move unit:"99 BG" to:0505 reason:"misclick, agreed by both" rule:none\n'
                      '/gm rulings\n', encoding="utf-8")
    assert main(["play", "peiper", "--as", "us", "--seed", "3", "--script", str(script), "--db", "sqlite://",
                 "--no-images"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "GM puts 99 BG in 0505" in out and '/gm move unit:"99 BG" to:0505 by console GM' in out
    bad = tmp_path / "bad.txt"
    bad.write_text('/peiper ready\n/gm move unit:"99 BG" to:0505\n', encoding="utf-8")
    assert main(["play", "peiper", "--as", "us", "--seed", "3", "--script", str(bad), "--db", "sqlite://",
                 "--no-images"]) == 2
    assert "needs a reason" in capsys.readouterr().out  # type: ignore[attr-defined]


def test_tab_completion_offers_commands_units_and_hexes_from_the_legal_actions() -> None:
    from bot.console import Table
    from engine.service import Seat

    service = GameService("sqlite://")
    info = service.create_game("peiper", seed=3, seats={"us": Seat("human", "console"), "ge": Seat("bot")})
    table = Table(service, info.id, ["us"], None, images=False)
    assert "place" in table.completions("pl", "pl")
    assert "/peiper" in table.completions("/pe", "/pe")
    units = table.completions("unit:C", "place unit:C")
    assert units == ["unit:CCR/3/1"]
    hexes = table.completions("at:140", 'place unit:"99 BG" at:140')
    assert hexes == []  # the easternmost hexrow is not a set-up hex
    hexes = table.completions("at:130", "place unit:CCR/3/1 at:130")
    assert "at:1301" in hexes and all(h.startswith("at:130") for h in hexes)


def test_the_bot_seat_at_the_table_plays_at_the_chosen_level(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'lv.db'}"
    script = tmp_path / "r.txt"
    script.write_text("/peiper ready\n", encoding="utf-8")
    assert main(["play", "peiper", "--as", "us", "--level", "hard", "--seed", "2", "--script", str(script),
                 "--db", db, "--no-images"]) == 0
    service = GameService(db)
    assert service.info(1).seats["ge"].level == "hard"
    reasons = [e.reason for e in service.log(1) if e.side == "ge"]
    assert reasons and all(reasons)


def test_discord_game_new_offers_the_bot_level() -> None:
    from cogs.game import GameCog

    new = next(c for c in GameCog.__cog_app_commands__ if c.name == "new")
    level = next(p for p in new.parameters if p.name == "level")
    assert sorted(c.value for c in level.choices) == ["easy", "greedy", "hard", "normal", "random"]


def test_python_m_bot_cli_runs_the_command_line_as_umpire_does() -> None:
    """`python -m bot.cli <verb>` printed nothing (no __main__ block): it answers as `umpire` and `python -m bot` do."""
    via_cli = subprocess.run([sys.executable, "-m", "bot.cli", "--version"], capture_output=True, text=True, timeout=60)
    via_bot = subprocess.run([sys.executable, "-m", "bot", "--version"], capture_output=True, text=True, timeout=60)
    assert via_cli.returncode == via_bot.returncode == 0
    assert via_cli.stdout.strip() and via_cli.stdout == via_bot.stdout


def test_render_to_a_path_it_cannot_write_says_so_in_one_line(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """`umpire render --out` into a folder that does not exist: one line naming the path and why, exit 2
    (a traceback came instead)."""
    assert main(["render", "peiper", "--out", str(tmp_path / "no" / "such" / "map.png")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("umpire render: cannot write") and "No such file" in err and "Traceback" not in err
