"""`make bench`: Muster's speed against its budgets, as ratios to baselines measured in
the same run (gunicorn with one sheet task worker beside it, bench.server). Prints one
table and writes it as JSON under bench/results/.

Everything talks to 127.0.0.1 only and is bounded in count and time (a few minutes).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from bench import events, load, wire
from bench.live import GAMES as live_games
from bench.live import live_row, stream_cost_row
from bench.play import play_rows
from bench.server import ROOT, Server, serve
from bench.timing import ms, paired_timings, timings
from bench.workloads import NINE_MODEL_ROSTERS, parsed

Row = dict[str, Any]


def evaluate_rows() -> list[Row]:
    """evaluate() of a nine-model roster per system (median, p95) against 1 ms."""
    rows = []
    for system_id, document in NINE_MODEL_ROSTERS.items():
        system, doc, catalogue = parsed(system_id, document)
        for _ in range(50):
            system.evaluate(doc, catalogue)
        samples = timings(lambda s=system, d=doc, c=catalogue: s.evaluate(d, c), rounds=2000, seconds=10)
        median = ms(samples)
        rows.append(
            {
                "measure": f"evaluate() 9 models, {system_id}",
                "value": round(median, 3),
                "unit": "ms median",
                "detail": f"p95 {ms(samples, 0.95):.3f} ms",
                "budget": "< 1 ms",
                "met": median < 1.0,
            }
        )
    return rows


def http_rows(server: Server, database: str) -> list[Row]:
    """htmx edit round trip against /healthz on the same server, and shared-page throughput."""
    client = load.Client(server.url)
    client.log_in(server.seed["username"], server.seed["password"])
    editor = load.Editor(client, server.seed["rosters"][0])
    trivial = load.Client(server.url)
    for _ in range(10):
        editor.edit()
        trivial.request("GET", "/healthz")
    edit, base = paired_timings(
        editor.edit, partial(trivial.request, "GET", "/healthz"), rounds=300, seconds=40
    )
    ratio = statistics.median(edit) / statistics.median(base)
    rows = [
        {
            "measure": f"htmx edit round trip ({database})",
            "value": round(ms(edit), 2),
            "unit": "ms median",
            "detail": f"trivial view {ms(base):.2f} ms; ratio {ratio:.1f}x; {query_count()} queries per edit",
            "budget": "<= 8x trivial",  # issue 23: templates over f-strings (issue 11 had 6x, first 3x)
            "met": ratio <= 8,
        }
    ]
    token = server.seed["token"]
    for clients in (1, 8):

        def reader(_: int) -> Callable[[], int]:
            c = load.Client(server.url)
            return lambda: c.request("GET", f"/s/{token}/")[0]

        result = load.run(reader, clients=clients, seconds=6, max_requests=20_000)
        rows.append(
            {
                "measure": f"shared page, {clients} client{'s' if clients > 1 else ''} ({database})",
                "value": round(result.rps, 1),
                "unit": "req/s",
                "detail": f"{result.requests} requests, {result.errors} errors, "
                f"median {result.median_ms:.1f} ms",
                "budget": "no errors",
                "met": result.errors == 0,
            }
        )
    return rows


def query_count() -> int:
    """Database queries of one htmx model update, counted in-process on the same code
    (Django's test client against this process's own throw-away database)."""
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from roster.rosters.operations import create_roster

    user, _ = User.objects.get_or_create(username="bench-queries")
    roster = create_roster(user, NINE_MODEL_ROSTERS["iron-and-honor"])
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    model = roster.document["models"][3]
    form = {
        "revision": roster.revision,
        "name": "Łucja II",
        "type": model["type"],
        **{k: str(v) for k, v in model["attributes"].items()},
        "skill": ["1H Edged", "Thrown Weapon", ""],
        "label": ["Sword", "", ""],
        "trait": model["traits"],
    }
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/rosters/{roster.pk}/models/3/", form, HTTP_HX_REQUEST="true")
    if response.status_code != 200:
        raise RuntimeError(f"the counted update answered {response.status_code}")
    return len(queries)


def sheet_when_ready(client: load.Client, path: str, bound: float = 120) -> tuple[int, float]:
    """GET a sheet URL until it is no longer being prepared (202): (status, seconds)."""
    started = time.monotonic()
    while True:
        status, _ = client.request("GET", path)
        if status != 202 or time.monotonic() - started > bound:
            return status, time.monotonic() - started
        time.sleep(0.05)


def ready_after_edit(client: load.Client, roster: int, name: str, bound: float = 120) -> float:
    """Seconds from an edit (a model renamed ``name``, never seen before, so its sheet is
    new) to its roster's default sheet being ready, prepared in the background (the
    status URL is only watched: it never queues a sheet)."""
    editor = load.Editor(client, roster)
    if editor.edit(name) != 200:
        raise RuntimeError("the edit before the sheet failed")
    started = time.monotonic()
    while time.monotonic() - started < bound:
        _, text = client.request("GET", f"/rosters/{roster}/sheet/status/", headers={"HX-Request": "true"})
        if "Your sheet is ready." in text:
            return time.monotonic() - started
        time.sleep(0.05)
    raise RuntimeError(f"the sheet of roster {roster} was not ready {bound:.0f} s after an edit")


def sheet_rows(server: Server) -> list[Row]:
    """A nine-model sheet cold against a one-page trivial document; an edit until its
    sheet is ready (prepared in the background); the download of a prepared sheet."""
    from django.conf import settings

    from roster.rosters.evaluation import evaluate_stored
    from roster.sheets.content import SheetInfo, render_pdf, sheet_html

    evaluation = evaluate_stored(NINE_MODEL_ROSTERS["iron-and-honor"])
    html = sheet_html(
        evaluation, SheetInfo(owner="bench", share_url=f"{server.url}/s/{server.seed['token']}/")
    )
    trivial = "<!doctype html><title>x</title><p>One page, one line of text.</p>"
    render_pdf(html)
    render_pdf(trivial)
    cold = timings(lambda: render_pdf(html), rounds=10, seconds=40)
    base = timings(lambda: render_pdf(trivial), rounds=20, seconds=10)
    ratio = statistics.median(cold) / statistics.median(base)
    client = load.Client(server.url)
    client.log_in(server.seed["username"], server.seed["password"])
    roster = server.seed["rosters"][2]
    settle = float(settings.MUSTER_SHEET_SETTLE_SECONDS)
    ready = [ready_after_edit(client, roster, f"Frokn {i + 3}") for i in range(3)]
    path = f"/rosters/{roster}/sheet.pdf"
    status, _ = sheet_when_ready(client, path)
    if status != 200:
        raise RuntimeError(f"the prepared sheet answered {status}")
    cached = timings(lambda: client.request("GET", path), rounds=50, seconds=10)
    return [
        {
            "measure": "PDF sheet, 9 models, cold",
            "value": round(ms(cold), 1),
            "unit": "ms median",
            "detail": f"trivial document {ms(base):.1f} ms; ratio {ratio:.1f}x",
            "budget": "<= 2x trivial",
            "met": ratio <= 2,
        },
        {
            "measure": "edit -> its sheet ready (background)",
            "value": round(statistics.median(ready), 2),
            "unit": "s median",
            "detail": f"of 3; {settle:.0f} s of it waiting for the edits to settle (SHEET_SETTLE_SECONDS)",
            "budget": "report",
            "met": True,
        },
        {
            "measure": "PDF sheet, prepared, download",
            "value": round(ms(cached), 2),
            "unit": "ms median",
            "detail": "over HTTP from gunicorn",
            "budget": "< 20 ms",
            "met": ms(cached) < 20,
        },
    ]


def memory_row(server: Server) -> Row:
    """Peak RSS (VmHWM) of the web worker and of the sheet task worker after 50
    different sheets (each child that renders one is a process of its own)."""
    client = load.Client(server.url)
    client.log_in(server.seed["username"], server.seed["password"])
    rosters = server.seed["rosters"]
    for i in range(50):
        path = f"/rosters/{rosters[i % len(rosters)]}/sheet.pdf?paper={'a4' if i % 2 else 'letter'}&n={i}"
        sheet_when_ready(client, path)
        if i >= 2 * len(rosters):
            load.Editor(client, rosters[i % len(rosters)]).edit()  # new revision: the next sheet is cold

    def peak(pids: list[int]) -> float:
        found = [0.0]
        for pid in pids:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    found.append(int(line.split()[1]) / 1024)
        return max(found)

    web, worker = peak(server.worker_pids()), peak(server.task_workers)
    return {
        "measure": "peak RSS after 50 sheets",
        "value": round(max(web, worker), 1),
        "unit": "MiB",
        "detail": f"web worker {web:.0f} MiB, sheet task worker {worker:.0f} MiB",
        "budget": "report",
        "met": True,
    }


def tap_rows(server: Server, taps: int = 30) -> list[Row]:
    """Tap to redraw in Chromium (bench.tap): a stepper's click to the redrawn totals,
    by the page's own clock, on a phone-sized page of the gunicorn server. Reported,
    never a budget: the figure depends on the machine's load (issue 21 aims at 100 ms p95)."""
    from playwright.sync_api import sync_playwright

    from bench.tap import measure_taps, phone_logged_in, summary
    from tests.browser.conftest import CHROMIUM, FLAGS

    if shutil.which(CHROMIUM) is None:
        return [
            {
                "measure": "tap to redraw (Chromium)",
                "value": 0,
                "unit": "ms p95",
                "detail": f"Chromium not found at {CHROMIUM}",
                "budget": "report",
                "met": False,
            }
        ]
    roster = server.seed["rosters"][0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            page = phone_logged_in(browser, server.url, server.seed["username"], server.seed["password"])
            page.goto(f"/rosters/{roster}/models/6/")
            measure_taps(page, "#m6-MA-down", "#m6-MA-up", taps=4)  # warm up
            page.reload()
            figures = summary(measure_taps(page, "#m6-MA-down", "#m6-MA-up", taps=taps))
        finally:
            browser.close()
    return [
        {
            "measure": "tap to redraw, stepper (Chromium 360x640)",
            "value": round(figures["p95"], 1),
            "unit": "ms p95",
            "detail": f"p50 {figures['p50']:.1f} ms over {taps} taps; medians: before sending "
            f"{figures['wait']:.1f}, server and network {figures['server']:.1f}, "
            f"swap {figures['swap']:.1f} ms",
            "budget": "report (aim 100)",
            "met": True,
        }
    ]


def not_measured(measure: str, why: str) -> Row:
    """The row of a measurement that could not be made: it says why, and meets nothing."""
    return {
        "measure": measure,
        "value": None,
        "unit": "",
        "detail": f"not measured: {why}",
        "budget": "",
        "met": None,
    }


def measured(measures: list[str], produce: Callable[[], list[Row]]) -> list[Row]:
    """The rows ``produce`` returns; if it raises, one "not measured: <why>" row for each of
    ``measures`` (the rows it would have given), and the run goes on."""
    try:
        return produce()
    except Exception as exc:  # any failure of one measurement must not lose the others
        print(f"not measured: {', '.join(measures)}: {why(exc)}", flush=True)
        return [not_measured(measure, why(exc)) for measure in measures]


def why(exc: BaseException) -> str:
    """An exception in one line: its type and the first line of its message."""
    return f"{type(exc).__name__}: {exc}".splitlines()[0][:200]


def print_table(rows: list[Row]) -> None:
    """The rows as a table; a row not measured shows "-" and says why in its detail."""
    width = max(len(r["measure"]) for r in rows)
    print(f"\n{'measure'.ljust(width)}  {'value':>10}  {'unit':<10}  {'budget':<14}  met  detail")
    for r in rows:
        value = "-" if r["value"] is None else r["value"]
        met = {True: "yes", False: "NO ", None: "-  "}[r["met"]]
        print(
            f"{r['measure'].ljust(width)}  {value:>10}  {r['unit']:<10}  {r['budget']:<14}  "
            f"{met:<3}  {r['detail']}"
        )


def write_report(rows: list[Row], seconds: float, out: Path = ROOT / "bench" / "results") -> Path:
    """The table printed and written to ``out``/<time>.json; returns the file."""
    print_table(rows)
    out.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    path = out / f"{stamp}.json"
    path.write_text(json.dumps({"when": stamp, "seconds": round(seconds), "rows": rows}, indent=2))
    print(f"\nwritten to {path} in {seconds:.0f} s")
    return path


def setup_django(workdir: str) -> None:
    """Django in this process, on its own throw-away SQLite database with the rules data."""
    os.environ["SQLITE_PATH"] = str(Path(workdir) / "local.sqlite3")
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "roster.project.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("load_rules", verbosity=0)


EVALUATE = [f"evaluate() 9 models, {system_id}" for system_id in NINE_MODEL_ROSTERS]
PLAY = [
    "play: one action's round trip (SQLite)",
    "play: table fragment after a change (a watcher's poll)",
    "play: tap to updated screen (Chromium, 360 px)",
]
SHEETS = [
    "PDF sheet, 9 models, cold",
    "edit -> its sheet ready (background)",
    "PDF sheet, prepared, download",
]
EVENT_PAIRING = ["event: pairing round 4 of 256 players (networkx maximum weight matching)"]
EVENT_PAGE = ["event page: 64 players, 6 rounds, standings (public view)"]
EVENT_PACK = ["event list pack: 64 lists, cold (task worker)"]
TAP = "tap to redraw, stepper (Chromium 360x640)"
MEMORY = "peak RSS after 50 sheets"


def one_server_rows(label: str, url: str | None) -> list[Row]:
    """The rows measured on one gunicorn worker: HTTP, and on SQLite play, sheets, taps and
    memory, each measured on its own; if the server fails, the rows not yet measured."""
    measures = [
        f"htmx edit round trip ({label})",
        *(f"shared page, {n} ({label})" for n in ("1 client", "8 clients")),
    ]
    planned: list[tuple[list[str], Callable[[Server], list[Row]]]] = [
        (measures, partial(http_rows, database=label))
    ]
    if label == "SQLite":
        planned += [
            (PLAY, play_rows),
            (SHEETS, sheet_rows),
            ([TAP], tap_rows),
            ([MEMORY], lambda s: [memory_row(s)]),
        ]
    rows: list[Row] = []
    try:
        with serve(workers=1, rosters=10, database_url=url) as server:
            for names, produce in planned:
                rows += measured(names, partial(produce, server))
    except Exception as exc:  # the server did not start, or failed on its way out
        done = {row["measure"] for row in rows}
        rows += [not_measured(name, why(exc)) for names, _ in planned for name in names if name not in done]
    return rows


#: The bounds on streams raised for load runs: every phone of a run is one address
#: (127.0.0.1), and one account plays the first side of every game.
STREAM_BOUNDS = {
    "LIVE_MAX_PER_ADDRESS": "100000",
    "LIVE_MAX_PER_GAME": "100000",
    "LIVE_MAX_STREAMS": "100000",
    "RATE_PLAY": "1000000/m",
}


#: A player's pace at a real table: a tap every 20-50 s.
TABLE_PACE = (20.0, 50.0)


def live_rows(
    label: str,
    url: str | None,
    app_servers: int = 1,
    heavy: bool = False,
    stream: bool = False,
    games: int = live_games,
    pace: tuple[float, float] = (2.0, 5.0),
) -> list[Row]:
    """Two phones, one game (issue 20), ``games`` games, on 2 workers of one app server,
    or on ``app_servers`` servers of one worker each (a load balancer without sticky
    sessions). With ``heavy``, one more account prints big sheets and imports rosters all
    along (bench.live.heavy_user, issue 29): the same figure beside the heaviest user.
    With ``stream`` the phones follow by pushed streams on uvicorn workers (issue 30): on
    SQLite one worker (the in-process fan-out), on PostgreSQL LISTEN/NOTIFY between them."""
    live = {"RATE_JOIN": "100000/m", "LIVE_GAMES": "100000", "KEPT_GAMES": "100000"} | STREAM_BOUNDS
    if heavy:
        live["MUSTER_SEED_QUEUE"] = "1"
    workers = 2 if app_servers == 1 else 1
    if stream and url is None:
        workers, app_servers = 1, 1  # SQLite: one process, as `make run`
    servers = f", {app_servers} app servers" if app_servers > 1 else ""
    beside = ", beside one account printing 50-model sheets and importing rosters" if heavy else ""
    players = f"{games} games, 2 players + 2 watchers each, each player tapping every "
    players += f"{pace[0]:g}-{pace[1]:g} s{servers}{beside}"
    how = "pushed streams" if stream else "polling every 0.5 s"
    measure = f"two phones, {how}: tap -> seen on the others ({players}) ({label})"

    def run() -> list[Row]:
        with serve(
            workers=workers,
            rosters=10,
            database_url=url,
            settings=live,
            app_servers=app_servers,
            asgi=stream,
        ) as s:
            row = live_row(s, games=games, heavy=heavy, stream=stream, pace=pace)
        row["measure"] += f" ({label})"
        return [row]

    return measured([measure], run)


def stream_cost_rows(label: str, url: str | None) -> list[Row]:
    """What one open stream costs a worker (bench.live.stream_cost_row), 2,000 streams
    on the two uvicorn workers of one app server (one on SQLite)."""
    measure = f"one open stream: the workers' memory and idle CPU ({label})"

    def run() -> list[Row]:
        workers = 2 if url else 1
        live = {"LIVE_GAMES": "100000", "KEPT_GAMES": "100000"} | STREAM_BOUNDS
        with serve(workers=workers, rosters=10, database_url=url, settings=live, asgi=True) as s:
            row = stream_cost_row(s)
        row["measure"] += f" ({label})"
        return [row]

    return measured([measure], run)


def wire_rows(label: str, url: str | None) -> list[Row]:
    """A tap's bytes per following phone and a table page's, plain and gzipped (issue 38),
    on one uvicorn worker (the pushed stream)."""
    measures = [wire.MEASURE, wire.PAGE]

    def run() -> list[Row]:
        with serve(workers=1, rosters=2, database_url=url, asgi=True) as s:
            rows = wire.wire_rows(s)
        for row in rows:
            row["measure"] += f" ({label})"
        return rows

    return measured(measures, run)


def main() -> None:
    """Run every measurement and write bench/results/<time>.json. A measurement that fails
    gives its rows as "not measured: <why>"; the others still run, print and are saved."""
    started = time.monotonic()
    database_url = os.environ.get("DATABASE_URL")
    workdir = tempfile.mkdtemp(prefix="muster-bench-local-")
    rows: list[Row] = []
    try:
        setup_django(workdir)
        rows += measured(EVALUATE, evaluate_rows)
        rows += measured(EVENT_PAIRING, events.pairing_rows)
        rows += measured(EVENT_PAGE, events.standings_rows)
        rows += measured(EVENT_PACK, events.pack_rows)
        databases: list[tuple[str, str | None]] = [("SQLite", None)]
        if database_url:
            databases.append(("PostgreSQL", database_url))
        for label, url in databases:
            rows += one_server_rows(label, url)
        rows += wire_rows(*databases[0])
        for label, url in databases:
            rows += live_rows(label, url)
            rows += live_rows(label, url, stream=True)  # beside the poll, in the same run
            # 2,000 phones; the players at a game's pace (a tap every 20-50 s each: at 2-5 s,
            # 285 taps a second, past what two cores serve, polled or pushed).
            rows += live_rows(label, url, games=500, pace=TABLE_PACE)
            rows += live_rows(label, url, games=500, stream=True, pace=TABLE_PACE)
            rows += stream_cost_rows(label, url)
        rows += live_rows(*databases[0], heavy=True)  # beside the row above, without the heavy user
        label, url = databases[-1]
        rows += live_rows(label, url, app_servers=2)
        rows += live_rows(label, url, app_servers=2, stream=True)
    finally:
        if rows:
            write_report(rows, time.monotonic() - started)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
