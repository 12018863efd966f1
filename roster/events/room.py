"""The room on the day (issue 41, docs/events.md): the round's clock the organiser runs,
the printables (pairings, table slips, standings: a page to print and its PDF), and the
big screen for the venue's TV.

Who may: the clock, only the organiser; the table slips, only the organiser; pairings,
standings and the big screen, anyone with the event's address (as the event page).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.views.decorators.http import require_POST, require_safe

from roster.core.http import player
from roster.core.limits import limited
from roster.core.site import absolute
from roster.events import operations, printing
from roster.events.clock import clock_of
from roster.events.forms import ClockForm
from roster.events.models import Event, Pairing, Round
from roster.events.views import version_of
from roster.games.systems import play_rules
from roster.rosters.operations import Refused

# --- the round's clock --------------------------------------------------------------


@require_POST
@login_required
def clock(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The organiser starts (with a length in minutes), resumes, pauses or resets round
    ``number``'s clock. Anyone else: 404."""
    event = get_object_or_404(Event, pk=pk)
    if event.owner_id != player(request).pk:
        raise Http404
    round_ = get_object_or_404(Round, event=event, number=number)
    form = ClockForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the round's length in whole minutes, 1 to 1440.")
        return redirect("event-page", event.pk)
    action, minutes = form.cleaned_data["action"], form.cleaned_data["minutes"]
    try:
        if action == "start" and minutes is None:
            raise Refused("Give the round's length in minutes to start its clock.")
        if action in ("start", "resume"):
            round_ = operations.start_clock(round_, minutes if action == "start" else None)
        elif action == "pause":
            round_ = operations.pause_clock(round_)
        else:
            round_ = operations.reset_clock(round_)
    except Refused as exc:
        messages.error(request, str(exc))
        return redirect("event-page", event.pk)
    shown = clock_of(round_)
    if shown is None:
        messages.success(request, f"Round {number}'s clock is reset.")
    elif shown.running and shown.ends is not None:
        ends = timezone.localtime(shown.ends).strftime("%H:%M %Z")
        messages.success(request, f"Round {number}'s clock runs: it ends {ends}.")
    else:
        messages.success(request, f"Round {number}'s clock is paused with {shown.left_text} left.")
    return redirect("event-page", event.pk)


# --- the printables -----------------------------------------------------------------


def _printable(request: HttpRequest, pk: int, what: str) -> tuple[Event, Round | None, Any, str]:
    """(the event, the round asked for with ``?round=`` or the latest, the viewer, the
    paper) of printable ``what``; Http404 for an unknown one, slips for anyone but the
    organiser, and pairings or slips before any round (or of a round that is not)."""
    event = get_object_or_404(Event, pk=pk)
    viewer = request.user if request.user.is_authenticated else None
    if what not in printing.WHAT:
        raise Http404
    if what in printing.ORGANISER_ONLY and (viewer is None or viewer.pk != event.owner_id):
        raise Http404
    rounds = event.round_set.all()
    asked = request.GET.get("round", "")
    if asked.isascii() and asked.isdigit() and len(asked) < 4:
        round_ = rounds.filter(number=int(asked)).first()
    else:
        round_ = rounds.order_by("-number").first()
    if what != "standings" and round_ is None:
        raise Http404
    return event, round_, viewer, printing.paper_of(request.GET.get("paper"))


def _links(event: Event, what: str, round_: Round | None, paper: str) -> dict[str, str]:
    query = f"?round={round_.number}" if round_ is not None and what != "standings" else ""
    letter = ("&" if query else "?") + "paper=letter"
    paper_query = query + (letter if paper == "letter" else "")
    base = reverse("event-print", args=[event.pk, what])
    pdf = reverse("event-print-pdf", args=[event.pk, what])
    return {
        "page_a4": base + query,
        "page_letter": base + query + letter,
        "pdf": pdf + paper_query,
        "pdf_a4": pdf + query,
        "pdf_letter": pdf + query + letter,
        "status": reverse("event-print-status", args=[event.pk, what]) + paper_query,
    }


@require_safe
def print_page(request: HttpRequest, pk: int, what: str) -> HttpResponse:
    """The printable ``what`` as a page the browser prints (print CSS; ``?paper=letter``
    for US Letter, A4 otherwise; ``?round=N`` for an earlier round), with links to its
    PDF."""
    event, round_, viewer, paper = _printable(request, pk, what)
    links = _links(event, what, round_, paper)
    return HttpResponse(printing.printable_html(event, what, round_, viewer, paper, pdf=False, links=links))


def _status_context(
    event: Event, what: str, state: printing.PrintState, links: dict[str, str]
) -> dict[str, Any]:
    return {"event": event, "title": printing.WHAT[what], "state": state, "links": links}


@require_safe
@limited("sheet", method="GET")
def print_pdf(request: HttpRequest, pk: int, what: str) -> HttpResponse:
    """The printable ``what`` as a PDF: answered at once when ready, else queued for the
    task worker and followed by a page (202) that offers it when it is."""
    event, round_, viewer, paper = _printable(request, pk, what)
    html = printing.printable_html(event, what, round_, viewer, paper, pdf=True)
    label = f"event {event.pk} {what}" + (f" round {round_.number}" if round_ else "")
    state = printing.ask(event, html, label)
    if state.ready:
        data = printing.pdf(html)
        if data is not None:
            response = HttpResponse(data, content_type="application/pdf")
            number = f"-round-{round_.number}" if round_ is not None and what != "standings" else ""
            name = (
                f"{slugify(event.name) or 'event'}-{what}{number}{'-letter' if paper == 'letter' else ''}.pdf"
            )
            response["Content-Disposition"] = f'inline; filename="{name}"'  # a slug: ASCII
            return response
    context = _status_context(event, what, state, _links(event, what, round_, paper))
    status = 202 if state.queued else 503 if state.failed else 200
    return render(request, "events/print_status.html", context, status=status)


@require_safe
def print_status(request: HttpRequest, pk: int, what: str) -> HttpResponse:
    """Where the PDF of printable ``what`` stands (its status part with htmx). Never
    queues nor renders."""
    event, round_, viewer, paper = _printable(request, pk, what)
    state = printing.state(printing.printable_html(event, what, round_, viewer, paper, pdf=True))
    context = _status_context(event, what, state, _links(event, what, round_, paper))
    if getattr(request, "htmx", False):
        return render(request, "events/print_status.html#status", context)
    return render(request, "events/print_status.html", context)


# --- the big screen -----------------------------------------------------------------

#: Rows on one page of the big screen (its type is sized for this many: static/css).
SCREEN_ROWS = 10


@dataclass
class ScreenTable:
    """One table on the big screen: its pairing, the game's turn (None before it starts
    or without a game) and each side's score where the system counts one."""

    pairing: Pairing
    turn: int | None
    scores: tuple[Any, Any] | None
    state: str


@dataclass
class ScreenPage:
    """One page the big screen turns to: ``kind`` "tables" or "standings", its rows,
    ``title`` ("Tables 11-20") and its index (0 first)."""

    kind: str
    title: str
    rows: list[Any]
    index: int = 0


def _screen_tables(round_: Round | None, scored: bool) -> list[ScreenTable]:
    tables: list[ScreenTable] = []
    if round_ is None:
        return tables
    pairings = round_.pairings.select_related("a", "b", "game").defer(
        "game__snapshot", "game__events", "game__trail"
    )
    for p in pairings:
        summary = (p.game.summary or {}) if p.game else {}
        sides = summary.get("sides", [])
        scores = None
        if scored and len(sides) == 2:
            scores = (sides[0].get("victory_points", 0), sides[1].get("victory_points", 0))
        if p.b_id is None:
            state = "Bye"
        elif p.counted:
            state = "Result in"
        elif p.disputed:
            state = "Disputed"
        elif p.winner:
            state = "Result to confirm"
        elif p.game and p.game.finished:
            state = "Game over"
        elif p.game:
            state = "Playing"
        else:
            state = "Not started"
        turn = summary.get("turn") if p.game and not p.game.finished else None
        tables.append(ScreenTable(p, turn, scores, state))
    return tables


def screen_pages(
    tables: list[Any], standings: list[Any], rows: int = SCREEN_ROWS, final: bool = False
) -> list[ScreenPage]:
    """The big screen's pages: the tables ``rows`` at a time, then the standings ``rows``
    at a time ("Final standings" once the event is closed: ``final``); at least one page
    (an empty standings page before any list is accepted)."""
    word = "Final standings" if final else "Standings"
    pages: list[ScreenPage] = []
    for start in range(0, len(tables), rows):
        chunk = tables[start : start + rows]
        first, last = chunk[0].pairing.table, chunk[-1].pairing.table
        pages.append(
            ScreenPage("tables", f"Tables {first}–{last}" if last != first else f"Table {first}", chunk)
        )
    for start in range(0, len(standings), rows):
        chunk = standings[start : start + rows]
        pages.append(ScreenPage("standings", f"{word} {start + 1}–{start + len(chunk)}", chunk))
    if not pages:
        pages.append(ScreenPage("standings", word, []))
    for index, page in enumerate(pages):
        page.index = index
    return pages


def screen(request: HttpRequest, pk: int) -> HttpResponse:
    """The big screen for the venue's TV, without the site's header: the latest round's
    tables (each game's turn and score, or its result) and the standings, SCREEN_ROWS
    rows a page, turning the page every MUSTER_SCREEN_TURN_SECONDS by itself
    (static/js/events.js; without JavaScript the page reloads to the next one,
    ``?page=N``); the round's clock; a QR code of the event's page. Followed as the event
    page is (data-follow): it asks the screen's version every MUSTER_SCREEN_REFRESH_SECONDS
    and redraws by a morph when it changed."""
    event = get_object_or_404(Event, pk=pk)
    round_ = event.round_set.order_by("-number").first()
    rules = play_rules(event.system)
    scored = rules.victory_points is not None
    tables = _screen_tables(round_, scored)
    names = {e.pk: e for e in event.entries.all()}
    standings = [(line, names[cast(int, line.player)]) for line in operations.event_standings(event)]
    pages = screen_pages(tables, standings, final=event.finished is not None)
    asked = request.GET.get("page", "")
    current = int(asked) - 1 if asked.isascii() and asked.isdigit() and 0 < int(asked) <= len(pages) else 0
    public_url = absolute(reverse("event-page", args=[event.pk]))
    url = reverse("event-screen", args=[event.pk])
    context = {
        "event": event,
        "round": round_,
        "setup_lines": operations.setup_text(event, round_.setup) if round_ else [],
        "pages": pages,
        "current": current,
        "next_url": f"{url}?page={(current + 1) % len(pages) + 1}",
        "previous_url": f"{url}?page={(current - 1) % len(pages) + 1}",
        "clock": clock_of(round_),
        "public_url": public_url,
        # segno escapes its SVG.
        "qr": mark_safe(segno.make(public_url, error="m").svg_inline(scale=4, omitsize=True, border=2)),
        "scored": scored,
        "score_short": rules.score_short,
        "version": version_of(event, games=True),
        "refresh_seconds": settings.MUSTER_SCREEN_REFRESH_SECONDS,
        "turn_seconds": settings.MUSTER_SCREEN_TURN_SECONDS,
    }
    return render(request, "events/screen.html", context)
