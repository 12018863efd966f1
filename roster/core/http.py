"""Request helpers every app's views use: the htmx request type, the logged-in player, and
the mark of a page that may be kept for Back and Forward."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils.cache import patch_cache_control
from django_htmx.middleware import HtmxDetails

View = TypeVar("View", bound=Callable[..., HttpResponseBase])


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


def public_page(view: View) -> View:
    """A page that holds nothing private when its visitor is not logged in (the front
    page): its GET answered 200 to a visitor who is not
    logged in says ``Cache-Control: private, no-cache`` instead of Muster's default
    ``no-store`` (roster.project.middleware.PrivateByDefaultMiddleware), so Back and
    Forward show the browser's copy at once instead of asking again on a poor signal
    (issue 38; docs/security.md "Caching" lists which pages are which). A form answered
    with what was typed (a POST) and anything a logged-in player sees keep ``no-store``."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = view(request, *args, **kwargs)
        user = getattr(request, "user", None)
        if (
            request.method in ("GET", "HEAD")
            and response.status_code == 200
            and not (user is not None and user.is_authenticated)
            and not response.has_header("Cache-Control")
        ):
            patch_cache_control(response, private=True, no_cache=True)
        return response

    return cast(View, wrapped)
