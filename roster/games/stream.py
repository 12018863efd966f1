"""The live table's stream (issue 30, docs/live.md): ``GET /games/<pk>/stream/``, an
async view an ASGI server holds without a thread. Admitted within the bounds
(roster.games.live: streams per process, per address and per game), it holds no database
connection while it waits, sends a heartbeat every ``live.HEARTBEAT_S`` seconds and ends
after ``live.IDLE_S`` without a change (the browser opens it again, and its
``Last-Event-ID`` says what it had seen). A refused stream gets 204, which an EventSource
takes as "do not retry": the page polls instead.

Each change brings this viewer's table itself (a ``table`` event: its ETag, then the
fragment), drawn by the same code as the poll's answer (roster.games.views.shown_table)
for the seat the stream's cookies and account hold, looked up again at each change:
hidden information stays per seat, and a revoked side or watch link gets no more tables.
(The account is the one the stream was opened with: a player logged out on another
device is sent away by the page's next safety poll, within 15 s.) The drawing runs in
a small pool of threads (``RENDER_THREADS``), each with its own database connection kept
between changes as a request thread keeps it (CONN_MAX_AGE): the connections are the
pool's, never one per stream.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time
import zlib
from collections.abc import AsyncGenerator, AsyncIterator
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils.cache import patch_vary_headers

from roster.games import live
from roster.games.seats import seat_of
from roster.games.views import shown_table

log = logging.getLogger(__name__)

#: Threads drawing the pushed tables in one process (each holds one database connection).
RENDER_THREADS = 4
_POOL = ThreadPoolExecutor(max_workers=RENDER_THREADS, thread_name_prefix="live-table")
VERSION = re.compile(r"-v(\d+)-")
ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def _address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR") or "")


async def stream(request: HttpRequest, pk: int) -> HttpResponseBase:
    """``GET /games/<pk>/stream/``: the game's changes as Server-Sent Events, for anyone
    with a seat at it (404 otherwise, as the table). Each change is a ``table`` event
    whose id is the game's write count and whose data is the viewer's table (the ETag's
    line, then the fragment; :func:`_table_event`); a browser that comes back with
    ``Last-Event-ID`` below the current count is sent the table at once. A finished
    game's stream (its result page) tells its next change: a reopen brings the table.
    204 (the page polls) past the bounds, or when this server does not stream
    (``LIVE_STREAMS`` off)."""
    # On asgiref's one shared thread (roster.project.asgi.StreamHandler), with its one database
    # connection, kept between streams as a request thread keeps it: none is the stream's.
    seat = await sync_to_async(seat_of)(request, pk)
    game = seat.game
    # A finished game's stream is held too: its result page follows it, and goes back
    # to the table when the owner reopens it (issue 40); its next change is told.
    if not settings.LIVE_STREAMS:
        # Under a WSGI server a stream would hold a worker thread for good: poll instead.
        return HttpResponse(status=204)
    live.start_listening()
    address = _address(request)
    watcher = seat.role not in ("owner", "guest")
    if not live.HUB.admit(address, game.pk, watcher):
        return HttpResponse(status=204)
    try:
        seen = int(request.headers.get("Last-Event-ID", ""))
    except ValueError:
        seen = None
    events = _events(request, game.pk, game.version, seen, address, watcher)
    gzip = ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", "")) is not None
    response = StreamingHttpResponse(_gzipped(events) if gzip else events, content_type="text/event-stream")
    if gzip:
        response["Content-Encoding"] = "gzip"  # (so Django's GZipMiddleware leaves it be)
    patch_vary_headers(response, ("Accept-Encoding",))
    response["Cache-Control"] = "no-cache, no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def _table_event(request: HttpRequest, pk: int, version: int, held: str) -> tuple[str, str, bool]:
    """In a pool thread: this viewer's table now, as an event, unless it holds it
    already. Returns (the ETag it then holds, the event's text or "" for none, whether
    the stream ends). A game ended or a seat gone is told as a bare change (``data:
    N``): the page then asks for its table as the poll does, and is shown the result or
    sent away as there. Any other failure is told the same way, and logged."""
    try:
        shown = shown_table(request, pk, (held,), htmx=True)
    except Http404:
        return held, f"id: {version}\ndata: {version}\n\n", True
    except Exception:
        log.exception("live: the table of game %s could not be drawn for its stream", pk)
        return held, f"id: {version}\ndata: {version}\n\n", False
    finally:
        _after_drawing()
    if shown.ended:
        return held, f"id: {version}\ndata: {version}\n\n", True
    if shown.html is None:
        return held, "", False
    found = VERSION.search(shown.etag)
    # Each line a data line (a lone CR would end one too: made a LF first).
    text = shown.html.replace("\r\n", "\n").replace("\r", "\n")
    lines = "data: " + text.replace("\n", "\ndata: ") + "\n"
    return (
        shown.etag,
        f"event: table\nid: {found[1] if found else version}\ndata: {shown.etag}\n{lines}\n",
        False,
    )


def _after_drawing() -> None:
    """The pool thread's database connection is kept for its next drawing, as a request
    thread keeps it between requests, unless an error made it suspect or it is older than
    CONN_MAX_AGE. (No "SELECT 1" health check before each drawing: a connection the
    database dropped fails that drawing, which is told as a bare change, and is closed.)"""
    if connection.connection is None:
        return
    obsolete = connection.close_at is not None and time.monotonic() >= connection.close_at
    if connection.errors_occurred or obsolete or not connection.get_autocommit():
        connection.close()


async def _gzipped(events: AsyncGenerator[str]) -> AsyncIterator[bytes]:
    """The stream as one gzip stream, flushed after each event (``Z_SYNC_FLUSH``: the
    browser inflates it as it comes, nothing waits for more). One compressor for the
    stream's whole life: a table pushed is mostly the table before it, so what it shares
    with the last 32 KB sent goes as references (issue 38: a tap's pushed table cost each
    following phone 31-59 KB; `make bench`'s "wire" row measures it). The events' own
    generator is closed with this one, so its bounds are let go when the phone leaves."""
    packer = zlib.compressobj(6, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    try:
        async for text in events:
            yield packer.compress(text.encode()) + packer.flush(zlib.Z_SYNC_FLUSH)
        yield packer.flush()
    finally:
        await events.aclose()


async def _events(
    request: HttpRequest, game: int, version: int, seen: int | None, address: str, watcher: bool
) -> AsyncGenerator[str]:
    """The stream's lines: the reconnection delay, the current table when the browser
    had seen less, then the table at each change, with heartbeats between."""
    loop = asyncio.get_running_loop()
    held = ""

    drawn = version  # the write count of the latest change this stream has drawn

    async def told(now: int) -> tuple[str, bool]:
        nonlocal held, drawn
        held, text, last = await loop.run_in_executor(_POOL, _table_event, request, game, now, held)
        drawn = max(drawn, now)
        return text, last

    try:
        yield "retry: 2000\n\n"
        if seen is not None and seen < version:
            text, last = await told(version)
            yield text
            if last:
                return
        quiet = 0.0
        # The first heartbeat comes sooner, by a random part of the interval: streams
        # opened together (a room's phones, a restart's reconnections) then do not all
        # beat, and wake their phones, in the same instant for the rest of their lives.
        beat = random.uniform(live.HEARTBEAT_S / 2, live.HEARTBEAT_S)
        while quiet < live.IDLE_S:
            now = await live.HUB.wait(game, beat, since=drawn)
            if now is None:
                quiet += beat
                beat = live.HEARTBEAT_S
                yield ": heartbeat\n\n"
                continue
            quiet = 0.0
            text, last = await told(now)
            if text:
                yield text
            if last:
                return
    finally:
        live.HUB.leave(address, game, watcher)
