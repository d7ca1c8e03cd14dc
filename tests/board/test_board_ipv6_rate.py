"""An IPv6 visitor holds a whole /64 (issue 38, 43): the connection guard counts it so, and so must the
request rate, the live pages per address and the Activity's sign-in rate, or one host walking through its
/64 is as many visitors as it likes. Behind the trusted proxy on the loopback, the visitors named by
X-Forwarded-For."""

from __future__ import annotations

import urllib.error
import urllib.request
from ipaddress import ip_network

from board_helpers import bot_game, serve
from guard_helpers import request

from bot.board.guard import GuardLimits
from bot.board.server import Limits
from engine.service import GameService


def behind_proxy(streams: int = 2) -> Limits:
    return Limits(burst=3, per_second=0.01, streams_per_address=streams,
                  guard=GuardLimits(connections_per_address=streams + 6, trusted_proxies=(ip_network("127.0.0.1/32"),)))


def test_one_64_shares_one_request_rate(service: GameService) -> None:
    game = bot_game(service, "saf")
    for running in serve(service, behind_proxy()):
        path = running.link(game).replace(running.server.base_url, "") + "map"
        statuses = []
        walk = [f"2001:db8:1:2::{n:x}" for n in range(1, 7)] + ["2001:db8:1:3::1"]  # six of one /64, then another
        for visitor in walk:
            status, _, sock = request(running.port, f"GET {path} HTTP/1.1\r\nHost: b\r\n"
                                                     f"X-Forwarded-For: {visitor}\r\n\r\n".encode())
            sock.close()
            statuses.append(status.split(" ")[1])
        assert statuses == ["200", "200", "200", "429", "429", "429", "200"], statuses


def test_one_64_shares_its_live_pages(service: GameService) -> None:
    game = bot_game(service, "saf")
    limits = behind_proxy()
    limits.burst, limits.per_second = 100, 50
    for running in serve(service, limits):
        link = running.link(game) + "events"
        held = [urllib.request.urlopen(urllib.request.Request(link, headers={"X-Forwarded-For": f"2001:db8::{n}"}),
                                       timeout=5) for n in (1, 2)]
        try:
            req = urllib.request.Request(link, headers={"X-Forwarded-For": "2001:db8::3"})
            try:
                with urllib.request.urlopen(req, timeout=5) as third:
                    status = third.status
            except urllib.error.HTTPError as e:
                status = e.code
            assert status == 429  # the /64's two pages are held: a third address of it gets none
        finally:
            for h in held:
                h.close()


async def test_one_64_shares_its_sign_in_rate(service: GameService) -> None:
    """The Activity's sign-in (anyone may post one; each code is sent to Discord): 6, then one per 5 s,
    per visitor, an IPv6 visitor by its /64."""
    from activity_helpers import Signin

    from bot.board.activity import SIGN_IN_BURST

    signin = await Signin.start(service)
    try:
        signin.server.guard.limits = GuardLimits(trusted_proxies=(ip_network("127.0.0.1/32"),))
        statuses = []
        for n in range(1, SIGN_IN_BURST + 4):
            async with signin.http.post(signin.base + "/activity/session", data=b"{}", headers={
                    "Origin": signin.origin, "Content-Type": "application/json",
                    "X-Forwarded-For": f"2001:db8:7:7::{n:x}"}) as r:
                statuses.append(r.status)
        assert statuses.count(429) == 3 and 429 not in statuses[:SIGN_IN_BURST], statuses
    finally:
        await signin.stop()
