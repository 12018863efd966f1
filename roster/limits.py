"""Abuse limits: who a request comes from, and the rates (django-ratelimit) per action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.decorators import ratelimit


def client_ip(group: str, request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or with TRUSTED_PROXIES = n the n-th address
    from the right of X-Forwarded-For (what the nearest trusted proxy saw)."""
    trusted = settings.MUSTER_TRUSTED_PROXIES
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    if trusted and len(forwarded) >= trusted:
        return forwarded[-trusted]
    return str(request.META.get("REMOTE_ADDR", ""))


def user_or_ip(group: str, request: HttpRequest) -> str:
    """The user's id when logged in, otherwise the client's address."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"ip:{client_ip(group, request)}"


def _rate(action: str) -> Callable[[str, HttpRequest], str]:
    def rate(group: str, request: HttpRequest) -> str:
        return str(settings.MUSTER_RATES[action])

    return rate


def limited(action: str, key: Callable[[str, HttpRequest], str] = user_or_ip, method: str = "POST") -> Any:
    """A ratelimit decorator for ``action`` ("login", "signup", "sheet", "import") using
    the rate in settings.MUSTER_RATES; over the limit the request gets the 429 page."""
    return ratelimit(group=f"muster.{action}", key=key, rate=_rate(action), method=method, block=True)
