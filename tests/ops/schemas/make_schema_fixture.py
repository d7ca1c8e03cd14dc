"""Make the small database a landed schema revision left behind, with that commit's own code.

Run from a checkout of the old commit (``git worktree add /tmp/old-<commit> <commit>``), with its code
first on the path, for example::

    cd /tmp/old-810044d && PYTHONPATH=$PWD python /work/wt/opsdb/tests/ops/schemas/make_schema_fixture.py \
        sqlite:////path/tests/ops/schemas/810044d.db

or with a Postgres URL whose ``search_path`` names an empty schema (then ``pg_dump --schema=... --inserts``
of it is the committed ``<commit>.pg.sql``). Two games with real orders (Peiper, and Panzer Leader where it was playable, else Scream, Aim, Fire!), made
through the old ``GameService`` and so stored exactly as that Umpire stored them. Only the old commit's
API of its day is used (create_game, info, state, submit; present at every landed revision).
"""

from __future__ import annotations

import random
import sys

from engine import registry
from engine.service import GameService, Seat

ALICE, BOB = "100000000000000001", "100000000000000002"


def play(service: GameService, game_id: int, count: int, seed: int) -> int:
    rnd = random.Random(seed)
    done = 0
    for _ in range(count):
        info = service.info(game_id)
        side = info.to_act
        if side is None or info.status == "over":
            break
        legal = registry.get(info.game).legal_actions(service.state(game_id), side)
        if not legal:
            break
        seat = info.seats[side]
        service.submit(game_id, side, rnd.choice(legal), "bot" if seat.kind == "bot" else seat.user_id or "console")
        done += 1
    return done


def main(url: str) -> None:
    service = GameService(url)
    seats = {"us": Seat("human", ALICE, "alice"), "ge": Seat("human", BOB, "bob")}
    one = service.create_game("peiper", seed=11, seats=seats, guild_id="900000000000000001",
                              channel_id="900000000000000002", title="old peiper").id
    try:  # Panzer Leader was not playable at the first revision: Scream, Aim, Fire! then
        registry.get("pl")
        second = "pl"
    except Exception:  # noqa: BLE001  (NotFound of that day)
        second = "saf"
    two = service.create_game(second, seed=12, guild_id="900000000000000001", channel_id="900000000000000003",
                              title=f"old {second}").id
    print(one, play(service, one, 30, 1), two, play(service, two, 25, 2))
    service.engine.dispose()


if __name__ == "__main__":
    main(sys.argv[1])
