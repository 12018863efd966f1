"""The sheet queue under the load that broke the web-thread renderer (issue 22): on
gunicorn (two gthread workers, as README deploys it) with one sheet task worker, all on
127.0.0.1, one player asks for four uncached 50-model sheets, then another player for a
seven-model one. That sheet arrives (no 503: it waits behind one of the four, not all of
them), and /healthz answers throughout. Bounded: at most six minutes."""

from __future__ import annotations

import os
import time

from bench import load
from bench.server import serve
from tests.load.test_workers import fetch
from tests.web import pdf as pdfs

SETTINGS = {
    "MUSTER_SEED_QUEUE": "1",
    # Only the sheets asked for here: nothing prepared in the background after seeding.
    "SHEET_SETTLE_SECONDS": "0",
}
BOUND_SECONDS = 900  # a hang guard, never a measure: the heavy sheets render at nice 10


def test_another_players_sheet_arrives_while_one_player_prints_four_heavy_ones(capsys):
    database_url = os.environ.get("DATABASE_URL")
    with serve(workers=2, rosters=1, database_url=database_url, settings=SETTINGS) as server:
        heavy_player = load.Client(server.url)
        heavy_player.log_in(server.seed["username"], server.seed["password"])
        other = server.seed["other"]
        other_player = load.Client(server.url)
        other_player.log_in(other["username"], other["password"])
        sheets = {
            f"heavy {i}": (f"/rosters/{pk}/sheet.pdf", heavy_player)
            for i, pk in enumerate(server.seed["heavy"])
        }
        sheets["other"] = (f"/rosters/{other['roster']}/sheet.pdf", other_player)

        started = time.monotonic()
        first = {}
        for name, (path, client) in sheets.items():  # the four heavy ones first
            status, _, seconds = fetch(server, path, client.cookies)
            first[name] = (status, seconds)
        answers: dict[str, tuple[int, bytes, float]] = {}
        health: list[float] = []
        ready_order: list[str] = []
        # Until the other player's sheet arrives (the four heavy ones may take minutes more).
        while "other" not in answers and time.monotonic() - started < BOUND_SECONDS:
            for name, (path, client) in sheets.items():
                if name in answers:
                    continue
                status, body, _ = fetch(server, path, client.cookies)
                if status != 202:
                    answers[name] = (status, body, time.monotonic() - started)
                    ready_order.append(name)
            status, body, seconds = fetch(server, "/healthz")
            assert (status, body) == (200, b"ok")
            health.append(seconds)
            time.sleep(0.3)
    with capsys.disabled():
        print(
            "\nsheet queue: asked in "
            + ", ".join(f"{n} {s} in {t * 1000:.0f} ms" for n, (s, t) in first.items())
            + "; ready: "
            + ", ".join(f"{n} {answers[n][0]} after {answers[n][2]:.1f} s" for n in ready_order)
            + f"; /healthz {len(health)} requests, slowest {max(health) * 1000:.0f} ms"
        )
    # The web only queued: every first answer is the page that follows the sheet.
    assert {s for s, _ in first.values()} == {202}
    assert "other" in answers, f"the other player's sheet did not arrive within {BOUND_SECONDS} s"
    status, body, _ = answers["other"]
    assert status == 200
    assert "Other's raiders" in pdfs.text(body)
    # Fair: the other player's sheet waits behind one of the four at most.
    assert ready_order.index("other") <= 1, ready_order
    # /healthz answered every time (asserted in the loop); how fast is printed above,
    # not asserted: a shared machine is noisy (`make bench` measures it).
