"""The organiser's day (issue 41 item 1, docs/events.md "On the day"): editing an event
(its details, deadline, rounds and, while no list is accepted against them, its list
limits), late lists, closing (and reopening) and deleting it, and check-in.

Every write is an operation of roster.events.operations, under the event's or the
entry's row lock. Only the organiser edits, closes, reopens or deletes (anyone else gets
a 404, as for the other organiser's pages); a player checks in themselves, the organiser
anyone.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models.functions import Lower
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from roster.core.http import player
from roster.events import operations
from roster.events.forms import EditEventForm
from roster.events.models import Entry, Event
from roster.rosters.operations import Refused
from rules.registry import SYSTEMS


def _organised(request: HttpRequest, pk: int) -> Event:
    """``pk``, an event the viewer organises (Http404 for anyone else: the page of an
    event one does not organise is not found, as the others)."""
    event = get_object_or_404(Event, pk=pk)
    if event.owner_id != player(request).pk:
        raise Http404
    return event


def _back(request: HttpRequest, event: Event, refused: Refused | None = None) -> HttpResponse:
    if refused is not None:
        messages.error(request, str(refused))
    return redirect("event-page", event.pk)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Edit the event (GET the form with its values; POST changes it and goes back to the
    event page). A refused change answers the form again (422) with everything as typed."""
    event = _organised(request, pk)
    fixed = operations.limits_fixed(event)
    form = EditEventForm(request.POST if request.method == "POST" else None, event=event, limits_fixed=fixed)
    if request.method == "POST" and event.finished is None and form.is_valid():
        data = form.cleaned_data
        # The event's own fields, in the form's order (the list limits apart, below).
        fields: dict[str, Any] = {k: data[k] for k in EditEventForm.field_order}
        if not fixed:
            fields["options"] = data["options"]
        try:
            operations.edit_event(event, player(request), **fields)
        except Refused as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, "The event is changed.")
            return redirect("event-page", event.pk)
    context = {
        "event": event,
        "system": SYSTEMS[event.system],
        "form": form,
        "limits_fixed": fixed,
        "limits": operations.limits_text(event.system, event.options),
    }
    return render(request, "events/edit.html", context, status=422 if request.method == "POST" else 200)


@require_POST
@login_required
def late_lists(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser accepts late lists (``accept=1``) or stops accepting them."""
    event = _organised(request, pk)
    accept = request.POST.get("accept") == "1"
    try:
        operations.set_late_lists(event, player(request), accept)
    except Refused as exc:
        return _back(request, event, exc)
    if accept:
        messages.success(request, "Late lists are accepted: players may submit until round 1 is paired.")
    else:
        messages.success(request, "Late lists are no longer accepted: lists are locked.")
    return _back(request, event)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def end(request: HttpRequest, pk: int) -> HttpResponse:
    """Close or delete the event: GET the page saying what each does (and what happens to
    the event's games); POST ``close`` (1 to close, 0 to reopen)."""
    event = _organised(request, pk)
    if request.method == "POST":
        close = request.POST.get("close") == "1"
        try:
            operations.close_event(event, player(request), close)
        except Refused as exc:
            return _back(request, event, exc)
        if close:
            messages.success(request, "The event is closed: its standings are final. You can reopen it.")
        else:
            messages.success(request, "The event is open again.")
        return _back(request, event)
    context = {"event": event, "removal": operations.removal(event)}
    return render(request, "events/end.html", context)


@require_POST
@login_required
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete the event (after its confirmation page, :func:`end`): its games are kept."""
    event = _organised(request, pk)
    typed = request.POST.get("confirm", "")
    if typed.strip() != event.name:
        context = {
            "event": event,
            "removal": operations.removal(event),
            "typed": typed,
            "delete_error": "Type the event's name exactly as it is to delete it.",
        }
        return render(request, "events/end.html", context, status=422)
    gone = operations.delete_event(event, player(request))
    kept = f" {gone.games} game{'s' if gone.games != 1 else ''} kept as ordinary games." if gone.games else ""
    messages.success(request, f"{event.name} is deleted.{kept}")
    return redirect("event-list")


@require_POST
@login_required
def check_in(request: HttpRequest, pk: int, entry: int) -> HttpResponse:
    """A player checks in (themselves), or the organiser checks them in; ``absent=1``
    undoes it. Back to the check-in page when sent from it (``next=check-in``)."""
    event = get_object_or_404(Event, pk=pk)
    found = get_object_or_404(Entry, pk=entry, event=event)
    present = request.POST.get("absent") != "1"
    to_list = request.POST.get("next") == "check-in" and event.owner_id == player(request).pk
    try:
        operations.check_in(found, player(request), present)
    except Refused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{found.name} is {'checked in' if present else 'no longer checked in'}.")
    if to_list:
        return redirect("event-check-in", event.pk)
    return redirect("event-page", event.pk)


@require_http_methods(["GET", "HEAD"])
@login_required
def check_in_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser's check-in list: every accepted player by name (any case), checked
    in or not, with a button each (at the door, on a phone)."""
    event = _organised(request, pk)
    rows = [
        (e, operations.is_checked_in(e, event))
        for e in event.entries.filter(status=Entry.ACCEPTED).order_by(Lower("name"), "pk")
    ]
    context = {
        "event": event,
        "rows": rows,
        "here": sum(1 for _, here in rows if here),
        "round": operations.check_in_round(event),
    }
    return render(request, "events/check_in.html", context)
