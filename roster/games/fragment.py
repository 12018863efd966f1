"""The table's fragment, rendered once per (game, log, seat) and shared (docs/play.md
"Speed").

Every action answers with the table's fragment and every viewer's poll after a change
gets it again: with two players and two watchers one tap is four fragments of the same
game at the same version. The fragment (templates/games/_table.jinja) is therefore
rendered with marks where the per-response parts go, kept, and filled per response:

- ``<@muster-csrf@>``: the request's CSRF field (templates/games/_marks.jinja), in a
  page only: an htmx answer's forms are sent by play.js with the page's token;
- ``<@muster-event-id@>``: a fresh event id for each form (a plain form post resent
  counts once; play.js makes its own id per tap anyway);
- ``<@muster-etag@>``: the table's ETag (roster.games.polling: signed for this viewer);
- ``<@muster-refused@>``: the refusal at the top of the sender's table, never kept;
- ``<@muster-ask-<side>-<model>@>``: after each model's row, where a question about that
  model is drawn instead (issue 40); the others are taken out.

Each mark starts with "<", which text a player typed never holds once escaped (it is
"&lt;" there): a name such as "<@muster-csrf@>" is shown as typed, never replaced.

A kept fragment lives in the worker, and with Redis (CACHE_URL) in the "play" cache
every worker shares (without it the "play" cache is Django's dummy cache: writing each
fragment to the database cost more than rendering it again), under one key per (game, seat)
with the identity of what it shows: the game's creation time (an id reused after a
rollback never meets an old entry), its version and last write (two logs of the same
length after an undo differ in ``updated``), who holds the other side (a joiner may
bring their own warband before the first action), finished or not, and a digest of the
templates and of roster/games/display.py (a new release never serves an old layout).
So a game takes at most one entry per seat (one phone, owner, other side, watchers),
replaced at each change. The per-process copy in front of the shared cache saves its
round trip when the same worker answers again.
"""

from __future__ import annotations

import hashlib
import re
import threading
import zlib
from collections import OrderedDict
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from roster.core.jinja_env import macro, render
from roster.games import operations
from roster.games.display import table_context, words
from roster.games.forms import new_event_ids
from roster.games.models import Game
from roster.games.systems import play_rules

CSRF = "<@muster-csrf@>"
EVENT_ID = "<@muster-event-id@>"
REFUSED = "<@muster-refused@>"
#: After each model's row, where a question about that model is drawn (side-model).
_ASK_MARKS = re.compile(r"<@muster-ask-\d+-\d+@>")
ETAG = "<@muster-etag@>"
TEMPLATE = "games/_table.jinja"
MARKS = "games/_marks.jinja"
KEPT_SECONDS = 600  # a game's latest fragment per seat; a game in play replaces it within seconds
LOCAL_KEPT = 256  # fragments kept in this process (about 50 KB each)
_LOCAL: OrderedDict[str, tuple[str, str]] = OrderedDict()


@cache
def _layout() -> str:
    """A digest of what the fragment's HTML is made by (read once per process)."""
    digest = hashlib.blake2b(digest_size=8)
    templates = Path(settings.BASE_DIR) / "templates"
    for path in (
        templates / TEMPLATE,
        templates / "games/_row.jinja",
        Path(__file__).with_name("display.py"),
        # the set-up's rules explained on the table (issue 40)
        *sorted((Path(settings.BASE_DIR) / "rules").glob("*/play_reference.py")),
    ):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def seat_key(seat: Any) -> str:
    """Whose eyes a fragment is for: "one" (the owner on one phone), "owner0", "guest1",
    "watcher" (every watcher sees the same)."""
    if seat is None:
        return "one"
    return f"{seat.role}{seat.side if seat.side is not None else ''}"


def identity(game: Game) -> str:
    """What a kept fragment of ``game`` must match to be shown (see the module's doc)."""
    # The holder of side 1 (a digest of it): a joiner may replace side 1's snapshot as
    # they take it, before any action (roster.games.seats.take_side).
    holder = hashlib.blake2b(f"{game.side_hash}|{game.guest_id}".encode(), digest_size=8).hexdigest()
    finished = game.finished is not None
    when = f"{game.created.isoformat()}|v{game.version}|{game.updated.isoformat()}"
    # The rules of play it was played under and those it is replayed under: new rules
    # replay it anew (and may say so on the table).
    rules = f"{game.rules_version}|{play_rules(game.system).version}"
    return f"{when}|{holder}|{finished}|{rules}|{_layout()}"


def _cache_key(game: Game, seat: Any) -> str:
    return f"table:{game.pk}:{seat_key(seat)}"


def marked(game: Game, seat: Any) -> str:
    """The fragment of ``game`` as ``seat`` sees it (None: the owner on one phone), with
    its marks unfilled: kept, or rendered and kept. Loads the log (and, at version 0, the
    snapshot) only when it has to render, in one query that also reads the version again
    (the fragment is then kept as what it shows). One thread of the process renders a
    (game, seat) at a time: another asking for the same meanwhile (two watchers' streams
    woken by one tap) waits for it and takes the kept copy."""
    key, wanted = _cache_key(game, seat), identity(game)
    kept = _kept(key, wanted, shared=True)
    if kept is not None:
        return kept
    with _rendering_guard:
        lock = _rendering.setdefault(key, threading.Lock())
    with lock:
        kept = _kept(key, wanted, shared=False)  # drawn by another thread just now
        if kept is not None:
            return kept
        try:
            return _render(game, seat, key, wanted)
        finally:
            with _rendering_guard:
                if _rendering.get(key) is lock:
                    del _rendering[key]


_local_guard = threading.Lock()  # _LOCAL, read and written by the request threads
_rendering_guard = threading.Lock()
_rendering: dict[str, threading.Lock] = {}


def _kept(key: str, wanted: str, shared: bool) -> str | None:
    """The kept fragment under ``key`` if it shows ``wanted``: this process's copy, then
    (``shared``) the shared cache's."""
    with _local_guard:
        local = _LOCAL.get(key)
        if local is not None and local[0] == wanted:
            _LOCAL.move_to_end(key)
            return local[1]
    cache = caches["play"]
    if not shared or isinstance(cache, DummyCache):
        return None
    kept = cache.get(key)
    if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == wanted and isinstance(kept[1], bytes):
        html = zlib.decompress(kept[1]).decode()
        _remember(key, (wanted, html))
        return html
    return None


def _render(game: Game, seat: Any, key: str, wanted: str) -> str:
    deferred = game.get_deferred_fields()
    if "events" in deferred:
        fields = ["events", "version", "updated", "finished", "side_hash", "guest"]
        if "snapshot" in deferred and game.version == 0:
            fields.append("snapshot")
        game.refresh_from_db(fields=fields)
        wanted = identity(game)
    html = str(render(TEMPLATE, table_context(game, operations.state_of(game), seat=seat)))
    # Compressed: a tenth of the size to write and read (about 5 KB), for little CPU.
    shared = caches["play"]
    if not isinstance(shared, DummyCache):
        shared.set(key, (wanted, zlib.compress(html.encode(), 1)), KEPT_SECONDS)
    _remember(key, (wanted, html))
    return html


def _remember(key: str, entry: tuple[str, str]) -> None:
    with _local_guard:
        _LOCAL[key] = entry
        _LOCAL.move_to_end(key)
        while len(_LOCAL) > LOCAL_KEPT:
            _LOCAL.popitem(last=False)


def _place_refusal(html: str, refused: str | None, ask: dict[str, Any] | None) -> str:
    """``html`` with the refusal at its mark; a question about one model ("the other
    phone has just recorded this: record it again?") is drawn at the mark after that
    model's row instead (issue 40: in view of the finger that tapped it; ``data-row``
    names the row for play.js), and the other rows' marks are taken out."""
    fields = (ask or {}).get("fields") or {}
    row = f"{fields.get('target', '')}-{fields.get('model', '')}"
    after = f"<@muster-ask-{row}@>"
    if refused and ask and after in html:
        question = str(macro(MARKS, "refused")(words(refused), {**ask, "row": f"m-{row}"}))
        html = html.replace(REFUSED, "").replace(after, question)
    elif refused:
        html = html.replace(REFUSED, str(macro(MARKS, "refused")(words(refused), ask)))
    else:
        html = html.replace(REFUSED, "")
    return _ASK_MARKS.sub("", html)


def fill(
    html: str,
    request: HttpRequest,
    refused: str | None = None,
    etag: str = "",
    ask: dict[str, Any] | None = None,
    htmx: bool | None = None,
) -> SafeString:
    """``html`` with its marks filled for this response: the refusal (with ``ask``, a
    question and a form sending the same action again, confirmed), the CSRF field (the
    token Django's ``{% csrf_token %}`` would write; none in an htmx answer, whose forms
    play.js sends with the page's token), a fresh event id per form, the ETag (escaped
    for its attribute). ``htmx``: whether the fragment goes to play.js (by default, when
    the request says HX-Request; a pushed stream's table always does)."""
    # The refusal first: a question's form holds the CSRF and event id marks itself.
    html = _place_refusal(html, refused, ask)
    if CSRF in html:
        # An htmx answer's forms are sent by play.js, which drops the field and sends the
        # page's token in a header: the field is for a page's forms sent without
        # JavaScript. (Masking a token draws 32 random characters, a system call each.)
        if htmx is None:
            htmx = bool(request.headers.get("HX-Request"))
        html = html.replace(CSRF, "" if htmx else str(macro(MARKS, "csrf_field")(get_token(request))))
    html = html.replace(ETAG, escape(etag))
    parts = html.split(EVENT_ID)
    ids = new_event_ids(len(parts) - 1)
    return mark_safe("".join([parts[0], *(i + part for i, part in zip(ids, parts[1:], strict=True))]))


def table(
    request: HttpRequest,
    game: Game,
    seat: Any = None,
    refused: str | None = None,
    etag: str = "",
    ask: dict[str, Any] | None = None,
    htmx: bool | None = None,
) -> SafeString:
    """The table's fragment for this response (see the module's doc); ``etag`` is the
    one the response carries (written in the fragment for play.js); ``ask`` and
    ``htmx`` see :func:`fill`."""
    return fill(marked(game, seat), request, refused, etag, ask, htmx)
