"""Screenshots of the live board for docs/images: ``python tools/board_screenshots.py [folder]``.

Plays a few phases of each game with bots on every seat in a scratch database, serves it with the real
board server and photographs it in Debian's Chromium (Playwright): each game's page, an open Panzer
Leader stack, the charts, and a phone-sized page.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "board"))

from board_helpers import bot_game, serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_board_odds import to_an_attack  # noqa: E402

from bot.board.server import Limits  # noqa: E402
from engine.service import GameService  # noqa: E402


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="umpire-shots-"))
    service = GameService(f"sqlite:///{folder / 'shots.db'}")
    games = {"peiper": bot_game(service, "peiper", "contest", seed=4), "saf": bot_game(service, "saf", "1", seed=4),
             "pl": bot_game(service, "pl", "utah", seed=4)}
    for name, game in games.items():
        service.run_bots(game, limit={"peiper": 60, "saf": 40, "pl": 60}[name])
    duel = bot_game(service, "peiper", "contest", humans=("us", "ge"))
    side, index = to_an_attack(service, duel)
    chromium = shutil.which("chromium")
    assert chromium, "Debian's chromium is needed"
    for running in serve(service, Limits(burst=1000, per_second=100)):
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for name, game in games.items():
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(running.link(game))
                page.wait_for_selector("body[data-ready='1']")
                page.screenshot(path=str(out / f"board-{name}.png"))
                if name == "pl":
                    stack = page.eval_on_selector_all(
                        "g.stack", "gs => gs.sort((a, b) => b.dataset.count - a.dataset.count)[0].dataset.hex")
                    for _ in range(3):
                        page.click("#zoom-in")
                    page.click(f"g.stack[data-hex='{stack}'] rect", force=True)
                    page.screenshot(path=str(out / "board-pl-stack.png"))
                    page.click("#tabs button[data-tab='charts']")
                    page.screenshot(path=str(out / "board-pl-charts.png"))
                page.close()
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(running.link(duel, side))
            page.wait_for_selector("body[data-ready='1']")
            page.click("#tabs button[data-tab='orders']")
            page.evaluate("i => document.querySelector(`li.order[data-i='${i}']`).closest('details').open = true",
                          index)
            page.click(f"li.order[data-i='{index}'] button.oddsbtn")
            page.wait_for_selector(f"li.order[data-i='{index}'] .oddsrow", timeout=30_000)
            page.screenshot(path=str(out / "board-odds.png"))
            page.close()
            phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
            phone.goto(running.link(games["peiper"], "us"))
            phone.wait_for_selector("body[data-ready='1']")
            phone.screenshot(path=str(out / "board-phone.png"))
            browser.close()
    service.engine.dispose()
    for f in sorted(out.glob("board-*.png")):
        print(f)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
