""" "Changed since?" answered before the rest of Muster runs (issue 20, docs/play.md
"Two phones").

Every viewer of a game asks the table's state every half second with the ETag it holds
(static/js/play.js). Nearly always nothing changed, and the answer is a 304; at a table
of four phones and fifty games that is hundreds of requests a second, so the 304 is
answered by :class:`UnchangedTableMiddleware`, first in the stack, with one query of one
row and no session, user or template.

It may answer 304 only to a viewer who may see the game. The ETag a viewer is given is
signed: :func:`signed_etag` appends an HMAC (keyed by SECRET_KEY) of the table's ETag,
the game's seat fields (side token hash, account of the other side, watch token) and the
cookies that gave the viewer their seat (session, side token, watch token). A poll whose
ETag still matches the game's version and seats, sent with the same cookies, can only
come from that viewer (or a copy of their cookies, which would get the table anyway).
Anything else (a revoked side or watch link, a new login, an older or a forged ETag)
goes on to the state view, which decides as always.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control

from roster.games.models import Game, light_game, write_mark
from roster.games.seats import SIDE_COOKIE, WATCH_COOKIE

#: The state URL (roster.games.urls "game-state") as the middleware matches it.
STATE_PATH = re.compile(r"^/games/(\d+)/state/$")
#: A signed table ETag: game, version, last write, held ("-2"), whose eyes, "-end", then the HMAC.
SIGNED = re.compile(r'^"(game-(\d+)-v(\d+)-w(\d+)(-2)?(-owner0|-guest1|-watcher)?(-end)?)\.([0-9a-f]{32})"$')


def _mac(core: str, seats: tuple[str, str, str], cookies: dict[str, str], pk: int) -> str:
    credential = "\n".join(
        cookies.get(name, "")
        for name in (settings.SESSION_COOKIE_NAME, SIDE_COOKIE.format(pk=pk), WATCH_COOKIE.format(pk=pk))
    )
    message = "\n".join((core, *seats, credential)).encode()
    key = hashlib.sha256(b"muster.games.polling\n" + settings.SECRET_KEY.encode()).digest()
    return hmac.new(key, message, hashlib.sha256).hexdigest()[:32]


def _seats(side_hash: str, guest_id: int | None, watch_token: str) -> tuple[str, str, str]:
    return (side_hash, str(guest_id or ""), watch_token)


def signed_etag(etag: str, game: Game, request: HttpRequest) -> str:
    """``etag`` (roster.games.display.etag_of: '"game-<pk>-v<version>…"') with the HMAC
    that lets :class:`UnchangedTableMiddleware` answer this viewer's next poll:
    '"game-<pk>-v<version>….<32 hex>"'."""
    core = etag.strip('"')
    seats = _seats(game.side_hash, game.guest_id, game.watch_token)
    return f'"{core}.{_mac(core, seats, request.COOKIES, game.pk)}"'


def unchanged(request: HttpRequest, pk: int, tag: str) -> bool:
    """True when ``tag`` (the poll's If-None-Match) is a signed ETag this request's
    cookies were given for game ``pk``, and the game has not changed since: same
    version and last write, same seats, same finished or not. One query."""
    found = SIGNED.match(tag.strip())
    if found is None or int(found[2]) != pk:
        return False
    game = light_game(pk)
    if game is None:
        return False
    held = bool(game.side_hash or game.guest_id)
    seen = (int(found[3]), int(found[4]), bool(found[5]), bool(found[7]))
    if seen != (game.version, write_mark(game.updated), held, game.finished is not None):
        return False
    expected = _mac(found[1], _seats(game.side_hash, game.guest_id, game.watch_token), request.COOKIES, pk)
    return hmac.compare_digest(expected, found[8])


class UnchangedTableMiddleware:
    """First in MIDDLEWARE: a GET of a game's state whose If-None-Match is still current
    for this viewer (:func:`unchanged`) is answered 304 here; every other request goes
    on untouched."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> Any:
        if request.method == "GET":
            path = STATE_PATH.match(request.path_info)
            tag = request.headers.get("If-None-Match")
            if path is not None and tag and unchanged(request, int(path[1]), tag):
                response = HttpResponseNotModified()
                response["ETag"] = tag.strip()
                patch_cache_control(response, private=True, no_cache=True)
                return response
        return self.get_response(request)
