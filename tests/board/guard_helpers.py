"""Helpers of the connection guard's tests: raw sockets on the loopback (from any 127.x address), and
what became of each."""

from __future__ import annotations

import select
import socket
import time

HALF = b"GET /healthz HTTP/1.1\r\nHost: board\r\nUser-Agent: slow"  # the request line and headers never end


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))


def half_open(port: int, count: int, source: str = "127.0.0.1") -> list[socket.socket]:
    socks = []
    for _ in range(count):
        s = connect(port, source)
        s.sendall(HALF)
        socks.append(s)
    return socks


def fate(sock: socket.socket) -> str:
    """"refused" (a 503 then the close), "closed" (closed with no answer) or "answered: <status line>"."""
    sock.settimeout(5)
    try:
        data = sock.recv(4096)
    except (ConnectionResetError, TimeoutError):
        return "closed"
    if not data:
        return "closed"
    line = data.split(b"\r\n", 1)[0].decode(errors="replace")
    return "refused" if line.startswith("HTTP/1.1 503") else f"answered: {line}"


def settle(socks: list[socket.socket], expect_open: int | None = None, quiet: float = 0.6, limit: float = 20.0
           ) -> tuple[list[str], list[int]]:
    """Wait until no more of ``socks`` become readable for ``quiet`` seconds (and, when told, until no more
    than ``expect_open`` are left: a loaded machine answers late); the fate of each readable one, and the
    indexes of those still open."""
    pending = list(range(len(socks)))
    fates: list[str] = []
    end = time.monotonic() + limit
    while pending and time.monotonic() < end:
        ready, _, _ = select.select([socks[i] for i in pending], [], [], quiet)
        if not ready:
            if expect_open is None or len(pending) <= expect_open:
                break
            continue
        for s in ready:
            fates.append(fate(s))
            pending.remove(socks.index(s))
    return fates, pending


def closed_within(socks: list[socket.socket], seconds: float) -> bool:
    """Every socket in ``socks`` closed by the server within ``seconds``."""
    end = time.monotonic() + seconds
    left = list(socks)
    while left and time.monotonic() < end:
        ready, _, _ = select.select(left, [], [], 0.2)
        for s in ready:
            if fate(s) != "closed":
                return False
            left.remove(s)
    return not left


def request(port: int, raw: bytes, source: str = "127.0.0.1") -> tuple[str, dict[str, str], socket.socket]:
    """Send ``raw``; the status line and headers of the answer, and the socket (still open, maybe)."""
    s = connect(port, source)
    s.sendall(raw)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    raw_head, _, body = data.partition(b"\r\n\r\n")
    head = raw_head.decode(errors="replace").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0") or 0)
    while len(body) < length:  # the whole answer read: what comes next is the next answer, or the close
        chunk = s.recv(4096)
        if not chunk:
            break
        body += chunk
    return head[0], headers, s


def close_all(socks: list[socket.socket]) -> None:
    for s in socks:
        s.close()
