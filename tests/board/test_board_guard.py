"""The board cannot be held open (issue 43): half-open connections past the caps are refused at once,
those within them closed by the deadline, idle keep-alive closed, a slow body bounded; every answer
carries the security headers, aiohttp's own 400 included (issue 38). Real sockets on the loopback; an
attacker speaks from 127.0.0.2 and up, the visitor from 127.0.0.1."""

from __future__ import annotations

import time

import pytest
from board_helpers import bot_game, get, serve
from guard_helpers import close_all, closed_within, connect, half_open, request, settle

from bot.board.guard import GuardLimits, fitted
from bot.board.server import Limits
from engine.service import GameService

DEADLINE = 4.0


def limits(**guard: object) -> Limits:
    values: dict[str, object] = {"request_seconds": DEADLINE, "keepalive_seconds": 30.0, "connections_total": 40,
                                 "connections_per_address": 8, **guard}
    return Limits(burst=200, per_second=100, guard=GuardLimits(**values))  # type: ignore[arg-type]


def test_half_open_connections_past_the_cap_per_address_are_refused_at_once_and_the_rest_closed_by_the_deadline(
        service: GameService) -> None:
    game = bot_game(service, "saf")
    for running in serve(service, limits()):
        attack = half_open(running.port, 30, source="127.0.0.2")
        try:
            fates, still_open = settle(attack, expect_open=8)
            assert fates.count("refused") == 22 and len(still_open) == 8, (fates, still_open)
            started = time.monotonic()
            status, body, _ = get(running.link(game) + "data")  # another visitor, while the eight are held
            print(f"a visitor's data while 30 half-open connections were tried: {time.monotonic() - started:.3f} s")
            assert status == 200 and b'"id"' in body
            health = running.server.guard.health()
            assert health["connections"] >= 8 and health["refused"] >= 22
            assert closed_within([attack[i] for i in still_open], DEADLINE + 10)
            assert running.server.guard.health()["timed_out"] >= 8
        finally:
            close_all(attack)


def test_past_the_total_a_new_connection_is_refused_at_once_not_queued(service: GameService) -> None:
    for running in serve(service, limits(connections_total=16, connections_per_address=8, request_seconds=30.0)):
        attack = half_open(running.port, 8, "127.0.0.2") + half_open(running.port, 8, "127.0.0.3")
        try:
            assert settle(attack, quiet=1.0)[1] == list(range(16))  # all held
            status, _, late = request(running.port, b"GET /healthz HTTP/1.1\r\nHost: board\r\n\r\n")
            late.close()
            assert status.startswith("HTTP/1.1 503"), status
            close_all(attack[:4])
            time.sleep(0.5)
            status, _, visitor = request(running.port, b"GET /healthz HTTP/1.1\r\nHost: board\r\n\r\n")
            visitor.close()
            assert status.startswith("HTTP/1.1 200"), status  # room again once the attacker let go
        finally:
            close_all(attack)


def test_an_idle_keep_alive_connection_is_closed(service: GameService) -> None:
    for running in serve(service, limits(keepalive_seconds=1.0, request_seconds=30.0)):
        status, headers, sock = request(running.port, b"GET /healthz HTTP/1.1\r\nHost: board\r\n\r\n")
        assert status.startswith("HTTP/1.1 200") and headers.get("connection", "").lower() != "close"
        try:
            assert closed_within([sock], 10)
        finally:
            sock.close()


def test_a_second_request_that_never_ends_on_a_kept_connection_is_closed_by_the_deadline(
        service: GameService) -> None:
    for running in serve(service, limits(keepalive_seconds=60.0)):
        status, _, sock = request(running.port, b"GET /healthz HTTP/1.1\r\nHost: board\r\n\r\n")
        assert status.startswith("HTTP/1.1 200")
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: bo")  # and no more, ever
        try:
            assert closed_within([sock], DEADLINE + 10)
        finally:
            sock.close()


def test_a_body_that_never_comes_is_answered_and_the_connection_closed_by_the_deadline(
        service: GameService) -> None:
    for running in serve(service, limits(keepalive_seconds=60.0)):
        status, headers, sock = request(running.port, b"POST /healthz HTTP/1.1\r\nHost: board\r\n"
                                                      b"Content-Length: 1000\r\n\r\nsome")
        try:
            assert status.startswith("HTTP/1.1 405") and "content-security-policy" in headers
            assert closed_within([sock], DEADLINE + 10)
        finally:
            sock.close()


SECURITY = ("content-security-policy", "x-content-type-options", "referrer-policy")


@pytest.mark.parametrize("raw", [
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n",  # TLS on the HTTP port
    b"GET /\x00 HTTP/1.1\r\nHost: board\r\n\r\n",  # a malformed request line
    b"GET / HTTP/1.1\r\nHost: board\r\nBad Header\r\n\r\n",  # a malformed header
    b"GET / HTTP/1.1\r\nHost: board\r\n" + b"X-Long: " + b"x" * 20_000 + b"\r\n\r\n",  # a header too long
])
def test_aiohttps_own_400_carries_the_security_headers(service: GameService, raw: bytes) -> None:
    for running in serve(service, limits()):
        status, headers, sock = request(running.port, raw)
        sock.close()
        assert status.split(" ")[1] == "400", status
        assert all(h in headers for h in SECURITY), headers
        assert headers["content-security-policy"].startswith("default-src 'none'")


def test_405_429_and_404_carry_the_security_headers(service: GameService) -> None:
    game = bot_game(service, "saf")
    for running in serve(service, Limits(burst=1, per_second=0.01, guard=GuardLimits())):
        link = running.link(game).replace(running.server.base_url, "")
        answers = []
        for raw in (f"DELETE {link}data HTTP/1.1\r\nHost: b\r\n\r\n", "GET /nowhere HTTP/1.1\r\nHost: b\r\n\r\n",
                    f"GET {link}data HTTP/1.1\r\nHost: b\r\n\r\n", f"GET {link}data HTTP/1.1\r\nHost: b\r\n\r\n"):
            status, headers, sock = request(running.port, raw.encode())
            sock.close()
            answers.append((status.split(" ")[1], headers))
        assert [s for s, _ in answers] == ["405", "404", "429", "429"], [s for s, _ in answers]
        for status, headers in answers:
            assert all(h in headers for h in SECURITY), (status, headers)


def test_the_total_leaves_the_process_room_under_its_limit_of_open_files() -> None:
    assert fitted(512, 1024) == 512 and fitted(2000, 1024) == 768 and fitted(512, 256) == 128
    assert fitted(512, 0) == 512 and fitted(512, 20) == 8 and fitted(512, 1024, used=300) == 468


def test_health_says_open_files_against_the_limit(service: GameService) -> None:
    for running in serve(service, limits()):
        sock = connect(running.port)
        sock.close()
        status, body, _ = get(running.server.base_url + "/healthz")
        import json
        health = json.loads(body)
        assert status == 200 and health["ok"] is True
        assert 0 < health["open_files"] < health["open_files_limit"]
        assert health["connections_limit"] == 40
