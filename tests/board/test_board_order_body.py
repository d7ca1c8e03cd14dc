"""An order's body on the wire (issue 37, 43): the POST routes are the board's only ones that read a body, so
the guard's deadline must hold while they read it, and a body that comes in pieces (a slow link, a proxy
that forwards as it receives, chunked) is read whole, not judged by its first piece. Real sockets on the
loopback."""

from __future__ import annotations

import json
import socket
import time

from board_helpers import bot_game, serve
from guard_helpers import connect, request

from bot.board.guard import GuardLimits
from bot.board.server import Limits
from engine.service import GameService

DEADLINE = 3.0


def limits() -> Limits:
    return Limits(burst=200, per_second=100, guard=GuardLimits(request_seconds=DEADLINE, keepalive_seconds=60.0))


def order_head(link: str, length: int | None, path: str = "order") -> bytes:
    """A side's POST as its page sends it, up to the body (``length`` None: chunked)."""
    origin = "/".join(link.split("/")[:3])
    target = "/" + link.split("/", 3)[3] + path
    token = link.rstrip("/").rsplit("/", 1)[1]
    sized = f"Content-Length: {length}" if length is not None else "Transfer-Encoding: chunked"
    return (f"POST {target} HTTP/1.1\r\nHost: {origin.split('//')[1]}\r\nOrigin: {origin}\r\n"
            f"X-Umpire-Token: {token}\r\nContent-Type: application/json\r\n{sized}\r\n\r\n").encode()


def answer_of(sock: object) -> tuple[str, dict[str, object]]:
    sock.settimeout(15)  # type: ignore[attr-defined]
    data = b""
    while True:
        chunk = sock.recv(65536)  # type: ignore[attr-defined]
        if not chunk:
            break
        data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        length = [int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")]
        if length and len(rest) >= length[0]:
            break
    head, _, rest = data.partition(b"\r\n\r\n")
    return head.split(b"\r\n")[0].decode(), json.loads(rest or b"{}")


def ended(sock: socket.socket, seconds: float) -> str:
    """The status line the server answered before it closed the connection within ``seconds`` ('' for
    none; 'open' if it is still open then)."""
    sock.settimeout(seconds)
    data = b""
    try:
        while chunk := sock.recv(4096):
            data += chunk
    except TimeoutError:
        return "open"
    except ConnectionResetError:
        pass
    return data.split(b"\r\n", 1)[0].decode(errors="replace")


def test_an_order_body_that_never_comes_is_closed_by_the_deadline(service: GameService) -> None:
    game = bot_game(service, "peiper", humans=("us",))
    service.run_bots(game)
    before = service.info(game).version
    for running in serve(service, limits()):
        link = running.link(game, "us")
        socks = []
        for _ in range(3):
            sock = connect(running.port)
            sock.sendall(order_head(link, 200) + b'{"version": ')  # and no more, ever
            socks.append(sock)
        try:
            started = time.monotonic()
            for sock in socks:
                assert ended(sock, DEADLINE + 12).startswith("HTTP/1.1 408"), "a POST whose body never came held on"
            # the deadline, then aiohttp's lingering (as long again) for the rest of the body before it closes
            print(f"answered 408 and closed after {time.monotonic() - started:.2f} s (deadline {DEADLINE} s)")
            assert running.server.guard.health()["connections"] == 0
        finally:
            for sock in socks:
                sock.close()
        assert service.info(game).version == before  # nothing given


def test_an_order_body_in_pieces_is_read_whole(service: GameService) -> None:
    game = bot_game(service, "peiper", humans=("us",))
    service.run_bots(game)
    version = service.info(game).version
    body = json.dumps({"version": version, "index": 2, "nonce": "piecewise-01"}).encode()
    for running in serve(service, limits()):
        link = running.link(game, "us")
        sock = connect(running.port)
        try:
            sock.sendall(order_head(link, len(body)) + body[:10])
            time.sleep(0.5)  # a slow link: the rest a moment later
            sock.sendall(body[10:])
            status, answer = answer_of(sock)
        finally:
            sock.close()
        assert status.startswith("HTTP/1.1 200"), (status, answer)
        assert answer["ok"] and service.info(game).version > version


def test_a_chunked_order_body_is_read_whole_and_a_long_one_refused(service: GameService) -> None:
    game = bot_game(service, "peiper", humans=("us",))
    service.run_bots(game)
    version = service.info(game).version
    body = json.dumps({"version": version, "index": 2, "nonce": "chunked-0001"}).encode()
    for running in serve(service, limits()):
        link = running.link(game, "us")
        sock = connect(running.port)
        try:
            sock.sendall(order_head(link, None) + b"%x\r\n%s\r\n" % (10, body[:10]))
            time.sleep(0.5)
            sock.sendall(b"%x\r\n%s\r\n0\r\n\r\n" % (len(body) - 10, body[10:]))
            status, answer = answer_of(sock)
        finally:
            sock.close()
        assert status.startswith("HTTP/1.1 200"), (status, answer)
        before = service.info(game).version
        long = b"x" * 4000
        status, _, sock = request(running.port, order_head(link, None) + b"%x\r\n%s\r\n0\r\n\r\n" % (len(long), long))
        sock.close()
        assert status.startswith("HTTP/1.1 400"), status
        assert service.info(game).version == before


def head_of(sock: socket.socket) -> tuple[str, bytes]:
    """One answer on a kept connection: (status line, head), its body read to its Content-Length."""
    sock.settimeout(15)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, "the connection was closed before an answer"
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
    while len(rest) < length:
        rest += sock.recv(65536)
    return head.split(b"\r\n")[0].decode(), head


def test_an_order_read_whole_keeps_its_connection_and_one_refused_unread_closes_it(service: GameService) -> None:
    """A page gives its orders on one kept connection (each click would otherwise pay a new connection, and a
    TLS handshake behind a proxy); a POST whose body the board did not read is still closed after its answer."""
    game = bot_game(service, "peiper", humans=("us",))
    service.run_bots(game)
    for running in serve(service, limits()):
        link = running.link(game, "us")
        sock = connect(running.port)
        try:
            for n in range(2):
                version = service.info(game).version
                body = json.dumps({"version": version, "index": 0, "nonce": f"kept-conn-{n:02d}"}).encode()
                sock.sendall(order_head(link, len(body)) + body)
                status, head = head_of(sock)
                assert status.startswith("HTTP/1.1 200"), (n, status)
                assert b"connection: close" not in head.lower(), "an order read whole closed its connection"
            assert service.info(game).version > version
            body = b'{"version": 1, "index": 0, "nonce": "unread-body-01"}'
            sock.sendall(order_head(link, len(body)).replace(b"application/json", b"text/plain") + body)
            status, head = head_of(sock)
            assert status.startswith("HTTP/1.1 415") and b"connection: close" in head.lower()
            assert ended(sock, 5) == "", "a POST refused unread kept its connection"
        finally:
            sock.close()
