"""The board in a real browser (Debian's Chromium driven by Playwright): every unit of every game is on its
page, a click opens a stack, another player's order reaches an open page without a reload, a scrubbed
phase shows that phase's overlays, and a tampered or revoked link shows a refusal, not a game."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from board_helpers import Running, bot_game, get

from engine.game import Action
from engine.service import GameService
from engine.service import board_links as links

GAMES = [("peiper", "contest"), ("saf", "1"), ("pl", "utah")]


def open_page(browser: Any, url: str, **context: Any) -> Any:
    """A page drawn and ready (a desktop's size, or a context's own: a phone's, touch)."""
    page = browser.new_context(**context).new_page() if context else browser.new_page(viewport={"width": 1300, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", timeout=15_000)
    page.errors = errors
    return page


@pytest.mark.parametrize(("game", "scenario"), GAMES)
def test_every_unit_of_the_view_is_on_the_page(service: GameService, board: Running, browser: Any,
                                               game: str, scenario: str) -> None:
    game_id = bot_game(service, game, scenario)
    service.run_bots(game_id, limit=12)
    view = service.view(game_id, None)
    page = open_page(browser, board.link(game_id))
    try:
        on_map = [u for u in view["units"] if u["hex"]]
        counts = page.eval_on_selector_all("g.stack", "gs => gs.map(g => Number(g.dataset.count))")
        assert sum(counts) == len(on_map)
        titles = " | ".join(page.eval_on_selector_all("g.stack > title", "ts => ts.map(t => t.textContent)"))
        assert all(u["name"] in titles for u in on_map)
        page.click("#tabs button[data-tab='game']")
        off = page.eval_on_selector_all("#tab-game li.unit", "ls => ls.map(l => l.dataset.unit)")
        assert sorted(off) == sorted(u["id"] for u in view["units"] if not u["hex"])
        assert not page.errors
    finally:
        page.close()


def test_a_click_opens_a_stack_listing_every_unit(service: GameService, board: Running, browser: Any) -> None:
    game_id = bot_game(service, "pl", "utah")
    service.run_bots(game_id, limit=12)
    view = service.view(game_id, None)
    by_hex: dict[str, list[str]] = {}
    for u in view["units"]:
        if u["hex"]:
            by_hex.setdefault(u["hex"], []).append(u["id"])
    label, ids = max(by_hex.items(), key=lambda kv: len(kv[1]))
    assert len(ids) > 1, "a stack to open"
    page = open_page(browser, board.link(game_id))
    try:
        page.click(f"g.stack[data-hex='{label}'] rect", force=True)
        listed = page.eval_on_selector_all("#tab-stack li.unit", "ls => ls.map(l => l.dataset.unit)")
        assert sorted(listed) == sorted(ids)
        assert label in page.inner_text("#tab-stack h2")
        values = page.inner_text("#tab-stack")
        assert all("-".join(str(v) for v in u["values"]) in values for u in view["units"] if u["hex"] == label)
    finally:
        page.close()


def test_another_players_order_reaches_an_open_page_without_reload(service: GameService, board: Running,
                                                                  browser: Any) -> None:
    game_id = bot_game(service, "peiper", "contest", humans=("us", "ge"))
    page = open_page(browser, board.link(game_id))
    try:
        page.evaluate("window.__stayed = 'yes'")  # gone if the page reloads
        before = int(page.get_attribute("body", "data-version") or 0)
        service.submit(game_id, "us", Action("ready"), "u-us")
        start = time.monotonic()
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before, timeout=5_000)
        elapsed = time.monotonic() - start
        assert page.evaluate("window.__stayed") == "yes"
        assert page.inner_text("#live") == "live"
        print(f"order reached the open page in {elapsed * 1000:.0f} ms")
        assert elapsed < 5  # the benchmark (umpire bench board) prints the figure; this only catches a stall
    finally:
        page.close()


def test_a_scrubbed_phase_shows_that_phases_overlays(service: GameService, board: Running, browser: Any) -> None:
    game_id = bot_game(service, "peiper", "contest")
    service.run_bots(game_id, limit=60)
    link = board.link(game_id)
    phases = json.loads(get(link + "data")[1])["phases"]
    counts = {p["number"]: len(json.loads(get(f"{link}phase/{p['number']}")[1])["view"]["overlays"]) for p in phases}
    busy = max(counts, key=lambda n: counts[n])
    quiet = min(counts, key=lambda n: counts[n])
    assert counts[busy] > counts[quiet], counts
    page = open_page(browser, link)
    try:
        for number in (busy, quiet, busy):
            page.click(f"#strip button[data-phase='{number}']")
            page.wait_for_function("n => document.querySelector(`#strip button[data-phase='${n}']`)"
                                   ".classList.contains('on')", arg=number)
            assert int(page.get_attribute("#overlays", "data-count") or -1) == counts[number]
            assert f"Phase {number}" in page.inner_text("#phase")
            # the log lists the phase's entries: those of this phase are marked, no other
            marked = page.eval_on_selector_all("#tab-log li.entry.inphase .phaselink",
                                               "bs => bs.map(b => Number(b.dataset.phase))")
            assert marked and set(marked) == {number}
        page.click("#strip button.phase-now")
        assert "Phase" not in page.inner_text("#phase").split(" - ")[0]
    finally:
        page.close()


def test_a_tampered_or_revoked_link_shows_a_refusal(service: GameService, board: Running, browser: Any) -> None:
    game_id = bot_game(service, "saf", "1")
    link = board.link(game_id)
    token = link.rstrip("/").rsplit("/", 1)[1]
    page = browser.new_page()
    try:
        response = page.goto(link.replace(token, token[::-1]))
        assert response.status == 403 and "not valid" in page.inner_text("body")
        links.revoke(service.engine, game_id)
        response = page.goto(link)
        assert response.status == 403 and "revoked" in page.inner_text("body")
        assert "Scream" not in page.content()
    finally:
        page.close()


def test_the_charts_are_at_hand_and_a_hover_names_the_terrains_effects(service: GameService, board: Running,
                                                                      browser: Any) -> None:
    from engine import registry

    game_id = bot_game(service, "pl", "utah")
    rules = registry.get("pl")
    crt = next(c for c in rules.charts(service.state(game_id)) if c.key == "crt")
    view = service.view(game_id, None)
    gmap_woods = next(h for h in json.loads(get(board.link(game_id) + "map")[1])["hexes"] if h["t"] == "woods")
    page = open_page(browser, board.link(game_id))
    try:
        page.click("#tabs button[data-tab='charts']")
        rows = page.eval_on_selector_all("section[data-chart='crt'] tr", "rs => rs.map(r => r.innerText)")
        assert len(rows) == len(crt.rows) + 1 and "4-1" in rows[0]
        assert page.locator("section[data-chart='tec']").count() == 1
        assert page.locator("section[data-chart='wec']").count() == 1
        page.locator(f"polygon.hex[data-hex='{gmap_woods['l']}']").hover(force=True)
        tip = page.inner_text("#tip")
        assert gmap_woods["l"] in tip and "vehicles no entry" in tip, tip
        assert view["title"]
    finally:
        page.close()


def test_a_sides_page_shows_an_orders_odds_on_a_click(service: GameService, board: Running, browser: Any) -> None:
    from test_board_odds import to_an_attack

    game_id = bot_game(service, "peiper", "contest", humans=("us", "ge"))
    side, index = to_an_attack(service, game_id)
    page = open_page(browser, board.link(game_id, side))
    try:
        page.click("#tabs button[data-tab='orders']")
        order = page.locator(f"li.order[data-i='{index}']")
        page.evaluate("i => document.querySelector(`li.order[data-i='${i}']`).closest('details').open = true", index)
        order.locator("button.oddsbtn").click()
        page.wait_for_selector(f"li.order[data-i='{index}'] .oddsrow", timeout=20_000)
        rows = order.locator(".oddsrow").all_inner_texts()
        assert rows and all("%" in r for r in rows) and any("reduced" in r for r in rows), rows
        total = sum(int(r.split("%")[0].strip().lstrip("~")) for r in rows if "choice" not in r)
        assert total >= 50, rows  # marginals: a draw may change two things at once
    finally:
        page.close()


def test_a_redraw_keeps_the_order_groups_the_player_opened(service: GameService, board: Running, browser: Any) -> None:
    """A live update redraws the orders; the group the player opened stays open, one they closed stays
    closed (before, every redraw closed them all, and the update the stream opens with could close one
    just opened; then the first try at issue 37 opened every group of orders with no unit on each redraw,
    whatever the player had done)."""
    from test_board_odds import to_an_attack

    game_id = bot_game(service, "peiper", "contest", humans=("us", "ge"))
    side, index = to_an_attack(service, game_id)
    page = open_page(browser, board.link(game_id, side))
    try:
        page.click("#tabs button[data-tab='orders']")
        page.evaluate("i => document.querySelector(`li.order[data-i='${i}']`).closest('details').open = true", index)
        assert page.locator("details.ordergroup").count() > 1
        # the orders with no unit (Peiper's end) are buttons in sight, never a group a redraw opens
        plain = page.locator(".plainorders button.give")
        assert plain.count() >= 1 and plain.first.is_visible()
        assert all(n.startswith("Give ") for n in plain.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))"))
        page.evaluate("drawOrders(state.data)")
        assert page.locator(f"li.order[data-i='{index}'] button.oddsbtn").is_visible()
        assert page.locator("details.ordergroup[open]").count() == 1
        # and a group the player closes stays closed through the next redraw
        page.evaluate("i => document.querySelector(`li.order[data-i='${i}']`).closest('details').open = false", index)
        page.evaluate("drawOrders(state.data)")
        assert page.locator("details.ordergroup[open]").count() == 0
    finally:
        page.close()


def test_an_older_version_never_replaces_a_newer_one(service: GameService, board: Running, browser: Any) -> None:
    """The page fetches the game after its own order while the live stream may still bring the version
    before it: drawn back to that one, the page offered orders the server refused as stale (seen in the
    Peiper turn played by clicks, issue 37). An older version is now never drawn."""
    game_id = bot_game(service, "peiper", "contest", humans=("us", "ge"))
    page = open_page(browser, board.link(game_id, "us"))
    try:
        service.submit(game_id, "us", Action("ready"), "u-us")
        page.wait_for_function("() => Number(document.body.dataset.version) > 0", timeout=5_000)
        now = int(page.get_attribute("body", "data-version") or 0)
        older = page.evaluate("() => { const d = JSON.parse(JSON.stringify(state.data)); d.version -= 1;"
                              " d.orders = {to_act: true, groups: [], count: 0, cut: 0, units: {}}; return d; }")
        page.evaluate("d => onGame(d)", older)
        assert int(page.get_attribute("body", "data-version") or 0) == now
        assert page.evaluate("() => state.data.version") == now
    finally:
        page.close()
