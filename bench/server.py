"""Start Muster under gunicorn on 127.0.0.1 with a throw-away database, for load runs.

Production settings (DEBUG off, collected static files); rate limits raised so the
measurements measure Muster, not the limiter.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Threads per gunicorn worker: a sheet renders in a child process while the worker's
# other threads keep answering (roster.rendering).
THREADS = 4


@dataclass
class Server:
    """A running gunicorn: its base URL, master pid and what bench.seed created."""

    url: str
    pid: int
    seed: dict[str, Any]

    def worker_pids(self) -> list[int]:
        """The pids of the master's worker processes (Linux /proc)."""
        children = Path(f"/proc/{self.pid}/task/{self.pid}/children")
        return [int(p) for p in children.read_text().split()] if children.exists() else []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def environment(workdir: Path, database_url: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    env.update(
        DEBUG="false",
        SECRET_KEY="bench-secret-key-not-for-production-0123456789abcdef",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="false",
        STATIC_ROOT=str(workdir / "static"),
        RATE_LOGIN="100000/m",
        RATE_SIGNUP="100000/m",
        RATE_SHEET="100000/m",
        RATE_IMPORT="100000/m",
        RATE_PLAY="100000/m",
        PYTHONPATH=str(ROOT),
    )
    if database_url:
        env["DATABASE_URL"] = database_url
    else:
        env["SQLITE_PATH"] = str(workdir / "bench.sqlite3")
    return env


@contextlib.contextmanager
def serve(
    workers: int = 2,
    rosters: int = 10,
    database_url: str | None = None,
    settings: dict[str, str] | None = None,
) -> Iterator[Server]:
    """Seed a fresh database, start gunicorn (gthread, as README's deploy line) and
    yield the Server; stops it on exit. ``settings`` overrides environment variables
    (e.g. {"RATE_IMPORT": "10/m"}).

    With ``database_url`` (PostgreSQL) the database is reused and seeded again.
    Raises RuntimeError if the server does not answer within 60 seconds.
    """
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="muster-bench-") as tmp:
        workdir = Path(tmp)
        env = {**environment(workdir, database_url), **(settings or {})}
        subprocess.run(
            [python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
        )
        seed = json.loads(
            subprocess.run(
                [python, "-m", "bench.seed", str(rosters)],
                cwd=ROOT,
                env=env,
                check=True,
                capture_output=True,
                text=True,
            )
            .stdout.strip()
            .splitlines()[-1]
        )
        port = free_port()
        gunicorn = [
            python,
            "-m",
            "gunicorn",
            "roster.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--worker-class",
            "gthread",
            "--threads",
            str(THREADS),
            "--log-level",
            "warning",
            "--timeout",
            "60",
        ]
        proc = subprocess.Popen(gunicorn, cwd=ROOT, env=env)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
                        if response.status == 200:
                            break
                except OSError:
                    if time.monotonic() > deadline or proc.poll() is not None:
                        raise RuntimeError("gunicorn did not start") from None
                    time.sleep(0.2)
            yield Server(url, proc.pid, seed)
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
