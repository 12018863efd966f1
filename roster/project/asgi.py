"""ASGI entry point (gunicorn -k roster.project.worker.UvicornWorker roster.project.asgi, or uvicorn):
the live tables' streams (roster/games/stream.py) on Django's ASGI handler, which holds
each without a thread; every other request on the WSGI application in a pool of threads
(a2wsgi), as gunicorn's gthread workers run it.

Why not every request through Django's ASGI handler: its synchronous middleware and
views hop to a thread and back at each step; measured with `make bench`'s live run (50
games, 4 phones each, one worker), a tap then took seconds to reach the other phones,
against tens of milliseconds here (docs/live.md). Streams are served when LIVE_STREAMS
is on (set here by default: this entry point can hold them)."""

import os
import re
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "roster.project.settings")
os.environ.setdefault("LIVE_STREAMS", "1")

from a2wsgi import WSGIMiddleware
from django.core.handlers.asgi import ASGIHandler
from django.core.wsgi import get_wsgi_application

#: The threads running WSGI requests in one worker (gunicorn gthread's --threads).
THREADS = int(os.environ.get("WSGI_THREADS", "8"))
STREAM = re.compile(r"/(games|events)/\d+/stream/")


class StreamHandler(ASGIHandler):
    """Django's ASGI handler without a thread of its own for each request. Django's gives
    every request a thread for its synchronous parts (middleware, the seat check) that
    lives as long as the request: for a stream, as long as the phone watches, so 2,000
    streams were 2,000 idle threads, and 2,000 streams opened at once as many database
    connections. Here those parts run on asgiref's one shared thread, one at a time, with
    its one database connection (roster.games.stream)."""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            raise ValueError(f"only HTTP here, not {scope['type']}")
        await self.handle(scope, receive, send)


# (Django's WSGIHandler returns its response, an iterable of bytes, typed otherwise.)
pages = WSGIMiddleware(get_wsgi_application(), workers=THREADS)  # type: ignore[arg-type]
streams = StreamHandler()  # (after get_wsgi_application: Django is set up)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """A stream to Django's ASGI handler; everything else to the WSGI application."""
    if scope["type"] == "http" and STREAM.fullmatch(scope.get("path", "")):
        await streams(scope, receive, send)
    elif scope["type"] == "http":
        await pages(scope, receive, send)  # type: ignore[arg-type]  # (a2wsgi's TypedDict scopes)
    # (lifespan and websocket scopes: nothing to do; uvicorn carries on without them)
