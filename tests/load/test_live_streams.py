"""Live tables pushed (issue 30) on a real ASGI server (gunicorn with uvicorn workers):
a phone's stream hears each tap made from another phone; a stream opened with a
Last-Event-ID behind the game is told at once; a stream past the bounds, or for someone
without a seat, is refused as the table is. SQLite in `make test` (one worker: the
in-process fan-out), PostgreSQL in .ci/run's engine pass (two workers, LISTEN/NOTIFY
between them). Bounded: a few taps, each waited for at most the stream's timeout."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import threading
import uuid
from html import escape

import pytest

from bench import load
from bench.play import start_game
from bench.server import Server, serve
from tests.servers import redis_server

CODE = re.compile(r'class="play-code"[^>]*>([A-Z0-9]{5})<')
HTMX = {"HX-Request": "true"}
TAPS = 6


def tap(client: load.Client, pk: int, side: int) -> None:
    form = {"id": uuid.uuid4().hex, "side": str(side), "target": str(side), "do": "score", "value": "1"}
    status, _ = client.request("POST", f"/games/{pk}/act/", form, HTMX)
    assert status == 200, status


@pytest.mark.parametrize("fanout", ["engine", "redis"])
def test_a_tap_reaches_the_other_phones_streams_and_a_late_stream_catches_up(fanout):
    """``engine``: in-process on SQLite (one worker), LISTEN/NOTIFY on PostgreSQL (two);
    ``redis``: two app servers, the taps on the first, the streams on the second."""
    database = os.environ.get("DATABASE_URL")
    pg = bool(database)
    settings = {"RATE_PLAY": "100000/m", "RATE_JOIN": "100000/m"}
    with contextlib.ExitStack() as stack:
        if fanout == "redis":
            url = stack.enter_context(redis_server())
            settings |= {"LIVE_FANOUT": "redis", "LIVE_REDIS_URL": url, "CACHE_URL": url}
            workers, servers = 1, 2
        else:
            settings |= {"LIVE_FANOUT": "postgres" if pg else "local"}
            workers, servers = (2 if pg else 1), 1
        server = stack.enter_context(
            serve(
                workers, rosters=1, database_url=database, settings=settings, asgi=True, app_servers=servers
            )
        )
        follow(server)


def follow(server: Server) -> None:
    """The owner taps (on the first app server); the guest's and the watcher's streams
    (on the last) hear each tap once, in order."""
    owner = load.Client(server.url)
    owner.log_in(server.seed["username"], server.seed["password"])
    pk = start_game(owner, server.seed["rosters"][0])
    _, page = owner.request("GET", f"/games/{pk}/")
    assert f'data-stream="/games/{pk}/stream/"' in page, "an ASGI server offers the stream"
    code = CODE.search(page)
    assert code
    guest, watcher, stranger = (load.Client(server.urls[-1]) for _ in range(3))
    for client in (guest, watcher):
        client.request("GET", f"/join/{code.group(1)}/")
    assert guest.request("POST", f"/join/{code.group(1)}/", {"choice": "side"})[0] == 302
    assert watcher.request("POST", f"/join/{code.group(1)}/", {"choice": "watch"})[0] == 302

    streams = [load.Stream(c, f"/games/{pk}/stream/", timeout=60) for c in (guest, watcher)]
    assert [s.status for s in streams] == [200, 200]
    heard: list[list[int]] = [[], []]
    last: list[str] = ["", ""]
    for _ in range(TAPS):
        tap(owner, pk, 0)
        for n, stream in enumerate(streams):
            event = stream.next_event()
            assert event.kind == "table", event
            heard[n].append(int(event.id))
            last[n] = event.data
    # Each tap heard once, in order, on both streams (write counts only grow), each
    # bringing that phone's own table: its ETag (whose eyes), then the fragment.
    for seen in heard:
        assert len(seen) == TAPS and seen == sorted(set(seen)), seen
    for data, eyes in zip(last, ("-guest1", "-watcher"), strict=True):
        etag, _, html = data.partition("\n")
        assert eyes in etag and f"-v{heard[0][-1]}-" in etag, etag
        assert 'id="table"' in html and f'data-etag="{escape(etag)}"' in html, html[:300]

    # A phone back from a dropped stream says what it saw last and is sent its table at once.
    late = load.Stream(watcher, f"/games/{pk}/stream/", last_event_id=str(heard[1][0]), timeout=60)
    assert late.status == 200
    caught_up = late.next_event()
    assert (caught_up.kind, int(caught_up.id)) == ("table", heard[1][-1])
    for stream in (*streams, late):
        stream.close()

    # No seat, no stream (as the table: 404 says nothing of the game).
    refused = load.Stream(stranger, f"/games/{pk}/stream/", timeout=60)
    assert refused.status == 404
    refused.close()


def test_a_stopping_worker_ends_its_open_streams():
    """A deploy stops the workers (gunicorn's SIGTERM): their open streams end within
    roster.project.worker.STREAMS_END_S instead of holding the worker until it is killed (here
    gunicorn would wait 300 s; the test gives up at 60 s)."""
    settings = {
        "RATE_PLAY": "100000/m",
        "LIVE_FANOUT": "local",
        "GUNICORN_CMD_ARGS": "--graceful-timeout 300",
    }
    with serve(1, rosters=1, settings=settings, asgi=True) as server:
        owner = load.Client(server.url)
        owner.log_in(server.seed["username"], server.seed["password"])
        pk = start_game(owner, server.seed["rosters"][0])
        stream = load.Stream(owner, f"/games/{pk}/stream/", timeout=60)
        assert stream.status == 200
        tap(owner, pk, 0)
        assert stream.next_event().kind == "table"
        ended: list[BaseException] = []

        def read_on() -> None:
            try:
                stream.next_event()
            except BaseException as gone:  # (what ended it is the result)
                ended.append(gone)

        os.kill(server.pid, signal.SIGTERM)
        reader = threading.Thread(target=read_on, daemon=True)
        reader.start()
        reader.join(60)  # heartbeats keep the socket busy: a hang guard of our own
        stream.close()
        assert ended and isinstance(ended[0], EOFError), ended or "the stream was still open after 60 s"
