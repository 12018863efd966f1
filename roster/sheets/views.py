"""Printing and sharing: the PDF sheet, read-only share links, and copying a shared roster."""

from __future__ import annotations

import copy

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_POST, require_safe

from roster.core.http import HtmxHttpRequest
from roster.core.limits import already_logged, limited
from roster.rosters import operations
from roster.rosters.evaluation import evaluate_roster
from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import TooManyRosters, create_roster
from roster.rosters.systems import ui_for
from roster.rosters.versions import compare_sheet, rules_version
from roster.rosters.views.common import (
    after_edit,
    get_roster_and_rules,
    get_roster_for_user,
    panel_context,
    stopped_link,
)
from roster.sheets import queue as printing
from roster.sheets.content import PAPERS, SheetInfo
from roster.sheets.names import sheet_disposition
from roster.sheets.queue import FAILED_SECONDS, ask
from roster.supplements.operations import adopt
from roster.supplements.pins import pinned_supplement
from rules.registry import SYSTEMS

# How often the page of a sheet being prepared asks where it stands (htmx), and how often
# it reloads without JavaScript (each reload counts against RATE_SHEET).
POLL_SECONDS = 1
REFRESH_SECONDS = 5


def active_link(roster: Roster) -> ShareLink | None:
    """The roster's current (unrevoked) share link, if any."""
    return roster.share_links.filter(revoked__isnull=True).order_by("-created").first()


def share_url(request: HttpRequest, link: ShareLink | None) -> str | None:
    """The absolute URL of a share link, for the QR code and the copy field: on the
    site address from settings (SITE_URL), never the request's Host header."""
    return link.address if link else None


def _sheet_info(request: HttpRequest, roster: Roster, link: ShareLink | None) -> SheetInfo:
    paper = request.GET.get("paper", "a4")
    paper = paper if paper in PAPERS else "a4"
    compact = request.GET.get("compact", "") in ("1", "yes", "true")
    return SheetInfo(
        owner=roster.owner.get_username(), paper=paper, compact=compact, share_url=share_url(request, link)
    )


def _variant(info: SheetInfo) -> str:
    paper = "US Letter" if info.paper == "letter" else "A4"
    return f"{paper}, {'compact (without the rule summaries)' if info.compact else 'with the rule summaries'}"


def _query(info: SheetInfo) -> str:
    parts = (["paper=letter"] if info.paper == "letter" else []) + (["compact=1"] if info.compact else [])
    return f"?{'&'.join(parts)}" if parts else ""


def _sheet_answer(
    request: HttpRequest,
    roster: Roster,
    link: ShareLink | None,
    urls: tuple[str, str, str],
    *,
    enqueue: bool,
) -> HttpResponse:
    """The sheet, or the page that follows its preparation (docs/sheets.md). ``urls`` are
    the sheet's, its status page's and the way back; ``enqueue`` queues a sheet not yet
    asked for (the sheet URL does; the status page only follows)."""
    info = _sheet_info(request, roster, link)
    state = ask(roster, info, enqueue=enqueue)
    sheet_url, status_url, back = urls
    if state.pdf is not None and enqueue:
        response = HttpResponse(state.pdf, content_type="application/pdf")
        response["Content-Disposition"] = sheet_disposition(roster.name, info.paper, info.compact)
        return response
    query = _query(info)
    context = {
        "roster": roster,
        "state": state,
        "waiting": state.job is not None,
        "sheet_url": sheet_url + query,
        "status_url": status_url + query,
        "back": back,
        "variant": _variant(info),
        "poll": POLL_SECONDS,
        "refresh": REFRESH_SECONDS,
    }
    if getattr(request, "htmx", False):
        return render(request, "sheet_preparing.html#status", context)
    status = 200
    if state.refused is not None:
        status = 422
    elif state.failed is not None:
        status = 503
    elif state.job is not None:
        status = 202
    response = render(request, "sheet_preparing.html", context, status=status)
    if state.failed is not None:
        response["Retry-After"] = str(FAILED_SECONDS)
    if status >= 400:
        already_logged(response)  # roster.sheets.rendering logged why, in one line
    return response


def _owner_urls(roster: Roster) -> tuple[str, str, str]:
    return (
        reverse("roster-sheet", args=[roster.pk]),
        reverse("roster-sheet-status", args=[roster.pk]),
        reverse("roster-edit", args=[roster.pk]),
    )


def _shared_urls(token: str) -> tuple[str, str, str]:
    return (
        reverse("shared-sheet", args=[token]),
        reverse("shared-sheet-status", args=[token]),
        reverse("shared", args=[token]),
    )


@require_safe
@login_required
@limited("sheet", method="GET")
def sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner's PDF roster sheet (?paper=a4|letter, ?compact=1 without the rule summaries)."""
    roster = get_roster_for_user(request, pk)
    return _sheet_answer(request, roster, active_link(roster), _owner_urls(roster), enqueue=True)


@require_safe
@login_required
def sheet_status(request: HttpRequest, pk: int) -> HttpResponse:
    """Where the owner's sheet stands (same options as :func:`sheet`): the page, or with
    htmx its status part, that follows a sheet being prepared. Never queues or renders."""
    roster = get_roster_for_user(request, pk)
    return _sheet_answer(request, roster, active_link(roster), _owner_urls(roster), enqueue=False)


@require_POST
@login_required
def share_create(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Create a share link (or keep the current one)."""
    roster, rules = get_roster_and_rules(request, pk)
    if operations.share_roster(roster) is not None:
        printing.after_edit(roster, roster.updated)  # the default sheet's QR code changed
    return after_edit(request, roster, rules=rules)


@require_POST
@login_required
def share_revoke(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Revoke every share link of the roster: they answer 404 from now on."""
    roster, rules = get_roster_and_rules(request, pk)
    if operations.stop_sharing(roster):
        printing.after_edit(roster, roster.updated)
    return after_edit(request, roster, rules=rules)


@require_POST
@login_required
def share_restore(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Undo "Stop sharing": the link revoked in the last ten minutes works again, at the
    same address, unless the roster has a link already."""
    roster, rules = get_roster_and_rules(request, pk)
    link = stopped_link(roster)
    if link is not None and operations.restore_sharing(roster, link):
        printing.after_edit(roster, roster.updated)
    return after_edit(request, roster, rules=rules)


def _shared_roster(token: str) -> tuple[ShareLink, Roster]:
    link = get_object_or_404(
        ShareLink.objects.select_related("roster", "roster__owner"),
        token=token,
        revoked__isnull=True,
        roster__deleted__isnull=True,
    )
    return link, link.roster


@require_safe
@cache_control(private=True, no_cache=True)
def shared(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only roster behind a share link, from the same Report as the editor."""
    link, roster = _shared_roster(token)
    evaluation = evaluate_roster(roster)
    ui = ui_for(roster.system)
    context = panel_context(roster, evaluation)
    context.update(
        link=link,
        share_url=share_url(request, link),
        view_template=ui.view_template,
        system=SYSTEMS[roster.system],
        fingerprint=evaluation.fingerprint,
        rules_version=rules_version(roster.system, evaluation.digest),
        sheet=compare_sheet(roster, evaluation, request.GET["sheet"]) if request.GET.get("sheet") else None,
    )
    return render(request, "roster/shared.html", context)


@require_safe
@cache_control(private=True, no_cache=True)
@limited("sheet", method="GET")
def shared_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The PDF sheet behind a share link, or the page that follows its preparation."""
    link, roster = _shared_roster(token)
    return _sheet_answer(request, roster, link, _shared_urls(token), enqueue=True)


@require_safe
@cache_control(private=True, no_cache=True)
def shared_sheet_status(request: HttpRequest, token: str) -> HttpResponse:
    """Where the sheet behind a share link stands (see :func:`sheet_status`)."""
    link, roster = _shared_roster(token)
    return _sheet_answer(request, roster, link, _shared_urls(token), enqueue=False)


@require_POST
@login_required
def shared_copy(request: HttpRequest, token: str) -> HttpResponse:
    """Copy a shared roster into the visitor's own rosters."""
    _, roster = _shared_roster(token)
    document = copy.deepcopy(roster.document)
    document["name"] = f"{roster.name[:193]} (copy)"
    try:
        mine = create_roster(request.user, document, action=f"Copied from a shared link to {roster.name}")
    except TooManyRosters as exc:
        messages.error(request, exc.message)
        return redirect("roster-list")
    used = pinned_supplement(roster)
    if used is not None:  # the copy keeps the numbers: the supplement comes along as the copier's
        operations.pin_supplement(mine, adopt(request.user, used))
    return redirect("roster-edit", mine.pk)
