"""A board under a path of the operator's site (UMPIRE_BOARD_URL ``https://example.org/umpire``, docs/discord.md):
the page finds its token as the last part of its own path, wherever the path begins, so its orders carry
the right ``X-Umpire-Token`` (issue 37). In Chromium, the page opened at ``/umpire/b/...`` with the browser's
requests under ``/umpire`` handed to the board as a reverse proxy would (the prefix taken off)."""

from __future__ import annotations

from typing import Any

from board_helpers import Running, bot_game

from engine.service import GameService

PREFIX = "/umpire"


def test_a_page_under_a_path_prefix_gives_its_orders(service: GameService, board: Running, browser: Any) -> None:
    game_id = bot_game(service, "saf", "1", humans=("us",))
    service.run_bots(game_id)
    version = service.info(game_id).version
    link = board.link(game_id, "us")
    origin = "/".join(link.split("/")[:3])
    prefixed = origin + PREFIX + link.removeprefix(origin)
    context = browser.new_context()
    page = context.new_page()

    def proxy(route: Any) -> None:  # the operator's reverse proxy: /umpire/... to the board's /...
        url = route.request.url
        if url.endswith("/events"):
            route.abort()  # a stream would never end here: the page falls back to reading its data
            return
        route.fulfill(response=route.fetch(url=url.replace(origin + PREFIX, origin, 1)))

    page.route(origin + PREFIX + "/**", proxy)
    try:
        page.goto(prefixed)
        page.wait_for_function("() => state.data && state.data.orders && state.data.orders.to_act", timeout=30_000)
        page.click("#tabs button[data-tab='orders']")
        page.get_by_role("button", name="Give roll", exact=True).click()
        page.wait_for_function("() => Number(document.body.dataset.sent || 0) > 0", timeout=30_000)
        said = page.inner_text("#said")
        assert "said-ok" in (page.get_attribute("#said", "class") or ""), said
        assert service.info(game_id).version > version
    finally:
        context.close()
