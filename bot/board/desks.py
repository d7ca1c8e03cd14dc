"""Where a board order goes (issue 37): the host's desk (``BoardServer.desk``), the one flow of the place the
game is played.

- On Discord (``discord_desk``): the bot's own order path, ``cogs.play.board_order``: the game's lock, the
  flow, the same messages in the game's thread as a typed order ("given from the board" noted), pinging
  as it would.
- At the table (``table_desk``): ``bot.console.Table.from_board``: the table's lock, the order printed as a
  typed one is, with the bots' replies and the phases' maps.
- A board on its own: ``BoardServer._plain_desk``.

Each answers the page as soon as the order is applied (``answered_first``); what follows it (the bots'
replies, the maps) goes on under the game's lock, and the board's ``stop`` waits for it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from engine.errors import UmpireError
from engine.service.flow import Flow

from .order_routes import Unavailable
from .ordering import BoardOrder, Desk

if TYPE_CHECKING:
    from .server import BoardServer

log = logging.getLogger("umpire.board")

Answered = Callable[[Flow], None]


class Table(Protocol):
    """The local table as its desk uses it (``bot.console.Table``, which imports this package)."""

    def from_board(self, order: BoardOrder, answered: Answered) -> None: ...


async def answered_first(tasks: set[asyncio.Task[Any]], work: Callable[[Answered], Awaitable[Any]]) -> Flow:
    """Run ``work`` as a task of its own and return the applied part as soon as it calls ``answered`` (from
    this loop or a thread); a refusal before that is raised here, a failure after it is logged."""
    loop = asyncio.get_running_loop()
    got: asyncio.Future[Flow] = loop.create_future()

    def settle(first: Flow) -> None:
        if not got.done():
            got.set_result(first)

    def answered(first: Flow) -> None:
        loop.call_soon_threadsafe(settle, first)

    async def run() -> None:
        try:
            await work(answered)
        except Exception as exc:  # noqa: BLE001 - a refusal goes to the page; after the answer, to the log
            await asyncio.sleep(0)  # an answer handed over from a thread lands first
            if not got.done():
                got.set_exception(exc)
            elif not isinstance(exc, UmpireError):
                log.exception("what follows a board order failed")
            else:
                log.warning("what follows a board order was refused: %s", exc)
        finally:
            await asyncio.sleep(0)
            if not got.done():
                got.set_exception(UmpireError("The order was not answered: look at the game again"))

    task = asyncio.create_task(run())
    tasks.add(task)
    task.add_done_callback(tasks.discard)
    return await asyncio.shield(got)


def discord_desk(bot: Any, server: BoardServer) -> Desk:
    """The bot's desk: a board order goes through ``cogs.play.board_order`` as a typed order goes through
    ``give_order`` (the same code below both)."""
    from cogs.play import board_order

    async def desk(order: BoardOrder) -> Flow:
        if bot.stopping:  # as a typed order is answered while the bot drains: nothing is taken
            raise Unavailable("Umpire is restarting: give the order again in a minute")
        return await answered_first(server.tasks, lambda answered: board_order(
            bot, order.game_id, order.side, order.user_id, order.user_name, order.action, version=order.version,
            key=order.key, answered=answered))

    return desk


def table_desk(table: Table, server: BoardServer) -> Desk:
    """The table's desk: the order given under the table's lock and printed as a typed one is."""
    async def desk(order: BoardOrder) -> Flow:
        return await answered_first(server.tasks, lambda answered: asyncio.to_thread(table.from_board, order, answered))

    return desk
