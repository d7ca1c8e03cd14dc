"""What the first interaction after a start would find cold, made warm before the gateway connects.

Discord wants an interaction acknowledged within 3 seconds, and Umpire defers (acknowledges) before
slow work, but the code before the deferral still pays for what a fresh process has not done yet:
importing a game's rules, reading its scenarios and maps, the first database connection, the
drawing library. ``warm`` does all of that once in ``setup_hook`` (on a worker thread, before the
bot connects), so the first command is acknowledged as fast as the hundredth
(tests/discord/test_discord_first_answer.py prints the figure).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from sqlalchemy import text

if TYPE_CHECKING:
    from cogs.host import Host

log = logging.getLogger("umpire.discord")


def warm(bot: Host) -> float:
    """Returns the seconds it took. A failure is logged, never fatal: the bot only starts colder."""
    from engine import registry

    start = time.perf_counter()
    try:
        with bot.service.engine.connect() as conn:  # the pool's first connection, the dialect's first query
            conn.execute(text("SELECT 1"))
        bot.server_settings.defaults()
        for key in registry.GAME_PACKAGES:
            rules = registry.get(key)
            rules.commands()
            scenario = rules.scenarios()[0].key
            state = rules.new_state(scenario, 0, {})  # its maps and tables read
            side = rules.to_act(state)
            if side is not None:
                rules.legal_actions(state, side)
            rules.view(state, None)
        import images  # noqa: F401  (Pillow and the renderer, for the first map)
    except Exception:  # noqa: BLE001
        log.exception("warming up failed: the first commands may be slower")
    seconds = time.perf_counter() - start
    log.info("warmed up in %.0f ms", seconds * 1000, extra={"fields": {"event": "warm", "ms": round(seconds * 1000)}})
    return seconds
