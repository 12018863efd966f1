"""Sign up (username and password, no e-mail); log in and out use Django's own views."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from roster.limits import client_ip, limited


@require_http_methods(["GET", "POST"])
@limited("signup", key=client_ip)
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in."""
    if request.user.is_authenticated:
        return redirect("roster-list")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("roster-list")
    return render(request, "registration/signup.html", {"form": form}, status=422 if form.errors else 200)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The front page: a signed-in player goes straight to their rosters."""
    if request.user.is_authenticated:
        return redirect("roster-list")
    return render(request, "home.html")


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """A trivial view: the baseline the benchmarks compare against."""
    return HttpResponse("ok", content_type="text/plain")


def rate_limited(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The answer when a client goes over a rate limit: 429 with a plain explanation."""
    return render(request, "429.html", status=429)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A refused form (missing or stale CSRF token): 403 with a plain explanation."""
    return render(request, "403_csrf.html", status=403)
