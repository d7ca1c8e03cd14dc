"""``umpire bench background``: what one pass of the bot's background check costs with many active games.

Makes ``--games`` active games (peiper, saf and pl in turn, spread over guilds), backdates every tenth
past the reminder time, then times the check's query (``engine.service.background.due_games``) for all
shards and for one shard of four, and prints the figures (JSON with ``--json``). Only the games the
query returns are loaded by the bot; the figures of docs/scale.md come from this command.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import timedelta
from typing import Any

from sqlalchemy import update

from engine.service import GameService
from engine.service.background import due_games
from engine.service.models import GameRecord, now

KEYS = ("peiper", "saf", "pl")


def main(db_url: str | None, games: int, as_json: bool, runs: int = 5, out: Any = None) -> int:
    out = out or sys.stdout
    service = GameService(db_url)
    ids = [service.create_game(KEYS[n % len(KEYS)], seed=n, guild_id=str((n << 22) | 1)).id for n in range(games)]
    idle = ids[::10]
    with service.engine.begin() as conn:
        conn.execute(update(GameRecord).where(GameRecord.id.in_(idle))  # type: ignore[union-attr]
                     .values(last_action_at=now() - timedelta(hours=24)))

    def best(shards: int, mine: list[int] | None) -> tuple[float, int]:
        times, found = [], 0
        for _ in range(runs):
            start = time.perf_counter()
            found = len(due_games(service.engine, 12.0, shards, mine))
            times.append(time.perf_counter() - start)
        return min(times) * 1000, found

    all_ms, all_due = best(1, None)
    one_ms, one_due = best(4, [0])
    result = {"database": service.engine.dialect.name, "games": games, "idle": len(idle),
              "query_ms": round(all_ms, 2), "due": all_due, "one_shard_of_4_ms": round(one_ms, 2),
              "due_one_shard": one_due}
    service.engine.dispose()
    print(json.dumps(result) if as_json else "\n".join(f"{k:18} {v}" for k, v in result.items()), file=out)
    return 0 if all_due == len(idle) else 1
