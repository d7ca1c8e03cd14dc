"""The game service: persistence, replay, seats, undo, GM rulings, concurrency."""

from __future__ import annotations

import threading

import pytest

from engine.errors import Forbidden, GameOver, NotFound, NotYourTurn, StaleVersion, UndoRefused, UnknownUnit
from engine.game import Action
from engine.games.peiper import RULES
from engine.service import GameService, Seat, flow


def new_game(service: GameService, seed: int = 11) -> int:
    info = service.create_game(
        "peiper", seed=seed, seats={"us": Seat("human", "alice", "Alice"), "ge": Seat("human", "bob", "Bob")}
    )
    return info.id


def test_a_game_survives_a_restart_of_the_process(service: GameService) -> None:
    gid = new_game(service)
    service.submit(gid, "us", Action("ready"), "alice")
    service.submit(gid, "ge", Action("draw"), "bob")
    again = GameService(engine=None, database_url=str(service.engine.url))
    assert RULES.dump(again.state(gid)) == RULES.dump(service.state(gid))
    assert again.info(gid).version == 2


def test_replaying_the_log_from_the_seed_gives_the_identical_state(service: GameService) -> None:
    info = service.create_game("peiper", seed=3)  # bots on both sides
    service.run_bots(info.id, limit=300)
    assert RULES.dump(service.replay(info.id)) == RULES.dump(service.state(info.id))


def test_only_the_seated_player_may_act_and_spectators_are_refused(service: GameService) -> None:
    gid = new_game(service)
    with pytest.raises(Forbidden, match="Only the player seated as us"):
        service.submit(gid, "us", Action("ready"), "mallory")
    with pytest.raises(NotYourTurn):
        service.submit(gid, "ge", Action("draw"), "bob")
    with pytest.raises(NotFound):
        service.submit(999, "us", Action("ready"), "alice")


def test_a_refused_order_leaves_the_stored_game_unchanged(service: GameService) -> None:
    gid = new_game(service)
    before = (service.info(gid).version, RULES.dump(service.state(gid)))
    with pytest.raises(UnknownUnit):
        service.submit(gid, "us", Action("place", {"unit": "King Tiger", "at": "0101"}), "alice")
    assert (service.info(gid).version, RULES.dump(service.state(gid))) == before
    assert service.log(gid) == []


def test_a_stale_version_is_refused(service: GameService) -> None:
    gid = new_game(service)
    v = service.info(gid).version
    service.submit(gid, "us", Action("place", {"unit": "99 BG", "at": "0505"}), "alice", expected_version=v)
    with pytest.raises(StaleVersion, match="board has changed"):
        service.submit(gid, "us", Action("place", {"unit": "99 BG", "at": "0506"}), "alice", expected_version=v)


def test_two_clicks_at_once_apply_once(service: GameService) -> None:
    gid = new_game(service)
    v = service.info(gid).version
    results: list[str] = []

    def click() -> None:
        try:
            service.submit(gid, "us", Action("ready"), "alice", expected_version=v)
            results.append("ok")
        except (StaleVersion, NotYourTurn) as exc:
            results.append(type(exc).__name__)

    threads = [threading.Thread(target=click) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("ok") == 1
    assert len([e for e in service.log(gid) if e.kind == "action"]) == 1


def test_undo_takes_back_your_own_last_order_and_keeps_it_in_the_log(service: GameService) -> None:
    gid = new_game(service)
    service.submit(gid, "us", Action("place", {"unit": "99 BG", "at": "0505"}), "alice")
    service.undo(gid, "alice", "us")
    assert service.state(gid).units["99 BG"].status == "awaiting"
    log = service.log(gid)
    assert log[0].undone and log[1].kind == "undo"
    assert RULES.dump(service.replay(gid)) == RULES.dump(service.state(gid))


def test_two_undos_shown_at_one_version_take_back_one_order_and_the_second_is_stale(service: GameService) -> None:
    """Two pages of one player drawn at one version, both undoing: the last order is taken back, the second
    undo is refused as stale (the page redraws), never taking back the order before it too."""
    gid = new_game(service)
    service.submit(gid, "us", Action("place", {"unit": "99 BG", "at": "0505"}), "alice")
    service.submit(gid, "us", Action("place", {"unit": "CCR/3/1", "at": "0101"}), "alice")
    shown = service.info(gid).version
    service.undo(gid, "alice", "us", expected_version=shown)
    after = (service.info(gid).version, [(e.seq, e.kind, e.undone) for e in service.log(gid)],
             RULES.dump(service.state(gid)))
    with pytest.raises(StaleVersion, match="board has changed"):
        service.undo(gid, "alice", "us", expected_version=shown)
    assert (service.info(gid).version, [(e.seq, e.kind, e.undone) for e in service.log(gid)],
            RULES.dump(service.state(gid))) == after
    assert [e.seq for e in service.log(gid) if e.undone] == [2]  # the last order alone
    assert service.state(gid).units["99 BG"].hex == "0505" and service.state(gid).units["CCR/3/1"].status == "awaiting"
    service.undo(gid, "alice", "us", expected_version=after[0])  # at the version it shows now, it undoes
    assert [e.seq for e in service.log(gid) if e.undone] == [1, 2]
    shown = service.info(gid).version  # an order given from another page, then the undo this page shows
    service.submit(gid, "us", Action("place", {"unit": "99 BG", "at": "0506"}), "alice", expected_version=shown)
    with pytest.raises(StaleVersion):
        service.undo(gid, "alice", "us", expected_version=shown)
    assert service.state(gid).units["99 BG"].hex == "0506"


def test_an_undo_that_read_its_order_before_another_took_it_back_is_refused(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two undos with no version (``/game undo`` twice from two shards): the second read the last order before
    the first was written. It must not take the same order back a second time (a second "Undone #2"), nor
    any other: its write finds the order taken back already and refuses, the game as the first left it."""
    from engine.service import rulings

    gid = new_game(service)
    service.submit(gid, "us", Action("place", {"unit": "99 BG", "at": "0505"}), "alice")
    service.submit(gid, "us", Action("place", {"unit": "CCR/3/1", "at": "0101"}), "alice")
    read_first = rulings.last_live(service.writer, gid)  # what the second undo read, before the first wrote
    service.undo(gid, "alice", "us")
    after = (service.info(gid).version, [(e.seq, e.kind, e.undone) for e in service.log(gid)],
             RULES.dump(service.state(gid)))
    monkeypatch.setattr(rulings, "last_live", lambda *_a, **_k: read_first)
    with pytest.raises(UndoRefused, match="already taken back"):
        service.undo(gid, "alice", "us")
    assert (service.info(gid).version, [(e.seq, e.kind, e.undone) for e in service.log(gid)],
            RULES.dump(service.state(gid))) == after


def test_an_order_is_logged_as_the_rules_read_it(service: GameService) -> None:
    """Parsed once, canonical: an order typed "99bg" and "0505 " is kept (and shown in /log, the board's log,
    an undo's words) as the unit's id and the hex's label, and replays to the same game."""
    gid = new_game(service)
    service.submit(gid, "us", Action("place", {"unit": "99bg", "at": " 0505"}), "alice")
    entry = service.log(gid)[-1]
    assert entry.action == {"kind": "place", "args": {"unit": "99 BG", "at": "0505"}}
    assert service.state(gid).units["99 BG"].hex == "0505"
    taken = flow.undo(service, gid, "alice", sides=["us"])
    assert taken.taken_back.endswith('/peiper place unit:"99 BG" at:0505'), taken.taken_back


def test_undo_never_past_hidden_information_nor_another_players_order(service: GameService) -> None:
    gid = new_game(service)
    service.submit(gid, "us", Action("ready"), "alice")
    with pytest.raises(UndoRefused, match="another player"):
        service.undo(gid, "bob", "ge")
    service.submit(gid, "ge", Action("draw"), "bob")
    with pytest.raises(UndoRefused, match="hidden information"):
        service.undo(gid, "bob", "ge")


def test_gm_override_needs_a_reason_is_logged_and_can_be_reverted(service: GameService) -> None:
    gid = new_game(service)
    service.submit(gid, "us", Action("ready"), "alice")
    with pytest.raises(Forbidden, match="reason"):
        service.gm(gid, Action("move", {"unit": "99 BG", "to": "0505"}), "gm", "")
    out = service.gm(gid, Action("move", {"unit": "99 BG", "to": "0505"}), "gm", "misclick, agreed by both",
                     rule="none")
    assert service.state(gid).units["99 BG"].hex == "0505"
    rulings = service.rulings(gid)
    assert rulings[0].reason == "misclick, agreed by both" and rulings[0].rule == "none"
    service.gm_revert(gid, out.seq, "gm", "the players changed their minds")
    assert service.state(gid).units["99 BG"].hex == "0909"
    assert RULES.dump(service.replay(gid)) == RULES.dump(service.state(gid))


def test_gm_reroll_replaces_the_last_random_event_on_the_record(service: GameService) -> None:
    gid = new_game(service)
    service.submit(gid, "us", Action("ready"), "alice")
    first = service.submit(gid, "ge", Action("draw"), "bob")
    rerolled = service.gm_reroll(gid, "gm", "the card fell off the table")
    first_card = [e.text for e in first.events if e.kind == "card"]
    again = [e.text for e in rerolled.events if e.kind == "card"]
    assert first_card and again
    assert RULES.dump(service.replay(gid)) == RULES.dump(service.state(gid))
    assert service.log(gid)[-2].undone and service.log(gid)[-1].kind == "reroll"


def test_gm_rewind_to_an_earlier_event(service: GameService) -> None:
    gid = new_game(service)
    service.submit(gid, "us", Action("ready"), "alice")
    service.submit(gid, "ge", Action("draw"), "bob")
    service.gm_rewind(gid, 1, "gm", "start the turn again")
    assert service.state(gid).phase == "draw" and len(service.state(gid).deck) == 53


def test_seed_is_hidden_until_the_game_is_over(service: GameService) -> None:
    gid = new_game(service, seed=77)
    hashed, seed = service.seed(gid)
    assert seed is None and len(hashed) == 64
    export = service.export(gid)
    assert export["seed"] is None and "77" not in str(export["view"])
    service.submit(gid, "us", Action("ready"), "alice")
    service.gm(gid, Action("end", {"winner": "us"}), "gm", "conceded")
    assert service.seed(gid)[1] == 77
    with pytest.raises(GameOver):
        service.submit(gid, "ge", Action("draw"), "bob")


def test_views_never_hold_the_seed_rng_or_deck_order(service: GameService) -> None:
    gid = new_game(service, seed=123456789)
    service.submit(gid, "us", Action("ready"), "alice")
    view = service.view(gid, "ge")
    text = str(view)
    state = service.state(gid)
    assert "123456789" not in text and str(state.rng.state) not in text
    assert "draw_pile" not in text and view["deck"]["left"] == 53


def test_snapshots_keep_loading_cheap_and_consistent(service: GameService) -> None:
    info = service.create_game("peiper", seed=8)
    service.run_bots(info.id, limit=60)
    assert RULES.dump(service.replay(info.id)) == RULES.dump(service.state(info.id))


def test_notify_preference_is_not_a_ruling_and_info_tells_the_last_action_time(service: GameService) -> None:
    gid = new_game(service)
    service.submit(gid, "us", Action("ready"), "alice")
    service.set_notify(gid, "us", "dm")
    assert service.info(gid).seats["us"].notify == "dm"
    assert service.rulings(gid) == []
    assert service.info(gid).last_action_at is not None
    with pytest.raises(Exception, match="channel or by DM"):
        service.set_notify(gid, "us", "carrier pigeon")


def test_a_rules_bug_is_an_internal_fault_logged_with_ids_not_a_refusal(
        service: GameService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from engine.errors import IllegalAction, InternalFault
    from engine.games.peiper import orders

    gid = new_game(service)
    service.submit(gid, "us", Action("ready"), "alice")
    before = (service.info(gid).version, RULES.dump(service.state(gid)))

    def broken(state: object, events: object) -> None:
        raise KeyError("a slip in the rules")

    monkeypatch.setattr(orders, "draw_card", broken)
    with caplog.at_level("ERROR", logger="umpire.service"), pytest.raises(InternalFault) as err:
        service.submit(gid, "ge", Action("draw"), "bob")
    assert not isinstance(err.value, IllegalAction)
    fault = err.value.fault_id
    assert f"Internal fault {fault}" in err.value.message and "the game is unchanged" in err.value.message
    assert "KeyError" not in err.value.message and "slip" not in err.value.message
    logged = [r for r in caplog.records if fault in r.getMessage()]
    assert logged and f"game #{gid}" in logged[0].getMessage() and logged[0].exc_info is not None
    assert (service.info(gid).version, RULES.dump(service.state(gid))) == before


def test_a_bot_seat_at_a_level_the_game_does_not_play_is_refused_at_creation(service: GameService) -> None:
    from engine.ai.policy import UnknownPolicy

    with pytest.raises(UnknownPolicy, match="random, easy, normal"):
        service.create_game("saf", seats={"us": Seat("human", "alice", "Alice"), "ge": Seat("bot", level="hard")})
    with pytest.raises(UnknownPolicy):
        service.check_new_game("peiper", seats={"ge": Seat("bot", level="expert")})
    assert service.list_games() == []
    service.create_game("saf", seats={"us": Seat("human", "alice", "Alice"), "ge": Seat("bot", level="random")})


def test_an_order_that_breaks_an_invariant_is_an_internal_fault_and_the_game_is_unchanged(
        service: GameService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The service runs the game's invariants after every order: an order that leaves a hex over the
    stacking limit (say) is Umpire's fault, never stored; a breach the stored game already had is not
    this order's, and the game plays on."""
    from engine.errors import IllegalAction, InternalFault

    gid = new_game(service)
    service.submit(gid, "us", Action("ready"), "alice")
    base = RULES.dump(service.state(gid))
    before = (service.info(gid).version, base)

    def breached_by_the_order(self: object, state: object) -> list[str]:
        return ["0505 holds more than 4"] if RULES.dump(state) != base else []

    monkeypatch.setattr(type(RULES), "invariants", breached_by_the_order)
    with caplog.at_level("ERROR", logger="umpire.service"), pytest.raises(InternalFault) as err:
        service.submit(gid, "ge", Action("draw"), "bob")
    assert not isinstance(err.value, IllegalAction) and "the game is unchanged" in err.value.message
    assert "0505" not in err.value.message  # the breach is logged, not shown
    logged = [r for r in caplog.records if err.value.fault_id in r.getMessage()]
    assert logged and "0505 holds more than 4" in str(logged[0].exc_info[1])  # type: ignore[index]
    assert (service.info(gid).version, RULES.dump(service.state(gid))) == before

    monkeypatch.setattr(type(RULES), "invariants", lambda self, state: ["an old breach"])
    service.submit(gid, "ge", Action("draw"), "bob")  # already in breach when stored: not this order's
    assert service.info(gid).version == before[0] + 1

    # A GM correction stands outside the rules on purpose (a repair may take several steps): unchecked.
    monkeypatch.setattr(type(RULES), "invariants", lambda self, state: ["a breach the GM is repairing"])
    service.gm(gid, Action("move", {"unit": "99 BG", "to": "0505"}), "gm", "a repair in two steps")
    assert service.info(gid).version == before[0] + 2
