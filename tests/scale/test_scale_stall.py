"""Issue 24, "no member stalls every server": the reads a member can ask for (a phase's map, the map after
a ruling, the map of a phase as it closes, /game list) cost the same however long the phase or however
many the games: counted in SQL statements, log rows loaded and rules calls, not in time. ``umpire bench
flood`` times what a flood does to another server's orders (bot/bench_flood.py, docs/scale.md)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import insert, update
from test_scale_load_cost import counted

from engine import registry
from engine.game import Action
from engine.service import GameService, Seat
from engine.service.models import now
from engine.service.phases import (
    PHASE_DRAWN,
    current_phase_view,
    phase_count,
    phase_numbers,
    phase_views,
    phases,
)
from engine.service.service import SNAPSHOT_EVERY, _event_dict
from engine.service.writes import GAMES, LOG, SNAPSHOTS

RULES = registry.get("peiper")
SEATS = {"us": Seat("human", "1", "alice"), "ge": Seat("human", "2", "bob")}


def long_phase(service: GameService, entries: int, kind: str = "action", seed: int = 3) -> int:
    """A Peiper game whose set-up phase holds ``entries`` live entries: the US placing one unit in one hex
    and then another, again and again (``kind`` "action"), or a GM setting the turn (``kind`` "gm").
    Played in memory and written in bulk as the service writes them (a snapshot every 20)."""
    gid = service.create_game("peiper", seed=seed, seats=SEATS).id
    state = service.state(gid)
    legal = [a for a in RULES.legal_actions(state, "us") if a.kind == "place"]
    unit = legal[0].args["unit"]
    places = [a for a in legal if a.args["unit"] == unit][:2]
    rows: list[dict[str, Any]] = []
    snaps: list[dict[str, Any]] = []
    for seq in range(1, entries + 1):
        if kind == "gm":
            action = Action("turn", {"turn": str(1 + seq % 3)})
            events = RULES.gm_apply(state, action)
        else:
            action = places[seq % 2]
            events = RULES.apply(state, "us", action)
        rows.append(dict(game_id=gid, seq=seq, kind=kind, side="us" if kind == "action" else None,
                         actor="1", actor_name="alice", action=action.to_dict(),
                         events=[_event_dict(e) for e in events], reason="again" if kind == "gm" else "", rule="",
                         refers_to=None, salt=None, undone=False, undone_by=None, random=False, version=seq,
                         created_at=now(), interaction_id=None, rng=None))
        if seq % SNAPSHOT_EVERY == 0:
            snaps.append(dict(game_id=gid, seq=seq, state=RULES.dump(state)))
    with service.engine.begin() as conn:
        conn.execute(insert(LOG), rows)
        if snaps:
            conn.execute(insert(SNAPSHOTS), snaps)
        conn.execute(update(GAMES).where(GAMES.c.id == gid).values(seq=entries, version=entries,
                                                                   state=RULES.dump(state)))
    service.cache.drop(gid)
    return gid


@dataclass
class Calls:
    apply: int = 0
    view: int = 0


@contextmanager
def rules_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[Calls]:
    """How often the rules apply an order (or a ruling) and build a view."""
    calls = Calls()
    apply, gm_apply, view = RULES.apply, RULES.gm_apply, RULES.view

    def counted_apply(*args: Any) -> Any:
        calls.apply += 1
        return apply(*args)

    def counted_gm(*args: Any) -> Any:
        calls.apply += 1
        return gm_apply(*args)

    def counted_view(*args: Any) -> Any:
        calls.view += 1
        return view(*args)

    with monkeypatch.context() as m:
        m.setattr(RULES, "apply", counted_apply)
        m.setattr(RULES, "gm_apply", counted_gm)
        m.setattr(RULES, "view", counted_view)
        yield calls


def cost_of(service: GameService, monkeypatch: pytest.MonkeyPatch, read: Any) -> tuple[Any, tuple[int, ...]]:
    with counted(service) as sql, rules_calls(monkeypatch) as calls:
        result = read()
    return result, (sql.statements, sql.log_rows, sql.snapshot_rows, calls.apply, calls.view)


def unchanged(service: GameService, gid: int, version: int) -> None:
    assert service.info(gid).version == version, "a read changed the game"
    assert RULES.dump(service.replay(gid)) == RULES.dump(service.state(gid))


@pytest.mark.parametrize("kind", ["action", "gm"])
def test_long_setup_phase_map_is_bounded(service: GameService, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """A seated player re-placing one unit (or a DM game's GM giving /gm turn) hundreds of times: the map of
    the phase under way (/game map, the map after a ruling) reads and replays as much as for a short one."""
    short, long = long_phase(service, 120, kind), long_phase(service, 600, kind)
    view_short, small = cost_of(service, monkeypatch, lambda: current_phase_view(service, short))
    view_long, large = cost_of(service, monkeypatch, lambda: current_phase_view(service, long))
    assert small == large, (small, large)
    assert large[1] <= PHASE_DRAWN + 2 * SNAPSHOT_EVERY and large[3] <= PHASE_DRAWN + 2 * SNAPSHOT_EVERY, large
    # the map is the game now, and says that the first moves of so long a phase are not drawn
    now = RULES.view(service.state(long), None)
    assert view_long["units"] == now["units"] and view_long["phase_map"]["cut"] == 600 - PHASE_DRAWN
    assert view_short["phase_map"]["cut"] == 120 - PHASE_DRAWN
    assert view_long["phase_map"]["title"].startswith("Phase under way: 1")
    unchanged(service, long, 600)


def test_the_map_of_a_long_phase_as_it_closes_is_bounded(service: GameService,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The phase closes (the US is ready): its map, posted with the answer and by /game map phase:1, costs as
    much for a set-up of 600 entries as for one of 120."""
    costs, views = [], []
    for entries in (120, 600):
        gid = long_phase(service, entries)
        outcome = service.submit(gid, "us", Action("ready", {}), "1")
        assert outcome.phase_ended
        numbers, _ = cost_of(service, monkeypatch, lambda gid=gid, seq=outcome.seq: phase_numbers(service, gid, [seq]))
        assert numbers == [1]
        view, cost = cost_of(service, monkeypatch, lambda gid=gid: phase_views(service, gid, [1])[0])
        costs.append(cost)
        views.append(view)
        unchanged(service, gid, entries + 1)
    assert costs[0] == costs[1], costs
    assert views[1]["phase_map"]["cut"] == 601 - PHASE_DRAWN and views[1]["phase_map"]["number"] == 1


def test_phase_closings_found_in_sql_match_the_log(service: GameService) -> None:
    """phase_count and phase_numbers (SQL over the events' JSON) agree with the log read entry by entry,
    also when a GM's reason spells out the JSON that marks a phase's end."""
    info = service.create_game("peiper", seed=5, seats=SEATS)

    def play(count: int, seed: int) -> None:  # random orders, the set-up ended at once
        rnd = random.Random(seed)
        for _ in range(count):
            now = service.info(info.id)
            if now.to_act is None:
                return
            legal = RULES.legal_actions(service.state(info.id), now.to_act)
            ready = [a for a in legal if a.kind == "ready"]
            service.submit(info.id, now.to_act, ready[0] if ready else rnd.choice(legal),
                           now.seats[now.to_act].user_id or "")

    play(40, 2)
    service.gm(info.id, Action("turn", {"turn": "2"}), "gm", reason='{"phase_end": true} "phase_end": true')
    play(20, 3)
    done = phases(service, info.id)
    assert len(done) > 5 and phase_count(service, info.id) == len(done)
    every = [e.seq for e in service.log(info.id)]
    assert phase_numbers(service, info.id, every) == [p.number for p in done]
    assert [v["phase_map"]["seq"] for v in phase_views(service, info.id)] == [p.seq for p in done]


def test_game_list_with_3000_games_loads_one_page(service: GameService) -> None:
    """/game list in a server of 3,000 games reads a count and one page of 20, with their seats in one more
    read: the same statements and rows as in a server of 30."""
    from sqlalchemy import event

    from engine.service.models import GameRecord, SeatRecord

    template = service.create_game("peiper", seed=1, seats=SEATS, guild_id="9", channel_id="9")
    with service.engine.connect() as conn:
        row = dict(conn.execute(GAMES.select().where(GAMES.c.id == template.id)).mappings().one())
    row.pop("id")

    def server(guild: str, count: int) -> None:
        with service.engine.begin() as conn:
            conn.execute(insert(GAMES), [dict(row, guild_id=guild, channel_id=f"{guild}-{n}") for n in range(count)])

    server("30", 30)
    server("3000", 3000)
    costs = {}
    for guild in ("30", "3000"):
        counts = {"statements": 0, "games": 0, "seats": 0}

        def on_sql(*_: Any, counts: dict[str, int] = counts) -> None:
            counts["statements"] += 1

        def on_game(*_: Any, counts: dict[str, int] = counts) -> None:
            counts["games"] += 1

        def on_seat(*_: Any, counts: dict[str, int] = counts) -> None:
            counts["seats"] += 1

        event.listen(service.engine, "after_cursor_execute", on_sql)
        event.listen(GameRecord, "load", on_game)
        event.listen(SeatRecord, "load", on_seat)
        try:
            games, page, total = service.list_page(guild, None, 1, 20)
        finally:
            event.remove(service.engine, "after_cursor_execute", on_sql)
            event.remove(GameRecord, "load", on_game)
            event.remove(SeatRecord, "load", on_seat)
        assert len(games) == 20 and page == 1 and total == int(guild)
        assert [g.id for g in games] == sorted((g.id for g in games), reverse=True), "newest first"
        costs[guild] = counts
    assert costs["30"] == costs["3000"] and costs["3000"]["games"] == 20, costs
    last, page, total = service.list_page("3000", None, 150, 20)
    assert page == 150 and total == 3000 and len(last) == 20
    beyond, page, _ = service.list_page("3000", None, 10_000, 20)
    assert page == 150 and [g.id for g in beyond] == [g.id for g in last], "a page past the end is the last"
    mine, _, total = service.list_page(None, "1", 1, 20)
    assert total == 1 and mine[0].id == template.id, "a user's games: those they hold a seat in"


def test_replay_of_a_long_setup_is_bounded(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """/game replay of a set-up 600 entries long (the last 2,000 entries) applies and reads as much as of one
    120 long: its frames come from snapshots, not from applying every entry of the window."""
    short, long = long_phase(service, 120), long_phase(service, 600)
    frames_short, small = cost_of(service, monkeypatch, lambda: service.replay_frames(short, 40, 2000))
    frames_long, large = cost_of(service, monkeypatch, lambda: service.replay_frames(long, 40, 2000))
    assert small == large and large[3] <= SNAPSHOT_EVERY, (small, large)
    assert frames_long[-1] == RULES.view(service.state(long), None), "the last frame is the game now"
    assert len(frames_long) == len(frames_short) == 2
    unchanged(service, long, 600)
