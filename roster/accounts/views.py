"""Sign up, log in and out through django-allauth (docs/accounts.md); the front page,
the health check and the error answers."""

from __future__ import annotations

from typing import Any

from allauth.account.views import LoginView, LogoutView, SignupView
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from roster.core.http import public_page
from roster.core.limits import client_ip, limited
from roster.games.seats import forget_seats
from roster.rosters.systems import UIS
from rules.registry import SYSTEMS
from rules.words import listing


class MusterSignupView(SignupView):  # type: ignore[misc]  # allauth has no type hints
    """allauth's sign-up: username, optional email, password twice. A refused form
    answers 422; a name taken by a concurrent sign-up (the database's unique username
    keys) is shown at the field instead of failing."""

    def form_valid(self, form: Any) -> HttpResponse:
        try:
            with transaction.atomic():
                response: HttpResponse = super().form_valid(form)
                return response
        except IntegrityError:
            form.add_error("username", "That username was taken a moment ago; choose another.")
            invalid: HttpResponse = self.form_invalid(form)
            return invalid

    def form_invalid(self, form: Any) -> HttpResponse:
        response: HttpResponse = super().form_invalid(form)
        response.status_code = 422
        return response


# The Muster rates (RATE_LOGIN, RATE_SIGNUP) count every post per client address, on
# top of allauth's own limits (failed log-ins per account, sign-ups, reset mails).
signup = limited("signup", key=client_ip)(MusterSignupView.as_view())
login = limited("login", key=client_ip)(LoginView.as_view())


class MusterLogoutView(LogoutView):  # type: ignore[misc]  # allauth has no type hints
    """allauth's log-out; the answer that logs out also forgets this browser's game
    seats and the play cache (roster.games.seats.forget_seats)."""

    def post(self, *args: Any, **kwargs: Any) -> HttpResponse:
        """Log out, then drop the seats."""
        response: HttpResponse = super().post(*args, **kwargs)
        return forget_seats(self.request, response)


logout = MusterLogoutView.as_view()


@require_safe
@public_page
def home(request: HttpRequest) -> HttpResponse:
    """The front page: a signed-in player goes straight to their rosters."""
    if request.user.is_authenticated:
        return redirect("roster-list")
    # The games Muster builds rosters for: every registered system with an editor.
    titles = [SYSTEMS[s].title for s in UIS]
    return render(request, "home.html", {"games": listing(titles) if titles else "skirmish wargames"})


@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """A trivial view: the baseline the benchmarks compare against."""
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for by themselves (a PDF opened in the browser
    does): Muster's icon. Not permanent, since the icon's URL holds its content hash."""
    return redirect(static("favicon.svg"))


@require_safe
@cache_control(public=True, max_age=86400)
def robots(request: HttpRequest) -> HttpResponse:
    """/robots.txt: the front page may be indexed; rosters, share links, games, join and
    event pages are players' own and are not (templates/robots.txt)."""
    return render(request, "robots.txt", content_type="text/plain; charset=utf-8")


@require_safe
@cache_control(public=True, max_age=3600)  # its icons' hashed names change with a deploy
def manifest(request: HttpRequest) -> HttpResponse:
    """/manifest.webmanifest: Muster installed as an app (name, icons, colours, start
    page; templates/manifest.webmanifest), its icons at their hashed static names."""
    return render(request, "manifest.webmanifest", content_type="application/manifest+json")


@require_safe
@cache_control(no_cache=True)
def offline(request: HttpRequest) -> HttpResponse:
    """/offline/: the page the service worker shows for a page asked for without network
    (the game table keeps its own copies); the same for everyone, so it may be kept."""
    return render(request, "offline.html")


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A refused form (missing or stale CSRF token): 403 with a plain explanation."""
    return render(request, "403_csrf.html", status=403)
