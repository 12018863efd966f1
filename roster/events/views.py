"""Event pages (issue 31, docs/events.md): My events, a new event, registration, the event
page (entries, pairings, results, standings) and its version, the list pack, the big
screen, the exports, and the organiser's and players' actions.

Who sees what: anyone with the event's address sees its players, pairings, results and
standings; a list's contents, fingerprint and the list pack once the lists are open
(Event.lists_open_to: round 1 paired, or before when the organiser made them public, at
once or from a date); a list's problems and the organiser's note only its player and the
organiser.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, cast

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.http import content_disposition_header
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from roster.core.http import player
from roster.core.limits import limited
from roster.core.site import absolute
from roster.events import operations, pack, transfer
from roster.events.clock import clock_of
from roster.events.forms import (
    AddPlayerForm,
    ChallengeForm,
    EventForm,
    OpenRoundForm,
    ResultForm,
    ReviewForm,
    RoundSetupForm,
    SubmitForm,
)
from roster.events.models import Entry, Event, Pairing, Round
from roster.events.pairing import SCORED_ONLY, TIEBREAKERS, chosen_order, tiebreaker_words
from roster.games.systems import play_rules
from roster.rosters.models import Roster
from roster.rosters.operations import Refused
from rules.document import DocumentError
from rules.registry import SYSTEMS


@login_required
def event_list(request: HttpRequest) -> HttpResponse:
    """My events: those I organise and those I entered, the newest first."""
    me = player(request)
    events = Event.objects.filter(Q(owner=me) | Q(entries__player=me)).distinct()
    return render(request, "events/list.html", {"events": events})


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    """A new event (GET the form; POST creates it and opens its page)."""
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = operations.create_event(
                player(request),
                data["system"],
                data["name"],
                kind=data["kind"],
                rounds=data["rounds"],
                deadline=data["deadline"],
                lists_public=data["lists_public"],
                lists_public_from=data["lists_public_from"],
                options=data["options"],
                date=data["date"],
                venue=data["venue"],
                description=data["description"],
                capacity=data["capacity"],
            )
        except Refused as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("event-page", event.pk)
    status = 422 if request.method == "POST" else 200
    return render(request, "events/new.html", {"form": form}, status=status)


@dataclass
class EntryRow:
    """One entry as the event page shows it to this viewer: ``problems`` and ``note``
    only to its player and the organiser; ``open``: whether its list may be read."""

    entry: Entry
    problems: list[str] | None
    changes: list[str]
    mine: bool
    open: bool


def _rows(event: Event, viewer: Any, organiser: bool, lists_open: bool) -> list[EntryRow]:
    rows = []
    entries = list(event.entries.all())
    # Problems are shown to the organiser (every list) and to each player (their own).
    checked = [e for e in entries if organiser or (viewer is not None and e.player_id == viewer.pk)]
    problems_of = operations.entries_problems(event, checked)
    for entry in entries:
        mine = viewer is not None and entry.player_id == viewer.pk
        problems = problems_of.get(entry.pk)
        shown = organiser or mine or (lists_open and entry.status == Entry.ACCEPTED)
        rows.append(EntryRow(entry, problems, operations.changes(entry) if organiser else [], mine, shown))
    return rows


def event_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    """The event page's context for this viewer (see the module's access rules)."""
    viewer = request.user if request.user.is_authenticated else None
    organiser = viewer is not None and viewer.pk == event.owner_id
    lists_open = event.lists_open_to(viewer)
    rows = _rows(event, viewer, organiser, lists_open)
    names = {r.entry.pk: r.entry for r in rows}
    rules = play_rules(event.system)
    scored = rules.victory_points is not None
    tables = (
        Pairing.objects.select_related("a", "b", "game")
        .defer("game__snapshot", "game__events", "game__trail")
        .prefetch_related("log")
    )
    rounds = list(event.round_set.prefetch_related(Prefetch("pairings", queryset=tables)))
    for round_ in rounds:
        for table in round_.pairings.all():
            # What the table's finished game says, offered in the result form (not counted
            # until both confirm it).
            found = operations.game_result(table) if table.game_id else None
            proposed = dict(zip(("winner", "score_a", "score_b"), found, strict=True)) if found else None
            table.proposed = proposed
            players = {table.a.player_id, table.b.player_id if table.b else None} - {None}
            table.seated = viewer is not None and viewer.pk in players
        round_.setup_lines = operations.setup_text(event, round_.setup)
        round_.fixed = any(t.game_id for t in round_.pairings.all())
        if event.check_in and event.kind == Event.TOURNAMENT:
            # The no-shows: accepted, not dropped, never checked in, so left unpaired.
            seated = {t.a_id for t in round_.pairings.all()} | {t.b_id for t in round_.pairings.all()}
            round_.absent = [
                r.entry
                for r in rows
                if r.entry.status == Entry.ACCEPTED
                and not r.entry.dropped
                and not r.entry.checked_in
                and r.entry.pk not in seated
            ]
    mine = next((r for r in rows if r.mine), None)
    # The viewer's table in the latest round, shown first on the page (a phone at the
    # table need not scroll past every player to find it).
    your_table = next((t for t in rounds[-1].pairings.all() if t.seated), None) if rounds else None
    clock = clock_of(rounds[-1]) if rounds else None
    register_url = absolute(reverse("event-register", args=[event.code]))
    return {
        "event": event,
        "system": SYSTEMS[event.system],
        "organiser": organiser,
        "rows": rows,
        "mine": mine,
        "your_table": your_table,
        "names": names,
        "rounds": rounds,
        "standings": [(line, names[cast(int, line.player)]) for line in operations.event_standings(event)],
        "scored": scored,
        "score_short": rules.score_short,
        "locked": operations.locked(event),
        "next_round": (rounds[-1].number + 1) if rounds else 1,
        "clock": clock,
        "latest_round": rounds[-1] if rounds else None,
        "register_url": register_url,
        # segno escapes its SVG; only the organiser's page draws it.
        "register_qr": mark_safe(segno.make(register_url, error="m").svg_inline(scale=3, omitsize=True))
        if organiser
        else None,
        "limits": operations.limits_text(event.system, event.options),
        "league": event.kind == Event.LEAGUE,
        "open_round": operations.open_round_of(event) if event.kind == Event.LEAGUE else None,
        "setup_form": RoundSetupForm(event=event) if organiser else None,
        # The latest round's set-up, to change (its own ids: both forms may show).
        "change_form": RoundSetupForm(event=event, current=rounds[-1].setup, auto_id="change_%s")
        if organiser and rounds
        else None,
        "lists_open": lists_open,
        "can_drop": not rounds or rounds[-1].number < event.rounds,
        # The organiser's day (issue 41, roster.events.day).
        "closed": event.finished is not None,
        "past_deadline": operations.late(event),
        "late_now": event.late_lists and operations.late(event) and not operations.locked(event),
        "checked_in": {r.entry.pk for r in rows if operations.is_checked_in(r.entry, event)}
        if event.check_in
        else set(),
        "playing": sum(1 for r in rows if r.entry.status == Entry.ACCEPTED and not r.entry.dropped),
        "check_in_round": operations.check_in_round(event) if event.check_in else None,
    } | standings_context(event, scored, rules.score_short)


def standings_context(event: Event, scored: bool, score_short: str) -> dict[str, Any]:
    """What the standings show of the organiser's choices (issue 41): the tiebreakers in
    force, in order, as (key, words); the extra columns; the organiser's form's slots
    (each a position and the key chosen there, "" for none)."""
    order = chosen_order(event.tiebreakers or None, scored)
    words = tiebreaker_words(score_short)
    slots = [order[n] if n < len(order) else "" for n in range(len(TIEBREAKERS))]
    return {
        "tiebreakers": [(k, words[k]) for k in order],
        "tiebreaker_choices": [(k, w) for k, w in words.items() if scored or k not in SCORED_ONLY],
        "tiebreaker_slots": slots,
        "extra_columns": [
            (k, operations.EXTRA_SCORES[k]) for k in event.extra_scores if k in operations.EXTRA_SCORES
        ],
        "extra_choices": list(operations.EXTRA_SCORES.items()),
        "bye_score": event.bye_score or 0,
    }


#: The key salt of the event page's version (django.utils.crypto.salted_hmac).
VERSION_SALT = "muster.events.version"


def version_of(event: Event, *, games: bool = False) -> str:
    """A digest (16 hex digits) of everything on the event page that anyone's action
    changes: the event's own fields, each entry (name, list, status, note), each round
    (set-up, window) and each table (players, result, confirmations, its game and whether
    that ended). With ``games`` (the big screen, which shows each game's turn and score)
    also each table's game version (its number of events). Three small queries; a
    following page is drawn again only when its version changed. An HMAC keyed with
    SECRET_KEY: it tells nobody anything but "changed" (hidden fingerprints and notes
    cannot be tried against it)."""
    tables = Pairing.objects.filter(round__event=event).order_by("pk")
    content = [
        [event.name, event.rounds, event.deadline, event.lists_open_to(None), event.finished],
        [event.date, event.venue, event.description, event.capacity, event.late_lists, event.check_in],
        [event.tiebreakers, event.bye_score, event.extra_scores],
        list(
            event.entries.order_by("pk").values_list(
                "pk",
                "name",
                "status",
                "fingerprint",
                "note",
                "dropped",
                "late",
                "checked_in",
                "sportsmanship",
                "painting",
            )
        ),
        list(
            event.round_set.values_list(
                "number", "setup", "closes", "started", "clock_seconds", "clock_ends", "clock_left"
            )
        ),
        list(
            tables.values_list(
                "pk",
                "a_id",
                "b_id",
                "winner",
                "score_a",
                "score_b",
                "confirmed_a",
                "confirmed_b",
                "by_organiser",
                "disputed",
                "game_id",
                "game__finished",
                "game__code",
                *(["game__version"] if games else []),
            )
        ),
    ]
    text = json.dumps(content, default=str, separators=(",", ":"))
    # Keyed with the site's secret (an HMAC, issue 41): the content holds what the public
    # may not read yet (each list's fingerprint, the organiser's notes), and a plain hash
    # of it let a player confirm a hidden list by trying the book's warbands' fingerprints.
    return salted_hmac(VERSION_SALT, text, algorithm="sha256").hexdigest()[:16]


def event_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The event: its players and lists, each round's pairings and results, standings.
    With JavaScript the page follows the event by itself (static/js/muster.js): it asks
    :func:`event_version` every MUSTER_EVENT_REFRESH_SECONDS and redraws itself by a
    morph when the version changed, unless the player is filling in one of its forms."""
    event = get_object_or_404(Event, pk=pk)
    context = event_context(request, event) | {
        "version": version_of(event),
        "refresh_seconds": settings.MUSTER_EVENT_REFRESH_SECONDS,
    }
    return render(request, "events/event.html", context)


@never_cache
def event_version(request: HttpRequest, pk: int) -> HttpResponse:
    """The event page's version (:func:`version_of`) as plain text: what an open page
    asks to know whether to redraw itself (``?screen=1``: the big screen's, with each
    game's version). Anyone with the event's address."""
    event = get_object_or_404(Event, pk=pk)
    version = version_of(event, games="screen" in request.GET)
    return HttpResponse(version, content_type="text/plain; charset=utf-8")


def _posted_id(request: HttpRequest, name: str) -> int:
    """The row id posted as ``name``, or 0 (no row has it) for anything not a whole number
    (a typed "abc", a NUL byte: issue 39's fuzzer found them 500s)."""
    value = request.POST.get(name, "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 19 else 0


def _back(request: HttpRequest, event: Event, refused: Refused | None = None) -> HttpResponse:
    if refused is not None:
        messages.error(request, str(refused))
    return redirect("event-page", event.pk)


#: The session key of a registration left to build a roster first ({"code", "event"}):
#: every page links back to it (templates/events/_registering.html) until the list is in.
REGISTERING = "muster_registering"


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@limited("import")
def register(request: HttpRequest, code: str) -> HttpResponse:
    """Registration by the event's link: choose one of my rosters of its system (GET),
    submit it (POST; again to replace it until lists lock)."""
    event = get_object_or_404(Event, code=code)
    me = player(request)
    rosters = Roster.objects.filter(owner=me, system=event.system, deleted=None)
    form = SubmitForm(request.POST or None, rosters=rosters)
    if not rosters.exists() and not operations.locked(event):
        # A newcomer builds a roster first: every page links back here until they submit.
        request.session[REGISTERING] = {"code": event.code, "event": event.name}
    if request.method == "POST" and form.is_valid():
        try:
            operations.submit(event, me, form.cleaned_data["roster"], form.cleaned_data["name"])
        except Refused as exc:
            form.add_error(None, str(exc))
        else:
            request.session.pop(REGISTERING, None)
            messages.success(request, "Your list is submitted: the organiser will review it.")
            return redirect("event-page", event.pk)
    context = {
        "event": event,
        "system": SYSTEMS[event.system],
        "form": form,
        "locked": operations.locked(event),
        # No place left for a new player (one registered already may submit again).
        "full": event.capacity is not None
        and event.entries.count() >= event.capacity
        and not event.entries.filter(player=me).exists(),
        "limits": operations.limits_text(event.system, event.options),
    }
    return render(request, "events/register.html", context, status=422 if request.method == "POST" else 200)


def _organised(request: HttpRequest, pk: int) -> Event:
    event = get_object_or_404(Event, pk=pk)
    if event.owner_id != player(request).pk:
        raise Http404
    return event


@require_POST
@login_required
def review(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    """The organiser accepts a list or sends it back with a note."""
    event = _organised(request, pk)
    found = get_object_or_404(Entry, pk=entry, event=event)
    form = ReviewForm(request.POST)
    if not form.is_valid():
        return _back(request, event, Refused("Choose Accept or Send back."))
    accept = form.cleaned_data["answer"] == "accept"
    try:
        operations.review(found, accept, form.cleaned_data["note"])
    except Refused as exc:
        return _back(request, event, exc)
    messages.success(request, f"{found.name}'s list is {'accepted' if accept else 'sent back'}.")
    return _back(request, event)


@require_POST
@login_required
def pair_round(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser pairs the next round."""
    event = _organised(request, pk)
    form = RoundSetupForm(request.POST, event=event)
    if not form.is_valid():
        return _back(request, event, Refused("Choose the round's set-up from the lists."))
    try:
        round_ = operations.pair_round(event, random.SystemRandom(), form.chosen())
    except Refused as exc:
        return _back(request, event, exc)
    left = event.entries.exclude(status=Entry.ACCEPTED).count()
    out = (
        f" {left} list{'s' if left != 1 else ''} not accepted {'are' if left != 1 else 'is'} left out."
        if left
        else ""
    )
    if event.check_in and round_.number == 1:
        absent = event.entries.filter(status=Entry.ACCEPTED, dropped=False, checked_in=0).count()
        if absent:
            many = absent != 1
            who = f"{absent} players not checked in are" if many else "1 player not checked in is"
            out += f" {who} left unpaired."
    messages.success(request, f"Round {round_.number} is paired.{out}")
    return _back(request, event)


def _table(event: Event, pairing: int) -> Pairing:
    """Table ``pairing`` of ``event`` (Http404 for any other)."""
    tables = Pairing.objects.select_related("round__event", "a", "b")
    return get_object_or_404(tables, pk=pairing, round__event=event)


@require_POST
@login_required
def record(request: HttpRequest, pk: int, pairing: int) -> HttpResponse:
    """A player of the table confirms its result, or the organiser enters it."""
    event = get_object_or_404(Event, pk=pk)
    found = _table(event, pairing)
    form = ResultForm(request.POST)
    if not form.is_valid():
        return _back(request, event, Refused("Say who won (or a draw); scores are whole numbers from 0."))
    data = form.cleaned_data
    try:
        recorded = operations.record(found, player(request), data["winner"], data["score_a"], data["score_b"])
    except Refused as exc:
        return _back(request, event, exc)
    said = (
        "counts"
        if recorded.counted
        # Confirmed while disputed already (read before the post, for these words only):
        # the players may still end it by both confirming one (docs/events.md, Results).
        else "is still disputed: it counts once the other player confirms the same result, "
        "or the organiser decides"
        if recorded.disputed and found.disputed
        else "is disputed: you and the other player said different results; the organiser decides"
        if recorded.disputed
        else "is recorded: it counts once the other player confirms it"
    )
    messages.success(request, f"Table {found.table}'s result {said}.")
    return _back(request, event)


@require_POST
@login_required
def start_table(request: HttpRequest, pk: int, pairing: int) -> HttpResponse:
    """A player of the table (or the organiser) starts its game, or opens it once started."""
    event = get_object_or_404(Event, pk=pk)
    found = _table(event, pairing)
    try:
        game = operations.start_table(found, player(request))
    except Refused as exc:
        return _back(request, event, exc)
    return redirect("game-table", game.pk)


def _download(text: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings as CSV (anyone with the event's address; the lists' names and
    fingerprints once the lists are open to the viewer)."""
    event = get_object_or_404(Event, pk=pk)
    return _download(
        transfer.standings_csv(event, request.user if request.user.is_authenticated else None),
        "text/csv; charset=utf-8",
        f"{slugify(event.name)}-standings.csv",
    )


def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Every table's result as CSV (anyone with the event's address)."""
    event = get_object_or_404(Event, pk=pk)
    return _download(
        transfer.results_csv(event), "text/csv; charset=utf-8", f"{slugify(event.name)}-results.csv"
    )


def export_json(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole event as muster.event/1, as this viewer may see it."""
    event = get_object_or_404(Event, pk=pk)
    viewer = request.user if request.user.is_authenticated else None
    text = json.dumps(transfer.event_json(event, viewer), indent=1, ensure_ascii=False)
    return _download(text, "application/json", f"{slugify(event.name)}.json")


def _pack_event(request: HttpRequest, pk: int) -> tuple[Event, str]:
    """The event whose list pack this viewer may print (the organiser always; anyone
    once its lists are open: round 1 paired, or made public), and the paper asked for."""
    event = get_object_or_404(Event, pk=pk)
    if not event.lists_open_to(request.user if request.user.is_authenticated else None):
        raise Http404
    return event, "letter" if request.GET.get("paper") == "letter" else "a4"


def _pack_answer(request: HttpRequest, event: Event, paper: str, *, enqueue: bool) -> HttpResponse:
    state = pack.ask(event, paper) if enqueue else pack.state(event, paper)
    query = "?paper=letter" if paper == "letter" else ""
    if state.ready and enqueue:
        data = pack.pdf(event, paper)
        if data is not None:
            response = HttpResponse(data, content_type="application/pdf")
            name = f"{slugify(event.name) or 'event'}-lists{'-letter' if paper == 'letter' else ''}.pdf"
            response["Content-Disposition"] = f'inline; filename="{name}"'  # a slug: ASCII
            return response
    context = {
        "event": event,
        "state": state,
        "paper": "US Letter" if paper == "letter" else "A4",
        "pack_url": reverse("event-pack", args=[event.pk]) + query,
        "status_url": reverse("event-pack-status", args=[event.pk]) + query,
    }
    if getattr(request, "htmx", False):
        return render(request, "events/pack.html#status", context)
    status = 202 if state.queued else 503 if state.failed else 200
    return render(request, "events/pack.html", context, status=status)


@require_safe
@limited("sheet", method="GET")
def pack_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """Every accepted list's sheet as submitted, in one PDF (?paper=letter): answered at
    once when ready, else queued for the task worker and followed by a page."""
    event, paper = _pack_event(request, pk)
    return _pack_answer(request, event, paper, enqueue=True)


@require_safe
def pack_status(request: HttpRequest, pk: int) -> HttpResponse:
    """Where the list pack stands (the page, or with htmx its status part). Never queues."""
    event, paper = _pack_event(request, pk)
    return _pack_answer(request, event, paper, enqueue=False)


@require_POST
@login_required
def swap(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The organiser swaps two players between tables of round ``number`` before it starts."""
    event = _organised(request, pk)
    round_ = get_object_or_404(Round, event=event, number=number)
    entries = Entry.objects.filter(event=event)
    first = entries.filter(pk=_posted_id(request, "first")).first()
    second = entries.filter(pk=_posted_id(request, "second")).first()
    if first is None or second is None:
        return _back(request, event, Refused("Choose the two players to swap."))
    try:
        operations.swap(round_, first, second)
    except Refused as exc:
        return _back(request, event, exc)
    messages.success(request, f"{first.name} and {second.name} swapped tables in round {number}.")
    return _back(request, event)


@require_POST
@login_required
def drop(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    """A player drops out of the event (or comes back: ``back=1``), by themselves or by
    the organiser."""
    event = get_object_or_404(Event, pk=pk)
    found = get_object_or_404(Entry, pk=entry, event=event)
    back = request.POST.get("back") == "1"
    try:
        operations.drop(found, player(request), dropped=not back)
    except Refused as exc:
        return _back(request, event, exc)
    if back:
        messages.success(request, f"{found.name} is back: paired again from the next round.")
    else:
        messages.success(
            request,
            f"{found.name} dropped out: not paired from the next round on (a table already paired "
            "still needs its result). Changed your mind? Come back below.",
        )
    return _back(request, event)


@require_POST
@login_required
def round_setup(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The organiser changes round ``number``'s set-up before any of its games begins."""
    event = _organised(request, pk)
    round_ = get_object_or_404(Round, event=event, number=number)
    form = RoundSetupForm(request.POST, event=event, current=round_.setup)
    if not form.sent() or not form.is_valid():
        return _back(request, event, Refused("Choose the round's set-up from the lists."))
    try:
        operations.set_round_setup(round_, form.chosen(), random.SystemRandom())
    except Refused as exc:
        return _back(request, event, exc)
    messages.success(request, f"Round {number}'s set-up is changed.")
    return _back(request, event)


@require_POST
@login_required
def rename(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    """A player's name in the event changed, by that player or the organiser."""
    event = get_object_or_404(Event, pk=pk)
    found = get_object_or_404(Entry, pk=entry, event=event)
    was = found.name
    try:
        operations.rename(found, player(request), request.POST.get("name", ""))
    except Refused as exc:
        return _back(request, event, exc)
    messages.success(request, f"{was} is now {found.name} in the event.")
    return _back(request, event)


@require_POST
@login_required
@limited("import")
def add_player(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser adds a player without an account, with their list's export (an
    import: RATE_IMPORT per organiser, as every roster import)."""
    event = _organised(request, pk)
    form = AddPlayerForm(request.POST, request.FILES)
    if not form.is_valid():
        return _back(request, event, Refused("Give the player's name and their roster export."))
    try:
        entry = operations.add_player(event, form.cleaned_data["name"], form.raw())
    except Refused as exc:
        return _back(request, event, exc)
    except DocumentError as exc:
        return _back(request, event, Refused(f"That export does not read: {exc.path}: {exc.message}"))
    messages.success(request, f"{entry.name} is added; review their list below.")
    return _back(request, event)


@require_POST
@login_required
def open_round(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser opens a league's next round until a time."""
    event = _organised(request, pk)
    form = OpenRoundForm(request.POST)
    setup = RoundSetupForm(request.POST, event=event)
    if not form.is_valid():
        return _back(request, event, Refused("Say until when the round is open (a date and time)."))
    if not setup.is_valid():
        return _back(request, event, Refused("Choose the round's set-up from the lists."))
    try:
        round_ = operations.open_round(event, form.cleaned_data["closes"], setup=setup.chosen())
    except Refused as exc:
        return _back(request, event, exc)
    messages.success(request, f"Round {round_.number} is open.")
    return _back(request, event)


@require_POST
@login_required
def challenge(request: HttpRequest, pk: int) -> HttpResponse:
    """A league player makes a table with another player in the open round."""
    event = get_object_or_404(Event, pk=pk)
    form = ChallengeForm(request.POST)
    opponent = (
        Entry.objects.filter(event=event, pk=form.data.get("opponent") or 0).first()
        if form.is_valid()
        else None
    )
    if opponent is None:
        return _back(request, event, Refused("Choose whom you play."))
    try:
        table = operations.challenge(event, player(request), opponent)
    except Refused as exc:
        return _back(request, event, exc)
    messages.success(request, f"Table {table.table}: you play {opponent.name}.")
    return _back(request, event)


def _whole(text: str) -> int | None:
    """A whole number typed in a form, or None for an empty field. Raises Refused for
    anything else (a clear message: the page keeps what was stored)."""
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise Refused(f"Scores are whole numbers from 0 ({text[:20]!r} is not one).")
    return int(text)


@require_POST
@login_required
def standings_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser chooses the standings: the tiebreakers in order (``tiebreaker``,
    one per position, empty ones skipped), the bye's score and the extra columns."""
    event = _organised(request, pk)
    order = [t for t in request.POST.getlist("tiebreaker") if t]
    try:
        bye = _whole(request.POST.get("bye_score", ""))
        operations.set_standings(event, order, bye, request.POST.getlist("extra"))
    except Refused as exc:
        return _back(request, event, exc)
    messages.success(request, "The standings follow your choices.")
    return _back(request, event)


@require_POST
@login_required
def extra_scores(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser enters each player's sportsmanship and painting scores
    (``<column>-<entry id>``; empty clears)."""
    event = _organised(request, pk)
    scores: dict[int, dict[str, int | None]] = {}
    try:
        for entry in event.entries.all():
            for column in event.extra_scores:
                name = f"{column}-{entry.pk}"
                if name in request.POST and column in operations.EXTRA_SCORES:
                    scores.setdefault(entry.pk, {})[column] = _whole(request.POST[name])
        operations.set_extra_scores(event, scores)
    except Refused as exc:
        return _back(request, event, exc)
    messages.success(request, "The scores are saved.")
    return _back(request, event)


@require_POST
@login_required
def reset_table(request: HttpRequest, pk: int, pairing: int) -> HttpResponse:
    """The organiser resets a table: its result cleared and its game let go (logged)."""
    event = _organised(request, pk)
    found = _table(event, pairing)
    try:
        operations.reset_table(found, player(request))
    except Refused as exc:
        return _back(request, event, exc)
    messages.success(request, f"Table {found.table} is reset: its players start its game again.")
    return _back(request, event)
