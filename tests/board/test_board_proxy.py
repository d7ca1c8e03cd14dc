"""Behind the documented reverse proxy one visitor cannot shut out everyone (issue 38): the visitor's
address is the right-most X-Forwarded-For address that is not a trusted proxy, read only from a trusted
peer; an untrusted peer's header, a malformed or an overlong one is ignored."""

from __future__ import annotations

import urllib.error
import urllib.request
from ipaddress import ip_network

import pytest
from board_helpers import bot_game, get, serve
from guard_helpers import close_all, half_open, request, settle

from bot.board.guard import GuardLimits
from bot.board.proxy import address_key, client_address
from bot.board.server import Limits
from bot.settings import Settings
from engine.service import GameService

PROXY = (ip_network("10.0.0.0/8"), ip_network("127.0.0.1/32"))


@pytest.mark.parametrize(("peer", "header", "client"), [
    ("10.1.1.1", ["203.0.113.5"], "203.0.113.5"),
    ("10.1.1.1", ["198.51.100.7, 203.0.113.5"], "203.0.113.5"),  # the visitor's own words on the left
    ("10.1.1.1", ["203.0.113.5, 10.2.2.2"], "203.0.113.5"),  # a second proxy of ours
    ("10.1.1.1", ["198.51.100.7", "203.0.113.5"], "203.0.113.5"),  # two header lines, in order
    ("10.1.1.1", ["not-an-address, 203.0.113.5"], "203.0.113.5"),  # garbage left of the visitor
    ("10.1.1.1", ["203.0.113.5, garbage"], "10.1.1.1"),  # garbage from a proxy: ignored whole
    ("10.1.1.1", ["[2001:db8::1]"], "2001:db8::1"),
    ("10.1.1.1", ["::ffff:203.0.113.5"], "203.0.113.5"),
    ("10.1.1.1", [""], "10.1.1.1"),
    ("10.1.1.1", [], "10.1.1.1"),
    ("10.1.1.1", ["1.2.3.4, " * 40 + "203.0.113.5"], "10.1.1.1"),  # too many hops
    ("10.1.1.1", ["1" * 3000], "10.1.1.1"),  # too long
    ("10.1.1.1", ["10.3.3.3, 10.2.2.2"], "10.3.3.3"),  # every hop a proxy: the first
    ("203.0.113.9", ["198.51.100.7"], "203.0.113.9"),  # an untrusted peer's header is ignored
    (None, ["198.51.100.7"], "?"),
])
def test_the_client_is_the_right_most_untrusted_address_from_a_trusted_peer(
        peer: str | None, header: list[str], client: str) -> None:
    assert client_address(peer, header, PROXY) == client


def test_no_trusted_proxy_reads_no_header() -> None:
    assert client_address("127.0.0.1", ["203.0.113.5"], ()) == "127.0.0.1"


def test_ipv6_visitors_are_counted_by_their_64() -> None:
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("203.0.113.5") == "203.0.113.5" and address_key("::ffff:203.0.113.5") == "203.0.113.5"


@pytest.mark.parametrize(("value", "said"), [
    ("10.0.0.1, nonsense", "'nonsense' is not an address or a network"),
    ("10.0.0.0/33", "'10.0.0.0/33' is not an address"),
    (", ".join(f"10.0.0.{n}" for n in range(70)), "70 trusted proxies: at most 64"),
])
def test_a_nonsense_trusted_proxy_is_refused_at_start_saying_why(value: str, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        Settings(_env_file=None, umpire_board_trusted_proxies=value)
    assert Settings(_env_file=None, umpire_board_trusted_proxies="10.0.0.1 192.168.0.0/16,::1"
                    ).umpire_board_trusted_proxies == "10.0.0.1/32, 192.168.0.0/16, ::1/128"


@pytest.mark.parametrize(("values", "said"), [
    ({"umpire_board_request_seconds": 0}, "greater than or equal to 1"),
    ({"umpire_board_request_seconds": 10_000}, "less than or equal to 300"),
    ({"umpire_board_keepalive_seconds": -1}, "greater than or equal to 1"),
    ({"umpire_board_connections": 2}, "greater than or equal to 8"),
    ({"umpire_board_connections_per_address": 10}, "must be more than UMPIRE_BOARD_STREAMS_PER_ADDRESS"),
    ({"umpire_board_connections": 100, "umpire_board_connections_per_address": 200}, "is more than"),
])
def test_nonsense_connection_settings_are_refused_at_start(values: dict[str, float], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        Settings(_env_file=None, **values)


def behind_proxy(trusted: str, streams: int = 2) -> Limits:
    return Limits(burst=100, per_second=50, streams_per_address=streams,
                  guard=GuardLimits(connections_per_address=streams + 4, trusted_proxies=tuple(
                      ip_network(t) for t in trusted.split()) if trusted else ()))


def open_stream(link: str, forwarded_for: str) -> object:
    return urllib.request.urlopen(urllib.request.Request(link, headers={"X-Forwarded-For": forwarded_for}),
                                  timeout=5)


def stream_status(link: str, forwarded_for: str) -> int:
    try:
        with open_stream(link, forwarded_for) as held:  # type: ignore[attr-defined]
            held.readline()
            return int(held.status)
    except urllib.error.HTTPError as e:
        return e.code


def test_one_visitor_holding_every_live_page_shuts_out_no_other_behind_the_proxy(service: GameService) -> None:
    game = bot_game(service, "saf")
    for running in serve(service, behind_proxy("127.0.0.1/32")):
        link = running.link(game) + "events"
        held = [open_stream(link, "203.0.113.5") for _ in range(2)]  # one visitor, every page it may hold
        try:
            assert stream_status(link, "203.0.113.5") == 429
            assert stream_status(link, "198.51.100.7") == 200  # another visitor behind the same proxy
            assert stream_status(link, "garbage, 203.0.113.5") == 429  # words on the left change nothing
        finally:
            for h in held:
                h.close()  # type: ignore[attr-defined]


def test_an_untrusted_peer_cannot_spoof_its_way_past_the_bound(service: GameService) -> None:
    game = bot_game(service, "saf")
    for running in serve(service, behind_proxy("10.0.0.0/8")):  # the loopback is no trusted proxy here
        link = running.link(game) + "events"
        held = [open_stream(link, f"203.0.113.{n}") for n in range(2)]
        try:
            assert stream_status(link, "198.51.100.7") == 429
        finally:
            for h in held:
                h.close()  # type: ignore[attr-defined]


def test_rate_buckets_are_per_visitor_behind_the_proxy(service: GameService) -> None:
    game = bot_game(service, "saf")
    limits = behind_proxy("127.0.0.1/32")
    limits.burst, limits.per_second = 3, 0.01
    for running in serve(service, limits):
        path = running.link(game).replace(running.server.base_url, "") + "map"
        statuses = []
        for visitor in ("203.0.113.5",) * 5 + ("198.51.100.7",):
            status, _, sock = request(running.port, f"GET {path} HTTP/1.1\r\nHost: b\r\n"
                                                     f"X-Forwarded-For: {visitor}\r\n\r\n".encode())
            sock.close()
            statuses.append(status.split(" ")[1])
        assert statuses == ["200", "200", "200", "429", "429", "200"], statuses


def test_a_trusted_proxys_connections_count_to_the_total_only(service: GameService) -> None:
    """Behind the proxy the connection cap per address is by the forwarded visitor: the proxy may hold
    more connections than one address may."""
    limits = behind_proxy("127.0.0.1/32")
    for running in serve(service, limits):
        held = half_open(running.port, 10)  # past the 6 an address may hold, but the proxy's
        try:
            assert settle(held)[1] == list(range(10))
            assert get(running.server.base_url + "/healthz")[0] == 200
        finally:
            close_all(held)


def test_a_forwarded_visitors_requests_in_flight_are_held_to_the_cap_per_address(service: GameService) -> None:
    game = bot_game(service, "saf")
    limits = Limits(burst=100, per_second=50, streams_per_address=10,
                    guard=GuardLimits(connections_per_address=3, trusted_proxies=(ip_network("127.0.0.1/32"),)))
    for running in serve(service, limits):
        link = running.link(game) + "events"
        held = [open_stream(link, "203.0.113.5") for _ in range(3)]
        try:
            assert stream_status(link, "203.0.113.5") == 503
            assert stream_status(link, "198.51.100.7") == 200
        finally:
            for h in held:
                h.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "value", "said"), [
    ("UMPIRE_BOARD_TRUSTED_PROXIES", "10.0.0.1,evil", "UMPIRE_BOARD_TRUSTED_PROXIES: 'evil' is not an address"),
    ("UMPIRE_BOARD_CONNECTIONS_PER_ADDRESS", "5", "must be more than UMPIRE_BOARD_STREAMS_PER_ADDRESS (20)"),
    ("UMPIRE_BOARD_REQUEST_SECONDS", "forever", "UMPIRE_BOARD_REQUEST_SECONDS"),
])
def test_umpire_refuses_a_nonsense_board_setting_at_start_in_one_line(
        name: str, value: str, said: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main

    monkeypatch.setenv("UMPIRE_ENV_FILE", "none")
    monkeypatch.setenv(name, value)
    assert main(["db", "current"]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1, err
