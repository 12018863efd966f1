"""Abuse limits: who a request comes from, the rates (django-ratelimit) per action, and
the 429 page. Counters live in the "ratelimit" cache, shared by every worker
(roster.core.cache.DatabaseCache, or Redis with CACHE_URL)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import TypeVar, cast

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django_ratelimit import ALL
from django_ratelimit.core import is_ratelimited
from django_ratelimit.decorators import ratelimit

View = TypeVar("View", bound=Callable[..., HttpResponseBase])
logger = logging.getLogger("muster.limits")
_PERIOD = re.compile(r"/(\d*)([smhd])", re.IGNORECASE)
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def window_seconds(rate: str) -> int:
    """The window of a django-ratelimit rate in seconds: "10/m" -> 60, "5/h" -> 3600,
    "3/10m" -> 600; 60 when the rate cannot be read."""
    found = _PERIOD.search(rate)
    if found is None:
        return 60
    return int(found.group(1) or 1) * _SECONDS[found.group(2).lower()]


def client_ip(group: str, request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or with TRUSTED_PROXIES = n the n-th address
    from the right of X-Forwarded-For (what the nearest trusted proxy saw)."""
    trusted = settings.MUSTER_TRUSTED_PROXIES
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    if trusted and len(forwarded) >= trusted:
        return str(forwarded[-trusted])
    return str(request.META.get("REMOTE_ADDR", ""))


def user_or_ip(group: str, request: HttpRequest) -> str:
    """The user's id when logged in, otherwise the client's address."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"ip:{client_ip(group, request)}"


def _rate(action: str) -> Callable[[str, HttpRequest], str]:
    def rate(group: str, request: HttpRequest) -> str:
        value = str(settings.MUSTER_RATES[action])
        # Remembered for the 429 page: which limit, and how long its window is.
        request.muster_limit = (action, value, window_seconds(value))  # type: ignore[attr-defined]
        return value

    return rate


def limited(
    action: str, key: Callable[[str, HttpRequest], str] = user_or_ip, method: str = "POST"
) -> Callable[[View], View]:
    """A ratelimit decorator for ``action`` ("login", "signup", "sheet", "import") using
    the rate in settings.MUSTER_RATES; over the limit the request gets the 429 page."""
    # A HEAD runs the GET's view (require_safe): it counts as the GET does.
    methods = ("GET", "HEAD") if method == "GET" else method
    decorator = ratelimit(group=f"muster.{action}", key=key, rate=_rate(action), method=methods, block=True)
    return cast(Callable[[View], View], decorator)


def over_on_miss(
    action: str, request: HttpRequest, key: Callable[[str, HttpRequest], str] = user_or_ip
) -> bool:
    """Count one miss of ``action`` for the request's key (a join code no game in play
    has: GETs count too, so codes cannot be tried one GET at a time) and say whether the
    key is now over the rate in settings.MUSTER_RATES[action]; the caller then answers
    :func:`rate_limited`."""
    return bool(
        is_ratelimited(
            request, group=f"muster.{action}", key=key, rate=_rate(action), method=ALL, increment=True
        )
    )


def over_miss_limit(
    action: str, request: HttpRequest, key: Callable[[str, HttpRequest], str] = user_or_ip
) -> bool:
    """Whether the request's key is already over the miss rate of ``action`` (counting
    nothing). Asked before a lookup, so that past the limit every code is refused alike,
    a live one too: a guesser learns nothing from the answers (issue 39)."""
    return bool(
        is_ratelimited(
            request, group=f"muster.{action}", key=key, rate=_rate(action), method=ALL, increment=False
        )
    )


def rate_limited(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The answer over a rate limit (RATELIMIT_VIEW): the 429 page with Retry-After (the
    limit's window, in seconds), logged in one line without a traceback."""
    action, rate, seconds = getattr(request, "muster_limit", ("unknown", "?", 60))
    logger.warning(
        "rate limit %s (%s) refused %s %s from %s",
        action,
        rate,
        request.method,
        request.path[:200],
        user_or_ip(action, request),
    )
    response = render(request, "429.html", {"retry_after": seconds}, status=429)
    response["Retry-After"] = str(seconds)
    return already_logged(response)  # logged above, once


def already_logged(response: HttpResponse) -> HttpResponse:
    """Mark a refusal Muster has logged in one line itself, so Django's request logger
    does not log it again (with a traceback-sized warning). Returns ``response``."""
    response._has_been_logged = True  # type: ignore[attr-defined]  # Django's own flag
    return response
