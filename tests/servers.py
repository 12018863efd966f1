"""Real servers the tests start on loopback (never a mock): a throw-away redis-server."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator


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
