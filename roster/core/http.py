"""Request helpers every app's views use: the htmx request type and the logged-in player."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (``request.htmx``)."""

    htmx: HtmxDetails


def player(request: HttpRequest) -> User:
    """The logged-in player, for views behind login_required (an anonymous visitor never
    gets this far; raises PermissionDenied if one does)."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied
    return user
