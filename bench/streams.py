"""The live load run's stream readers (issue 30), in a process of their own, on asyncio.

At 500 games the load generator read 2,000 phones' streams with 2,000 threads beside
1,000 tapping ones (load average above 300): each thread's wait for the interpreter was
in every time it measured. Here one event loop in a child process reads every stream;
the parent keeps only the players' taps. A sighting is stamped with ``time.monotonic()``,
the machine's one monotonic clock (CLOCK_MONOTONIC on Linux), so the parent compares it
with the taps' own times.

Each phone is read as play.js reads its stream: a ``table`` event is its table (the
first data line its ETag, which names the version); a bare event makes it ask for its
table (``/games/<pk>/state/`` with its ETag), as the page does. Loopback only.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

VERSION = re.compile(r"-v(\d+)")
OPENING_AT_ONCE = 32  # streams being opened together (pages open theirs when shown)


@dataclass
class Phone:
    """One phone's stream: the app servers it may reach ((host, port), one at random, as
    a balancer without sticky sessions), its game, its cookies and the ETag it holds."""

    servers: list[tuple[str, int]]
    game: int
    cookies: dict[str, str]
    etag: str = ""


@dataclass
class Read:
    """What the readers saw, per phone (by index): sightings ``(version, monotonic
    time)``, the last ETag held; and counts of what came (``table pushed``, ``state
    200`` / ``304`` after a bare event, ``stream broke``, ``stream <status>`` for one that
    did not open), with the readers' own CPU seconds during the load."""

    sightings: dict[int, list[tuple[int, float]]] = field(default_factory=dict)
    etags: dict[int, str] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, list[float]] = field(default_factory=dict)  # round trips after bare events
    cpu: float = 0.0

    def count(self, kind: str, seconds: float | None = None) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        if seconds is not None:
            self.seconds.setdefault(kind, []).append(seconds)


def _request(phone: Phone, path: str, headers: dict[str, str]) -> bytes:
    lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in phone.cookies.items()))
    lines += [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


async def _open(
    phone: Phone, path: str, headers: dict[str, str]
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, int, dict[str, str]]:
    """Send a GET; returns the connection, the answer's status and headers (lower-case)."""
    host, port = random.choice(phone.servers)
    reader, writer = await asyncio.open_connection(host, port, limit=1 << 20)
    writer.write(_request(phone, path, headers))
    await writer.drain()
    status = int((await reader.readline()).split()[1])
    found: dict[str, str] = {}
    while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        found[name.strip().lower()] = value.strip()
    return reader, writer, status, found


async def _body(reader: asyncio.StreamReader, chunked: bool):
    """The answer's body as it comes, block by block (chunked or to the end)."""
    while True:
        if not chunked:
            block = await reader.read(65536)
            if not block:
                return
            yield block
            continue
        size = int((await reader.readline()).split(b";")[0].strip() or b"0", 16)
        if size == 0:
            return
        yield await reader.readexactly(size)
        await reader.readline()  # the CRLF after each chunk


async def _ask(phone: Phone, read: Read, index: int) -> None:
    """After a bare event: the page asks for its table with the ETag it holds."""
    asked = time.monotonic()
    headers = {"HX-Request": "true", **({"If-None-Match": phone.etag} if phone.etag else {})}
    reader, writer, status, found = await _open(phone, f"/games/{phone.game}/state/", headers)
    await reader.read()  # the table, to the end (the answer closes the connection)
    writer.close()
    got = time.monotonic()
    read.count(f"state {status}", got - asked)
    etag = found.get("etag", "")
    hit = VERSION.search(etag) if status == 200 else None
    if hit:
        phone.etag = etag
        read.sightings[index].append((int(hit[1]), got))


async def _follow(
    phone: Phone,
    index: int,
    opened: tuple[asyncio.StreamReader, asyncio.StreamWriter, dict[str, str]],
    stop: float,
    read: Read,
) -> None:
    """Read one stream until ``stop``, recording each table pushed (and asking after each
    bare event)."""
    reader, writer, headers = opened
    buffer = b""
    try:
        async for block in _body(reader, "chunked" in headers.get("transfer-encoding", "")):
            buffer += block.replace(b"\r\n", b"\n")
            while (end := buffer.find(b"\n\n")) >= 0:
                raw, buffer = buffer[:end], buffer[end + 2 :]
                got = time.monotonic()
                kind, data = "message", []
                for line in raw.decode().split("\n"):
                    name, _, value = line.partition(":")
                    if name == "event":
                        kind = value.strip()
                    elif name == "data":
                        data.append(value[1:] if value.startswith(" ") else value)
                if not data:
                    continue  # the reconnection delay, a heartbeat
                if kind == "table":
                    read.count("table pushed", 0.0)  # (no round trip: it came by itself)
                    hit = VERSION.search(data[0])
                    if hit:
                        phone.etag = data[0]
                        read.sightings[index].append((int(hit[1]), got))
                else:
                    await _ask(phone, read, index)
        if time.monotonic() < stop:
            read.count("stream broke")
    except (OSError, asyncio.IncompleteReadError, ValueError):
        if time.monotonic() < stop:
            read.count("stream broke")
    finally:
        writer.close()


async def _run(phones: list[Phone], pipe: Any) -> None:
    read = Read(sightings={i: [] for i in range(len(phones))})
    gate = asyncio.Semaphore(OPENING_AT_ONCE)

    async def open_one(phone: Phone):
        async with gate:
            try:
                return await _open(phone, f"/games/{phone.game}/stream/", {"Accept": "text/event-stream"})
            except OSError:
                return None

    opened = await asyncio.gather(*(open_one(p) for p in phones))
    refused = [0 if o is None else o[2] for o in opened]
    for status in refused:
        if status != 200:
            read.count(f"stream {status}")
    loop = asyncio.get_running_loop()
    pipe.send(("opened", refused))
    stop = await loop.run_in_executor(None, pipe.recv)  # the load's end (monotonic)
    cpu = time.process_time()
    tasks = [
        asyncio.ensure_future(_follow(p, i, (o[0], o[1], o[3]), stop, read))
        for i, (p, o) in enumerate(zip(phones, opened, strict=True))
        if o is not None and o[2] == 200
    ]
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    read.cpu = time.process_time() - cpu
    for o in opened:
        if o is not None:
            o[1].close()  # each reader's next read ends: it is done
    await asyncio.wait(tasks, timeout=10) if tasks else None
    read.etags = {i: p.etag for i, p in enumerate(phones)}
    pipe.send(("done", read))


class _Pipe:
    """The child's end: pickled messages on its standard input and output."""

    def send(self, message: Any) -> None:
        pickle.dump(message, sys.stdout.buffer)
        sys.stdout.buffer.flush()

    def recv(self) -> Any:
        return pickle.load(sys.stdin.buffer)


class Readers:
    """The child process reading every phone's stream (``python -m bench.streams``: a
    fresh interpreter, not a fork of the threaded parent). :meth:`open` opens them all
    (as the pages open theirs when shown, before the load); :meth:`follow` reads until
    the load's end; :meth:`result` waits for what they saw (:class:`Read`)."""

    def __init__(self, phones: list[Phone]) -> None:
        self.phones = phones
        root = str(Path(__file__).resolve().parent.parent)
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])),
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.streams"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=root,
            env=env,
        )

    def _send(self, message: Any) -> None:
        assert self.process.stdin is not None
        pickle.dump(message, self.process.stdin)
        self.process.stdin.flush()

    def _recv(self) -> Any:
        assert self.process.stdout is not None
        try:
            return pickle.load(self.process.stdout)
        except EOFError:
            raise RuntimeError(f"the stream readers ended (exit {self.process.wait(10)})") from None

    def open(self) -> list[int]:
        """Open every stream; returns each one's status (0: no connection)."""
        self._send(self.phones)
        _, statuses = self._recv()
        return statuses

    def follow(self, stop: float) -> None:
        """Read the streams until ``stop`` (a ``time.monotonic()`` time)."""
        self._send(stop)

    def result(self) -> Read:
        """What the readers saw, once the load is over."""
        try:
            _, read = self._recv()
            return read
        finally:
            self.close()

    def close(self) -> None:
        """End the readers' process (if still there) and close its pipes."""
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


if __name__ == "__main__":
    from bench import streams  # (its classes by their own name, for the parent's unpickling)

    asyncio.run(streams._run(pickle.load(sys.stdin.buffer), streams._Pipe()))
