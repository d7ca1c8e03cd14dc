"""Playing from the board by clicks only (issue 37), in a real browser (Debian's Chromium driven by
Playwright) against the board server with no host (the plain desk: the order applied, then the bots).

Each order is given by clicks on the side's page: a unit on the map (or its pick in the Orders tab),
a highlighted hex, the confirm bar's "Give ..." button; orders with no unit by their "Give ..." button.
No order goes through ``page.evaluate`` or the service: the test reads the pages, never writes them.
Beside the side's page another page is open (the spectators' or the other side's): each result is on it
within 1 s of the click at the median (``LIVE_MEDIAN``; one click within ``LIVE_SECONDS``), the time read from the page's own record of its data-version.

- Peiper: the US places a unit, moves it back, is ready, and plays its whole first turn against the bot
  (takes, moves, takes one back with Undo, ends), a double click giving one order.
- Scream, Aim, Fire!: the US rolls and assigns its order dice to units by clicks, ends; the German bot plays.
- Panzer Leader: the US places a unit and ends its set-up, plots indirect fire (shown on its page only,
  never on the German's or the spectators'), fires, ends, moves infantry and ends its movement.
- An SAF turn on a phone by taps; a stale page refused and redrawn; a bot-held side's page offering nothing.
"""

from __future__ import annotations

import json
import os
import re
import time
from typing import Any

from board_helpers import Running, bot_game
from test_board_browser import open_page

from engine.service import GameService

# Issue 37: every open page within 1 s. The median of a run is held to that; one click is held to
# LIVE_SECONDS, looser, since a loaded 2-core CI machine can stall one click (the figures are printed).
LIVE_MEDIAN = 1.0
LIVE_SECONDS = float(os.environ.get("UMPIRE_TEST_LIVE_SECONDS", "3.0"))
WAIT_MS = 60_000  # a decision of the bot, a page's fetch: generous on a loaded machine

# each page keeps the moments its data-version moved (read by the test; it gives nothing)
RECORD = """() => {
  window.__seen = [];
  const note = () => window.__seen.push([Number(document.body.dataset.version), Date.now()]);
  note();
  new MutationObserver(note).observe(document.body, {attributes: true, attributeFilter: ["data-version"]});
}"""
# the hexes highlighted for the picked unit that a click at their centre reaches (no button over them)
CLICKABLE_TARGETS = """() => Array.from(document.querySelectorAll("#targets g.target")).filter(g => {
  const r = g.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return hit && hit.closest("g.target") === g;
}).map(g => [g.dataset.hex, g.dataset.kinds])"""


class Stale(Exception):
    """The page was refused as stale (StaleVersion) and redrew: the step is taken again."""


class Table:
    """The side's page giving orders by clicks, the other open pages watching."""

    @classmethod
    def open(cls, browser: Any, board: Running, game_id: int, side: str, watchers: list[str],
             viewport: dict[str, int] | None = None) -> Table:
        return cls(page_for(browser, board.link(game_id, side), viewport),
                   [page_for(browser, board.link(game_id, w)) for w in watchers], touch=viewport is not None)

    def __init__(self, page: Any, others: list[Any], touch: bool = False) -> None:
        self.page, self.others = page, others
        self.touch = touch  # a phone: taps, not clicks
        self.latencies: list[float] = []
        self.stale = 0  # orders refused as the page was stale (redrawn, given again by the next step)
        self.given: list[str] = []

    def close(self) -> None:
        for p in [self.page, *self.others]:
            assert not p.errors, p.errors
            p.close()
            p.context.close()

    # --- what the page shows (read only) -----------------------------------------------------------
    def data(self, path: str) -> Any:
        return self.page.evaluate(f"() => {path}")

    def my_turn(self) -> bool:
        """Waits until the side has a decision (or the game is over); whether it has one."""
        self.page.wait_for_function("() => document.body.dataset.pending !== '1' && state.data && "
                                    "(state.data.view.result || (state.data.orders && state.data.orders.to_act))",
                                    timeout=WAIT_MS)
        return not self.data("state.data.view.result")

    def plain(self) -> list[str]:
        return self.page.eval_on_selector_all(".plainorders button.give", "bs => bs.map(b => b.textContent)")

    # --- clicks ------------------------------------------------------------------------------------
    def press(self, target: Any, force: bool = False) -> None:
        """A click, or a tap on a phone."""
        (target.tap if self.touch else target.click)(force=force)

    def give(self, click: Any, what: str) -> str:
        """Clicks (``click``), then waits for the page's answer; each other page shows the result within
        LIVE_SECONDS. The page's words come back."""
        page = self.page
        sent = int(page.get_attribute("body", "data-sent") or 0)
        drawn = int(page.get_attribute("body", "data-version") or 0)
        start = page.evaluate("Date.now()")
        click()
        page.wait_for_function("n => Number(document.body.dataset.sent || 0) > n", arg=sent, timeout=WAIT_MS)
        said = page.inner_text("#said")
        if "moved on" in said:  # the game moved (a bot) after the page was drawn: refused, the page redraws
            page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=drawn, timeout=WAIT_MS)
            self.stale += 1
            raise Stale(what)
        assert "said-ok" in (page.get_attribute("#said", "class") or ""), (what, said)
        version = int(page.get_attribute("body", "data-given") or 0)
        page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=version, timeout=WAIT_MS)
        for other in self.others:
            other.wait_for_function("v => window.__seen.some(([x]) => x >= v)", arg=version, timeout=WAIT_MS)
            seen = other.evaluate("v => window.__seen.find(([x]) => x >= v)[1]", version)
            self.latencies.append((seen - start) / 1000)
            assert (seen - start) / 1000 < LIVE_SECONDS, (what, seen - start)
        self.given.append(what)
        if len(self.latencies) >= 5:  # the median of the run so far, once it says something
            assert sorted(self.latencies)[len(self.latencies) // 2] < LIVE_MEDIAN, ("median", self.latencies)
        return said

    def give_plain(self, label: str, *, double: bool = False) -> str:
        """An order with no unit, by its button ('Give end', 'Give roll')."""
        self.press(self.page.locator("#tabs button[data-tab='orders']"))
        button = self.page.get_by_role("button", name=f"Give {label}", exact=True)
        return self.give(button.dblclick if double else lambda: self.press(button), label)

    def pick(self, unit: str) -> list[tuple[str, str]]:
        """Picks a unit: a click on its counter where it is on the map and reachable, else its pick in the
        Orders tab; its orders' hexes come back (those a click reaches) as (hex, kinds)."""
        page = self.page
        page.keyboard.press("Escape")  # no unit picked before: a click on a counter picks, never gives
        where = "" if self.touch else page.evaluate("id => (state.data.view.units.find(u => u.id === id) || {}).hex || ''", unit)
        clicked = False
        if where:
            top = page.locator(f"g.stack[data-hex='{where}'] rect").last
            box = top.bounding_box()
            if box and page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('#board')",
                                     [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]):
                self.press(top, force=True)
                if page.get_attribute("body", "data-unit") != unit:  # a stack of several: the unit's pick there
                    self.press(page.locator(f"#tab-stack button.pickunit[data-unit='{unit}']"))
                clicked = True
        if not clicked:
            self.press(page.locator("#tabs button[data-tab='orders']"))
            self.press(page.get_by_role("button", name=f"Orders of {unit}", exact=True))
        page.wait_for_function("u => document.body.dataset.picked === u", arg=unit, timeout=WAIT_MS)
        return [(h, k) for h, k in page.evaluate(CLICKABLE_TARGETS)]

    def choose(self, hex_label: str, order: str) -> str:
        """A click on a highlighted hex, then on the confirm bar's button of the order named ``order``."""
        self.press(self.page.locator(f"#targets g.target[data-hex='{hex_label}'] polygon"), force=True)
        self.page.wait_for_selector("#confirm:not([hidden])")
        button = self.page.locator(f"#confirm button[aria-label^={json.dumps('Give ' + order)}]")  # its accessible name
        return self.give(lambda: self.press(button.first), order)

    def unit_order(self, kinds: tuple[str, ...] = ()) -> str | None:
        """Some unit's order by clicks: the first unit (of those with orders) with a highlighted hex whose
        orders are of ``kinds`` (any, if none named). None if no unit has one."""
        units = list(self.data("Object.keys(state.data.orders.units || {})"))
        for unit in units[:8]:
            for hex_label, got in self.pick(unit):
                kind = next((k for k in got.split() if not kinds or k in kinds), None)
                if kind:
                    return self.choose(hex_label, f"{kind} {unit}")
            self.page.keyboard.press("Escape")  # nothing to give for this one: dropped, the next unit
        return None


def page_for(browser: Any, url: str, viewport: dict[str, int] | None = None) -> Any:
    page = open_page(browser, url) if viewport is None else phone_page(browser, url, viewport)
    page.evaluate(RECORD)
    return page


def phone_page(browser: Any, url: str, viewport: dict[str, int]) -> Any:
    return open_page(browser, url, viewport=viewport, has_touch=True, is_mobile=True, device_scale_factor=2)


def no_order_ui(page: Any) -> None:
    """The spectators' page offers no order: no Orders tab, no Give or Undo button, no unit to pick."""
    assert page.locator("#tabs button[data-tab='orders']").is_hidden()
    assert page.get_by_role("button", name=re.compile("^(Give|Undo)")).count() == 0
    assert page.locator("button.pickunit").count() == 0


def test_a_whole_peiper_turn_for_the_us_by_clicks(service: GameService, board: Running, browser: Any) -> None:
    game_id = bot_game(service, "peiper", "contest", humans=("us",))
    service.run_bots(game_id)  # the bot's side before the US's first decision
    table = Table.open(browser, board, game_id, "us", ["spectator"])
    try:
        page, spectators = table.page, table.others[0]
        assert table.my_turn() and table.data("state.data.view.phase") == "setup"
        no_order_ui(spectators)
        # set-up: place a unit, then move it back (placed again elsewhere)
        spots = table.pick("CCR/3/1")
        assert len(spots) > 10 and all("place" in k for _, k in spots)
        first, second = spots[len(spots) // 2][0], spots[len(spots) // 2 + 1][0]
        table.choose(first, f"place CCR/3/1 at {first}")
        spectators.wait_for_selector(f"g.stack[data-hex='{first}']")
        spots = table.pick("CCR/3/1")  # on the map now: a click on its counter
        assert second in [h for h, _ in spots]
        table.choose(second, f"place CCR/3/1 at {second}")
        spectators.wait_for_selector(f"g.stack[data-hex='{second}']")
        assert spectators.locator(f"g.stack[data-hex='{first}']").count() == 0
        readies = len([e for e in service.log(game_id) if (e.action or {}).get("kind") == "ready"])
        table.give_plain("ready", double=True)  # a double click gives one order
        assert len([e for e in service.log(game_id) if (e.action or {}).get("kind") == "ready"]) == readies + 1
        # the first turn, to its end: take when it may, move two units an activation (one taken back), end
        turn, moved, undone, steps = None, 0, False, 0
        while table.my_turn() and steps < 40:
            steps += 1
            view = table.data("({turn: state.data.view.turn, phase: state.data.view.phase})")
            turn = view["turn"] if turn is None else turn
            if view["turn"] > turn:
                break
            plain = table.plain()
            if view["phase"] != "activate":
                moved = 0
            takes = [p for p in plain if p.startswith("take")]
            try:
                if takes:
                    table.give_plain(takes[0])
                elif view["phase"] == "activate" and moved < 2 and table.unit_order(("move",)):
                    moved += 1
                    if not undone:  # the page's Undo takes it back and names it
                        page.click("#tabs button[data-tab='orders']")
                        said = table.give(page.get_by_role("button", name="Undo my last order").click, "undo")
                        assert said.startswith("Undone") and "move" in said, said
                        undone = True
                else:
                    table.give_plain(next(p for p in ("end", "pass", "draw", "ready") if p in plain))
            except Stale:
                continue  # redrawn: the step again, from what the page shows now
        assert undone and table.data("state.data.view.turn") > turn, table.given
        assert any(g.startswith("move") for g in table.given)
        no_order_ui(spectators)
        print(f"Peiper: {len(table.given)} orders by clicks ({table.stale} refused as stale, given again); the "
              f"spectators' page had each in at most {max(table.latencies) * 1000:.0f} ms "
              f"(median {sorted(table.latencies)[len(table.latencies) // 2] * 1000:.0f})")
    finally:
        table.close()


def test_an_saf_turn_by_clicks_dice_to_units(service: GameService, board: Running, browser: Any) -> None:
    game_id = bot_game(service, "saf", "1", humans=("us",))
    service.run_bots(game_id)
    table = Table.open(browser, board, game_id, "us", ["ge", "spectator"])
    try:
        page = table.page
        assert table.my_turn()
        table.give_plain("roll")  # set-up as it stands; the turn's dice rolled
        assert table.my_turn() and table.data("state.data.view.phase") == "orders"
        assert "orders" in page.inner_text("#phase")  # the phase now, not the set-up's map drawn
        page.click("#tabs button[data-tab='orders']")
        assert "order dice" in page.inner_text("#tab-orders p.status")  # the dice to assign, in sight
        # every order listed has its Give button, named for exactly that order
        named = page.eval_on_selector_all("#tab-orders li.order", "ls => ls.map(l => [l.querySelector('button.give')"
                                          ".getAttribute('aria-label'), l.querySelector('.olabel').textContent.trim()])")
        assert named and all(give == f"Give {label}" for give, label in named), named[:3]
        dice = list(table.data("state.data.view.score.dice"))
        assert dice
        # a die to a unit, by clicks: the unit, a highlighted hex, the confirm bar's order of that die
        said = table.unit_order(("order",))
        assert said and "die:" in said, said
        left = list(table.data("state.data.view.score.dice"))
        assert len(left) == len(dice) - 1, (dice, left)
        table.given.append(str(table.unit_order(("order",))))
        table.give_plain("end")
        turn = table.data("state.data.view.turn")
        assert table.my_turn()  # the German bot has played: the next turn's roll is the US's
        assert table.data("state.data.view.turn") > turn or table.data("state.data.view.phase") == "roll"
        for other in table.others:
            assert other.get_by_role("button", name=re.compile("^Give")).count() == 0  # not their decision
        print(f"SAF: {len(table.given)} orders by clicks; the other pages had each in at most "
              f"{max(table.latencies) * 1000:.0f} ms")
    finally:
        table.close()


def test_a_pl_fire_and_movement_with_a_secret_plot_by_clicks(service: GameService, board: Running,
                                                            browser: Any) -> None:
    game_id = bot_game(service, "pl", "utah", humans=("us",))
    service.run_bots(game_id)  # the German set-up
    table = Table.open(browser, board, game_id, "us", ["ge", "spectator"])
    try:
        page, german, spectators = table.page, *table.others
        assert table.my_turn() and table.data("state.data.view.phase") == "setup"
        # set-up by clicks: a unit placed on a highlighted hex (its pick in the Orders tab or on the map)
        unit = table.data("Object.keys(state.data.orders.units)[0]")
        spots = table.pick(unit)
        assert spots and all("place" in k for _, k in spots), spots
        spot = spots[len(spots) // 2][0]
        table.choose(spot, f"place {unit} at {spot}")
        assert service.state(game_id).units[unit].hex == spot
        german.wait_for_function("h => state.data.view.units.some(u => u.hex === h)", arg=spot)  # the German sees it
        table.give_plain("end")  # the rest of the Allied set-up as it stands
        assert table.my_turn() and table.data("state.data.view.phase") == "combat"
        assert "Combat" in page.inner_text("#phase")
        # the plot: M1 picked, 0810 highlighted with both its orders, the indirect one given
        spots = dict(table.pick("M1"))
        assert "indirect" in spots.get("0810", ""), spots
        table.choose("0810", "indirect M1 target 0810")
        assert service.state(game_id).indirect
        page.wait_for_selector("#plots g.plotmark[data-hex='0810']")
        page.click("#tabs button[data-tab='orders']")
        assert "indirectly at 0810" in page.inner_text("#tab-orders .plots")
        # a fire, then the end of the fire phase; the movement: infantry moved, then its end
        assert table.unit_order(("fire",))
        table.give_plain("end")
        while table.my_turn() and table.data("state.data.view.phase") == "move_vehicles":
            if not table.unit_order(("move",)):
                table.give_plain("end")
        assert table.data("state.data.view.phase") == "move_infantry"
        moves = len(table.given)
        assert table.unit_order(("move",))
        table.give_plain("end")
        assert len(table.given) == moves + 2 and table.data("state.data.view.phase") == "assault"
        # the plot stays the US's secret: never on the German's page nor the spectators'
        time.sleep(0.5)
        for other in (german, spectators):
            assert other.locator("#plots g.plotmark").count() == 0
            assert "indirectly at 0810" not in other.content()
            assert not other.evaluate("() => (state.data.plots || []).length")
        no_order_ui(spectators)
        print(f"PL: {len(table.given)} orders by clicks; the other pages had each in at most "
              f"{max(table.latencies) * 1000:.0f} ms")
    finally:
        table.close()


def test_an_saf_turn_on_a_phone_by_taps(service: GameService, board: Running, browser: Any) -> None:
    """The page at a phone's size (390 x 844, touch): picks in the Orders tab zoom the map to the unit,
    a tap on a hex and one on its Give button give the order; nothing runs off the screen's side."""
    game_id = bot_game(service, "saf", "1", humans=("us",))
    service.run_bots(game_id)
    table = Table.open(browser, board, game_id, "us", ["spectator"], viewport={"width": 390, "height": 844})
    try:
        page = table.page
        assert table.my_turn()
        table.give_plain("roll")
        assert table.my_turn() and table.data("state.data.view.phase") == "orders"
        whole = table.data("state.zoom.w")
        said = table.unit_order(("order",))
        assert said and "die:" in said, said
        assert table.data("state.zoom.w") < whole / 2  # the pick zoomed to the unit: hexes big enough to tap
        table.give_plain("end")
        assert table.my_turn()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        heights = page.eval_on_selector_all("#tab-orders button.give", "bs => bs.map(b => b.getBoundingClientRect().height)")
        assert heights and min(heights) >= 36, heights  # a finger's size
        print(f"SAF on a phone: {len(table.given)} orders by taps; the spectators' page had each in at most "
              f"{max(table.latencies) * 1000:.0f} ms")
    finally:
        table.close()


def test_a_bot_held_sides_page_offers_no_order(service: GameService, board: Running, browser: Any) -> None:
    """A side the bot holds: its page says so and offers no order (the server would refuse one)."""
    game_id = bot_game(service, "saf", "1", humans=())
    page = page_for(browser, board.link(game_id, "us"))
    try:
        page.click("#tabs button[data-tab='orders']")
        assert "bot holds" in page.inner_text("#tab-orders .why-not")
        assert page.get_by_role("button", name=re.compile("^(Give|Undo)")).count() == 0
        assert page.locator("button.pickunit").count() == 0
        assert not page.errors
    finally:
        page.close()


def test_a_stale_page_is_refused_and_redraws(service: GameService, board: Running, browser: Any) -> None:
    """Two pages of the US, the second deaf to the live stream (its events blocked): an order from the
    first moves the game; the second's order, given from the version it still shows, is refused as stale
    (nothing applied), the page says so and redraws; given again from the new drawing, it goes through."""
    game_id = bot_game(service, "peiper", "contest", humans=("us",))
    service.run_bots(game_id)
    first = Table.open(browser, board, game_id, "us", [])
    deaf = open_page(browser, board.link(game_id, "us"))
    deaf.route("**/events", lambda route: route.abort())
    deaf.reload()
    deaf.wait_for_selector("body[data-ready='1']")
    second = Table(deaf, [])
    try:
        spots = [h for h, _ in first.pick("CCR/3/1")]
        assert [h for h, _ in second.pick("CCR/3/1")] == spots
        first.choose(spots[0], f"place CCR/3/1 at {spots[0]}")
        placed = [e for e in service.log(game_id) if (e.action or {}).get("kind") == "place"]
        try:
            second.choose(spots[1], f"place CCR/3/1 at {spots[1]}")
            raise AssertionError("a stale page's order went through")
        except Stale:
            pass
        assert "moved on" in deaf.inner_text("#said")
        assert [e for e in service.log(game_id) if (e.action or {}).get("kind") == "place"] == placed
        assert service.state(game_id).units["CCR/3/1"].hex == spots[0]
        assert int(deaf.get_attribute("body", "data-version") or 0) == service.info(game_id).version  # redrawn
        second.pick("CCR/3/1")
        second.choose(spots[1], f"place CCR/3/1 at {spots[1]}")
        assert service.state(game_id).units["CCR/3/1"].hex == spots[1]
    finally:
        first.close()
        deaf.close()
        deaf.context.close()
