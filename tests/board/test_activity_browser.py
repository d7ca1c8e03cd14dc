"""The board's Discord Activity in a real browser (Debian's Chromium, Playwright): a parent page standing for
the Discord client (at https://discord.com, served by the test) frames the board's Activity page and answers
the Embedded App SDK's frame messages (the handshake, READY, AUTHORIZE with a code the fake Discord made).
A seated player signs in, sees their own side and gives an order; a user with no seat sees the spectators'
view; every request of the frame goes to the board's own origin (the SDK is vendored)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
from activity_helpers import Threaded, discord_game, start_in_thread
from board_helpers import chromium_path

from engine.service import GameService

PARENT = "https://discord.com/activities/umpire-test"
SDK = os.path.join(os.path.dirname(__file__), "..", "..", "bot", "board", "static", "vendor", "discord-sdk.mjs")

# The Discord client's side of the SDK's protocol (postMessage of [opcode, payload]): HANDSHAKE (0) is
# answered with the READY dispatch; a FRAME (1) command AUTHORIZE with the code given to this page.
PARENT_HTML = """<!doctype html><html><body style="margin:0">
<iframe id="activity" src="%(src)s" style="width:1280px;height:820px;border:0"></iframe>
<script>
window.__seen = [];
const frame = document.getElementById("activity");
window.addEventListener("message", e => {
  if (e.source !== frame.contentWindow || !Array.isArray(e.data)) return;
  const [op, payload] = e.data;
  window.__seen.push(op === 1 ? payload.cmd : "op" + op);
  if (op === 0) {
    window.__handshake = payload;
    frame.contentWindow.postMessage([1, {cmd: "DISPATCH", evt: "READY", nonce: null,
      data: {v: 1, config: {api_endpoint: "//discord.com/api", environment: "production"}}}], "*");
  } else if (op === 1 && payload.cmd === "AUTHORIZE") {
    window.__authorize = payload.args;
    frame.contentWindow.postMessage([1, {cmd: "AUTHORIZE", evt: null, nonce: payload.nonce,
      data: {code: %(code)s}}], "*");
  }
});
</script></body></html>"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium that lets a public page (the client at https://discord.com) frame the board on the loopback
    (its Local Network Access checks off: in production the board is public, behind Discord's proxy)."""
    path = chromium_path()
    if not path:
        pytest.skip("no Chromium here (Debian's chromium; .ci/run installs it): the Activity's browser tests skip")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=[
            "--no-sandbox", "--disable-gpu", "--disable-features=LocalNetworkAccessChecks,"
            "PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests"])
        yield b
        b.close()


@pytest.fixture
def activity(service: GameService) -> Iterator[Threaded]:
    if not os.path.exists(SDK):
        pytest.skip("the SDK bundle is absent (make vendor-sdk writes bot/board/static/vendor/discord-sdk.mjs)")
    running = start_in_thread(service)
    yield running
    running.stop()


def open_activity(browser: Any, running: Threaded, user: dict[str, Any], channel: dict[str, Any]) -> Any:
    """The Activity opened by ``user`` in ``channel``: the parent page, its frame, the requests made."""
    fake = running.signin.fake
    code = fake.oauth.code_for(user)
    query = (f"?frame_id=frame-1&instance_id=i-1&platform=desktop&channel_id={channel['id']}"
             f"&guild_id={channel.get('guild_id')}")
    html = PARENT_HTML % {"src": running.signin.base + "/" + query, "code": json.dumps(code)}
    page = browser.new_page(viewport={"width": 1300, "height": 860})
    page.requests_made = []
    page.errors = []
    page.on("request", lambda r: page.requests_made.append(r.url))
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.route(PARENT, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    page.goto(PARENT)
    frame = page.frame_locator("#activity")
    frame.locator("body[data-ready='1']").wait_for(timeout=20_000)
    return page, frame


def _frame(page: Any) -> Any:
    return next(f for f in page.frames if f.url.startswith("http://127.0.0.1"))


def test_a_seated_player_signs_in_sees_their_side_and_gives_an_order(service: GameService, browser: Any,
                                                                    activity: Threaded) -> None:
    fake = activity.signin.fake
    game_id = discord_game(service, fake)
    page, frame = open_activity(browser, activity, fake.alice, fake.channel)
    try:
        inner = _frame(page)
        assert f"/a/{game_id}/us/" in inner.url
        assert inner.evaluate("state.data.viewer") == "us"
        assert page.evaluate("window.__handshake.client_id") == activity.signin.client_id
        assert page.evaluate("window.__authorize.scope") == ["identify", "guilds"]
        frame.locator("#tabs button[data-tab='orders']").click()
        before = service.info(game_id).version
        inner.evaluate("const d = document.querySelector('#tab-orders details.ordergroup'); d.open = true;"
                       "d.querySelector('button.give').click()")
        inner.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before, timeout=20_000)
        assert service.info(game_id).version > before
        log = service.log(game_id)
        assert log and log[-1].actor == fake.alice["id"]  # the order is the signed-in player's
        page.screenshot(path=os.path.join(os.environ.get("UMPIRE_SHOTS", "/tmp"), "activity-player.png"))
        board = activity.signin.base
        strays = [u for u in page.requests_made if not (u.startswith(board + "/") or u == PARENT)]
        assert strays == []  # no third-party request: the SDK is the board's own file
        assert any(u.startswith(board + "/static/vendor/discord-sdk.mjs") for u in page.requests_made)
        assert not page.errors, page.errors
    finally:
        page.close()


def test_a_user_without_a_seat_sees_the_spectators_view(service: GameService, browser: Any,
                                                       activity: Threaded) -> None:
    fake = activity.signin.fake
    game_id = discord_game(service, fake)
    page, frame = open_activity(browser, activity, fake.carol, fake.channel)
    try:
        inner = _frame(page)
        assert f"/a/{game_id}/spectator/" in inner.url
        assert inner.evaluate("state.data.viewer") == "spectator"
        assert frame.locator("#tabs button[data-tab='orders']").is_hidden()
        page.screenshot(path=os.path.join(os.environ.get("UMPIRE_SHOTS", "/tmp"), "activity-spectator.png"))
        assert not page.errors, page.errors
    finally:
        page.close()


def test_a_channel_of_several_games_asks_which(service: GameService, browser: Any, activity: Threaded) -> None:
    fake = activity.signin.fake
    discord_game(service, fake)
    second = discord_game(service, fake)
    page = browser.new_page(viewport={"width": 1300, "height": 860})
    try:
        code = fake.oauth.code_for(fake.bob)
        query = f"?frame_id=f&instance_id=i&platform=desktop&channel_id={fake.channel['id']}&guild_id={fake.guild_id}"
        html = PARENT_HTML % {"src": activity.signin.base + "/" + query, "code": json.dumps(code)}
        page.route(PARENT, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
        page.goto(PARENT)
        frame = page.frame_locator("#activity")
        choice = frame.locator(f"#activity-games button[data-game='{second}']")
        choice.wait_for(timeout=20_000)
        page.screenshot(path=os.path.join(os.environ.get("UMPIRE_SHOTS", "/tmp"), "activity-choose.png"))
        choice.click()
        frame.locator("body[data-ready='1']").wait_for(timeout=20_000)
        assert f"/a/{second}/ge/" in _frame(page).url
    finally:
        page.close()
