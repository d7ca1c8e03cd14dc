"""A move's cost on the side's board page (issue 37: "destinations and targets highlighted on the map, each
with its cost or odds"), in a real browser (Debian's Chromium driven by Playwright): one unit clicked, its
highlighted hexes say what the move there costs (the hex's words and title), and the confirm bar says it
before the order is given. The words are the rules' (``order_cost``), as /odds says them."""

from __future__ import annotations

import os
from typing import Any

from board_helpers import Running
from test_board_costs import peiper_activation, pl_movement
from test_board_play_browser import Table

from engine import registry
from engine.service import GameService


def test_a_clicked_units_highlighted_hexes_say_what_the_move_costs(service: GameService, board: Running,
                                                                   browser: Any) -> None:
    game_id = pl_movement(service)
    rules, state = registry.get("pl"), service.state(game_id)
    actions = rules.legal_actions(state, "us")
    unit = next(str(a.args["units"]) for a in actions if a.kind == "move")
    costs = {str(a.args["to"]): rules.order_cost(state, "us", a) for a in actions
             if a.kind == "move" and a.args["units"] == unit}
    table = Table.open(browser, board, game_id, "us", [])
    try:
        page = table.page
        assert table.my_turn()
        hexes = [h for h, kinds in table.pick(unit) if kinds == "move"]
        assert hexes, "the unit's moves are highlighted"
        shown = page.evaluate("""() => Array.from(document.querySelectorAll("#targets g.target")).map(g =>
            [g.dataset.hex, g.dataset.cost || "", g.querySelector("title").textContent,
             Array.from(g.querySelectorAll("text.tword")).map(t => t.textContent).join(" / ")])""")
        moves = {h: (cost, title, words) for h, cost, title, words in shown if h in costs}
        assert moves and set(moves) <= set(costs)
        for label, (cost, title, words) in moves.items():
            assert cost == costs[label], (label, cost, costs[label])  # the rules' words, on the hex
            assert f"costs {costs[label]}" in title and words  # in its title, and written on it
        far = max(hexes, key=lambda h: len(costs.get(h) or ""))
        page.locator(f"#targets g.target[data-hex='{far}'] polygon").click(force=True)
        page.wait_for_selector("#confirm:not([hidden])")
        assert f"costs {costs[far]}" in page.inner_text("#confirm")
        page.screenshot(path=os.path.join(os.environ.get("UMPIRE_SHOTS", "/tmp"), "board-move-cost.png"))
    finally:
        table.close()


def test_a_peiper_units_highlighted_hexes_say_the_act_a_move_spends(service: GameService, board: Running,
                                                                    browser: Any) -> None:
    game_id = peiper_activation(service)
    rules, state = registry.get("peiper"), service.state(game_id)
    actions = rules.legal_actions(state, "us")
    unit = next(str(a.args["unit"]) for a in actions if a.kind == "move")
    costs = {str(a.args["to"]): rules.order_cost(state, "us", a) for a in actions
             if a.kind == "move" and a.args["unit"] == unit}
    table = Table.open(browser, board, game_id, "us", [])
    try:
        page = table.page
        assert table.my_turn()
        hexes = [h for h, kinds in table.pick(unit) if kinds == "move"]
        assert hexes
        label = hexes[0]
        words = page.evaluate("h => Array.from(document.querySelectorAll(`#targets g.target[data-hex='${h}'] "
                              "text.tword`)).map(t => t.textContent)", label)
        assert words and words[0] == f"1 ACT of {state.acts}", words  # the ACT, written on the hex
        assert page.get_attribute(f"#targets g.target[data-hex='{label}']", "data-cost") == costs[label]
        page.locator(f"#targets g.target[data-hex='{label}'] polygon").click(force=True)
        page.wait_for_selector("#confirm:not([hidden])")
        assert f"costs {costs[label]}" in page.inner_text("#confirm")
        page.screenshot(path=os.path.join(os.environ.get("UMPIRE_SHOTS", "/tmp"), "board-move-cost-peiper.png"))
    finally:
        table.close()
