"""Buttons for the rules' choices: which legal actions become buttons, and their custom ids."""

from __future__ import annotations

import re

from cogs.buttons import MAX_WITH_ARG, TEMPLATE, button_actions, choice_view, custom_id
from cogs.replies import fit
from engine import registry
from engine.game import Action


def test_custom_ids_carry_game_version_and_choice_and_match_the_template() -> None:
    for action in (Action("take"), Action("take", {"hex": "0404"}), Action("exit", {"unit": "106 BG"}),
                   Action("exit", {"unit": "CCR/3/1"})):
        cid = custom_id(12, 345, action)
        m = re.fullmatch(TEMPLATE, cid)
        assert m is not None and len(cid) <= 100
        assert (m["game"], m["version"], m["action"]) == ("12", "345", action.kind)
        assert ({m["key"]: m["value"]} if m["key"] else {}) == action.args


def test_plain_choices_become_buttons_and_many_one_argument_choices_do_not() -> None:
    legal = [Action("take"), Action("pass")] + [Action("take", {"hex": f"{i:04d}"}) for i in range(3)]
    assert button_actions(legal) == legal
    many = [Action("move", {"to": f"{i:04d}"}) for i in range(MAX_WITH_ARG + 1)]
    assert button_actions(many + [Action("end")]) == [Action("end")]
    assert button_actions([Action("move", {"unit": "A", "to": "0101"})]) == []


def test_a_face_card_offers_a_button_per_hex_and_pass() -> None:
    rules = registry.get("peiper")
    for seed in range(200):  # find a seed whose first card is a face card
        state = rules.new_state("historical", seed, {})
        rules.apply(state, "us", Action("ready"))
        rules.apply(state, "ge", Action("draw"))
        side = rules.to_act(state)
        assert side is not None
        legal = rules.legal_actions(state, side)
        if any(a.kind == "take" and a.args for a in legal):
            break
    else:
        raise AssertionError("no face card in 200 seeds")
    kinds = [(a.kind, tuple(a.args)) for a in button_actions(legal)]
    assert ("pass", ()) in kinds and ("take", ("hex",)) in kinds
    assert all(k != "oba" for k, _ in kinds), "two-argument choices stay slash commands"
    view = choice_view(1, 7, rules, legal)
    assert view is not None and len(view.children) == len(kinds) <= 25


def test_fit_cuts_at_a_line_and_attaches_the_whole_text() -> None:
    text = "\n".join(f"line {i}: " + "x" * 50 for i in range(100))
    short, file = fit(text)
    assert len(short) <= 2000 and file is not None and short.endswith("attached file)")
    assert fit("short") == ("short", None)
