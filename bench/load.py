"""A small HTTP client for load runs on loopback: a logged-in player who edits a roster
with htmx requests, a visitor who reads a shared page, and a bounded runner.

Every run is bounded in both requests and seconds and talks only to 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import http.client
import random
import re
import socket
import statistics
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie

REVISION = re.compile(r'id="roster-state" data-revision="(\d+)"')
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Client:
    """A keep-alive HTTP connection with a cookie jar (session and CSRF cookies). Given
    several base URLs (app servers behind one load balancer, bench.server.serve), each
    request goes to one of them at random, as a balancer without sticky sessions would
    send it."""

    def __init__(self, base_url: str, *more_urls: str) -> None:
        self.conns = []
        for url in (base_url, *more_urls):
            parsed = urllib.parse.urlsplit(url)
            if parsed.hostname not in ("127.0.0.1", "localhost"):
                raise ValueError("load runs only talk to 127.0.0.1")
            self.conns.append(http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30))
        self.conn = self.conns[0]
        self.rng = random.Random(id(self))
        self.cookies: dict[str, str] = {}
        self.last_etag = ""  # the ETag of the latest answer ("" when it had none)

    def close(self) -> None:
        """Close the connections (gthread workers keep them alive between requests)."""
        for conn in getattr(self, "conns", []):
            conn.close()

    def __del__(self) -> None:
        self.close()

    def request(
        self,
        method: str,
        path: str,
        body: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, str]:
        """Send a request; returns (status, body text). Raises OSError on connection errors."""
        all_headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **(headers or {})}
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body, doseq=True)
            all_headers["Content-Type"] = "application/x-www-form-urlencoded"
        if "csrftoken" in self.cookies:
            all_headers.setdefault("X-CSRFToken", self.cookies["csrftoken"])
        if len(self.conns) > 1:
            self.conn = self.rng.choice(self.conns)
        try:
            self.conn.request(method, path, body=data, headers=all_headers)
            response = self.conn.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # gunicorn's gthread workers close idle keep-alive connections (after 2 s);
            # the request never reached Muster, so sending it again is safe.
            self.conn.close()
            self.conn.request(method, path, body=data, headers=all_headers)
            response = self.conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        self.last_etag = response.headers.get("ETag", "")
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        return response.status, text

    def log_in(self, username: str, password: str) -> None:
        """Log in through the real form; raises RuntimeError if it does not work."""
        _, page = self.request("GET", "/accounts/login/")
        token = CSRF_FIELD.search(page)
        status, _ = self.request(
            "POST",
            "/accounts/login/",
            {
                "username": username,
                "password": password,
                "csrfmiddlewaretoken": token.group(1) if token else "",
            },
        )
        if status != 302:
            raise RuntimeError(f"log-in failed with {status}")


class Editor:
    """A player renaming one model of their roster back and forth, as htmx would send it."""

    def __init__(self, client: Client, roster_id: int) -> None:
        self.client = client
        self.roster_id = roster_id
        _, page = client.request("GET", f"/rosters/{roster_id}/")
        found = REVISION.search(page)
        if found is None:
            raise RuntimeError(f"roster {roster_id} did not open")
        self.revision = int(found.group(1))
        self.flip = False

    def edit(self, name: str | None = None) -> int:
        """One model update round trip (the model renamed ``name``, by default "Frokn" and
        "Frokn II" in turn); returns the status."""
        self.flip = not self.flip
        form = {
            "revision": str(self.revision),
            "name": name or ("Frokn II" if self.flip else "Frokn"),
            "type": "follower",
            "MA": "4",
            "RA": "2",
            "PD": "3",
            "WP": "3",
            "skill": ["2H Edged", ""],
            "label": ["Northmen Battle Axe", ""],
            "trait": ["ranger", "veteran"],
        }
        status, text = self.client.request(
            "POST", f"/rosters/{self.roster_id}/models/6/", form, {"HX-Request": "true"}
        )
        found = REVISION.search(text)
        if found:
            self.revision = int(found.group(1))
        return status


@dataclass
class LoadResult:
    """What a bounded run did: requests, errors (5xx or connection failures), rate."""

    requests: int = 0
    errors: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def rps(self) -> float:
        """Requests per second over the run."""
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def median_ms(self) -> float:
        """Median latency in milliseconds."""
        return statistics.median(self.latencies) * 1000 if self.latencies else 0.0


def run(
    make_worker: Callable[[int], Callable[[], int]], clients: int, seconds: float, max_requests: int = 100_000
) -> LoadResult:
    """Run ``clients`` threads, each calling its worker (made by ``make_worker(i)``, which
    returns an HTTP status) until ``seconds`` pass or ``max_requests`` are made in all."""
    result = LoadResult()
    lock = threading.Lock()
    workers = [make_worker(i) for i in range(clients)]
    stop = time.monotonic() + seconds

    def loop(work: Callable[[], int]) -> None:
        while time.monotonic() < stop:
            with lock:
                if result.requests >= max_requests:
                    return
                result.requests += 1
            start = time.perf_counter()
            try:
                status = work()
            except (OSError, http.client.HTTPException):
                status = 599
            elapsed = time.perf_counter() - start
            with lock:
                result.latencies.append(elapsed)
                result.statuses[status] = result.statuses.get(status, 0) + 1
                if status >= 500:
                    result.errors += 1

    begin = time.monotonic()
    threads = [threading.Thread(target=loop, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 60)
    result.seconds = time.monotonic() - begin
    return result


@dataclass(frozen=True)
class Event:
    """One Server-Sent Event: its type ("message" unless named), id and data."""

    kind: str
    id: str
    data: str


class Stream:
    """One Server-Sent Events stream (a phone's live table, issue 30) opened with
    ``client``'s cookies on its own connection: :meth:`next_event` reads up to the next
    event (comments and heartbeats skipped)."""

    def __init__(
        self, client: Client, path: str, last_event_id: str | None = None, timeout: float = 60
    ) -> None:
        server = client.rng.choice(client.conns)  # any app server, as a balancer would
        self.conn = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in client.cookies.items()),
            "Accept": "text/event-stream",
        }
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.conn.request("GET", path, headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.buffer = b""  # read from the stream, not yet made events

    def next_event(self) -> Event:
        """The next event (blocks up to the connection's timeout); comments skipped.
        Raises EOFError when the stream ends. Reads in blocks (a pushed table is tens of
        kilobytes: line by line, 2,000 streams would take the load generator's CPU)."""
        while True:
            end = self.buffer.find(b"\n\n")
            if end < 0:
                try:
                    block = self.response.read1(65536)
                except http.client.IncompleteRead:  # closed without its last chunk
                    block = b""
                if not block:
                    raise EOFError("the stream ended")
                self.buffer += block.replace(b"\r\n", b"\n")
                continue
            raw, self.buffer = self.buffer[:end], self.buffer[end + 2 :]
            kind, ident, data = "message", "", []
            for line in raw.decode().split("\n"):
                name, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if name == "data":
                    data.append(value)
                elif name == "event":
                    kind = value
                elif name == "id":
                    ident = value
            if data:
                return Event(kind, ident, "\n".join(data))

    def close(self) -> None:
        """Close the stream; a read blocked in another thread fails at once."""
        sock = self.conn.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()
