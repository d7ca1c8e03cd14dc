"""Issue 16, "Abuse-proof", at the service (SQLite and Postgres): reading the future, taking a game,
crafted imports. Each attack is refused with a reason, or made harmless, and the game stays whole."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engine import registry
from engine.errors import Forbidden, IllegalAction, UmpireError, UndoRefused
from engine.game import Action
from engine.rng import seed_hash
from engine.service import GameService, Seat
from engine.service.service import commitment

PEIPER = registry.get("peiper")


def two_player_peiper(service: GameService, seed: int = 5) -> int:
    return service.create_game("peiper", seed=seed, seats={"us": Seat("human", "alice", "alice"),
                                                           "ge": Seat("human", "bob", "bob")}).id


def consistent(service: GameService, gid: int) -> None:
    rules = registry.get(service.info(gid).game)
    assert rules.dump(service.replay(gid)) == rules.dump(service.state(gid)), "the log replays to the stored state"


def test_the_seed_commitment_is_salted(service: GameService) -> None:
    gid = service.create_game("peiper", seed=7).id
    info = service.info(gid)
    assert info.seed_hash != seed_hash(7), "an unsalted hash of a small seed is found at once"
    record = service.seed_record(gid)
    assert record["seed"] is None and record["seed_salt"] is None
    service.gm(gid, Action("end", {"winner": "us"}), "gm", "over")
    record = service.seed_record(gid)
    assert record["seed"] == 7 and len(record["seed_salt"]) == 32
    assert commitment(7, record["seed_salt"]) == info.seed_hash


def test_a_revert_after_the_reveal_goes_on_from_a_fresh_committed_seed(service: GameService) -> None:
    gid = two_player_peiper(service)
    service.submit(gid, "us", Action("ready"), "alice")
    end = service.gm(gid, Action("end", {"winner": "us"}), "alice", "we stop here")
    revealed = service.seed_record(gid)
    assert revealed["seed"] == 5
    # what the revealed seed alone foretells: the state before the end, with the old generator
    foretold = PEIPER.new_state("historical", 5, {})
    PEIPER.apply(foretold, "us", Action("ready"))
    outcome = service.gm_revert(gid, end.seq, "alice", "not over after all")
    info = service.info(gid)
    assert info.status == "active" and info.to_act == "ge"
    assert any("fresh seed #1" in e.text for e in outcome.events), "the new seed is on the record"
    record = service.seed_record(gid)
    assert record["reseeds"][0]["seed"] is None and info.seed_hash == record["reseeds"][0]["hash"]
    state = service.state(gid)
    assert state.deck.draw_pile != foretold.deck.draw_pile, "the undrawn cards owe nothing to the revealed seed"
    assert state.rng.state != foretold.rng.state
    service.submit(gid, "ge", Action("draw"), "bob")
    consistent(service, gid)
    service.gm(gid, Action("end", {"winner": "ge"}), "alice", "over again")
    record = service.seed_record(gid)
    fresh = record["reseeds"][0]
    assert fresh["seed"] is not None and commitment(fresh["seed"], fresh["salt"]) == fresh["hash"]
    consistent(service, gid)
    with pytest.raises(UndoRefused, match="revealed"):
        service.gm_reroll(gid, "alice", "after the end")


def test_a_rerolled_card_draw_is_drawn_again_from_the_pile(service: GameService) -> None:
    gid = two_player_peiper(service, seed=11)
    service.submit(gid, "us", Action("ready"), "alice")
    service.submit(gid, "ge", Action("draw"), "bob")
    cards = [service.view(gid)["last_random"]]
    left = len(service.state(gid).deck)
    for n in range(6):
        service.gm_reroll(gid, "gm", f"re-roll {n}")
        cards.append(service.view(gid)["last_random"])
        assert len(service.state(gid).deck) == left, "one card drawn, whatever the re-rolls"
    assert len(set(cards)) > 1, f"every re-roll drew the same card: {cards}"
    assert all(e.rng == "redraw" for e in service.log(gid) if e.kind == "reroll")
    consistent(service, gid)


def test_a_deadline_needs_the_other_players_or_a_gm_and_is_logged(service: GameService) -> None:
    gid = two_player_peiper(service)
    version = service.info(gid).version
    assert service.propose_deadline(gid, 1, "alice") == ["bob"]
    assert service.info(gid).deadline_hours is None and service.info(gid).version == version
    with pytest.raises(Forbidden):
        service.propose_deadline(gid, 1, "mallory")
    assert service.propose_deadline(gid, 2, "bob") == ["alice"], "agreeing to another figure is a new proposal"
    assert service.propose_deadline(gid, 2, "alice") == []
    assert service.info(gid).deadline_hours == 2
    entry = service.log(gid)[-1]
    assert entry.kind == "deadline" and "agreed by every seated player" in entry.reason
    service.set_deadline(gid, None, "carol")
    assert service.info(gid).deadline_hours is None and service.rulings(gid)[-1].kind == "deadline"


def finished(service: GameService) -> tuple[int, dict[str, Any]]:
    gid = two_player_peiper(service, seed=9)
    service.submit(gid, "us", Action("ready"), "alice")
    service.submit(gid, "ge", Action("draw"), "bob")
    service.gm_reroll(gid, "gm", "fell off the table")
    service.gm(gid, Action("end", {"winner": "us"}), "gm", "over")
    return gid, json.loads(json.dumps(service.export(gid)))


def test_crafted_imports_are_refused_and_create_nothing(service: GameService) -> None:
    gid, export = finished(service)
    before = len(service.list_games())
    truncated = copy.deepcopy(export)
    truncated["log"] = truncated["log"][:2]
    forged_salt = copy.deepcopy(export)
    next(e for e in forged_salt["log"] if e["kind"] == "reroll")["salt"] = 12345
    salted_action = copy.deepcopy(export)
    salted_action["log"][0]["salt"] = 7
    no_hash = {k: v for k, v in export.items() if k != "seed_hash"}
    no_view = {k: v for k, v in export.items() if k != "view"}
    wrong_salt = {**export, "seed_salt": "00" * 16}
    huge = {**export, "seed": 10**40}
    for bad in (truncated, forged_salt, salted_action, no_hash, no_view, wrong_salt, huge, {**export, "log": [{}] * 3}):
        with pytest.raises(UmpireError) as refused:
            service.import_game(bad)
        assert refused.value.message.strip()
    assert len(service.list_games()) == before
    copy_id = service.import_game(export).id
    info = service.info(copy_id)
    assert all(seat.kind == "bot" for seat in info.seats.values()), "no seat that nobody holds"
    assert all(e.actor == "import" and e.actor_name.endswith("(imported)") for e in service.log(copy_id))
    consistent(service, copy_id)


def test_import_refuses_a_game_in_progress(service: GameService) -> None:
    gid = two_player_peiper(service)
    service.submit(gid, "us", Action("ready"), "alice")
    export = json.loads(json.dumps(service.export(gid)))
    record = service.seed_record(gid)
    assert record["seed"] is None
    forged = {**export, "seed": 5, "seed_salt": None, "seed_hash": seed_hash(5), "status": "active"}
    with pytest.raises(IllegalAction):
        service.import_game(forged)


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"seed": ' + "9" * 5000 + "}",
                                  '{"seed": 1e999}', '{"seed": NaN}', '{"a": ' * 30 + "1" + "}" * 30, "[1, 2]",
                                  '{"game": "peiper", "log": [' + "[" * 40 + "]" * 40 + "]}"])
def test_a_crafted_export_file_is_refused_without_a_traceback(db_url: str, tmp_path: Any, text: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from bot import db_cli

    path = tmp_path / "crafted.json"
    path.write_text(text, encoding="utf-8")
    assert db_cli.db_import(path, db_url) == 2
    err = capsys.readouterr().err
    assert err.startswith("umpire db import:") and "Traceback" not in err
    assert GameService(db_url).list_games() == []


def test_one_interaction_delivered_to_two_processes_applies_once(db_url: str) -> None:
    import threading

    first, second = GameService(db_url), GameService(db_url)  # two processes: two caches, two pools
    gid = two_player_peiper(first)
    first.info(gid), second.info(gid)
    outcomes: list[Any] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def deliver(service: GameService) -> None:
        barrier.wait()
        try:
            outcomes.append(service.submit(gid, "us", Action("ready"), "alice", interaction_id="1234567890"))
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=deliver, args=(svc,)) for svc in (first, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == [] and len(outcomes) == 2
    assert [o.repeated for o in sorted(outcomes, key=lambda o: o.repeated)] == [False, True]
    assert outcomes[0].seq == outcomes[1].seq == 1
    assert [e.interaction_id for e in first.log(gid)] == ["1234567890"]
    # a retry long after, when the order is no longer legal, is answered from the entry too
    first.submit(gid, "ge", Action("draw"), "bob")
    again = second.submit(gid, "us", Action("ready"), "alice", interaction_id="1234567890")
    assert again.repeated and again.seq == 1 and len(first.log(gid)) == 2
    gm = first.gm(gid, Action("turn", {"turn": "2"}), "gm", "skip", interaction_id="55")
    assert second.gm(gid, Action("turn", {"turn": "2"}), "gm", "skip", interaction_id="55").seq == gm.seq
    assert len(first.log(gid)) == 3
    for svc in (first, second):
        svc.engine.dispose()


def test_a_second_process_for_a_shard_refuses_to_start(db_url: str) -> None:
    from engine.service.database import ShardLockHeld, acquire_shard_locks, shard_lock_names

    one, two = GameService(db_url), GameService(db_url)
    assert shard_lock_names([0, 1], 4) == ["shard-0-of-4", "shard-1-of-4"]
    held = acquire_shard_locks(one.engine, shard_lock_names([0, 1], 4))
    with pytest.raises(ShardLockHeld, match="already running shard 1 of 4"):
        acquire_shard_locks(two.engine, shard_lock_names([1], 4))
    other = acquire_shard_locks(two.engine, shard_lock_names([2], 4))  # another shard: fine
    for lock in held + other:
        lock.release()
    again = acquire_shard_locks(two.engine, shard_lock_names([1], 4))  # released: a restart takes it
    for lock in again:
        lock.release()
    for svc in (one, two):
        svc.engine.dispose()
