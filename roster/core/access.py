"""One access-log line per request (docs/operations.md, "Logs").

``AccessLogMiddleware`` (first in MIDDLEWARE, so it sees every answer, a 503 or a 500 too)
logs on the ``muster.access`` logger at INFO: the method, the URL's route (its template,
``/rosters/<int:pk>/``, never the ids or tokens of the path itself, nor its query), the
status, the time taken in milliseconds, the user's id (or ``-``) and a request id. The id
is the proxy's ``X-Request-ID`` when it sends a sane one (letters, digits, ``-``, at most
64), else a new 16-hex-digit one; it goes back in the response's ``X-Request-ID`` and on
``request.request_id`` for error logs. Streams are logged when they are answered, not
when they end.
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

logger = logging.getLogger("muster.access")
SANE_ID = re.compile(r"[A-Za-z0-9-]{1,64}")


def request_id(request: HttpRequest) -> str:
    """The request's id: the proxy's X-Request-ID if sane, else a new one."""
    given = request.headers.get("X-Request-ID", "")
    return given if SANE_ID.fullmatch(given) else uuid.uuid4().hex[:16]


def route_of(request: HttpRequest) -> str:
    """The URL pattern the request matched (``/games/<int:pk>/``), or ``(none)``."""
    match = getattr(request, "resolver_match", None)
    return "/" + match.route if match is not None and match.route else "(none)"


def user_of(request: HttpRequest) -> str:
    """The logged-in user's id, or "-": read only if the request already loaded its user
    (asking now could query a database that is gone)."""
    user = getattr(request, "_cached_user", None)
    return str(user.pk) if user is not None and user.is_authenticated else "-"


class AccessLogMiddleware:
    """Logs one line per request on ``muster.access`` (see the module's docstring)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        started = time.monotonic()
        rid = request_id(request)
        request.request_id = rid  # type: ignore[attr-defined]  # (read by error logs)
        response = self.get_response(request)
        response["X-Request-ID"] = rid
        if logger.isEnabledFor(logging.INFO):
            elapsed = (time.monotonic() - started) * 1000
            route, user = route_of(request), user_of(request)
            logger.info(
                "%s %s %s %.1fms user=%s rid=%s",
                request.method,
                route,
                response.status_code,
                elapsed,
                user,
                rid,
                extra={
                    "method": request.method,
                    "route": route,
                    "status": response.status_code,
                    "ms": round(elapsed, 1),
                    "user": user,
                    "request_id": rid,
                },
            )
        return response
