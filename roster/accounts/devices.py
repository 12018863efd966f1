"""Trusted devices: a browser that has logged in to an account before (OWASP's "device
cookie" answer to account lockout). Failed log-ins for an account from anywhere else
never lock such a browser out, so a stranger who types wrong passwords for ``alice``
locks only the strangers (docs/accounts.md, "Abuse").

The cookie holds the account's id and a random device id, signed with SECRET_KEY: it
cannot be made without logging in, and it says nothing a thief could use.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.db.models import Q
from django.http import HttpRequest, HttpResponseBase

COOKIE = "muster_device"
SALT = "muster.accounts.device"
MAX_AGE = 365 * 24 * 3600  # seconds


def remember(response: HttpResponseBase, user: Any) -> None:
    """Mark the browser of ``response`` as a device ``user`` logged in with (one year)."""
    value = signing.dumps({"u": user.pk, "d": secrets.token_urlsafe(12)}, salt=SALT)
    response.set_cookie(
        COOKIE,
        value,
        max_age=MAX_AGE,
        httponly=True,
        secure=settings.SESSION_COOKIE_SECURE,
        samesite="Lax",
    )


def device_for(request: HttpRequest, login: str) -> str | None:
    """The device id of the request's cookie when it was set by a log-in to the account
    ``login`` names (its username, or one of its email addresses, case-blind); None for
    a browser without one, a forged or expired cookie, or another account's."""
    raw = request.COOKIES.get(COOKIE)
    if not raw or not login:
        return None
    try:
        data = signing.loads(raw, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("d"), str) or not isinstance(data.get("u"), int):
        return None
    named = Q(username__iexact=login) | Q(emailaddress__email__iexact=login)
    if not get_user_model().objects.filter(named, pk=data["u"]).exists():
        return None
    return str(data["d"])
