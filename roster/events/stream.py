"""An event page's stream (issue 41, docs/events.md "The event page follows the event"):
``GET /events/<pk>/stream/`` (``?screen=1``: the big screen's), Server-Sent Events on the
game table's hub and fan-out (roster.games.live), so an event page and its big screen
are fresh by the same mechanism as a table: one freshness mechanism, pushed, with the
poll as the fallback.

Each change of the event (every write of roster.events.operations announces one, through
roster.events.notify.changed) or of one of its latest round's games (a game's own
announcement) sends the page's version (views.version_of) when it differs from the one
sent before, as ``event: version``; the page (static/js/muster.js, ``data-stream``)
redraws itself by a morph when it is not the one it holds. The version is the same for
every viewer (it names what changed, not what a viewer may see): it is computed once per
change in a process however many pages follow the event, in the table streams' pool of
threads, and nothing a viewer may not see travels on the stream. Refused (204: the page
polls) past the bounds (settings.LIVE_MAX_PER_EVENT, 600 by default, and the hub's own),
or when the server does not stream (``LIVE_STREAMS`` off)."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import AsyncGenerator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase

from roster.events.models import Event, Pairing
from roster.events.notify import topic
from roster.events.views import version_of
from roster.games import live
from roster.games.stream import _POOL, _after_drawing

_memo_lock = threading.Lock()
#: (event id, screen) -> (when its computation started, monotonic s; version; game ids).
_memo: dict[tuple[int, bool], tuple[float, str, list[int]]] = {}


def current(pk: int, screen: bool, after: float = 0.0) -> tuple[str, list[int]]:
    """In a pool thread: the event's version and the games of its tables of the latest
    round still in play (their changes may change the page). Computed once for every
    stream woken by the same change: a computation started at or after ``after``
    (monotonic s) is reused. Raises Event.DoesNotExist for an event deleted."""
    with _memo_lock:
        kept = _memo.get((pk, screen))
    if kept is not None and kept[0] >= after:
        return kept[1], kept[2]
    started = time.monotonic()
    try:
        version, games = version_and_games(pk, screen)
    finally:
        _after_drawing()
    with _memo_lock:
        if len(_memo) > 10_000:
            _memo.clear()
        _memo[(pk, screen)] = (started, version, games)
    return version, games


def version_and_games(pk: int, screen: bool) -> tuple[str, list[int]]:
    """The event's version (views.version_of; with ``screen`` the big screen's) and the
    ids of its latest round's games. Four small queries. Raises Event.DoesNotExist."""
    event = Event.objects.get(pk=pk)
    version = version_of(event, games=screen)
    latest = event.round_set.order_by("-number").values_list("pk", flat=True).first()
    games = Pairing.objects.filter(round__event=event, round_id=latest or 0, game__isnull=False).values_list(
        "game_id", flat=True
    )
    return version, [g for g in games if g is not None]


async def stream(request: HttpRequest, pk: int) -> HttpResponseBase:
    """``GET /events/<pk>/stream/``: the event's version at once, then at each change
    (``event: version``, its data the 16 hex digits of views.version_of), with a
    heartbeat every live.HEARTBEAT_S seconds; it ends after live.IDLE_S without a change
    (the browser opens it again). 404 for an event that does not exist; 204 (the page
    polls) when the server does not stream or a bound is reached."""
    screen = "screen" in request.GET
    exists = await sync_to_async(Event.objects.filter(pk=pk).exists)()
    if not exists:
        raise Http404
    if not settings.LIVE_STREAMS:
        return HttpResponse(status=204)
    live.start_listening()
    address = str(request.META.get("REMOTE_ADDR") or "")
    key = topic(pk)
    if not live.HUB.admit(address, key, cap=settings.LIVE_MAX_PER_EVENT):
        return HttpResponse(status=204)
    response = StreamingHttpResponse(_events(pk, screen, address), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache, no-store"
    response["X-Accel-Buffering"] = "no"
    return response


async def _events(pk: int, screen: bool, address: str) -> AsyncGenerator[str]:
    loop = asyncio.get_running_loop()
    key = topic(pk)
    since: dict[live.Key, int] = {}
    followed: list[live.Key] = [key]
    live.HUB.follow(followed)
    sent = ""
    try:
        yield "retry: 2000\n\n"
        woken = time.monotonic()  # (never a version computed before the stream opened)
        quiet = 0.0
        beat = random.uniform(live.HEARTBEAT_S / 2, live.HEARTBEAT_S)
        while quiet < live.IDLE_S:
            try:
                version, games = await loop.run_in_executor(_POOL, current, pk, screen, woken)
            except Event.DoesNotExist:
                yield "event: version\ndata: gone\n\n"
                return
            keys: list[live.Key] = [key, *games]
            if keys != followed:
                live.HUB.follow(keys)
                live.HUB.follow(followed, by=-1)
                followed = keys
            if version != sent:
                sent = version
                yield f"event: version\ndata: {version}\n\n"
            while True:
                heard = await live.HUB.wait_any(keys, beat, since)
                if heard is not None:
                    quiet = 0.0
                    woken = time.monotonic()
                    break
                quiet += beat
                beat = live.HEARTBEAT_S
                yield ": heartbeat\n\n"
                if quiet >= live.IDLE_S:
                    return
    finally:
        live.HUB.follow(followed, by=-1)
        live.HUB.leave(address, key)
