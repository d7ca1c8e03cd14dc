"""What the AI search tools share (tools/pl_tune.py, tools/pl_setup_tune.py): the deadline, a JSON-lines
log, and the wins of one seat over a batch of games played in a process pool."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable
from multiprocessing.pool import Pool
from typing import Any, TextIO


def deadline(hhmm: str) -> float:
    """HH:MM (UTC, today) as a timestamp: the search starts no variant after it."""
    hh, mm = (int(x) for x in hhmm.split(":"))
    return dt.datetime.now(dt.UTC).replace(hour=hh, minute=mm, second=0).timestamp()


def recorder(log: TextIO) -> Callable[..., None]:
    def record(**line: Any) -> None:
        log.write(json.dumps(line) + "\n")
        log.flush()

    return record


def seat_wins(pool: Pool, play: Callable[[Any], str | None], jobs: Iterable[Any], seat: str) -> int:
    return sum(1 for w in pool.map(play, list(jobs), chunksize=1) if w == seat)
