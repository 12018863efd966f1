"""Request and response handling every page needs: who may store a response, a 400 page
(not a 500) for a request body Django cannot read, the damaged-roster page for a
stored document that no longer parses, and the 404 answer for an edit whose roster was
deleted while it was on its way."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import BadRequest, SuspiciousOperation
from django.http import HttpRequest, HttpResponse, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control

logger = logging.getLogger("muster.requests")


class PrivateByDefaultMiddleware:
    """Every response Muster makes (static files aside, which WhiteNoise serves before
    this runs) is ``Cache-Control: private, no-store`` unless its view said otherwise:
    rosters, exports, sheets and htmx partials are one player's, and a shared page
    must stop showing once its link is revoked. The shared page and its PDF say
    ``private, no-cache`` themselves (roster.sheets.views)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True, no_store=True)
        return response


#: What is worth compressing: Muster's pages, partials, exports and scripts. Never PDFs,
#: zips or images (compressed already), nor a stream of events, which
#: roster.games.stream compresses itself, event by event.
COMPRESSED_TYPES = (
    "text/html",
    "text/plain",
    "text/javascript",
    "text/css",
    "application/json",
    "application/manifest+json",
)


class CompressedTextMiddleware(GZipMiddleware):
    """Django's GZipMiddleware for text answers only (issue 38: a game's table is 72 KB,
    7.7 KB gzipped). BREACH: Django masks the CSRF token anew in every response and adds
    random bytes to each gzip header (GZipMiddleware.max_random_bytes), and no page
    reflects a secret beside text an attacker chooses (docs/security.md "Compression")."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        """Gzipped when it is text, not streamed, and the browser asks (Django's rules)."""
        kind = str(response.get("Content-Type", "")).split(";")[0].strip().lower()
        if kind not in COMPRESSED_TYPES or response.streaming:
            return response
        etag = response.get("ETag")
        compressed: HttpResponseBase = super().process_response(request, response)
        if etag:
            # Kept as the view made it (Django would weaken it, W/"..."): a table's ETag
            # names its version for this viewer whatever the encoding, the poll sends it
            # back as it got it and the stream's events carry the same one, which a
            # weakened copy would never equal. Vary: Accept-Encoding keeps the encodings'
            # copies apart in any cache.
            compressed["ETag"] = etag
        return compressed


def bad_request_page(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Muster's 400 page (also ``handler400``). Unlike Django's default it never reads
    the request body again (Django's runs the CSRF check, which parses the body that
    just failed, and so turned a 400 into a bare 500 under gunicorn)."""
    return render(request, "400.html", status=400)


class UnreadableBodyMiddleware:
    """Read a POST's form data before anything else does; when Django cannot (a charset
    other than UTF-8 on a urlencoded form, a broken or boundary-less multipart body, a
    client that hung up, too many fields or bytes), answer Muster's 400 page at once.

    Without this the first reader is the CSRF check, whose exception Django then hands
    to error views that run the same check again: a bare 500 from gunicorn, without
    Muster's headers, on any URL (a missing page too). Placed last in MIDDLEWARE so the
    page knows who is logged in and every response middleware (CSP, Cache-Control)
    still wraps it; nothing reads the body before the views run.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            try:
                request.POST  # noqa: B018  # parses the body (and the files) once
            except (BadRequest, MultiPartParserError, SuspiciousOperation, UnreadablePostError) as error:
                logger.warning(
                    "unreadable request body refused: %s %s: %s", request.method, request.path[:200], error
                )
                # Anything reading the form later sees it empty instead of raising.
                request._mark_post_parse_error()  # type: ignore[attr-defined]
                response = bad_request_page(request, error)
                response._has_been_logged = True  # type: ignore[attr-defined]  # logged above
                return response
        return self.get_response(request)


class DamagedRosterMiddleware:
    """Answer roster.rosters.evaluation.DamagedRoster (a stored document that no longer parses)
    with the damaged-roster page instead of a 500, from any view: the owner gets the
    reason, History (to restore a revision that reads) and the JSON export (the data as
    stored); a share-link holder gets a page saying the roster cannot be shown for now.
    Status 409 (the roster's state, not the request, is at fault); an htmx request is
    sent to the editor, which shows the page whole."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """The damaged-roster page for DamagedRoster; None (Django's handling) otherwise."""
        from roster.rosters.evaluation import DamagedRoster

        if not isinstance(exception, DamagedRoster):
            return None
        roster = exception.roster
        logger.warning("%s", exception)
        match = request.resolver_match
        shared = match is not None and str(match.url_name or "").startswith("shared")
        if request.headers.get("HX-Request") and not shared:
            response = HttpResponse(status=200)
            response["HX-Redirect"] = reverse("roster-edit", args=[roster.pk])
            return response
        context = {"roster": roster, "error": exception.error, "shared": shared}
        response = render(request, "roster/damaged.html", context, status=409)
        response._has_been_logged = True  # type: ignore[attr-defined]  # logged above
        return response


class RosterGoneMiddleware:
    """Answer roster.rosters.operations.RosterGone (the roster was deleted while an edit was on
    its way, or before it) as any missing roster, never a 500: the 404 page saying nothing was saved;
    to htmx, a move to the roster list (with Delete's undo when the owner deleted it)
    and the same words as a message, since htmx shows no 404 page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """The answer for RosterGone; None (Django's handling) otherwise."""
        from roster.rosters.operations import RosterGone

        if not isinstance(exception, RosterGone):
            return None
        logger.info("%s: %s %s", exception, request.method, request.path[:200])
        edit = request.method == "POST"
        reason = f"{exception.message}{': your change was not saved.' if edit else '.'}"
        if request.headers.get("HX-Request"):
            messages.error(request, reason)
            response = HttpResponse(status=200)
            response["HX-Redirect"] = f"{reverse('roster-list')}?deleted={exception.pk}"
            return response
        return render(request, "404.html", {"reason": reason}, status=404)
