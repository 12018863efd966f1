"""A sheet worker stopped as systemd stops it (SIGTERM to its whole process group, the
README's unit) finishes the sheet in hand instead of losing it (issue 29 item 15).

gunicorn on 127.0.0.1 with no sheet worker of its own; this test starts one in its own
process group, asks for a 50-model sheet, and sends the group SIGTERM while the sheet's
renderer is at work. Bounded: a hang guard of minutes (the render runs at nice 10)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bench import load
from bench.server import ROOT, serve
from tests.load.test_workers import fetch, sheet

SETTINGS = {"MUSTER_SEED_QUEUE": "1", "SHEET_SETTLE_SECONDS": "0"}
BOUND_SECONDS = 600


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        path = task / "children"
        if path.exists():
            found += [int(p) for p in path.read_text().split()]
    return found


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")
    except OSError:  # gone meanwhile
        return ""


def rendering(pid: int) -> list[int]:
    """The sheets worker ``pid`` is rendering: the forks of its renderer's forkserver
    (not the compiler ctypes runs while the forkserver warms up)."""
    servers = [c for c in children(pid) if "forkserver" in cmdline(c)]
    return [g for c in servers for g in children(c) if "forkserver" in cmdline(g)]


def test_a_sheet_worker_stopped_mid_render_finishes_the_sheet():
    database_url = os.environ.get("DATABASE_URL")
    with serve(workers=1, rosters=1, database_url=database_url, settings=SETTINGS, task_workers=0) as server:
        player = load.Client(server.url)
        player.log_in(server.seed["username"], server.seed["password"])
        path = f"/rosters/{server.seed['heavy'][0]}/sheet.pdf"
        assert fetch(server, path, player.cookies)[0] == 202, "queued: no worker yet"
        command = [sys.executable, "manage.py", "sheet_worker", "--interval", "0.2", "-v0"]
        worker = subprocess.Popen(command, cwd=ROOT, env=server.env, start_new_session=True)
        try:
            deadline = time.monotonic() + BOUND_SECONDS
            while not rendering(worker.pid):
                assert worker.poll() is None, "the worker stopped by itself"
                assert time.monotonic() < deadline, "no sheet was ever being rendered"
                time.sleep(0.05)
            os.killpg(worker.pid, signal.SIGTERM)
            assert worker.wait(timeout=BOUND_SECONDS) == 0, "stopped gracefully"
        finally:
            if worker.poll() is None:
                os.killpg(worker.pid, signal.SIGKILL)
                worker.wait()
        # The sheet in hand was finished: it is there with no worker running.
        status, body, _ = fetch(server, path, player.cookies)
        assert status == 200 and body.startswith(b"%PDF"), status
        assert sheet(server, path, player.cookies)[0] == 200
