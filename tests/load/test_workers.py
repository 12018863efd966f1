"""Two gunicorn workers behave as one (bounded, on 127.0.0.1): no stale sheet after an
undo and an edit, rate limits counted across workers, and /healthz answering while two
of the heaviest sheets render (in two sheet task workers). About a minute in all."""

from __future__ import annotations

import http.client
import os
import re
import threading
import time
import urllib.parse
from pathlib import Path

from bench import load
from bench.server import Server, serve
from tests.web import pdf as pdfs

SETTINGS = {
    "RATE_IMPORT": "10/m",
    "MUSTER_SEED_WORST": "1",
}
OPTIONS_NAME = re.compile(r'name="name"[^>]*value="([^"]*)"')


def fetch(server: Server, path: str, cookies: dict[str, str] | None = None) -> tuple[int, bytes, float]:
    """GET on a new connection (so requests spread over the workers): status, body, seconds."""
    parsed = urllib.parse.urlsplit(server.url)
    started = time.monotonic()
    conn = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=300)
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in (cookies or {}).items())}
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, body, time.monotonic() - started


def sheet(server: Server, path: str, cookies: dict[str, str] | None = None) -> tuple[int, bytes, float]:
    """GET a sheet URL until the sheet is no longer being prepared (202): the final
    status, body and seconds since the first request. Bounded at fifteen minutes: a guard
    against a hang, never a measure (a heavy sheet at nice 10 beside CPU hogs takes minutes
    on the clock for seconds of CPU)."""
    started = time.monotonic()
    while True:
        status, body, _ = fetch(server, path, cookies)
        if status != 202 or time.monotonic() - started > 900:
            return status, body, time.monotonic() - started
        time.sleep(0.2)


def revision(client: load.Client, roster: int) -> str:
    status, page = client.request("GET", f"/rosters/{roster}/")
    assert status == 200
    found = load.REVISION.search(page)
    assert found, "the editor shows its revision"
    return found.group(1)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def check_no_stale_sheet(server: Server, client: load.Client) -> None:
    roster = server.seed["rosters"][1]
    path = f"/rosters/{roster}/sheet.pdf"
    for trial in range(3):
        for _ in range(4):
            assert sheet(server, path, client.cookies)[0] == 200
        status, _ = client.request("POST", f"/rosters/{roster}/undo/", {"revision": revision(client, roster)})
        assert status in (200, 302)
        name = f"Trial {trial} of the stale sheet"
        status, _ = client.request(
            "POST",
            f"/rosters/{roster}/options/",
            {"revision": revision(client, roster), "name": name, "game_size": "medium"},
        )
        assert status in (200, 302)
        for _ in range(4):
            status, pdf, _ = sheet(server, path, client.cookies)
            assert status == 200
            assert name in pdfs.text(pdf), f"trial {trial}: a worker served a stale sheet"


def check_rate_limit_across_workers(server: Server, client: load.Client) -> None:
    statuses = []
    for _ in range(24):
        one = load.Client(server.url)
        one.cookies = dict(client.cookies)
        statuses.append(one.request("POST", "/rosters/import/", {"text": "{}"})[0])
        one.conn.close()
    # 10 per minute for this player, whichever worker answers.
    assert statuses.count(422) == 10, statuses
    assert statuses.count(429) == 14, statuses


def test_two_workers_behave_as_one(capsys):
    database_url = os.environ.get("DATABASE_URL")
    # Two sheet workers: both heavy sheets render at once.
    with serve(workers=2, rosters=3, database_url=database_url, settings=SETTINGS, task_workers=2) as server:
        client = load.Client(server.url)
        client.log_in(server.seed["username"], server.seed["password"])
        check_no_stale_sheet(server, client)
        check_rate_limit_across_workers(server, client)
        client.conn.close()

        workers = server.worker_pids()
        assert len(workers) == 2
        before = {pid: rss_mb(pid) for pid in workers}
        renders: list[tuple[int, float]] = []

        def heavy(token: str) -> None:
            status, _, seconds = sheet(server, f"/s/{token}/sheet.pdf")
            renders.append((status, seconds))

        threads = [threading.Thread(target=heavy, args=(t,)) for t in server.seed["worst"]]
        for t in threads:
            t.start()
        health = []
        time.sleep(0.5)
        # At least three checks: a sheet prepared in the background since the seeding
        # (its edits settled) is answered from the cache at once.
        while any(t.is_alive() for t in threads) or len(health) < 3:
            status, body, seconds = fetch(server, "/healthz")
            assert (status, body) == (200, b"ok")
            health.append(seconds)
            time.sleep(0.2)
        for t in threads:
            t.join()
        after = {pid: rss_mb(pid) for pid in workers}
    with capsys.disabled():
        print(
            f"\nworkers: heavy sheets {[f'{s} in {t:.1f} s' for s, t in renders]}; /healthz during them: "
            f"{len(health)} requests, slowest {max(health) * 1000:.0f} ms; worker RSS "
            f"{', '.join(f'{before[p]:.0f} -> {after[p]:.0f} MB' for p in workers)}"
        )
    assert len(health) >= 3
    # How fast /healthz answered is printed above, not asserted (a shared machine is
    # noisy); `make bench` measures it. Asserted: it answered, every time, throughout.
    assert {s for s, _ in renders} <= {200, 422}
    assert all(after[p] < before[p] + 50 for p in workers), (before, after)
