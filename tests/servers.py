"""Real servers the tests start on loopback (never a mock): a throw-away redis-server."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from typing import TypeVar

T = TypeVar("T")


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def redis_server(port: int | None = None) -> Iterator[str]:
    """A throw-away redis-server on ``port`` (a free one by default) of 127.0.0.1, no disk;
    its URL. Stopped when the block ends."""
    binary = shutil.which("redis-server")
    assert binary, "redis-server is missing: make test installs it (scripts/system-deps.sh --browser)"
    port = port or free_port()
    args = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            assert time.monotonic() < deadline and proc.poll() is None, "redis-server did not start"
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


class TcpProxy:
    """A TCP forwarder on a free port of 127.0.0.1 to ``target`` (host, port), in a thread:
    what a database's network is to the processes that connect through it. :meth:`cut`
    drops every connection and refuses new ones (the server "restarting"); :meth:`mend`
    takes connections again."""

    def __init__(self, target: tuple[str, int]) -> None:
        import threading

        self.target = target
        self.port = free_port()
        self.open = True
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", self.port))
        self.listener.settimeout(0.2)
        self.stopped = False
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        import threading

        while not self.stopped:
            try:
                client, _ = self.listener.accept()
            except OSError:
                continue
            if not self.open:
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.pairs.append((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        source.settimeout(None)
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Drop every connection now and refuse new ones until :meth:`mend`."""
        self.open = False
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            for end in pair:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()

    def mend(self) -> None:
        """Take connections again."""
        self.open = True

    def close(self) -> None:
        self.cut()
        self.stopped = True
        self.listener.close()


def until(what: str, check: Callable[[], T | None], patience: float = 300) -> T:
    """Call ``check()`` every half second until it returns a true value (returned), or fail
    naming ``what`` after ``patience`` seconds (a hang guard, not a timing)."""
    deadline = time.monotonic() + patience
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, f"{what}: not done after {patience:.0f} s"
        time.sleep(0.5)
