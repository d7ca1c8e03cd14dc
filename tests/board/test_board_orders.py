"""Orders from a side's board page (issue 37) against a real board server on loopback: the page's order is
the rules' listed order, given once; and every attack on the POST routes is refused with a clear reason,
the game exactly as it was (its version, log and state compared before and after)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest
from board_helpers import Running, bot_game, get, serve

from bot.board import ordering
from bot.board.server import Limits
from engine import registry
from engine.game import Action
from engine.service import GameService
from engine.service import board_links as links


def origin_of(link: str) -> str:
    return "/".join(link.split("/")[:3])


def token_of(link: str) -> str:
    return link.rstrip("/").rsplit("/", 1)[1]


def post(url: str, body: Any, headers: dict[str, str] | None = None, *, raw: bytes | None = None,
         link: str | None = None) -> tuple[int, dict[str, Any]]:
    """POST as the page does (its token in X-Umpire-Token, its Origin, JSON); ``headers`` replace those."""
    page = link or url.rsplit("/", 1)[0] + "/"
    sent = {"Content-Type": "application/json", "X-Umpire-Token": token_of(page), "Origin": origin_of(page)}
    sent.update(headers or {})
    data = raw if raw is not None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST",
                                     headers={k: v for k, v in sent.items() if v is not None})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        text = e.read()
        try:
            return e.code, json.loads(text)
        except ValueError:
            return e.code, {"reason": text.decode(errors="replace")}


def snapshot(service: GameService, game: int) -> tuple[int, int, str]:
    """What must not change when an order is refused: the version, the log, the state (as the GM sees it)."""
    info = service.info(game)
    return info.version, len(service.log(game)), json.dumps(service.view(game, None), sort_keys=True, default=str)


def listed(service: GameService, game: int, side: str) -> list[Action]:
    rules = registry.get(service.info(game).game)
    return rules.legal_actions(service.state(game), side)


def board_entries(service: GameService, game: int) -> list[Any]:
    return [e for e in service.log(game) if (e.interaction_id or "").startswith("board:")]


@pytest.fixture
def us_game(service: GameService) -> int:
    """Peiper, the US a player's and the German the bot's: the US set-up is the decision now."""
    game = bot_game(service, "peiper", humans=("us",))
    service.run_bots(game)
    assert service.info(game).to_act == "us"
    return game


def settle(board: Running, service: GameService, game: int) -> None:
    """Wait for what follows a board order (the bots' replies) to finish."""
    for _ in range(200):
        if not board.server.tasks:
            return
        time.sleep(0.05)
    raise AssertionError("the bots' replies did not finish")


def test_a_click_gives_the_listed_order_once_and_a_replay_is_answered_not_applied(
        service: GameService, board: Running, us_game: int) -> None:
    link = board.link(us_game, "us")
    version = service.info(us_game).version
    order = listed(service, us_game, "us")[5]
    status, answer = post(link + "order", {"version": version, "index": 5, "nonce": "click-0001"})
    assert status == 200 and answer["ok"] and not answer["repeated"], answer
    assert answer["order"] == order.command("peiper") and answer["version"] > version
    entries = board_entries(service, us_game)
    assert len(entries) == 1 and entries[0].action == order.to_dict() and entries[0].side == "us"
    assert entries[0].reason == "given from the board"
    settle(board, service, us_game)
    before = snapshot(service, us_game)
    again, replay = post(link + "order", {"version": version, "index": 5, "nonce": "click-0001"})
    assert again == 200 and replay["repeated"] and replay["order"] == answer["order"], replay
    assert snapshot(service, us_game) == before and len(board_entries(service, us_game)) == 1


def test_a_double_click_gives_one_order_and_two_orders_at_one_version_give_one(
        service: GameService, board: Running, us_game: int) -> None:
    link = board.link(us_game, "us")
    version = service.info(us_game).version
    answers: list[tuple[int, dict[str, Any]]] = []

    def click(index: int, nonce: str) -> None:
        answers.append(post(link + "order", {"version": version, "index": index, "nonce": nonce}))

    threads = [threading.Thread(target=click, args=(3, "double-click")) for _ in range(2)]
    threads += [threading.Thread(target=click, args=(7, "another-click"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert len(answers) == 3
    applied = [a for s, a in answers if s == 200 and not a["repeated"]]
    assert len(applied) == 1, answers
    for status, answer in answers:  # the other: its twin's entry, or stale (the page redraws)
        assert (status == 200 and answer["repeated"]) or (status == 409 and answer["stale"]) or answer in applied
    assert len(board_entries(service, us_game)) == 1


def test_a_spectator_another_game_another_side_and_the_bots_side_give_nothing(
        service: GameService, board: Running, us_game: int) -> None:
    other = bot_game(service, "peiper", humans=("us",))
    version = service.info(us_game).version
    body = {"version": version, "index": 0, "nonce": "attack-0001"}
    before = snapshot(service, us_game)
    spectator = board.link(us_game)
    status, answer = post(spectator + "order", body)
    assert status == 403 and "spectators" in answer["reason"]
    assert post(spectator + "undo", {"version": version, "nonce": "attack-0002"})[0] == 403
    # another game's us link, its token put on this game's path (and in the header)
    foreign = board.link(other, "us")
    forged = f"{board.server.base_url}/b/{us_game}/us/{token_of(foreign)}/"
    status, answer = post(forged + "order", body)
    assert status == 403 and "not valid" in answer["reason"]
    # the German link's token on the US path; and the German page itself (the bot's seat)
    ge = board.link(us_game, "ge")
    status, answer = post(f"{board.server.base_url}/b/{us_game}/us/{token_of(ge)}/order", body)
    assert status == 403 and "not valid" in answer["reason"]
    status, answer = post(ge + "order", body)
    assert status == 403 and "bot holds" in answer["reason"]
    # the US page with the German page's token in its header
    status, answer = post(board.link(us_game, "us") + "order", body, {"X-Umpire-Token": token_of(ge)})
    assert status == 403 and "X-Umpire-Token" in answer["reason"]
    assert snapshot(service, us_game) == before and not board_entries(service, us_game)


def test_a_side_not_to_act_is_told_whose_decision_it_is(service: GameService, board: Running) -> None:
    game = bot_game(service, "peiper", humans=("us", "ge"))
    assert service.info(game).to_act == "us"
    before = snapshot(service, game)
    status, answer = post(board.link(game, "ge") + "order", {"version": before[0], "index": 0, "nonce": "not-mine-1"})
    assert status == 409 and "decision" in answer["reason"] and answer["rule"], answer
    assert snapshot(service, game) == before


@pytest.mark.parametrize("headers, status, words", [
    ({"Origin": "https://evil.example"}, 403, "Origin"),
    ({"Origin": None}, 403, "Origin"),
    ({"Origin": "null"}, 403, "Origin"),
    ({"Sec-Fetch-Site": "cross-site"}, 403, "Origin"),
    ({"X-Umpire-Token": None}, 403, "X-Umpire-Token"),
    ({"X-Umpire-Token": "x" * 5000}, 403, "X-Umpire-Token"),
    ({"Content-Type": "text/plain"}, 415, "application/json"),
    ({"Content-Type": "application/x-www-form-urlencoded"}, 415, "application/json"),
])
def test_a_forged_post_is_refused(service: GameService, board: Running, us_game: int,
                                  headers: dict[str, str], status: int, words: str) -> None:
    before = snapshot(service, us_game)
    got, answer = post(board.link(us_game, "us") + "order", {"version": before[0], "index": 0, "nonce": "forged-01"},
                       headers)
    assert got == status and words in answer["reason"], answer
    assert snapshot(service, us_game) == before


HOSTILE: list[tuple[str, bytes, str]] = [
    ("huge", b'{"version": 0, "index": 0, "nonce": "' + b"a" * 100_000 + b'"}', "at most 512 bytes"),
    ("not JSON", b"version=0&index=0", "JSON"),
    ("not UTF-8", b"\xff\xfe{}", "JSON"),
    ("a list", b"[0, 0, \"abcdefgh\"]", "exactly"),
    ("extra key", b'{"version": 0, "index": 0, "nonce": "abcdefgh", "action": {"kind": "move"}}', "exactly"),
    ("missing key", b'{"version": 0, "nonce": "abcdefgh"}', "exactly"),
    ("bool index", b'{"version": 0, "index": true, "nonce": "abcdefgh"}', "whole number"),
    ("float index", b'{"version": 0, "index": 1.0, "nonce": "abcdefgh"}', "whole number"),
    ("negative index", b'{"version": 0, "index": -1, "nonce": "abcdefgh"}', "whole number"),
    ("huge index", b'{"version": 0, "index": 99999999999999999999, "nonce": "abcdefgh"}', "whole number"),
    ("string index", b'{"version": 0, "index": "0", "nonce": "abcdefgh"}', "whole number"),
    ("index past the listing", b'{"version": 0, "index": 99999, "nonce": "abcdefgh"}', "No order 99999"),
    ("negative version", b'{"version": -1, "index": 0, "nonce": "abcdefgh"}', "whole number"),
    ("short nonce", b'{"version": 0, "index": 0, "nonce": "abc"}', "nonce"),
    ("hostile nonce", b'{"version": 0, "index": 0, "nonce": "<script>alert(1)</script>"}', "nonce"),
    ("nonce a number", b'{"version": 0, "index": 0, "nonce": 12345678}', "nonce"),
    ("nested", b'{"version": {"$gt": 0}, "index": 0, "nonce": "abcdefgh"}', "whole number"),
]


@pytest.mark.parametrize("name, raw, words", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_an_order_with_a_hostile_body_is_refused_naming_why(service: GameService, board: Running, us_game: int,
                                                            name: str, raw: bytes, words: str) -> None:
    before = snapshot(service, us_game)
    assert before[0] == 0, "the bodies above are drawn at version 0"
    status, answer = post(board.link(us_game, "us") + "order", None, raw=raw)
    assert status in (400, 413) and words in answer["reason"] and not answer["ok"], (status, answer)
    assert "<script>" not in json.dumps(answer) and len(json.dumps(answer)) < 600  # never echoed
    assert snapshot(service, us_game) == before


def test_an_undo_body_holds_no_index(service: GameService, board: Running, us_game: int) -> None:
    before = snapshot(service, us_game)
    status, answer = post(board.link(us_game, "us") + "undo", {"version": before[0], "index": 0, "nonce": "undo-0001"})
    assert status == 400 and "exactly" in answer["reason"]
    assert snapshot(service, us_game) == before


def test_a_stale_page_is_refused_and_told_to_redraw(service: GameService, board: Running, us_game: int) -> None:
    link = board.link(us_game, "us")
    status, _ = post(link + "order", {"version": 0, "index": 0, "nonce": "first-0001"})
    assert status == 200
    settle(board, service, us_game)
    before = snapshot(service, us_game)
    status, answer = post(link + "order", {"version": 0, "index": 1, "nonce": "second-001"})  # the page of before
    assert status == 409 and answer["stale"] and "redrawn" in answer["reason"], answer
    assert snapshot(service, us_game) == before and len(board_entries(service, us_game)) == 1


def test_a_revoked_link_gives_nothing(service: GameService, board: Running, us_game: int) -> None:
    link = board.link(us_game, "us")
    links.revoke(service.engine, us_game)
    before = snapshot(service, us_game)
    status, answer = post(link + "order", {"version": before[0], "index": 0, "nonce": "revoked-01"})
    assert status == 403 and "revoked" in answer["reason"]
    assert snapshot(service, us_game) == before


def test_a_game_played_on_discord_is_not_ordered_from_a_board_without_the_bot(service: GameService,
                                                                              board: Running) -> None:
    rules = registry.get("peiper")
    from engine.service import Seat

    seats = {"us": Seat("human", "u-us", "Player us"), "ge": Seat("bot")}
    game = service.create_game("peiper", seed=3, seats=seats, channel_id="123456789", guild_id="42")
    service.run_bots(game.id)
    before = snapshot(service, game.id)
    assert rules.sides
    status, answer = post(board.link(game.id, "us") + "order", {"version": before[0], "index": 0, "nonce": "discord-1"})
    assert status == 403 and "Discord" in answer["reason"]
    assert snapshot(service, game.id) == before


@pytest.fixture
def tight(service: GameService) -> Iterator[Running]:
    yield from serve(service, Limits(burst=400, per_second=100, order_burst=3, order_per_second=0.05))


def test_a_flood_of_orders_is_held_to_the_rate(service: GameService, tight: Running, us_game: int) -> None:
    link = tight.link(us_game, "us")
    before = snapshot(service, us_game)
    got = [post(link + "order", None, raw=b"not json")[0] for _ in range(8)]
    assert got[:3] == [400, 400, 400] and set(got[3:]) == {429}, got
    status, answer = post(link + "order", {"version": before[0], "index": 0, "nonce": "flooded-1"})
    assert status == 429 and "faster than a player clicks" in answer["reason"]
    assert snapshot(service, us_game) == before


def test_other_methods_and_routes_give_nothing(service: GameService, board: Running, us_game: int) -> None:
    link = board.link(us_game, "us")
    before = snapshot(service, us_game)
    for method, path in (("PUT", "order"), ("DELETE", "order"), ("POST", "data"), ("POST", "odds/0/0"),
                         ("POST", ""), ("PATCH", "undo")):
        request = urllib.request.Request(link + path, data=b"{}", method=method,
                                         headers={"X-Umpire-Token": token_of(link), "Origin": origin_of(link),
                                                  "Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 405, (method, path)
    assert snapshot(service, us_game) == before


def test_undo_from_the_page_names_what_it_took_back(service: GameService, board: Running) -> None:
    game = bot_game(service, "peiper", humans=("us", "ge"))  # nobody's bot: the US place and take back
    link = board.link(game, "us")
    order = listed(service, game, "us")[2]
    assert post(link + "order", {"version": 0, "index": 2, "nonce": "place-0001"})[0] == 200
    version = service.info(game).version
    status, answer = post(link + "undo", {"version": version, "nonce": "undo-00001"})
    assert status == 200 and answer["order"].startswith("Undone: #") and order.command("peiper") in answer["order"]
    assert service.info(game).version > version
    again = post(link + "undo", {"version": version, "nonce": "undo-00001"})  # a replay: answered, not undone twice
    assert again[0] == 200 and again[1]["repeated"] and again[1]["order"].startswith("Undo of #")


async def test_two_pages_undoing_at_one_version_take_back_one_order(service: GameService, board: Running,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Two pages of one player (two tabs, a phone and a laptop) drawn at one version, both clicking "Undo my
    last order" at once: the order both pages showed last is taken back, the other page is answered 409
    stale (it redraws), and the order before it stands."""
    game = bot_game(service, "peiper", humans=("us", "ge"))
    link = board.link(game, "us")
    headers = {"X-Umpire-Token": token_of(link), "Origin": origin_of(link)}
    async with aiohttp.ClientSession(headers=headers) as http:

        async def send(route: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
            async with http.post(link + route, json=body) as r:
                return r.status, await r.json()

        first = listed(service, game, "us")[2]  # CCR/3/1 placed, then 99 BG
        assert (await send("order", {"version": 0, "index": 2, "nonce": "place-0001"}))[0] == 200
        index, second = next((i, a) for i, a in enumerate(listed(service, game, "us")) if a.args.get("unit") == "99 BG")
        assert (await send("order", {"version": 1, "index": index, "nonce": "place-0002"}))[0] == 200
        shown = service.info(game).version
        # both requests pass the page's version check before either is applied, as two pages' POSTs may
        checked = threading.Barrier(2, timeout=10)
        board_order = ordering.board_order

        def both_checked(*args: Any) -> ordering.BoardOrder:
            order = board_order(*args)
            checked.wait()
            return order

        monkeypatch.setattr(ordering, "board_order", both_checked)
        answers = await asyncio.gather(send("undo", {"version": shown, "nonce": "tab-one-undo"}),
                                       send("undo", {"version": shown, "nonce": "tab-two-undo"}))
    assert sorted(status for status, _ in answers) == [200, 409], answers
    done = next(answer for status, answer in answers if status == 200)
    stale = next(answer for status, answer in answers if status == 409)
    assert done["order"].startswith("Undone: #2 ") and second.command("peiper") in done["order"], done
    assert stale["stale"] and not stale["ok"] and stale["reason"], stale
    log = service.log(game)
    assert [e.seq for e in log if e.undone] == [2] and [e.kind for e in log] == ["action", "action", "undo"]
    assert service.info(game).version == shown + 1
    assert [e.action for e in log if not e.undone and e.kind == "action"] == [first.to_dict()]


def test_a_units_orders_are_its_own_listed_orders_with_their_hexes(service: GameService, board: Running,
                                                                   us_game: int) -> None:
    link = board.link(us_game, "us")
    actions = listed(service, us_game, "us")
    unit = str(actions[0].args["unit"])
    status, body, _ = get(f"{link}orders/0?unit={urllib.request.quote(unit)}")
    assert status == 200, body
    shown = json.loads(body)
    mine = [i for i, a in enumerate(actions) if a.args.get("unit") == unit]
    assert [o["i"] for o in shown["orders"]] == mine[:400] and shown["count"] == len(mine)
    assert all(o["hex"] == actions[o["i"]].args["at"] for o in shown["orders"])
    assert get(f"{board.link(us_game)}orders/0?unit={urllib.request.quote(unit)}")[0] == 404  # no spectator's
    assert get(f"{link}orders/0?unit=" + "x" * 41)[0] == 400
    assert get(f"{link}orders/0")[0] == 400
    assert get(f"{link}orders/{10**11}?unit=A")[0] == 409  # not the version now


def test_pl_plotted_fire_from_the_page_is_answered_to_its_side_alone(service: GameService, board: Running) -> None:
    game = bot_game(service, "pl", "utah", humans=("us",))
    service.run_bots(game)  # the German set-up
    service.submit(game, "us", Action("end"), "u-us")  # the Allied set-up as it stands
    service.run_bots(game)
    assert service.info(game).to_act == "us"
    actions = listed(service, game, "us")
    plot = Action("indirect", {"unit": "M1", "target": "0810"})
    index = next(i for i, a in enumerate(actions) if a == plot)
    link = board.link(game, "us")
    shown = json.loads(get(f"{link}orders/{service.info(game).version}?unit=M1")[1])
    assert any(o["i"] == index and o["hex"] == "0810" for o in shown["orders"]), shown
    status, answer = post(link + "order", {"version": service.info(game).version, "index": index, "nonce": "plot-00001"})
    assert status == 200 and any("indirectly at 0810" in line for line in answer["lines"]), answer
    settle(board, service, game)
    assert service.state(game).indirect, "plotted, not landed"
    for viewer in ("spectator", "ge"):
        text = get(board.link(game, viewer) + "data")[1].decode()
        assert "indirectly at 0810" not in text and "0810" not in json.dumps(json.loads(text)["view"].get("overlays")), \
            viewer


def test_a_units_orders_with_a_hostile_name_or_a_flood_answer_nothing_more(service: GameService, tight: Running,
                                                                            us_game: int) -> None:
    link = tight.link(us_game, "us")
    hostile = urllib.request.quote("<script>x</script>'\"")
    status, body, headers = get(f"{link}orders/0?unit={hostile}")
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    shown = json.loads(body)
    assert shown["orders"] == [] and shown["count"] == 0 and "<script>" not in body.decode()
    got = [get(f"{link}orders/0?unit=U{i}")[0] for i in range(10)]  # each a new unit: none kept
    assert 429 in got and got[:5] == [200] * 5, got
