"""Two bot processes with different shard ids on one Postgres, each logged into one fake Discord.

The fake (sharded_discord.py) has a guild on shard 0 and a guild on shard 1 and gives each gateway
connection only its shard's guild, as Discord does. Both processes run the unmodified bot
(``python -m bot bot``) with UMPIRE_SHARD_COUNT=2 and UMPIRE_SHARD_IDS=0 or 1. A short Peiper game is
played in each guild at the same time; every interaction must be answered by its shard's process,
no process may write to the other guild, and both games' logs must be whole and replay from the seed
to the stored state. Postgres only: SQLite is one process's database.
"""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from sharded_discord import ShardedFakeDiscord

from engine import registry
from engine.service import GameService

REPO = Path(__file__).resolve().parents[2]
SHARDS = 2
ORDERS = 10  # orders after the game is made, in each guild
pytestmark = pytest.mark.parametrize("db_kind", ["postgres"], indirect=True)


@pytest.fixture
async def fake() -> AsyncIterator[ShardedFakeDiscord]:
    server = ShardedFakeDiscord(SHARDS)
    await server.start()
    yield server
    await server.stop()


def _env(fake: ShardedFakeDiscord, proc: int, db: str, shard_ids: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UMPIRE_", "DISCORD_", "DATABASE_"))}
    env.update(PYTHONPATH=str(REPO), DISCORD_TOKEN="fake-token", DATABASE_URL=db,
               UMPIRE_DISCORD_API_BASE=fake.process_base(proc), UMPIRE_DISCORD_GATEWAY=fake.gateway_url)
    if shard_ids is not None:
        env.update(UMPIRE_SHARD_COUNT=str(SHARDS), UMPIRE_SHARD_IDS=shard_ids)
    return env


@pytest.fixture
def processes(tmp_path: Path) -> Iterator[list[tuple[subprocess.Popen[bytes], Path]]]:
    """The bot processes the test starts; each is stopped (SIGTERM, then SIGKILL) whatever happens."""
    started: list[tuple[subprocess.Popen[bytes], Path]] = []
    yield started
    for proc, _log in started:
        if proc.poll() is None:
            proc.terminate()
    for proc, _log in started:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def _start(started: list[tuple[subprocess.Popen[bytes], Path]], tmp_path: Path, name: str, command: str,
           env: dict[str, str]) -> tuple[subprocess.Popen[bytes], Path]:
    work = tmp_path / name
    work.mkdir()
    log = work / "bot.log"
    with open(log, "wb") as out:  # cwd is a scratch folder: no .env, no ./data of the checkout
        proc = subprocess.Popen([sys.executable, "-m", "bot", command], cwd=work, env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    started.append((proc, log))
    return proc, log


async def _wait_for(proc: subprocess.Popen[bytes], log: Path, text: str, timeout: float = 40.0) -> None:
    end = time.monotonic() + timeout
    while text not in log.read_text(errors="replace"):
        if proc.poll() is not None and text not in log.read_text(errors="replace"):  # (the event loop serves
            # the fake meanwhile: never block it with proc.wait)
            raise AssertionError(f"bot process exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        if time.monotonic() > end:
            raise TimeoutError(f"no '{text}' from the bot process:\n{log.read_text()[-3000:]}")
        await asyncio.sleep(0.1)


async def _order(fake: ShardedFakeDiscord, proc: int, payload: dict[str, Any], service: GameService,
                 game_id: int | None) -> str:
    """Send one interaction to the guild's shard and wait until it is answered and the process is quiet.

    For an order on a game, also wait until the game's stored version has moved."""
    before = service.info(game_id).version if game_id is not None else None
    iid = await fake.send_interaction(payload)
    await fake.wait_for(lambda: iid in fake.callbacks, timeout=10.0)
    if game_id is not None:
        end = time.monotonic() + 10
        while service.info(game_id).version == before:
            assert time.monotonic() < end, f"the order {payload['data']} was not applied: {_answers(fake, iid)}"
            await asyncio.sleep(0.05)
    await fake.settle_process(proc)
    return iid


def _answers(fake: ShardedFakeDiscord, iid: str) -> list[str]:
    return [s.text()[:200] for s in fake.sent if s.interaction_id == iid]


async def _play(fake: ShardedFakeDiscord, shard: int, service: GameService, seed: int) -> tuple[int, list[str]]:
    """A short Peiper game in the guild of ``shard``: new game, US set-up with an undo, then orders chosen at
    random among the legal ones, each given by the player whose side is to act."""
    guild = fake.guilds[shard]
    alice, bob = fake.alice, fake.bob
    iids = [await _order(fake, shard, fake.slash(alice, "game new", guild.channel, game="peiper", side="us",
                                                 opponent=bob), service, None)]
    games = service.list_games(guild_id=guild.id)
    assert len(games) == 1, f"guild {shard} has {len(games)} games: one /game new, one game"
    game = games[0]
    thread = fake.channels[str(game.channel_id)]
    assert thread["parent_id"] == guild.channel["id"] and thread["guild_id"] == guild.id
    rules = registry.get("peiper")
    rnd = random.Random(seed)
    for n in range(ORDERS):
        info = service.info(game.id)
        assert info.to_act is not None
        legal = rules.legal_actions(service.state(game.id), info.to_act)
        if n <= 3:  # place three units, take one back, then end the set-up
            legal = [a for a in legal if (a.kind == "ready") == (n == 3)] or legal
        action = rnd.choice(legal)
        user = alice if info.seats[info.to_act].user_id == alice["id"] else bob
        iids.append(await _order(fake, shard, fake.slash(user, f"peiper {action.kind}", thread, **action.args),
                                 service, game.id))
        if n == 2:
            iids.append(await _order(fake, shard, fake.slash(alice, "game undo", thread), service, game.id))
    return game.id, iids


@pytest.mark.slow  # two bot processes end to end (make test-slow; CI runs it)
async def test_two_shard_processes_play_their_own_guilds(fake: ShardedFakeDiscord, db_url: str, tmp_path: Path,
                                                         processes: list[Any]) -> None:
    # the slash-command tree comes from `umpire sync` (it needs no shards and no shared database)
    sync = _start(processes, tmp_path, "sync", "sync", _env(fake, 9, "sqlite://", None))
    bots = [_start(processes, tmp_path, f"shard{k}", "bot", _env(fake, k, db_url, str(k))) for k in range(SHARDS)]
    await _wait_for(sync[0], sync[1], "Synced ")
    for proc, log in bots:
        await _wait_for(proc, log, "logged in as")

    # each connection identified with its own shard and was given only that shard's guild
    assert sorted(tuple(i["shard"]) for i in fake.identifies) == [(k, SHARDS) for k in range(SHARDS)]
    assert fake.guilds_sent == {k: [fake.guilds[k].id] for k in range(SHARDS)}

    service = GameService(db_url)
    try:
        results = await asyncio.gather(*(_play(fake, k, service, seed=40 + k) for k in range(SHARDS)))
        for shard, (game_id, iids) in enumerate(results):
            guild = fake.guilds[shard]
            info = service.info(game_id)
            assert info.guild_id == guild.id
            # answered by its shard's process, and refused nothing
            assert {fake.answered_by[i] for i in iids} == {shard}, f"guild {shard} answered by another process"
            for iid in iids:
                assert not any(s.ephemeral and "Refused" in s.text() for s in fake.sent if s.interaction_id == iid), \
                    _answers(fake, iid)
            # the log is whole: entries 1..n, versions one apart, the last one the game's; the undo is kept
            log = service.log(game_id)
            assert [e.seq for e in log] == list(range(1, len(log) + 1))
            assert [e.version for e in log] == list(range(log[0].version, info.version + 1))
            assert len(log) == ORDERS + 1 and sum(e.undone for e in log) == 1
            assert {e.actor for e in log} <= {fake.alice["id"], fake.bob["id"]}
            # and it replays from the seed to the stored state
            rules = registry.get(info.game)
            assert rules.dump(service.replay(game_id)) == rules.dump(service.state(game_id))

        # no cross-talk: every message a process sent is in its own guild (or a DM), every event went to
        # the shard of its guild, and each process answered only its own guild's interactions
        for s in fake.sent:
            guild = fake.guild_of(s.channel_id)
            assert guild is not None, f"a message outside the guilds: {s.text()[:100]}"
            assert fake.sent_by[s.id] == guild.shard, f"process {fake.sent_by[s.id]} wrote in guild {guild.shard}"
        assert all((int(gid) >> 22) % SHARDS == shard for shard, _event, gid in fake.events_to if gid)
        assert set(fake.answered_by) == set(fake.dispatched_at)
        for shard in range(SHARDS):
            assert sum(1 for g in service.list_games() if g.guild_id == fake.guilds[shard].id) == 1
    finally:
        service.engine.dispose()
    for proc, log in bots:
        assert proc.poll() is None, f"a bot process died:\n{log.read_text()[-3000:]}"
        assert "Traceback" not in log.read_text(errors="replace"), log.read_text()[-3000:]
