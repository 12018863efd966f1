"""The history of a roster: every saved revision, and restoring one."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from roster.core.http import HtmxHttpRequest
from roster.rosters import operations
from roster.rosters.models import Revision
from roster.rosters.operations import StaleRevision
from roster.rosters.revisions import KEEP_DAILY, KEEP_NEWEST
from roster.rosters.views.common import (
    after_edit,
    get_roster_and_rules,
    get_roster_for_user,
    posted_revision,
    respond_conflict,
)
from roster.rosters.views.editor import CONFLICT


@require_safe
@never_cache
@login_required
def history(request: HttpRequest, pk: int) -> HttpResponse:
    """Every revision, newest first, with when it was made and what changed."""
    roster = get_roster_for_user(request, pk)
    revisions = list(roster.revisions.order_by("-number").only("number", "action", "created"))
    context = {
        "roster": roster,
        "revisions": revisions,
        "keep_newest": KEEP_NEWEST,
        "keep_daily": KEEP_DAILY,
        "thinned": len(revisions) < roster.head,
    }
    return render(request, "roster/history.html", context)


@require_POST
@login_required
def restore(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """Make a revision current again: an earlier one as a new revision, an undone one by
    redoing up to it (roster.rosters.operations.restore)."""
    roster, rules = get_roster_and_rules(request, pk)
    try:
        change = operations.restore(roster, number, posted_revision(request), rules=rules)
    except Revision.DoesNotExist:
        raise Http404("no such revision") from None
    except StaleRevision as exc:
        return respond_conflict(request, exc.current, CONFLICT)
    return after_edit(request, roster, change.model, evaluation=change.evaluation)
