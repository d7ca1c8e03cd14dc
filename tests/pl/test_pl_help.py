"""/help states the situation's victory conditions (Situation: victory conditions): for the game in
play in its thread and at the table, and for every situation otherwise."""

from __future__ import annotations

import io

from bot.console import Table
from cogs.help import game_help
from engine.games.pl import RULES
from engine.games.pl.datafiles import situations
from engine.service import GameService, Seat


def test_situation_victory_conditions_in_help_for_the_game_in_play() -> None:
    state = RULES.new_state("hill30", 1, {})
    text = game_help("pl", state).description or ""
    assert "Victory in this game (Hill 30)" in text
    assert "The German side wins if at the end of turn 8 it holds 2 of 0906" in text
    assert "Ste-Marie" not in text  # only the situation in play


def test_situation_victory_conditions_in_help_for_every_situation_without_a_game() -> None:
    text = game_help("pl").description or ""
    for key, sit in situations().items():
        assert f"{sit.title} ({key})" in text
    assert "two hexes of Pouppeville taken" in text and "/pl fire" in text


def test_situation_victory_conditions_in_the_tables_help() -> None:
    service = GameService("sqlite://")
    info = service.create_game("pl", "crossing", seed=3, seats={"us": Seat("human", "console"), "ge": Seat("bot")})
    out = io.StringIO()
    table = Table(service, info.id, ["us"], None, out=out, images=False)
    assert table.handle("/help")
    assert "Victory in this game (Assault Crossing)" in out.getvalue()
    assert "a foothold in Ste-Marie" in out.getvalue()


def test_I_i_the_tables_solitaire_player_does_not_see_the_bots_indirect_fire_until_it_lands() -> None:
    service = GameService("sqlite://")
    info = service.create_game("pl", "utah", seed=3, seats={"us": Seat("human", "console"), "ge": Seat("bot")})
    out = io.StringIO()
    table = Table(service, info.id, ["us"], None, out=out, images=False)
    plotted = []
    for _ in range(300):
        table.bots()
        plotted = [e for e in service.log(info.id) if e.action.get("kind") == "indirect"]
        if plotted:
            break
        side = service.info(info.id).to_act
        assert side == "us"
        action, _ = RULES.bot_action(service.state(info.id), "us")  # the player plays as the bot would
        assert table.handle(action.command("pl"))
    assert plotted, "the German bot plots indirect fire in its first Combat phase"
    target = plotted[0].action["args"]["target"]
    shown = out.getvalue()
    assert "a secret order" in shown and f"indirectly at {target}" not in shown
    table.log(50)
    assert f"indirectly at {target}" not in out.getvalue()
