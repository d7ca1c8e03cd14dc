"""The bot's own background passes (besides cogs/notices.py's reminders and deadlines).

- ``retention``: once a day (the first round at start), the retention settings applied
  (engine/service/retention.py): finished games older than UMPIRE_KEEP_FINISHED_DAYS and backups older
  than UMPIRE_KEEP_BACKUP_DAYS deleted, each named in the log. Runs only when one of them is set.

Each round is counted and timed by the observer (``background_pass``): metrics, and /healthz red when
a pass has been failing for longer than its interval.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cogs.host import Host

log = logging.getLogger("umpire.discord")
RETENTION_SECONDS = 24 * 3600.0


def wants_retention(bot: Host) -> bool:
    s = bot.settings
    return s.umpire_keep_finished_days is not None or s.umpire_keep_backup_days is not None


async def retention_round(bot: Host) -> None:
    from bot.db_cli import backups_folder
    from engine.service.retention import prune

    async with bot.observer.background_pass("retention", RETENTION_SECONDS):
        done = await asyncio.to_thread(prune, bot.service.engine, bot.settings,
                                       backups=backups_folder(bot.settings.db_url, bot.settings))
    log.info("retention pass: %s", done.summary(),
             extra={"fields": {"event": "retention", "games": len(done.games), "backups": len(done.backups)}})


async def retention_loop(bot: Host, every: float = RETENTION_SECONDS) -> None:
    while not bot.stopping:
        try:
            await retention_round(bot)
        except Exception:  # a failed round is logged and counted; the next one tries again
            log.exception("the retention pass failed")
        await asyncio.sleep(every)
