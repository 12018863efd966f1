"""Joining a game from a second phone (issue 20, docs/play.md "Two phones"): the join
panel the owner sees (QR code, link, short code, revoke), the join page ("Play the other
side": the list set up for the joiner or their own warband; or "Watch"), and the
owner's revokes. Seats themselves: roster.games.seats.
"""

from __future__ import annotations

from typing import Any

import segno
from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from django_ratelimit.exceptions import Ratelimited

from roster.core.limits import client_ip, limited, over_miss_limit, over_on_miss, rate_limited
from roster.games import operations
from roster.games.forms import SideForm
from roster.games.models import CODE_LENGTH, Game
from roster.games.seats import (
    WATCH_COOKIE,
    live_games,
    live_limit,
    normalise_code,
    seat_of,
    set_cookie,
    take_side,
)
from roster.games.sides import rosters_of, side_from_form
from rules.play.core import Refused


def join_url(request: HttpRequest, game: Game) -> str:
    """The absolute join link of ``game`` (its code in the path), on SITE_URL: never the
    request's Host header (docs/security.md)."""
    return f"{settings.MUSTER_SITE_URL}{reverse('game-join', args=[game.code])}"


def join_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """The owner's join panel: the link, the code, its QR code (inline SVG from segno,
    which escapes what it draws), and whether the other side is held."""
    url = join_url(request, game) if game.code else ""
    return {
        "url": url,
        "code": game.code,
        "qr": mark_safe(segno.make(url, error="m").svg_inline(scale=3, omitsize=False)) if url else None,
        "held": bool(game.side_hash) or game.guest_id is not None,
        "guest": game.guest.get_username() if game.guest_id and game.guest else None,
    }


class CodeForm(forms.Form):
    """A join code typed in (5 characters; case, spaces and dashes do not matter)."""

    code = forms.CharField(max_length=20, label="Game code", help_text="The 5 letters on the other phone.")

    def clean_code(self) -> str:
        """The code as stored; a clear message when it cannot be one."""
        code = normalise_code(self.cleaned_data["code"])
        if len(code) != CODE_LENGTH:
            raise forms.ValidationError(f"A game code has {CODE_LENGTH} letters and digits.")
        return code


def _join_key(group: str, request: HttpRequest) -> str:
    return f"ip:{client_ip(group, request)}"


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
@limited("join", key=_join_key)
def join_by_code(request: HttpRequest) -> HttpResponse:
    """Type a game's code: the join page of that game, or the form again with why."""
    form = CodeForm(request.POST or None)
    if form.is_bound and over_miss_limit("join-miss", request, key=_join_key):
        return rate_limited(request, Ratelimited())
    if form.is_bound and form.is_valid():
        if Game.objects.filter(code=form.cleaned_data["code"], finished__isnull=True).exists():
            return redirect("game-join", form.cleaned_data["code"])
        if over_on_miss("join-miss", request, key=_join_key):
            return rate_limited(request, Ratelimited())
        form.add_error("code", "No game in progress has that code (check it with the other phone).")
    status = 422 if form.is_bound else 200
    return render(request, "games/join.html", {"form": form, "game": None}, status=status)


def _side_form(request: HttpRequest, game: Game, bound: bool) -> SideForm:
    """The joiner's "Play my own warband" form: their rosters of the game's system when
    logged in, a share link, an upload or a typed list (the game start's SideForm)."""
    user = request.user if request.user.is_authenticated else None
    mine = rosters_of(user, game.system)
    initial = {"opponent": "mine" if mine else "link"}
    if bound:
        return SideForm(request.POST, request.FILES, mine=mine, initial=initial)
    return SideForm(mine=mine, initial=initial)


HELD = "Someone already holds the other side; you can watch."
BEGUN = (
    "The game has begun (an action is in its log): the other side can no longer be changed, "
    "or the log would no longer fit it. Play the list set up for you, or ask for a new game."
)


def _take_side(request: HttpRequest, game: Game, form: SideForm | None) -> HttpResponse | str:
    """Take side 1 of ``game`` for the request's phone: as set up (``form`` None) or as
    the joiner's own warband that ``form`` describes. The redirect to the table (with the
    side's cookie), or why not (nothing changed; a form's own errors stay at its fields)."""
    limit = live_limit()
    if live_games(request) >= limit:
        return f"You already play {limit} games in progress: finish one first."
    if game.side_hash or game.guest_id is not None:
        return HELD
    if form is not None and game.events:
        return BEGUN
    side = None
    if form is not None:
        player = request.user.get_username() if request.user.is_authenticated else ""
        side = side_from_form(form, request.user, game.system, player=player) if form.is_valid() else None
        if side is None:
            return "Not joined: see what to change below."
    response = redirect("game-table", game.pk)
    if take_side(request, game, response, side):
        return response
    game = Game.objects.get(pk=game.pk)
    return HELD if game.side_hash or game.guest_id is not None else BEGUN


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
@limited("join", key=_join_key)
def join(request: HttpRequest, code: str) -> HttpResponse:
    """The join page of the game with ``code``: "Play the list set up for me" (one tap,
    when nobody holds the other side yet), "Play my own warband" (a SideForm: while the
    game has no action) or "Watch". POST ``choice`` = "side", "own" or "watch" takes the
    seat (a cookie) and opens the table; "own" also makes side 1 the joiner's warband as
    it is now (roster.games.sides.chosen_side, seats.take_side). 422 with the reason at
    its field when it cannot (nothing changed, what was typed kept); 404 for a code no
    game in progress has."""
    if over_miss_limit("join-miss", request, key=_join_key):
        return rate_limited(request, Ratelimited())  # past the misses, a live code too
    game = Game.objects.filter(code=normalise_code(code), finished__isnull=True).first()
    if game is None:
        if over_on_miss("join-miss", request, key=_join_key):
            return rate_limited(request, Ratelimited())
        raise Http404("no game in progress has this code")
    try:
        seat = seat_of(request, game.pk)
    except Http404:
        seat = None
    if seat is not None and seat.role in ("owner", "guest"):
        return redirect("game-table", game.pk)
    held = bool(game.side_hash) or game.guest_id is not None
    choice = request.POST.get("choice") if request.method == "POST" else None
    form = _side_form(request, game, bound=choice == "own")
    error = None
    if choice == "watch":
        response = redirect("game-table", game.pk)
        set_cookie(request, response, WATCH_COOKIE.format(pk=game.pk), game.watch_token)
        return response
    if choice in ("side", "own"):
        taken = _take_side(request, game, form if choice == "own" else None)
        if isinstance(taken, HttpResponse):
            return taken
        error = taken
        if error in (HELD, BEGUN):  # another phone got there first: draw the page as it is now
            game.refresh_from_db(fields=["version", "events", "side_hash", "guest"])
            held = bool(game.side_hash) or game.guest_id is not None
    elif choice is not None:
        error = "Choose Play the other side or Watch."
    context = {
        "game": game,
        "held": held,
        "error": error,
        "side": game.snapshot["sides"][1],
        "form": form,
        "own_open": choice == "own",
    }
    return render(request, "games/join.html", context, status=422 if error else 200)


@require_POST
def revoke(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner revokes (``what``): "side" frees the other side (its phone is out),
    "watch" makes a new watch token and a new code (every watcher is out; the old QR code
    and link stop working). 404 for anyone but the owner."""
    seat = seat_of(request, pk)
    if seat.role != "owner":
        raise Http404("no such game")
    game = seat.game
    what = request.POST.get("what")
    if what == "side":
        try:
            operations.free_side(game)
        except Refused as exc:
            messages.error(request, f"The other side was not freed: {exc.reason}.")
        else:
            messages.success(request, "The other side is free again: its phone can no longer act.")
    elif what == "watch":
        operations.renew_joining(game)
        messages.success(request, "Watchers are out, and the game has a new code and link.")
    else:
        messages.error(request, "Nothing revoked: choose the other side or the watchers.")
    return redirect("game-table", game.pk)
