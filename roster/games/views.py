"""The table (issue 19, docs/play.md): start a game, play it one POST per action, undo,
finish, and the games kept under My games.

Every action is one POST carrying an event id made on the client (a form rendered on the
server carries a fresh one, so a resent form counts once). htmx gets the table's
fragment (409 with the reason when the rules refuse, nothing changed); a plain form post
is redirected back to the table (PRG) or shown the refusal. A GET of the state carries
the game's version as its ETag and answers 304 when it has not changed.
"""

from __future__ import annotations

import functools
import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from roster.core.http import HtmxHttpRequest, player
from roster.core.limits import limited
from roster.games import fragment, operations
from roster.games.display import etag_of, game_rows, page_context, result_context
from roster.games.forms import ActionForm, FinishForm, SetupForm, SideForm, UndoForm, new_event_id
from roster.games.joining import join_context
from roster.games.models import Game
from roster.games.origins import origin_of
from roster.games.polling import signed_etag
from roster.games.seats import Seat, held_seat_cookie, live_games, live_limit, seat_of
from roster.games.sides import roster_side, rosters_of, side_from_form, told_apart
from roster.games.systems import play_rules, playable
from roster.games.transfer import game_json, game_text
from roster.rosters.views.common import get_roster_for_user
from rules.document import DocumentError
from rules.play.core import EVENT_ID_PATTERN, Event, Refused, Snapshot
from rules.registry import get_system


def get_game_for_user(request: HttpRequest, pk: int) -> Game:
    """The user's own game; 404 for anyone else's (ids leak nothing)."""
    game = Game.objects.filter(pk=pk, owner_id=request.user.pk).first() if request.user.pk else None
    if game is None:
        raise Http404("no such game")
    return game


def login_when_seatless(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """For a view of game ``pk`` that asks for a seat: a request with no seat (the game's
    Http404) that is not logged in gets the log-in page, back to the table after it, as
    the table itself does (the player's session may have ended: play.js keeps the taps
    it could not send and says so). Any game id answers the same, so ids leak nothing."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, pk, *args, **kwargs)
        except Http404:
            if request.user.is_authenticated:
                raise
            return redirect_to_login(reverse("game-table", args=[pk]))

    return wrapper


def _etag(request: HttpRequest, game: Game, seat: Seat | None = None) -> str:
    """The table's ETag for this viewer, signed for the poll's fast path (roster.games.polling)."""
    return signed_etag(etag_of(game, seat), game, request)


GAMES_PER_PAGE = 50


@require_safe
@never_cache
@login_required
def game_list(request: HttpRequest) -> HttpResponse:
    """My games, the latest changed first, GAMES_PER_PAGE a page (``?page=``; a page
    past the last shows the last)."""
    me = player(request)
    games = Game.objects.filter(Q(owner=me) | Q(guest=me)).defer("snapshot", "events", "trail")
    page = Paginator(games, GAMES_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "games/list.html", {"games": game_rows(list(page)), "page": page})


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@limited("import")
def game_new(request: HttpRequest, pk: int) -> HttpResponse:
    """Start a game from roster ``pk`` (mine): GET the form to choose the opponent, POST
    starts the game (the roster's side as it is now) and opens the table."""
    roster = get_roster_for_user(request, pk)
    if not playable(roster.system):
        context = {"roster": roster, "system": get_system(roster.system)}
        return render(request, "games/not_playable.html", context, status=404)
    mine = rosters_of(player(request), roster.system)
    form = SideForm(request.POST or None, request.FILES or None, mine=mine)
    rules = play_rules(roster.system)
    setup_form = SetupForm(request.POST or None, rules=rules, names=(roster.name, "the opponent"))
    status = 200
    if request.method == "POST" and live_games(request) >= live_limit():
        form.add_error(None, f"You have {live_limit()} games in progress: finish one first (My games).")
        status = 422
    elif request.method == "POST":
        opponent = side_from_form(form, player(request), roster.system) if form.is_valid() else None
        if not setup_form.is_valid():
            opponent = None
        if opponent is not None:
            try:
                own = roster_side(roster, player=player(request).get_username())
            except DocumentError as exc:
                form.add_error(None, exc.message)
            else:
                setup = setup_form.setup(secrets.SystemRandom())
                sides = (own, told_apart(own, opponent))
                with_sides = getattr(rules, "roll_with_sides", None)  # Rescue's roles (I&H p.48)
                if with_sides is not None:
                    setup = with_sides(setup, sides, secrets.SystemRandom())
                snapshot = Snapshot(system=roster.system, sides=sides, setup=setup)
                opponent = snapshot.sides[1]
                try:
                    game = operations.start_game(player(request), snapshot, f"{own.name} v {opponent.name}")
                except operations.TooManyGames as exc:
                    form.add_error(None, exc.reason)
                else:
                    return redirect("game-table", game.pk)
        status = 422
    context = {"form": form, "roster": roster, "setup_form": setup_form}
    return render(request, "games/new.html", context, status=status)


@require_safe
@never_cache
def table(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The table: every model of both sides in rows, the trackers, the log, as the
    request's seat may see it (owner, the other side, or a watcher: roster.games.seats).
    The owner also gets the join panel (QR code, link, code, revoke). A finished game
    shows its result instead. Anyone else: 404, or the log-in page when not logged in
    (the owner's session may have ended)."""
    try:
        seat = seat_of(request, pk)
    except Http404:
        if held_seat_cookie(request, pk):
            # This phone had a seat here and the owner freed it (or stopped the watchers).
            return render(request, "games/seat_gone.html", status=404)
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise
    game = seat.game
    if game.finished is not None:
        return redirect("game-result", game.pk)
    shown = _seat_or_none(seat)
    table_html = fragment.table(request, game, shown, etag=_etag(request, game, shown))
    context = {**page_context(game, shown), "table_html": table_html, "origin": origin_of(game)}
    if seat.role == "owner":
        context["join"] = join_context(request, game)
    return render(request, "games/table.html", context)


@dataclass(frozen=True)
class Shown:
    """What a viewer's table is now (:func:`shown_table`): ``ended`` (the game has a
    result: go there), else its ``etag`` (signed for this viewer) and ``html``, the table's
    fragment as an htmx answer, or None when the viewer holds that ETag already."""

    ended: bool
    etag: str = ""
    html: str | None = None


def shown_table(request: HttpRequest, pk: int, held: Iterable[str] = (), htmx: bool | None = None) -> Shown:
    """Game ``pk``'s table as this request's seat may see it (hidden information stays
    per seat), unless the viewer ``held`` its ETag already. The poll (:func:`state`) and
    the pushed stream (roster.games.stream, ``htmx`` True) both answer with it. Raises
    Http404 with no seat (roster.games.seats.seat_of)."""
    seat = seat_of(request, pk)
    game = seat.game
    if game.finished is not None:
        return Shown(ended=True)
    etag = _etag(request, game, _seat_or_none(seat))
    if etag in held:
        return Shown(ended=False, etag=etag)
    return Shown(
        ended=False, etag=etag, html=fragment.table(request, game, _seat_or_none(seat), etag=etag, htmx=htmx)
    )


@require_safe
@login_when_seatless
def state(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The table's fragment, with the game's version as its ETag: 304 when the client's
    If-None-Match names the current version (another viewer asking "changed since N?").
    The ETag names the seat too, so a cached fragment is never another viewer's. A game
    that has ended answers 204 with HX-Redirect to its result (the other phone learns
    that its player ended it)."""
    shown = shown_table(request, pk, [t.strip() for t in request.headers.get("If-None-Match", "").split(",")])
    if shown.ended:
        ended = HttpResponse(status=204)
        ended["HX-Redirect"] = reverse("game-result", args=[pk])
        return ended
    response: HttpResponse = HttpResponseNotModified() if shown.html is None else HttpResponse(shown.html)
    response["ETag"] = shown.etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


def _seat_or_none(seat: Seat) -> Seat | None:
    """The owner on one phone (nobody holds the other side) sees as before: no seat."""
    return None if seat.role == "owner" and seat.side is None else seat


def _acting(request: HttpRequest, pk: int) -> Seat:
    """The seat of a request that changes the game: 403 for a watcher."""
    seat = seat_of(request, pk)
    if not seat.can_act:
        raise PermissionDenied("watchers cannot act on a game")
    return seat


def _answer(
    request: HtmxHttpRequest,
    game: Game,
    refused: str | None = None,
    status: int = 200,
    seat: Seat | None = None,
    ask: dict[str, Any] | None = None,
) -> HttpResponse:
    """The answer to an action: htmx gets the table's fragment (with ``refused`` at the
    top and ``status``), a plain post goes back to the table (or is shown the refusal).
    With ``ask`` ({"url", "fields"}), ``refused`` is a question and the answer offers
    the same action again, confirmed."""
    if request.htmx:
        if game.finished is not None and refused is None:
            response = HttpResponse(status=204)
            response["HX-Redirect"] = f"/games/{game.pk}/result/"
            return response
        etag = _etag(request, game, seat)
        response = HttpResponse(
            fragment.table(request, game, seat, refused, etag=etag, ask=ask), status=status
        )
        response["ETag"] = etag
        return response
    if refused is not None:
        if game.finished is not None:
            messages.error(request, refused)
            return redirect("game-result", game.pk)
        table_html = fragment.table(request, game, seat, refused, etag=_etag(request, game, seat), ask=ask)
        context = {**page_context(game, seat), "table_html": table_html}
        return render(request, "games/table.html", context, status=status)
    return redirect("game-table" if game.finished is None else "game-result", game.pk)


@require_POST
@limited("play")
@login_when_seatless
def act(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """One action (ActionForm): applied once per event id; 409 with the rules' reason
    when refused, 422 when the form itself does not read, 403 for a watcher. A player
    of one side (two phones) acts as that side whatever the form says."""
    seat = _acting(request, pk)
    game, shown = seat.game, _seat_or_none(seat)
    form = ActionForm(request.POST)
    if not form.is_valid():
        problem = "; ".join(f"{k}: {' '.join(str(e) for e in v)}" for k, v in form.errors.items())
        return _answer(
            request, game, refused=f"That action could not be read ({problem}).", status=422, seat=shown
        )
    # A row's button may send several steps (rules.play.offers): each is its own event,
    # applied in order; a question or refusal stops the rest (what went before stays).
    steps = [step for step in str(form.cleaned_data["do"]).split(";") if step.strip()]
    for n, event in enumerate(form.events()):
        if seat.side is not None:
            event = event.model_copy(update={"side": seat.side})
        try:
            played = operations.act(
                game, event, seated=seat.side is not None, confirmed=bool(form.cleaned_data.get("confirm"))
            )
        except operations.Unconfirmed as exc:
            # Asked, not refused: the answer carries the same action again, to confirm.
            kept = ("side", "do", "target", "model", "detail")
            again = {k: str(v) for k, v in form.data.items() if k in kept}
            again["do"] = ";".join(steps[n:])
            ask = {"url": reverse("game-act", args=[game.pk]), "fields": again}
            return _answer(
                request, operations.fresh(game), refused=exc.reason, status=409, seat=shown, ask=ask
            )
        except Refused as exc:
            return _answer(request, operations.fresh(game), refused=exc.reason, status=409, seat=shown)
        game = played.game
    return _answer(request, played.game, seat=shown)


@require_POST
@limited("play")
@login_when_seatless
def undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Undo one action: the one named (the table's Undo names the latest when it was
    drawn, so an undo resent does not undo a second action). With two phones a side
    undoes only its own actions; a watcher gets 403."""
    seat = _acting(request, pk)
    game, shown = seat.game, _seat_or_none(seat)
    form = UndoForm(request.POST)
    if not form.is_valid():
        return _answer(request, game, refused="That undo could not be read.", status=422, seat=shown)
    try:
        played = operations.undo(game, form.cleaned_data["event"] or None, seat.side)
    except Refused as exc:
        return _answer(request, operations.fresh(game), refused=exc.reason, status=409, seat=shown)
    return _answer(request, played.game, seat=shown)


@require_POST
@limited("play")
@login_when_seatless
def finish(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """End the game and show its result (either player; 403 for a watcher): the
    ``winner`` the players agree on (FinishForm), or none for the rules to decide; 422
    when it does not read."""
    seat = _acting(request, pk)
    game = seat.game
    form = FinishForm(request.POST)
    if not form.is_valid():
        refused = "The winner could not be read: choose one of the two sides, or nobody."
        return _answer(request, game, refused=refused, status=422, seat=_seat_or_none(seat))
    rules = play_rules(game.system)
    declared = any(a.name == "end" for a in rules.trackers.actions)
    winner = form.cleaned_data["winner"]
    end = Event(id=new_event_id(), side=seat.side or 0, action="end", value=winner)
    # With two phones the game ends when both players agree (issue 40): a proposal the
    # other phone accepts or refuses.
    proposing = declared and seat.side is not None
    if request.POST.get("confirm") != "1":
        # Nothing irreversible in one tap (issue 28): the result it will record, to confirm.
        state = operations.state_of(game)
        early = rules.early_end(state)
        preview = operations.preview_end(game, end if declared and early is None else None)
        context = {
            **result_context(game, preview, _seat_or_none(seat)),
            "chosen": "" if winner is None else str(winner),
            "proposing": proposing,
            "early": early,
            "event_id": new_event_id(),
        }
        if declared and early is None and (why := rules.winner_refusal(winner)) is not None:
            context["problem"] = why
        return render(request, "games/end.html", context)
    if proposing:
        assert seat.side is not None
        sent = request.POST.get("id") or ""
        event_id = sent if re.fullmatch(EVENT_ID_PATTERN, sent) else new_event_id()
        try:
            operations.propose_end(game, seat.side, winner, event_id)
        except Refused as exc:
            return _answer(
                request, operations.fresh(game), refused=exc.reason, status=409, seat=_seat_or_none(seat)
            )
        return redirect("game-table", game.pk)
    operations.finish(game, end if declared else None)
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = f"/games/{game.pk}/result/"
        return response
    return redirect("game-result", game.pk)


@require_POST
@limited("play")
@login_required
def reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner reopens a finished game (operations.reopen): back to the table, in
    progress again; 404 for anyone else."""
    seat = seat_of(request, pk)
    if seat.role != "owner":
        raise Http404("no such game")
    operations.reopen(seat.game)
    messages.success(request, "The game is reopened: play on, and end it again when you are done.")
    return redirect("game-table", pk)


@require_safe
@never_cache
def result(request: HttpRequest, pk: int) -> HttpResponse:
    """The result of a game (finished or not yet): Victory Points, winner, casualties,
    turns played, and the full log, as the request's seat may see them."""
    seat = seat_of(request, pk)
    game = seat.game
    context = result_context(game, operations.state_of(game), _seat_or_none(seat))
    return render(request, "games/result.html", {**context, "origin": origin_of(game)})


@require_POST
@login_required
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete a game from My games."""
    game = get_game_for_user(request, pk)
    try:
        operations.delete_game(game)
    except Refused as refused:
        messages.error(request, str(refused))
        return redirect("game-list")
    messages.success(request, f"Deleted the game {game.name}.")
    return redirect("game-list")


def _download(game: Game, content: str, content_type: str, ext: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    name = f"{slugify(game.name) or 'game'}-{game.pk}.{ext}"
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response


@require_safe
def export_json(request: HttpRequest, pk: int) -> HttpResponse:
    """The game as ``muster.game/1`` JSON (docs/formats.md), each event as the
    request's seat may see it (a card still held back has no outcome)."""
    seat = seat_of(request, pk)
    game = seat.game
    shown = _seat_or_none(seat)
    return _download(
        game,
        game_json(game, operations.state_of(game), shown.viewer if shown else None),
        "application/json",
        "json",
    )


@require_safe
def export_text(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's result and log as plain text, as the request's seat may see them."""
    seat = seat_of(request, pk)
    game = seat.game
    rules = play_rules(game.system)
    shown = _seat_or_none(seat)
    state = rules.view(operations.state_of(game), shown.viewer if shown else None)
    return _download(game, game_text(game, state, rules), "text/plain; charset=utf-8", "txt")


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker that keeps game tables for offline (templates/games/sw.js),
    served from the site's root so its scope is the whole site; never cached long, so a
    new version reaches phones on their next visit."""
    from django.conf import settings

    response = render(
        request,
        "games/sw.js",
        {"static_prefix": "/" + settings.STATIC_URL.lstrip("/"), "offline_url": reverse("offline")},
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    patch_cache_control(response, no_cache=True)
    return response
