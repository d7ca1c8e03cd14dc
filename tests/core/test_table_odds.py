"""/odds at the table: what an order would do, with each outcome's chance, and the game unchanged."""

from __future__ import annotations

import io
import random

from bot.console import Table
from engine.games.peiper import RULES
from engine.service import GameService, Seat


def test_odds_at_the_table_name_each_outcome_and_change_nothing() -> None:
    service = GameService("sqlite://")
    info = service.create_game("peiper", seed=3, seats={s: Seat("human", "console") for s in RULES.sides})
    text = io.StringIO()
    table = Table(service, info.id, list(RULES.sides), None, out=text, images=False)
    rnd = random.Random(3)
    for _ in range(400):  # a random game until an attack is legal
        state = service.state(info.id)
        side = RULES.to_act(state)
        attacks = [a for a in RULES.legal_actions(state, side) if a.kind == "attack"]
        if attacks:
            break
        legal = RULES.legal_actions(state, side)
        onward = [a for a in legal if a.kind != "place"] or legal  # set-up placed as it stands
        service.submit(info.id, side, rnd.choice(onward), "console")
    assert attacks, "the random game reached an attack"
    version = service.info(info.id).version
    command = attacks[0].command("peiper")
    assert table.handle(f"/odds {command}")
    said = text.getvalue().splitlines()[-1]
    assert said.strip().startswith(command) and "%" in said and "reduced" in said
    assert service.info(info.id).version == version  # nothing was done
    assert not table.handle("/odds")  # usage, refused
    assert "Usage: /odds" in text.getvalue().splitlines()[-1]
    assert not table.handle("/odds attack unit:Nobody target:Spitze")
    assert service.info(info.id).version == version


def test_rules_crt_at_the_table_prints_the_table_the_game_plays_with() -> None:
    from engine.games.pl import RULES as PL

    service = GameService("sqlite://")
    info = service.create_game("pl", "utah", seed=3, seats={s: Seat("human", "console") for s in PL.sides})
    text = io.StringIO()
    table = Table(service, info.id, list(PL.sides), None, out=text, images=False)
    assert table.handle("/rules CRT")
    out = text.getvalue()
    crt = next(c for c in PL.charts(service.state(info.id)) if c.key == "crt")
    assert "Combat Results Table" in out and all(line.rstrip() in out for line in crt.text().splitlines())


def test_undo_at_the_table_names_what_it_took_back() -> None:
    service = GameService("sqlite://")
    info = service.create_game("peiper", "contest", seed=3, seats={s: Seat("human", "console") for s in RULES.sides})
    text = io.StringIO()
    table = Table(service, info.id, list(RULES.sides), None, out=text, images=False)
    place = next(a for a in RULES.legal_actions(service.state(info.id), "us") if a.kind == "place")
    assert table.handle(place.command("peiper"))
    assert table.handle("/undo")
    said = text.getvalue().splitlines()[-1]
    assert said.strip().startswith("Undone #") and place.command("peiper") in said, said


def test_odds_usage_shows_an_order_of_the_game_at_the_table() -> None:
    """/odds alone shows its usage with an order of the game played (Panzer Leader's table was shown a
    Peiper attack on "106 BG")."""
    from engine import registry

    for game, shown in (("peiper", "attack unit:"), ("pl", "fire units:"), ("saf", "order die:")):
        rules = registry.get(game)
        service = GameService("sqlite://")
        info = service.create_game(game, seed=3, seats={s: Seat("human", "console") for s in rules.sides})
        text = io.StringIO()
        table = Table(service, info.id, list(rules.sides), None, out=text, images=False)
        assert not table.handle("/odds")
        said = text.getvalue().splitlines()[-1]
        assert f"such as /odds {shown}" in said, said
        assert game == "peiper" or "106 BG" not in said
