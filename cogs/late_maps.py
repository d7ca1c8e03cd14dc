"""Phase maps late, never lost (issue 41).

A member's answers draw maps at a bounded rate (``bot.map_rate``: 5, then one every 4 s). The maps of
the phases an answer closed past that rate, and the older phases one message cannot hold, are not
dropped: they wait here, per member and game, and are posted together in one message (a GIF past ten)
as soon as the member's rate allows, the caption naming the phases it covers. The answer that held
them back says so and that ``/game map phase:N`` draws any of them now. A flood costs the flooder only:
their waiting maps are one message per token of their own bucket, coalesced, and bounded
(``MAX_WAITING`` pairs, ``MAX_PHASES`` phases a pair); what a bound cuts is named, never silent.

The waiting maps live in this process: a restart forgets them, and the answer already said how to get
them (``/game map phase:N``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from .maps import PER_MESSAGE, phase_files, phase_words

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("umpire.discord")

MAX_WAITING = 500  # (member, game) pairs with maps waiting in this process
MAX_PHASES = 200  # phases waiting for one member in one game (older ones: /game map phase:N)
BUSY_TRIES = 5  # a delivery that finds every place for answers' maps taken tries again this often


class LateMaps:
    """The maps waiting for their member's rate, and the tasks that post them."""

    def __init__(self) -> None:
        self.waiting: dict[tuple[int, int], list[int]] = {}  # (member, game) -> phase numbers
        self.tasks: dict[tuple[int, int], asyncio.Task[None]] = {}

    def hold(self, bot: Host, user_id: int, game_id: int, numbers: list[int], limit: int) -> list[int]:
        """Keep ``numbers`` (phases of the game) for the member's next map; returns those a bound cut
        (the caller names them)."""
        key = (user_id, game_id)
        if key not in self.waiting and len(self.waiting) >= MAX_WAITING:
            return list(numbers)
        kept = sorted(set(self.waiting.get(key, [])) | set(numbers))
        cut, kept = kept[:-MAX_PHASES], kept[-MAX_PHASES:]
        self.waiting[key] = kept
        task = self.tasks.get(key)
        if task is None or task.done():
            self.tasks[key] = asyncio.get_running_loop().create_task(self._deliver(bot, key, limit))
        return cut

    def waiting_for(self, user_id: int, game_id: int) -> list[int]:
        return list(self.waiting.get((user_id, game_id), []))

    async def _deliver(self, bot: Host, key: tuple[int, int], limit: int) -> None:
        """Post the waiting maps as the member's rate allows: one message a token, every waiting phase
        in it (or, past one message, the oldest first and the rest in the next)."""
        from .common import status_of
        from .host import Busy
        from .replies import post

        user_id, game_id = key
        busy = 0
        try:
            while self.waiting.get(key):
                wait = bot.map_rate.take(user_id)
                if wait:
                    await asyncio.sleep(wait)
                    continue
                numbers = self.waiting.pop(key)
                try:
                    async with bot.answer_slot():
                        maps = await phase_files(bot, game_id, (), limit, numbers=numbers[:PER_MESSAGE])
                except Busy:
                    busy += 1
                    self.waiting[key] = sorted(set(numbers) | set(self.waiting.get(key, [])))
                    if busy >= BUSY_TRIES:
                        raise
                    await asyncio.sleep(bot.map_rate.every)
                    continue
                rest = numbers[PER_MESSAGE:] + maps.left
                if rest:
                    self.waiting[key] = sorted(set(rest) | set(self.waiting.get(key, [])))
                info = await asyncio.to_thread(bot.service.info, game_id)
                if not maps.files:
                    await post(bot, info, f"The maps of {phase_words(numbers)}, game #{game_id}, could not be "
                               "drawn: /game map phase:N draws each.")
                    self.waiting.pop(key, None)
                    return
                more = f" ({phase_words(self.waiting[key])} follow)" if self.waiting.get(key) else ""
                await post(bot, info, f"Late map{'s' * (len(maps.files) > 1)} of {maps.words}, game #{game_id}{more}"
                           f" (held back by the rate of one map every {bot.map_rate.every:g} s a player): "
                           f"{status_of(info)}", files=maps.files)
        except asyncio.CancelledError:
            raise
        except Exception:  # logged; the answer that held them back named /game map phase:N
            log.exception("posting the late maps of game %s failed", game_id)
            left = self.waiting.pop(key, [])
            if left:
                try:
                    info = await asyncio.to_thread(bot.service.info, game_id)
                    await post(bot, info, f"The maps of {phase_words(left)}, game #{game_id}, could not be "
                               "posted: /game map phase:N draws each.")
                except Exception:
                    log.exception("telling of the late maps of game %s failed", game_id)
        finally:
            if self.tasks.get(key) is asyncio.current_task():
                del self.tasks[key]

    def cancel(self) -> None:
        for task in self.tasks.values():
            task.cancel()
        self.tasks.clear()

