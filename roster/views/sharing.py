"""Printing and sharing: the PDF sheet, read-only share links, and copying a shared roster."""

from __future__ import annotations

import copy

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_POST

from roster import operations
from roster.evaluation import Rules, evaluate_roster
from roster.limits import already_logged, limited
from roster.models import Roster, ShareLink
from roster.operations import TooManyRosters, create_roster
from roster.rendering import SheetNotRendered
from roster.sheet_names import sheet_disposition
from roster.sheets import PAPERS, SheetInfo, cached_sheet
from roster.supplements.pins import adopt, pinned_supplement
from roster.systems import ui_for
from roster.versions import compare_sheet, rules_version
from roster.views.common import HtmxHttpRequest, after_edit, get_roster_and_rules, panel_context, stopped_link
from rules.registry import SYSTEMS


def active_link(roster: Roster) -> ShareLink | None:
    """The roster's current (unrevoked) share link, if any."""
    return roster.share_links.filter(revoked__isnull=True).order_by("-created").first()


def share_url(request: HttpRequest, link: ShareLink | None) -> str | None:
    """The absolute URL of a share link, for the QR code and the copy field: on the
    site address from settings (SITE_URL), never the request's Host header."""
    return link.address if link else None


def _pdf_response(
    request: HttpRequest,
    roster: Roster,
    link: ShareLink | None,
    back: str | None = None,
    rules: Rules | None = None,
) -> HttpResponse:
    paper = request.GET.get("paper", "a4")
    paper = paper if paper in PAPERS else "a4"
    compact = request.GET.get("compact", "") in ("1", "yes", "true")
    evaluation = evaluate_roster(roster, rules=rules)
    info = SheetInfo(
        owner=roster.owner.get_username(), paper=paper, compact=compact, share_url=share_url(request, link)
    )
    try:
        pdf = cached_sheet(evaluation, info, label=f"roster {roster.pk}")
    except SheetNotRendered as exc:
        return sheet_refused(request, roster, exc, back or reverse("roster-edit", args=[roster.pk]))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = sheet_disposition(roster.name, paper, compact)
    return response


def sheet_refused(request: HttpRequest, roster: Roster, exc: SheetNotRendered, back: str) -> HttpResponse:
    """The page a player gets instead of a sheet that was stopped or could not be made
    (503, with Retry-After when waiting helps)."""
    context = {"roster": roster, "message": exc.message, "back": back}
    response = render(request, "sheet_refused.html", context, status=503)
    if exc.retry_after:
        response["Retry-After"] = str(exc.retry_after)
    return already_logged(response)  # roster.rendering logged why, in one line


@require_GET
@login_required
@limited("sheet", method="GET")
def sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner's PDF roster sheet (?paper=a4|letter, ?compact=1 without the rule summaries)."""
    roster, rules = get_roster_and_rules(request, pk)
    return _pdf_response(request, roster, active_link(roster), rules=rules)


@require_POST
@login_required
def share_create(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Create a share link (or keep the current one)."""
    roster, rules = get_roster_and_rules(request, pk)
    if active_link(roster) is None:
        ShareLink.objects.create(roster=roster)
    return after_edit(request, roster, rules=rules)


@require_POST
@login_required
def share_revoke(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Revoke every share link of the roster: they answer 404 from now on."""
    roster, rules = get_roster_and_rules(request, pk)
    roster.share_links.filter(revoked__isnull=True).update(revoked=timezone.now())
    return after_edit(request, roster, rules=rules)


@require_POST
@login_required
def share_restore(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Undo "Stop sharing": the link revoked in the last ten minutes works again, at the
    same address, unless the roster has a link already."""
    roster, rules = get_roster_and_rules(request, pk)
    link = stopped_link(roster)
    if link is not None and active_link(roster) is None:
        ShareLink.objects.filter(pk=link.pk).update(revoked=None)
    return after_edit(request, roster, rules=rules)


def _shared_roster(token: str) -> tuple[ShareLink, Roster]:
    link = get_object_or_404(
        ShareLink.objects.select_related("roster", "roster__owner"),
        token=token,
        revoked__isnull=True,
        roster__deleted__isnull=True,
    )
    return link, link.roster


@require_GET
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


@require_GET
@cache_control(private=True, no_cache=True)
@limited("sheet", method="GET")
def shared_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The PDF sheet behind a share link."""
    link, roster = _shared_roster(token)
    return _pdf_response(request, roster, link, back=reverse("shared", args=[token]))


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
