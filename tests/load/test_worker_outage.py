"""The sheet worker survives its database going away (issue 39: it exited silently, and
sheets then waited forever). PostgreSQL only (.ci/run's pass): the worker reaches the
database through a TCP forwarder that the test cuts for a few seconds, as a restart would;
the app server reaches it directly. The worker logs the outage, tries again, and renders the
sheet asked for after the database is back."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

from bench import load
from bench.server import serve
from tests.servers import TcpProxy, until

ROOT = Path(__file__).resolve().parents[2]
DATABASE = os.environ.get("DATABASE_URL", "")
pytestmark = pytest.mark.skipif(
    not DATABASE.startswith("postgres"), reason="the database server to cut is PostgreSQL's (.ci/run)"
)


def sheet_ready(client: load.Client, roster: int) -> bool:
    return client.request("GET", f"/rosters/{roster}/sheet.pdf")[1].startswith("%PDF")


def test_the_worker_lives_through_a_database_restart(tmp_path):
    settings = {"RATE_SHEET": "100000/m", "SHEET_SETTLE_SECONDS": "0"}
    with serve(1, rosters=2, database_url=DATABASE, settings=settings, task_workers=0) as server:
        own = urllib.parse.urlsplit(server.env["DATABASE_URL"])
        proxy = TcpProxy((own.hostname or "127.0.0.1", own.port or 5432))
        through = own._replace(netloc=own.netloc.replace(f":{own.port}", f":{proxy.port}"))
        env = {**server.env, "DATABASE_URL": urllib.parse.urlunsplit(through), "LOG_LEVEL": "INFO"}
        log = (tmp_path / "worker.log").open("w")
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "sheet_worker", "--interval", "0.2"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            owner = load.Client(server.url)
            owner.log_in(server.seed["username"], server.seed["password"])
            first, second = server.seed["rosters"][:2]
            owner.request("GET", f"/rosters/{first}/sheet.pdf")
            until("the first sheet", lambda: sheet_ready(owner, first))

            proxy.cut()  # PostgreSQL "restarts": connections dropped, new ones refused
            time.sleep(6)
            assert worker.poll() is None, "the worker exited when its database went away"
            proxy.mend()

            owner.request("GET", f"/rosters/{second}/sheet.pdf")
            until("the sheet asked for after the outage", lambda: sheet_ready(owner, second))
            assert worker.poll() is None
        finally:
            worker.send_signal(signal.SIGTERM)
            try:
                worker.wait(timeout=60)
            except subprocess.TimeoutExpired:
                worker.kill()
            log.close()
            proxy.close()
        said = (tmp_path / "worker.log").read_text()
        assert "the database or Redis is gone" in said and "starting again" in said, said[-3000:]
