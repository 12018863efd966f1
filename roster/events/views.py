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

import hashlib
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
    tables = Pairing.objects.select_related("a", "b", "game").defer(
        "game__snapshot", "game__events", "game__trail"
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
    mine = next((r for r in rows if r.mine), None)
    clock = clock_of(rounds[-1]) if rounds else None
    register_url = absolute(reverse("event-register", args=[event.code]))
    return {
        "event": event,
        "system": SYSTEMS[event.system],
        "organiser": organiser,
        "rows": rows,
        "mine": mine,
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
    }


def version_of(event: Event, *, games: bool = False) -> str:
    """A digest (16 hex digits) of everything on the event page that anyone's action
    changes: the event's own fields, each entry (name, list, status, note), each round
    (set-up, window) and each table (players, result, confirmations, its game and whether
    that ended). With ``games`` (the big screen, which shows each game's turn and score)
    also each table's game version (its number of events). Three small queries; a
    following page is drawn again only when its version changed."""
    tables = Pairing.objects.filter(round__event=event).order_by("pk")
    content = [
        [event.name, event.rounds, event.deadline, event.lists_open_to(None), event.finished],
        list(
            event.entries.order_by("pk").values_list("pk", "name", "status", "fingerprint", "note", "dropped")
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
                "game_id",
                "game__finished",
                "game__code",
                *(["game__version"] if games else []),
            )
        ),
    ]
    text = json.dumps(content, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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
    if request.method == "POST" and form.is_valid():
        try:
            operations.submit(event, me, form.cleaned_data["roster"], form.cleaned_data["name"])
        except Refused as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, "Your list is submitted: the organiser will review it.")
            return redirect("event-page", event.pk)
    context = {
        "event": event,
        "system": SYSTEMS[event.system],
        "form": form,
        "locked": operations.locked(event),
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
    said = "counts" if recorded.counted else "is recorded: it counts once the other player confirms it"
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
def add_player(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser adds a player without an account, with their list's export."""
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
