"""The play flow (engine/service/flow.py): an order in, a Flow out; whose turn decided once; a bot's
secret kept; the phases an order closed listed; the end carrying its result and seeds; who is pinged."""

from __future__ import annotations

import io
from typing import Any

import pytest

from bot.console import Table
from cogs.play import move_lines
from engine import registry
from engine.errors import Forbidden, GameOver, NotYourTurn
from engine.game import Action
from engine.service import GameService, Seat, flow
from engine.service.flow import SECRET_TEXT, Flow
from engine.service.phases import closing_seqs, phases

ALICE, BOB = "1001", "1002"


def _peiper(service: GameService, ge: Seat | None = None, seed: int = 7) -> int:
    seats = {"us": Seat("human", ALICE, "alice"), "ge": ge or Seat("human", BOB, "bob")}
    return service.create_game("peiper", seed=seed, seats=seats).id


def test_whose_turn_is_refused_once_by_the_flow_naming_the_rule(service: GameService,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    game = _peiper(service)
    assert service.info(game).to_act == "us"
    version = service.info(game).version
    calls: list[Any] = []
    monkeypatch.setattr(service, "submit", lambda *a, **k: calls.append(a))  # nothing below may be asked
    with pytest.raises(NotYourTurn) as refused:
        flow.order(service, game, BOB, Action("draw"), actor_name="bob")
    assert refused.value.rule == "Turn Sequence"  # Peiper's sequence of play, named with the refusal
    assert "US's decision now" in refused.value.message
    assert calls == [] and service.info(game).version == version
    with pytest.raises(Forbidden):  # no seat, no order
        flow.order(service, game, "999", Action("ready"))


def test_an_order_flows_to_the_next_decision_and_pings_whoever_it_passes_to(service: GameService) -> None:
    game = _peiper(service)
    done = flow.order(service, game, ALICE, Action("ready"), actor_name="alice")
    assert [m.action for m in done.applied] == [Action("ready")] and done.side == "us" and not done.bots
    decision = done.decision
    assert decision is not None and decision.side == "ge" and decision.user_id == BOB and decision.seat == "human"
    assert decision.kinds == list(dict.fromkeys(a.kind for a in decision.legal)) and decision.kinds
    assert decision.opponents == ["alice"] and decision.turn == 1
    assert [(n.user_id, n.ping) for n in done.notices] == [(BOB, True)] and done.passed
    assert flow.heading(done.info, decision) == f"Game #{game} (vs alice, turn 1)"
    # the decision staying with the player who just acted: no ping
    stays = flow.follow(service, game, last_user=BOB, run_bots=False)
    assert [(n.user_id, n.ping) for n in stays.notices] == [(BOB, False)]


def test_the_bots_moves_follow_and_the_phases_they_closed_are_listed(service: GameService) -> None:
    game = _peiper(service, ge=Seat("bot", level="random"))
    flows: list[Flow] = [flow.order(service, game, ALICE, Action("ready"), actor_name="alice")]
    for _ in range(6):
        if flows[-1].ending is not None:
            break
        flows.append(flow.order(service, game, ALICE, Action("pass"), actor_name="alice"))
    assert any(f.bots for f in flows), "the German bot moved"
    assert all(m.by_bot and m.side == "ge" and m.reason for f in flows for m in f.bots)
    closed = [seq for f in flows for seq in f.closed]
    assert closed, "a phase closed in six cards"
    assert closed == [s for s in closing_seqs(service, game) if s in closed]  # in order, none left out
    for f in flows:
        assert f.closed == [m.seq for m in f.moves if m.phase_ended]
        numbers = {p.seq: p.number for p in phases(service, game)}
        assert f.phases == [numbers[s] for s in f.closed]


def test_the_end_carries_the_result_its_rule_and_the_revealed_seed(service: GameService) -> None:
    game = _peiper(service, seed=4242)
    done = flow.ruling(service, game, "gm", BOB, "the players agreed",
                       action=Action("end", {"winner": "ge", "result": "Peiper got through"}), rule="agreed")
    assert done.ending is not None and done.decision is None and not done.notices
    assert "Peiper got through" in done.ending.text
    assert done.ending.line.endswith(f"[{done.ending.rule}]") or not done.ending.rule
    assert "Seed `4242`" in done.ending.seed_text and done.ending.seed_record["seed"] == 4242
    assert sorted(done.ending.players) == sorted([ALICE, BOB])
    assert flow.result_text(service, game)[0] == done.ending.text
    with pytest.raises(GameOver):
        flow.order(service, game, ALICE, Action("ready"))
    with pytest.raises(GameOver):
        flow.undo(service, game, ALICE)


def test_an_undo_is_a_flow_naming_what_it_took_back(service: GameService) -> None:
    game = _peiper(service)
    flow.order(service, game, ALICE, Action("place", {"unit": "99 BG", "at": "0103"}), actor_name="alice")
    back = flow.undo(service, game, ALICE, group="peiper")
    assert back.applied[0].action is None and back.applied[0].events[0].kind == "undo"
    assert back.taken_back.startswith("#1 /peiper place") and "0103" in back.taken_back
    assert back.decision is not None and back.decision.side == "us"
    assert [(n.user_id, n.ping) for n in back.notices] == [(ALICE, False)]


def test_a_bots_secret_order_is_marked_and_both_adapters_hide_it(service: GameService) -> None:
    """Panzer Leader's plotted indirect fire (utah_inland, seed 1: the US bot plots one early)."""
    rules = registry.get("pl")
    seats = {"us": Seat("bot", level="random"), "ge": Seat("human", BOB, "bob")}
    game = service.create_game("pl", "utah_inland", seed=1, seats=seats).id
    secret = None
    start = flow.follow(service, game)
    moves = list(start.bots)
    for _ in range(200):
        secret = next((m for m in moves if m.secret), None)
        if secret is not None or service.info(game).status == "over":
            break
        action, _ = rules.bot_action(service.state(game), "ge", "random")
        moves = flow.order(service, game, BOB, action, actor_name="bob").bots
    assert secret is not None and secret.by_bot and secret.action is not None
    assert secret.action.kind in flow.private_orders(rules)
    assert secret.secret_from(["ge"]) and not secret.secret_from(["us"])
    public = secret.public_events()
    assert public[0].text == SECRET_TEXT and not any(e.only for e in public)
    target = str(secret.action.args.get("target"))
    # Discord: one line naming the kind alone
    lines = move_lines(rules, secret)
    assert lines == [f"**{rules.side_names['us']}** (bot) gives a secret order (`/pl indirect`)."]
    # the table of the German player: the kind, no target, the secret line
    out = io.StringIO()
    table = Table(service, game, ["ge"], None, out=out, images=False)
    table.show_outcome(secret)
    shown = out.getvalue()
    assert "a secret order" in shown and target not in shown and SECRET_TEXT in shown


@pytest.mark.parametrize("game", ["peiper", "saf", "pl"])
def test_only_a_gm_sets_the_data_files_and_tables_by_their_specs_gm_only(game: str) -> None:
    """GameOptionSpec.gm_only says it (the cogs' list of names is gone): every file and table option."""
    from cogs.gm_rights import gm_only_options

    rules = registry.get(game)
    specs = rules.option_specs()
    chosen = {o.name: o.default for o in specs}
    files = sorted(o.name for o in specs if o.kind in ("file", "table"))
    assert sorted(gm_only_options(rules, chosen)) == sorted(o.name for o in specs if o.gm_only)
    assert set(files) <= set(gm_only_options(rules, chosen))
    assert game == "peiper" or files  # SAF's decks and cups, PL's CRT, TEC and WEC
