"""Start Muster under gunicorn on 127.0.0.1 with a throw-away database, for load runs.

Production settings (DEBUG off, collected static files); rate limits raised so the
measurements measure Muster, not the limiter.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Threads per gunicorn worker: a sheet renders in a child process while the worker's
# other threads keep answering (roster.sheets.rendering).
THREADS = 4


@dataclass
class Server:
    """A running gunicorn: its base URL, master pid, what bench.seed created, and the
    pids of the sheet task workers beside it."""

    url: str
    pid: int
    seed: dict[str, Any]
    task_workers: list[int]
    #: Every app server's base URL (the first is ``url``) and gunicorn master pid.
    urls: list[str] = field(default_factory=list)
    pids: list[int] = field(default_factory=list)
    #: The environment the servers run with (to start another process beside them).
    env: dict[str, str] = field(default_factory=dict)

    def worker_pids(self) -> list[int]:
        """The pids of every master's worker processes (Linux /proc)."""
        found = []
        for pid in self.pids or [self.pid]:
            children = Path(f"/proc/{pid}/task/{pid}/children")
            found += [int(p) for p in children.read_text().split()] if children.exists() else []
        return found


def collected_static(env: dict[str, str]) -> Path:
    """The static files collected (`collectstatic`: hashed names, compressed copies) for
    the sources as they are now, made once and shared by every server started after, in
    this process or another (about 11 s and 19 CPU seconds each time otherwise). Keyed by
    every source file's path, size and modification time; made under a lock in a temporary
    directory and renamed into place, so two test workers never see half of it."""
    import fcntl
    import hashlib

    import django

    digest = hashlib.sha256(f"{sys.prefix} {django.__file__}".encode())
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file():
            stat = path.stat()
            digest.update(f"{path.relative_to(ROOT)} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    home = Path(tempfile.gettempdir()) / "muster-collected-static"
    home.mkdir(exist_ok=True)
    target = home / digest.hexdigest()[:16]
    with open(home / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not target.is_dir():
            partial = Path(tempfile.mkdtemp(dir=home, prefix="partial-"))
            subprocess.run(
                [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
                cwd=ROOT,
                env={**env, "STATIC_ROOT": str(partial)},
                check=True,
            )
            partial.rename(target)
    return target


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
        # One line per request would be thousands a second here: the load runs measure the
        # app, not the terminal (a deploy keeps it on: docs/operations.md).
        ACCESS_LOG="false",
        PYTHONPATH=str(ROOT),
    )
    if database_url:
        env["DATABASE_URL"] = database_url
    else:
        env["SQLITE_PATH"] = str(workdir / "bench.sqlite3")
    return env


@contextlib.contextmanager
def own_database(database_url: str | None) -> Iterator[str | None]:
    """A new, empty PostgreSQL database on the server of ``database_url`` (the role
    needs CREATEDB, as scripts/start-postgres.sh makes it), yielded as its URL and
    dropped on exit; None (SQLite) is yielded as it is."""
    if not database_url:
        yield None
        return
    import psycopg
    from psycopg import sql

    parts = urllib.parse.urlsplit(database_url)
    name = f"muster_bench_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(database_url, autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(database_url, autocommit=True) as connection:
            drop = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
            connection.execute(drop.format(sql.Identifier(name)))


@contextlib.contextmanager
def serve(
    workers: int = 2,
    rosters: int = 10,
    database_url: str | None = None,
    settings: dict[str, str] | None = None,
    task_workers: int = 1,
    app_servers: int = 1,
    asgi: bool = False,
) -> Iterator[Server]:
    """Seed a fresh database, start gunicorn (gthread, as README's deploy line) and
    ``task_workers`` sheet workers (`manage.py sheet_worker`), and yield the Server;
    stops them all on exit. ``app_servers`` gunicorns (each with ``workers`` workers,
    each on its own port, one database and cache) stand for servers behind a load
    balancer (bench.load.Client spreads requests over ``Server.urls``). ``settings``
    overrides environment variables (e.g. {"RATE_IMPORT": "10/m"}). With ``asgi`` the app
    servers run roster.project.asgi on uvicorn workers (the live tables' streams, issue 30).

    With ``database_url`` (PostgreSQL) a fresh database is made beside it for this
    server alone and dropped on exit: load tests running side by side (pytest-xdist)
    never share rosters, sheet jobs or the cache.
    Raises RuntimeError if the server does not answer within 600 seconds (a hang guard).
    """
    python = sys.executable
    with tempfile.TemporaryDirectory(prefix="muster-bench-") as tmp, own_database(database_url) as own_url:
        workdir = Path(tmp)
        env = {**environment(workdir, own_url), **(settings or {})}
        env["STATIC_ROOT"] = str(collected_static(env))
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
        ports = [free_port() for _ in range(app_servers)]
        kind = ["roster.project.asgi", "--worker-class", "roster.project.worker.UvicornWorker"]
        if not asgi:
            kind = ["roster.project.wsgi", "--worker-class", "gthread", "--threads", str(THREADS)]
        gunicorn = [
            python,
            "-m",
            "gunicorn",
            *kind,
            "--workers",
            str(workers),
            "--log-level",
            "warning",
            "--timeout",
            "60",
        ]
        masters = [
            subprocess.Popen([*gunicorn, "--bind", f"127.0.0.1:{port}"], cwd=ROOT, env=env) for port in ports
        ]
        worker = [python, "manage.py", "sheet_worker", "--interval", "0.2", "-v0"]
        sheet_workers = [subprocess.Popen(worker, cwd=ROOT, env=env) for _ in range(task_workers)]
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        try:
            deadline = time.monotonic() + 600
            for url, proc in zip(urls, masters, strict=True):
                while True:
                    try:
                        with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
                            if response.status == 200:
                                break
                    except OSError:
                        if time.monotonic() > deadline or proc.poll() is not None:
                            raise RuntimeError("gunicorn did not start") from None
                        time.sleep(0.2)
            pids = [m.pid for m in masters]
            yield Server(urls[0], pids[0], seed, [w.pid for w in sheet_workers], urls, pids, env)
        finally:
            for running in (*masters, *sheet_workers):
                running.send_signal(signal.SIGTERM)
            for running in (*masters, *sheet_workers):
                try:
                    running.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    running.kill()
                    running.wait()
