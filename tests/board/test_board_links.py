"""The board's links and routes: tokens that cannot be guessed, moved or kept after a revoke; GET only;
strict headers; bounded asks (rates, open streams, sizes); one-line errors from `umpire board`."""

from __future__ import annotations

import concurrent.futures
import io
import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from board_helpers import Running, bot_game, get, get_json, serve

from bot.board.cli import run_board
from bot.board.server import Limits, parse_bind
from engine.errors import Forbidden
from engine.service import GameService
from engine.service import board_links as links


def test_a_link_opens_its_own_game_and_viewer_only(service: GameService, board: Running) -> None:
    one, two = bot_game(service, "peiper"), bot_game(service, "saf")
    link = board.link(one, "us")
    assert get_json(link + "data")["id"] == one
    token = link.rstrip("/").rsplit("/", 1)[1]
    for moved in (f"{board.server.base_url}/b/{two}/us/{token}/data", f"{board.server.base_url}/b/{one}/ge/{token}/data",
                  f"{board.server.base_url}/b/{one}/spectator/{token}/data"):
        status, body, _ = get(moved)
        assert status == 403 and b"not valid" in body, moved


@pytest.mark.parametrize("where", [0, 5, 31])
def test_a_tampered_token_is_refused_and_reads_nothing(service: GameService, board: Running, where: int) -> None:
    game = bot_game(service, "pl", "utah")
    link = board.link(game)
    token = link.rstrip("/").rsplit("/", 1)[1]
    flipped = token[:where] + ("A" if token[where] != "A" else "B") + token[where + 1:]
    for path in ("", "data", "map", "events", "phase/1"):
        status, body, _ = get(link.replace(token, flipped) + path)
        assert status == 403, (path, status)
        assert b"Panzer" not in body and b"units" not in body


def test_revoke_refuses_every_link_given_before(service: GameService, board: Running) -> None:
    game = bot_game(service, "peiper")
    old = {viewer: board.link(game, viewer) for viewer in ("spectator", "us", "ge")}
    assert all(get(link + "data")[0] == 200 for link in old.values())
    assert links.revoke(service.engine, game) == 2
    for link in old.values():
        status, body, _ = get(link + "data")
        assert status == 403 and b"revoked" in body
    assert get(board.link(game, "us") + "data")[0] == 200  # the new links work


def test_check_refuses_malformed_tokens_and_viewers_without_a_database_read(service: GameService) -> None:
    game = bot_game(service, "peiper")
    good = links.token(service.engine, game, "us")
    for viewer, token in (("us", good[:-1]), ("us", good + "x"), ("US", good), ("u s", good), ("us", "é" * 32),
                          ("x" * 17, good)):
        with pytest.raises(Forbidden):
            links.check(service.engine, game, viewer, token)
    with pytest.raises(Forbidden):
        links.check(service.engine, game + 999, "us", good)
    links.check(service.engine, game, "us", good)


def test_routes_answer_get_only(service: GameService, board: Running) -> None:
    link = board.link(bot_game(service, "saf")) + "data"
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        request = urllib.request.Request(link, data=b"{}", method=method)
        try:
            urllib.request.urlopen(request, timeout=5)
            raise AssertionError(f"{method} was served")
        except urllib.error.HTTPError as e:
            assert e.code == 405, method


def test_pages_carry_a_strict_content_security_policy_and_no_referrer(service: GameService, board: Running) -> None:
    link = board.link(bot_game(service, "saf"))
    for path in ("", "data", "map"):
        status, _, headers = get(link + path)
        assert status == 200
        csp = headers["Content-Security-Policy"]
        assert "default-src 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert headers["Referrer-Policy"] == "no-referrer" and headers["X-Content-Type-Options"] == "nosniff"
    status, page, _ = get(link)
    assert b"<script src=" in page and b"<script>" not in page  # no inline script for the CSP to allow


def test_game_ids_out_of_range_and_unknown_files_are_refused(service: GameService, board: Running) -> None:
    game = bot_game(service, "saf")
    token = board.link(game).rstrip("/").rsplit("/", 1)[1]
    for path in (f"/b/{'9' * 19}/spectator/{token}/data", f"/b/{'9' * 60}/spectator/{token}/data",
                 f"/b/0/spectator/{token}/data", "/static/board.html", "/static/../engine/service/models.py",
                 "/static/%2e%2e%2fserver.py", "/b/1/spectator/../../etc/passwd"):
        status, body, _ = get(board.server.base_url + path)
        assert status in (403, 404), (path, status)
        assert b"Traceback" not in body and b"/work" not in body and b"class " not in body


def test_a_flood_from_one_address_is_held_to_its_rate(service: GameService) -> None:
    game = bot_game(service, "saf")
    for running in serve(service, Limits(burst=10, per_second=0.5)):
        link = running.link(game) + "map"
        statuses = [get(link)[0] for _ in range(25)]
        assert statuses[:10] == [200] * 10
        assert statuses.count(429) >= 14, statuses


def test_open_streams_per_address_are_bounded(service: GameService) -> None:
    game = bot_game(service, "saf")
    for running in serve(service, Limits(streams_per_address=2, burst=100, per_second=50)):
        link = running.link(game) + "events"
        held = [urllib.request.urlopen(link, timeout=5) for _ in range(2)]
        try:
            assert all(h.readline().startswith(b"event: game") for h in held)
            status, body, _ = get(link)
            assert status == 429 and b"Too many open boards" in body
        finally:
            for h in held:
                h.close()


def test_payloads_are_bounded_whatever_the_log(service: GameService, board: Running) -> None:
    game = bot_game(service, "saf", "1")
    service.run_bots(game, limit=400)
    data = get_json(board.link(game) + "data")
    assert len(data["log"]) <= 200 and data["log_total"] >= len(data["log"])
    assert len(json.dumps(data)) < 400_000


def test_umpire_board_prints_the_spectator_link_then_one_line_per_side(service: GameService) -> None:
    game = bot_game(service, "peiper")
    out = io.StringIO()
    url = str(service.engine.url)
    assert run_board(game, url, "127.0.0.1:0", seconds=0.1, out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("http://127.0.0.1:") and f"/b/{game}/spectator/" in lines[0]
    assert [line.split(" ", 1)[0] for line in lines[1:]] == ["ge", "us"] or \
        sorted(line.split(" ", 1)[0] for line in lines[1:]) == ["ge", "us"]
    assert all(f"/b/{game}/{line.split(' ', 1)[0]}/" in line for line in lines[1:])


def test_umpire_board_refuses_a_bad_bind_or_game_in_one_line(service: GameService,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    url = str(service.engine.url)
    for bind in ("nonsense", "127.0.0.1:99999", ":80", "127.0.0.1:"):
        assert run_board(1, url, bind, seconds=0.1) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "HOST:PORT" in err, err
    assert run_board(4242, url, "127.0.0.1:0", seconds=0.1) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "4242" in err and "Traceback" not in err


def test_parse_bind_reads_ipv4_ipv6_and_names() -> None:
    assert parse_bind("127.0.0.1:8787") == ("127.0.0.1", 8787)
    assert parse_bind("[::1]:9000") == ("::1", 9000)
    assert parse_bind("0.0.0.0:0") == ("0.0.0.0", 0)


def test_streams_opened_all_at_once_are_held_to_the_bound(service: GameService) -> None:
    """Many pages opened in the same instant: the count is taken before the stream starts, so no burst
    slips past the per-address bound between the check and the first byte."""
    game = bot_game(service, "saf")
    for running in serve(service, Limits(streams_per_address=3, burst=200, per_second=100)):
        link = running.link(game) + "events"

        def open_one(url: str) -> tuple[int, Any]:
            try:
                h = urllib.request.urlopen(url, timeout=10)
                h.readline()
                return h.status, h
            except urllib.error.HTTPError as e:
                return e.code, None

        with concurrent.futures.ThreadPoolExecutor(24) as pool:
            results = list(pool.map(open_one, [link] * 24))
        try:
            assert sum(1 for status, _ in results if status == 200) <= 3, [s for s, _ in results]
            assert sum(1 for status, _ in results if status == 429) >= 21
        finally:
            for _, h in results:
                if h is not None:
                    h.close()
