"""The visitor's address, behind a trusted reverse proxy or not (issue 38).

The board keys its rate buckets, its live pages and its connection caps by address. Behind nginx the
connecting address is the proxy's for every visitor, so the proxy's ``X-Forwarded-For`` names the visitor
instead, but only when the connecting peer is one of ``UMPIRE_BOARD_TRUSTED_PROXIES``: anyone else can
write that header, and a header from an untrusted peer is ignored.

The visitor is the right-most address in ``X-Forwarded-For`` that is not a trusted proxy (each proxy
appends the address it was reached from, so the entries to the left of it are the visitor's own words).
A header too long, with too many hops or with a malformed hop before that address is ignored whole: the
visitor is then the peer itself. ``Forwarded`` (RFC 7239) is not read: reading two headers would let a
visitor spoof the one the operator's proxy does not set.

IPv6 visitors are counted per /64 (``address_key``): one host holds a whole /64 and would otherwise be as
many visitors as it likes.
"""

from __future__ import annotations

from collections.abc import Iterable
from ipaddress import IPv4Address, IPv6Address, ip_address, ip_network

from engine.service.settings import Networks
from engine.service.settings import trusted_networks as parse_trusted

MAX_HEADER = 2048  # characters of X-Forwarded-For read (all its lines together)
MAX_HOPS = 32  # addresses in X-Forwarded-For


__all__ = ["Networks", "address_key", "client_address", "parse_trusted", "trusted"]


def _address(text: str) -> IPv4Address | IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    try:
        found = ip_address(text)
    except ValueError:
        return None
    if isinstance(found, IPv6Address) and found.ipv4_mapped is not None:
        return found.ipv4_mapped
    return found


def trusted(address: str | None, networks: Networks) -> bool:
    if not address or not networks:
        return False
    found = _address(address)
    return found is not None and any(found in network for network in networks)


def client_address(peer: str | None, forwarded_for: Iterable[str], networks: Networks) -> str:
    """The visitor's address: the peer's, unless the peer is a trusted proxy that said whom it forwards."""
    if not peer:
        return "?"
    if not trusted(peer, networks):
        return peer
    lines = list(forwarded_for)[:MAX_HOPS]
    raw = ",".join(lines)
    if not raw or len(raw) > MAX_HEADER:
        return peer
    hops = raw.split(",")
    if len(hops) > MAX_HOPS:
        return peer
    for hop in reversed(hops):
        found = _address(hop)
        if found is None:  # malformed before any visitor: the whole header is ignored
            return peer
        if not any(found in network for network in networks):
            return str(found)
    first = _address(hops[0])
    return str(first) if first is not None else peer  # every hop a proxy: the first of them


def address_key(address: str) -> str:
    """What one visitor's connections are counted under: the address, an IPv6 one by its /64."""
    found = _address(address)
    if found is None:
        return address[:64]
    if isinstance(found, IPv6Address):
        return str(ip_network(f"{found}/64", strict=False))
    return str(found)
