"""Two phones, one game (issue 20, docs/play.md "Two phones"): who is looking at a game.

A game has up to three kinds of viewers:

- its owner (the account that started it): side 0 once the other side is held, both
  sides on one phone until then;
- the holder of side 1: whoever opened the join link and chose "Play the other side".
  That phone keeps a random token (192 bits from ``secrets``) in a cookie; the game
  keeps only its SHA-256, plus the account when the opponent was logged in (then the
  game is also under their My games, and any of their browsers holds the side);
- watchers: whoever opened the join link and chose "Watch" (a cookie with the game's
  current watch token; the owner revoking the watch link makes a new token:
  roster.games.operations.renew_joining).

Everything a viewer receives is the state as that viewer may see it
(rules.play.core.PlayRules.view and public_event): a watcher is ``None``, who sees no
hidden card.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse

from roster.games import operations
from roster.games.models import CODE_LENGTH, Game, light_game
from rules.play.core import SideIndex, SideSnapshot

#: Games in progress one account may own or hold a side of at once, and sides of games
#: in progress one browser may hold by token (docs/play.md; settings.MUSTER_LIVE_GAMES).
MAX_LIVE_PER_ACCOUNT = MAX_LIVE_PER_BROWSER = 20


def live_limit() -> int:
    """The most games in progress per account / per browser (settings.MUSTER_LIVE_GAMES)."""
    return int(getattr(settings, "MUSTER_LIVE_GAMES", MAX_LIVE_PER_ACCOUNT))


SIDE_COOKIE = "muster_side_{pk}"
WATCH_COOKIE = "muster_watch_{pk}"
COOKIE_AGE = 60 * 60 * 24 * 30  # a month: a game is played over an evening, kept a while


@dataclass(frozen=True)
class Seat:
    """Who the request is for ``game``: ``role`` "owner", "guest" (side 1) or "watcher";
    ``side`` the side they play (None: a watcher, or the owner playing both sides on one
    phone); ``viewer`` whose eyes the state is drawn for (rules.play.core.PlayRules.view:
    None shows no hidden card)."""

    game: Game
    role: str
    side: SideIndex | None

    @property
    def viewer(self) -> SideIndex | None:
        """The side whose hidden cards this seat may see (None: none)."""
        return self.side

    @property
    def can_act(self) -> bool:
        """Players act; watchers only look."""
        return self.role != "watcher"


def token_hash(token: str) -> str:
    """The SHA-256 hex of a side token (what the game keeps)."""
    return hashlib.sha256(token.encode()).hexdigest()


def normalise_code(text: str) -> str:
    """A typed code as stored: upper case, spaces and dashes dropped, 5 characters."""
    return "".join(c for c in text.upper() if c.isalnum())[:CODE_LENGTH]


def seat_of(request: HttpRequest, pk: int) -> Seat:
    """The request's seat at game ``pk``. Raises Http404 for anyone else (ids leak nothing)."""
    # The log and snapshot are loaded only when used: a poll answered 304 needs neither.
    game = light_game(pk)
    if game is None:
        raise Http404("no such game")
    user = getattr(request, "user", None)
    uid = user.pk if user is not None and user.is_authenticated else None
    held = bool(game.side_hash) or game.guest_id is not None
    if uid is not None and game.owner_id == uid:
        return Seat(game, "owner", 0 if held else None)
    if uid is not None and game.guest_id == uid:
        return Seat(game, "guest", 1)
    token = request.COOKIES.get(SIDE_COOKIE.format(pk=pk), "")
    if token and game.side_hash and hmac.compare_digest(token_hash(token), game.side_hash):
        return Seat(game, "guest", 1)
    watch = request.COOKIES.get(WATCH_COOKIE.format(pk=pk), "")
    if watch and game.watch_token and hmac.compare_digest(watch, game.watch_token):
        return Seat(game, "watcher", None)
    raise Http404("no such game")


def held_seat_cookie(request: HttpRequest, pk: int) -> bool:
    """True when this browser carries a side or watch cookie for game ``pk`` (whether or
    not it still gives a seat: after a revoke it no longer does)."""
    cookies = request.COOKIES
    return bool(cookies.get(SIDE_COOKIE.format(pk=pk)) or cookies.get(WATCH_COOKIE.format(pk=pk)))


def live_games(request: HttpRequest) -> int:
    """How many games in progress the request's account owns or holds a side of, or (no
    account) how many side cookies for games in progress this browser holds."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Game.objects.filter(Q(owner=user) | Q(guest=user), finished__isnull=True).count()
    pks = [
        int(k[len("muster_side_") :])
        for k in request.COOKIES
        if k.startswith("muster_side_") and k[12:].isdigit()
    ]
    return Game.objects.filter(pk__in=pks, finished__isnull=True).count()


def take_side(
    request: HttpRequest, game: Game, response: HttpResponse, side: SideSnapshot | None = None
) -> bool:
    """Make the request's phone the holder of side 1 (cookie on ``response``; the account
    too when logged in), through roster.games.operations.take_side (with ``side``, side 1
    becomes the joiner's own warband). False (nothing changed) when the side is already
    held by someone else, the game is finished, or (with ``side``) it has an action."""
    token = operations.new_token()
    user = getattr(request, "user", None)
    guest = user if user is not None and user.is_authenticated and user.pk != game.owner_id else None
    if not operations.take_side(game, token_hash(token), guest, side):
        return False
    set_cookie(request, response, SIDE_COOKIE.format(pk=game.pk), token)
    return True


def set_cookie(request: HttpRequest, response: HttpResponse, name: str, value: str) -> None:
    """A seat cookie: HttpOnly, SameSite=Lax, Secure over HTTPS, a month long."""
    response.set_cookie(
        name, value, max_age=COOKIE_AGE, httponly=True, samesite="Lax", secure=request.is_secure(), path="/"
    )


def forget_seats(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """On logging out (or deleting the account): drop every side and watch cookie this
    browser holds, and ask it to clear the site's cache and storage (``Clear-Site-Data``:
    the service worker's copy of game tables, a card included, and the phone's queue),
    so the next person on a club's tablet holds no seat and sees no card (issue 29)."""
    for name in request.COOKIES:
        if name.startswith(("muster_side_", "muster_watch_")):
            response.delete_cookie(name, path="/", samesite="Lax")
    response["Clear-Site-Data"] = '"cache", "storage"'
    return response
