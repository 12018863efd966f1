"""Bytes on the wire (issue 38 item 4): what one tap costs each phone following the game,
and what a table page costs, with and without compression, measured on the socket.

A game is started (the owner) and watched (a second phone, joined by the code); the
watcher's stream is read on a raw socket asking ``Accept-Encoding: identity`` (before
issue 38: nothing was compressed) and then ``gzip`` (what a browser asks), while the
owner taps ``TAPS`` times, each after the one before reached the watcher. Everything the
socket brought after the answer's headers, chunk sizes included, divided by the taps.
Loopback only; every wait bounded (``PATIENCE_S``).
"""

from __future__ import annotations

import re
import socket
import time
import uuid
import zlib
from typing import Any
from urllib.parse import urlsplit

from bench import load
from bench.live import CODE
from bench.play import start_game
from bench.server import Server

TAPS = 20
PATIENCE_S = 30.0
MEASURE = "a tap's pushed table, per following phone (gzip)"
PAGE = "a game's table page (gzip)"


def _get(url: str, path: str, cookies: dict[str, str], encoding: str) -> socket.socket:
    """A GET sent on a fresh socket; returns the socket, the answer not yet read."""
    parts = urlsplit(url)
    sock = socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80), timeout=PATIENCE_S)
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {parts.netloc}",
        "Accept: text/event-stream, text/html",
        f"Accept-Encoding: {encoding}",
        "Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()),
    ]
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    return sock


def _head(sock: socket.socket) -> tuple[bytes, bytes]:
    """The answer's headers, and the body bytes that came with them."""
    data = b""
    while b"\r\n\r\n" not in data:
        block = sock.recv(65536)
        if not block:
            raise RuntimeError("the server closed the connection before its headers")
        data += block
    head, _, rest = data.partition(b"\r\n\r\n")
    return head, rest


def _tap(owner: load.Client, pk: int, flip: bool) -> None:
    form = {"id": uuid.uuid4().hex, "side": "0", "target": "1", "model": "0"}
    form["do"] = "wound" if flip else "heal"
    status, _ = owner.request("POST", f"/games/{pk}/act/", form, {"HX-Request": "true"})
    if status != 200:
        raise RuntimeError(f"a tap answered {status}")


class _Dechunk:
    """The body of a chunked answer from the raw bytes, as they come."""

    def __init__(self) -> None:
        self.buffer = b""

    def feed(self, data: bytes) -> bytes:
        self.buffer += data
        out = b""
        while True:
            line, sep, rest = self.buffer.partition(b"\r\n")
            if not sep:
                return out
            size = int(line.split(b";")[0].strip() or b"0", 16)
            if len(rest) < size + 2:
                return out
            out += rest[:size]
            self.buffer = rest[size + 2 :]


def _follow(server: Server, owner: load.Client, pk: int, cookies: dict[str, str], encoding: str) -> float:
    """Bytes per tap on one stream asked with ``encoding``."""
    sock = _get(server.url, f"/games/{pk}/stream/", cookies, encoding)
    try:
        head, body = _head(sock)
        gzipped = b"content-encoding: gzip" in head.lower()
        if (encoding == "gzip") != gzipped:
            raise RuntimeError(f"asked {encoding}, the stream came {'gzipped' if gzipped else 'plain'}")
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        chunks = _Dechunk() if b"transfer-encoding: chunked" in head.lower() else None

        def read(raw: bytes) -> bytes:
            data = chunks.feed(raw) if chunks else raw
            return inflate.decompress(data) if gzipped else data

        received, text = len(body), read(body)
        start = received
        flip = False
        for n in range(1, TAPS + 1):
            flip = not flip
            _tap(owner, pk, flip)
            deadline = time.monotonic() + PATIENCE_S
            while text.count(b"event: table") < n:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"tap {n} never reached the following phone")
                block = sock.recv(65536)
                if not block:
                    raise RuntimeError("the stream ended")
                received += len(block)
                text += read(block)
        return (received - start) / TAPS
    finally:
        sock.close()


def _page_bytes(server: Server, path: str, cookies: dict[str, str], encoding: str) -> int:
    """The whole answer to one GET of ``path`` (headers and body), read to its end."""
    sock = _get(server.url, path, cookies, encoding)
    try:
        head, body = _head(sock)
        length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
        while length and len(body) < int(length.group(1)):
            block = sock.recv(65536)
            if not block:
                break
            body += block
        return len(head) + 4 + len(body)
    finally:
        sock.close()


def wire_rows(server: Server) -> list[dict[str, Any]]:
    """The rows: a tap's pushed table per following phone, and the table page."""
    owner = load.Client(server.url)
    owner.log_in(server.seed["username"], server.seed["password"])
    pk = start_game(owner, server.seed["rosters"][0])
    _, page = owner.request("GET", f"/games/{pk}/")
    found = CODE.search(page)
    if found is None:
        raise RuntimeError("the owner's table shows no join code")
    watcher = load.Client(server.url)
    watcher.request("GET", f"/join/{found.group(1)}/")
    status, _ = watcher.request("POST", f"/join/{found.group(1)}/", {"choice": "watch"})
    if status != 302:
        raise RuntimeError(f"watching answered {status}")
    plain = _follow(server, owner, pk, watcher.cookies, "identity")
    packed = _follow(server, owner, pk, watcher.cookies, "gzip")
    page_plain = _page_bytes(server, f"/games/{pk}/", owner.cookies, "identity")
    page_packed = _page_bytes(server, f"/games/{pk}/", owner.cookies, "gzip, deflate, br")
    return [
        {
            "measure": MEASURE,
            "value": round(packed),
            "unit": "bytes/tap",
            "detail": f"{round(plain)} bytes uncompressed ({plain / packed:.1f}x less), over {TAPS} taps",
            "budget": "5x less",
            "met": plain >= 5 * packed,
        },
        {
            "measure": PAGE,
            "value": page_packed,
            "unit": "bytes",
            "detail": f"{page_plain} bytes uncompressed ({page_plain / page_packed:.1f}x less)",
            "budget": "report",
            "met": True,
        },
    ]
