"""The live table's stream (issue 30, docs/live.md): ``GET /games/<pk>/stream/``, an
async view an ASGI server holds without a thread. Admitted within the bounds
(roster.games.live: streams per process, per address and per game), it holds no database
connection while it waits, sends a heartbeat every ``live.HEARTBEAT_S`` seconds and ends
after ``live.IDLE_S`` without a change (the browser opens it again, and its
``Last-Event-ID`` says what it had seen). A refused stream gets 204, which an EventSource
takes as "do not retry": the page polls instead."""

from __future__ import annotations

from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections, connection
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase

from roster.games import live
from roster.games.seats import Seat, seat_of


def _address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR") or "")


async def stream(request: HttpRequest, pk: int) -> HttpResponseBase:
    """``GET /games/<pk>/stream/``: the game's changes as Server-Sent Events, for anyone
    with a seat at it (404 otherwise, as the table). Each change is an event whose id and
    data are the game's write count; a browser that comes back with ``Last-Event-ID``
    below the current count is told at once. 204 (the page polls) past the bounds, for a
    finished game, or when this server does not stream (``LIVE_STREAMS`` off)."""
    seat = await sync_to_async(_seat_then_close)(request, pk)
    game = seat.game
    if not settings.LIVE_STREAMS or game.finished is not None:
        # Under a WSGI server a stream would hold a worker thread for good: poll instead.
        return HttpResponse(status=204)
    live.start_listening()
    address = _address(request)
    if not live.HUB.admit(address, game.pk):
        return HttpResponse(status=204)
    try:
        seen = int(request.headers.get("Last-Event-ID", ""))
    except ValueError:
        seen = None
    response = StreamingHttpResponse(
        _events(game.pk, game.version, seen, address), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache, no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def _seat_then_close(request: HttpRequest, pk: int) -> Seat:
    """The seat (Http404 for none), then this thread's database connection handed back:
    the stream waits without one."""
    try:
        return seat_of(request, pk)
    finally:
        close_old_connections()
        if not connection.in_atomic_block:  # (a test's transaction stays open)
            connection.close()


async def _events(game: int, version: int, seen: int | None, address: str) -> AsyncIterator[str]:
    """The stream's lines: the reconnection delay, the current write count when the
    browser had seen less, then each change, with heartbeats between."""
    try:
        yield "retry: 2000\n\n"
        if seen is not None and seen < version:
            yield f"id: {version}\ndata: {version}\n\n"
        quiet = 0.0
        while quiet < live.IDLE_S:
            now = await live.HUB.wait(game, live.HEARTBEAT_S)
            if now is None:
                quiet += live.HEARTBEAT_S
                yield ": heartbeat\n\n"
                continue
            quiet = 0.0
            yield f"id: {now}\ndata: {now}\n\n"
    finally:
        live.HUB.leave(address, game)
