"""A part of the server gone for a moment is a 503, never a 500 (docs/operations.md).

Django turns any exception a view or a middleware raises into its 500 handler, called
inside the ``except`` block; :func:`server_error` (``handler500``) looks at that exception:
the database or Redis unreachable (a restart, a failover, a network blip) answers 503 with
Retry-After, which the pages' scripts and the table's queued taps treat as "try again";
anything else is the 500 page, a bug.
"""

from __future__ import annotations

import sys

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.views import defaults

from roster.core.outages import is_outage

RETRY_AFTER_SECONDS = 5


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: 503 with Retry-After for an outage (:func:`is_outage`), else
    Django's 500 page (templates/500.html). The 503 page is rendered without the request's
    context, which would ask the database for the user."""
    if is_outage(sys.exc_info()[1]):
        page = render_to_string("503.html", {"retry_after": RETRY_AFTER_SECONDS})
        response = HttpResponse(page, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        response["Cache-Control"] = "no-store"
        return response
    return defaults.server_error(request)
