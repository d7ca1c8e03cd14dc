"""Narration and the bot's sense (issue 14/17): one line per assault group; the bot never plots
indirect fire below the table (I.i Indirect Fire; CRT: below 1-4, no attack), an order a player gives
that cannot succeed is warned of when given."""

from __future__ import annotations

import pytest
from pl_helpers import build

from engine.game import Action
from engine.games.pl import RULES


def _if_position(target_type: str):  # type: ignore[no-untyped-def]
    # A German mortar (3 M) four hexes from an enemy counter that a German rifle spots from next to it.
    return build([("GM1", "ge_mortar", "1405"), ("GR1", "ge_rifle", "1408"), ("T", target_type, "1409")],
                 side="ge", phase="combat")


@pytest.mark.parametrize("level", ["greedy", "normal", "hard"])
def test_I_i_the_bot_never_plots_indirect_fire_below_the_table(level: str) -> None:
    s = _if_position("m4")  # 3 M halved against armour = 1.5 against 9: below 1-4
    assert Action("indirect", {"unit": "GM1", "target": "1409"}) in RULES.legal_actions(s, "ge")
    action, why = RULES.bot_action(s, "ge", level)
    assert action.kind != "indirect", why


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_I_i_the_bot_plots_indirect_fire_that_can_succeed_and_says_the_odds(level: str) -> None:
    s = _if_position("us_mg")  # 3 M against a soft 4: 1-2 on the table
    action, why = RULES.bot_action(s, "ge", level)
    assert action == Action("indirect", {"unit": "GM1", "target": "1409"})
    assert "1-2" in why and "next turn" in why


def test_I_i_an_indirect_fire_order_below_the_table_is_warned_when_given() -> None:
    s = _if_position("m4")
    events = RULES.apply(s, "ge", Action("indirect", {"unit": "GM1", "target": "1409"}))
    assert "below the table" in events[0].text and "WARNING" in events[0].text and "cannot succeed" in events[0].text
    ok = _if_position("us_mg")
    events = RULES.apply(ok, "ge", Action("indirect", {"unit": "GM1", "target": "1409"}))
    assert "1-2" in events[0].text and "WARNING" not in events[0].text


def _assault_position():  # type: ignore[no-untyped-def]
    return build([("R1", "us_rifle", "1008"), ("R2", "us_rifle", "1008"), ("R3", "us_rifle", "1109"),
                  ("G1", "ge_security", "1009")], side="us", phase="assault")


@pytest.mark.parametrize("level", ["greedy", "normal"])
def test_III_CAT_the_bot_orders_an_assault_group_in_one_order_with_one_line(level: str) -> None:
    s = _assault_position()
    group = Action("assault", {"units": "R1,R2,R3", "target": "1009"})
    assert group in RULES.legal_actions(s, "us")  # the whole group is listed: none of them has another target
    action, why = RULES.bot_action(s, "us", level)
    assert action == group, why
    events = RULES.apply(s, "us", action)
    assert len(events) == 1 and "R1, R2, R3" in events[0].text
    assert RULES.bot_action(s, "us", level)[0] == Action("end")  # nobody left to join: no second line


def test_III_CAT_the_group_is_not_listed_when_a_member_may_assault_elsewhere() -> None:
    s = build([("R1", "us_rifle", "1008"), ("R2", "us_rifle", "1008"), ("G1", "ge_security", "1009"),
               ("G2", "ge_security", "0908")], side="us", phase="assault")
    listed = RULES.legal_actions(s, "us")
    assert not any("," in str(a.args.get("units", "")) for a in listed)
    assert Action("assault", {"units": "R1", "target": "0908"}) in listed
