"""Response headers every page needs: who may store it."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control


class PrivateByDefaultMiddleware:
    """Every response Muster makes (static files aside, which WhiteNoise serves before
    this runs) is ``Cache-Control: private, no-store`` unless its view said otherwise:
    rosters, exports, sheets and htmx partials are one player's, and a shared page
    must stop showing once its link is revoked. The shared page and its PDF say
    ``private, no-cache`` themselves (roster.views.sharing)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True, no_store=True)
        return response
