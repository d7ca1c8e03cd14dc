"""The reads behind /game log, /gm rulings, /game export and /game replay cost the same whether the log
holds 200 entries or 2,000 of place-and-undo (as a seated player can make them): counted in SQL
statements and log and snapshot rows loaded, not in time. ``umpire bench reads`` times them at 100 and
100,000 entries (bot/bench_reads.py)."""

from __future__ import annotations

from typing import Any

from test_scale_load_cost import counted

from bot.bench_reads import place_undo_game
from engine import registry
from engine.service import GameService


def costs(service: GameService, gid: int) -> dict[str, tuple[int, int, int]]:
    reads: dict[str, Any] = {
        "log": lambda: service.log_page(gid, 1, 12),
        "rulings": lambda: service.rulings_page(gid, 25),
        "export": lambda: service.export(gid, 50, 1),
        "replay": lambda: service.replay_frames(gid, 40, 100),
    }
    out = {}
    for name, read in reads.items():
        with counted(service) as cost:
            read()
        out[name] = (cost.statements, cost.log_rows, cost.snapshot_rows)
    return out


def test_read_commands_do_not_grow_with_the_log(service: GameService) -> None:
    short = place_undo_game(service, 200)
    long = place_undo_game(service, 2000)
    assert service.info(long).version >= 2000
    small, large = costs(service, short), costs(service, long)
    assert small == large, (small, large)
    assert large["log"][1] == 12 and large["export"][1] == 50, large
    rules = registry.get("peiper")
    assert rules.dump(service.replay(long)) == rules.dump(service.state(long))
    frames = service.replay_frames(long, 40, 100)
    assert frames[-1] == rules.view(service.state(long), None), "the last frame is the game now"


def test_paged_reads_match_the_whole_log(service: GameService) -> None:
    gid = place_undo_game(service, 60)
    whole = service.log(gid)
    first, page, pages = service.log_page(gid, 1, 12)
    assert page == 1 and pages == -(-len(whole) // 12) and [e.seq for e in first] == [e.seq for e in whole[-12:]]
    last, page, _ = service.log_page(gid, 999, 12)
    assert page == pages and [e.seq for e in last] == [e.seq for e in whole[: len(whole) - 12 * (pages - 1)]]
    rulings, total = service.rulings_page(gid, 25)
    assert total == len(service.rulings(gid)) and [e.seq for e in rulings] == [e.seq for e in service.rulings(gid)][-25:]
    export = service.export(gid, 20, 2)
    assert [e["seq"] for e in export["log"]] == [e.seq for e in whole[-40:-20]]
    assert export["pages"] == -(-len(whole) // 20) and export["log_from"] == whole[-40].seq
