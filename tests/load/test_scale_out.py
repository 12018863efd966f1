"""The README's scale-out, as it is written (issue 39, README "Deploying" step 5): PostgreSQL
(DATABASE_URL, .ci/run's) and one Redis as the shared cache, the live fan-out and the task
queue (RQ), two app servers A and B, one task worker. Through A a sheet is printed and an
event's list pack built; a tap on A reaches a phone streaming from B; a table's result is
confirmed by both players through B and counts on A.

Marked ``live`` and ``redis``: `make test-live-redis` runs it (.ci/run, on PostgreSQL)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench import load
from bench.server import Server, serve
from tests.load.test_live_streams import follow
from tests.servers import redis_server, until

pytestmark = [pytest.mark.live, pytest.mark.redis]
ROOT = Path(__file__).resolve().parents[2]

SETUP = """
import json, random
import django
django.setup()
from django.contrib.auth.models import User
from roster.events import operations
from roster.events.models import Entry
from roster.rosters.operations import create_roster
from tests.ih import example

users = {n: User.objects.create_user(n, password=n + "-secret-pw-123") for n in ("olga", "pat", "quinn")}
limits = {"game_size": "medium"}
event = operations.create_event(users["olga"], "iron-and-honor", "Scale-out Cup", options=limits)
for n in ("pat", "quinn"):
    roster = create_roster(users[n], example("iron-and-honor-northmen-raiding-party"))
    operations.submit(event, users[n], roster, n)
Entry.objects.filter(event=event).update(status=Entry.ACCEPTED)
pairing = operations.pair_round(event, random.Random(1)).pairings.get()
print(json.dumps({"event": event.pk, "pairing": pairing.pk}))
"""


def logged_in(url: str, name: str) -> load.Client:
    client = load.Client(url)
    client.log_in(name, f"{name}-secret-pw-123")
    return client


def test_the_readme_scale_out_serves_sheets_packs_taps_and_results():
    database = os.environ.get("DATABASE_URL")
    with redis_server() as url:
        base = url.rsplit("/", 1)[0]
        settings = {
            "CACHE_URL": f"{base}/0",
            "TASK_QUEUE": f"{base}/1",
            "LIVE_FANOUT": "redis",
            "LIVE_REDIS_URL": f"{base}/0",
            "RATE_PLAY": "100000/m",
            "RATE_JOIN": "100000/m",
            "RATE_SHEET": "100000/m",
        }
        with serve(
            1, rosters=1, database_url=database, settings=settings, asgi=True, app_servers=2
        ) as server:
            a, b = server.urls
            # A tap on A, heard on the phones that stream from B.
            follow(server)
            scale_out(server, a, b)


def scale_out(server: Server, a: str, b: str) -> None:
    made = subprocess.run(
        [sys.executable, "-c", SETUP], cwd=ROOT, env=server.env, capture_output=True, text=True, check=True
    )
    ids = json.loads(made.stdout.strip().splitlines()[-1])
    event, pairing = ids["event"], ids["pairing"]

    # A sheet printed through A: queued for the worker, followed, then the PDF.
    owner = load.Client(a)
    owner.log_in(server.seed["username"], server.seed["password"])
    roster = server.seed["rosters"][0]
    status, _ = owner.request("GET", f"/rosters/{roster}/sheet.pdf")
    assert status in (200, 202), status
    until("the sheet", lambda: owner.request("GET", f"/rosters/{roster}/sheet.pdf")[1].startswith("%PDF"))

    # The event's list pack built through A by the same worker.
    organiser = logged_in(a, "olga")
    status, _ = organiser.request("GET", f"/events/{event}/lists.pdf")
    assert status in (200, 202), status
    until(
        "the list pack", lambda: organiser.request("GET", f"/events/{event}/lists.pdf")[1].startswith("%PDF")
    )

    # The table's result confirmed by both players through B; it counts on A.
    for name in ("pat", "quinn"):
        player = logged_in(b, name)
        page = player.request("GET", f"/events/{event}/")[1]
        assert f"/events/{event}/pairings/{pairing}/result/" in page
        result = {"winner": "a", "score_a": "5", "score_b": "2"}
        status, _ = player.request("POST", f"/events/{event}/pairings/{pairing}/result/", result)
        assert status == 302, status
    exported = json.loads(organiser.request("GET", f"/events/{event}/export.json")[1])
    (table,) = exported["rounds"][0]["tables"]
    assert table["counted"] and not table["by_organiser"] and table["winner"] == "a", table
