"""A page's live stream read as a browser's EventSource reads it: events (name, data) in a queue, fed by a
thread, and the stream's end."""

from __future__ import annotations

import queue
import threading
import time
import urllib.request
from typing import Any

END = ("", b"")  # the server ended the stream


class Stream:
    def __init__(self, url: str, timeout: float = 60.0) -> None:
        self.events: queue.Queue[tuple[str, bytes]] = queue.Queue()
        self.response: Any = urllib.request.urlopen(url, timeout=timeout)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        name, data = "message", b""
        try:
            for line in self.response:
                line = line.rstrip(b"\n")
                if line.startswith(b"event: "):
                    name = line[7:].decode()
                elif line.startswith(b"data: "):
                    data = line[6:]
                elif not line and data:
                    self.events.put((name, data))
                    name, data = "message", b""
        except Exception:  # noqa: BLE001 - a reset or a timeout ends the stream as an end does
            pass
        self.events.put(END)

    def next(self, seconds: float = 30.0) -> tuple[str, bytes]:
        """The next event (or END); raises queue.Empty when none comes in ``seconds``."""
        return self.events.get(timeout=seconds)

    def until(self, name: str, seconds: float = 30.0) -> list[tuple[str, bytes]]:
        """Every event up to and with the first named ``name`` (or the end)."""
        seen: list[tuple[str, bytes]] = []
        deadline = time.monotonic() + seconds
        while True:
            event = self.next(max(0.01, deadline - time.monotonic()))
            seen.append(event)
            if event[0] == name or event == END:
                return seen

    def close(self) -> None:
        self.response.close()
