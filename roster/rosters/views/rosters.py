"""My rosters: list, create (blank or from an example), rename, duplicate, delete and undo."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from roster.core.http import player
from roster.rosters import operations
from roster.rosters.catalogue import get_catalogue
from roster.rosters.fill import players_supplement
from roster.rosters.models import Roster
from roster.rosters.operations import StaleRevision, TooManyRosters, create_roster
from roster.rosters.systems import UIS
from roster.rosters.views.common import get_roster_for_user, posted_revision
from roster.rosters.views.editor import CONFLICT
from roster.supplements.pins import pinned_version
from rules.document import DocumentError, load_json, parse_document
from rules.numbers import read_whole
from rules.registry import SYSTEMS


def examples() -> list[dict[str, Any]]:
    """The example warbands in fixtures/examples: slug, name, system title, document."""
    out = []
    for path in sorted(Path(settings.MUSTER_FIXTURES_DIR, "examples").glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        if document.get("system") in UIS:
            out.append(
                {
                    "slug": path.stem,
                    "name": document["name"],
                    "system": SYSTEMS[document["system"]].title,
                    "document": document,
                }
            )
    return out


@require_safe
@never_cache
@login_required
def roster_list(request: HttpRequest) -> HttpResponse:
    """The player's rosters, newest change first, with an undo for a just-deleted one."""
    rosters = Roster.objects.filter(owner=player(request), deleted__isnull=True).order_by("-updated")
    deleted = None
    deleted_pk = read_whole(request.GET.get("deleted", ""))
    if deleted_pk is not None:
        deleted = Roster.objects.filter(owner=player(request), pk=deleted_pk, deleted__isnull=False).first()
    return render(
        request,
        "roster/list.html",
        {"rosters": rosters, "deleted": deleted, "examples": examples(), "systems": SYSTEMS},
    )


def _full(request: HttpRequest) -> HttpResponse:
    """Back to the list with the cap's message (TooManyRosters)."""
    messages.error(request, TooManyRosters.message)
    return redirect("roster-list")


def _new_context(
    forms: list[dict[str, Any]], chosen: dict[str, Any] | None, error: str | None = None
) -> dict[str, Any]:
    """The new-roster page: the three games to choose from, then only the chosen game's form."""
    games = [{"system": f["system"], "line": f["ui"].blurb} for f in forms]
    return {"games": games, "form": chosen, "error": error}


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def roster_new(request: HttpRequest) -> HttpResponse:
    """Pick a system, name and options; POST creates the roster and opens the editor."""
    forms = [
        {
            "system": SYSTEMS[sid],
            "ui": ui,
            "catalogue": get_catalogue(sid),
            "options": ui.default_options(get_catalogue(sid)),
            "errors": {},
        }
        for sid, ui in UIS.items()
    ]
    if request.method in ("GET", "HEAD"):  # HEAD: the page's headers, as GET's
        chosen = next((f for f in forms if f["system"].id == request.GET.get("system")), None)
        return render(request, "roster/new.html", _new_context(forms, chosen))
    system_id = request.POST.get("system", "")
    form = next((f for f in forms if f["system"].id == system_id), None)
    if form is None:
        return render(request, "roster/new.html", _new_context(forms, None, "Choose a game."), status=422)
    options, errors = form["ui"].options_from_post(request.POST, get_catalogue(system_id))
    name = request.POST.get("name", "").strip() or "New warband"
    document = {
        "format": "muster.roster/1",
        "system": system_id,
        "name": name,
        "options": options,
        "models": [],
    }
    if not errors:
        try:
            document = parse_document(document).model_dump(mode="json", exclude_none=True)
        except DocumentError as exc:
            errors["name" if exc.path == "$.name" else "options"] = exc.message
    error = None
    if not errors:
        try:
            roster = create_roster(request.user, document)
        except TooManyRosters as exc:
            error = exc.message
        else:
            # A new roster uses the player's own values at once: their supplement of this
            # game (the most recently changed one), as "Save for all my rosters" promises.
            own = players_supplement(request.user, roster)
            if own is not None:
                operations.pin_supplement(roster, own.latest)
            return redirect("roster-edit", roster.pk)
    form.update(options=options, errors=errors, name=name)
    return render(request, "roster/new.html", _new_context(forms, form, error), status=422)


@require_POST
@login_required
def roster_from_example(request: HttpRequest, slug: str) -> HttpResponse:
    """Copy an example warband into the player's rosters."""
    example = next((e for e in examples() if e["slug"] == slug), None)
    if example is None:
        raise Http404("no such example")
    document = parse_document(load_json(json.dumps(example["document"]))).model_dump(
        mode="json", exclude_none=True
    )
    document["example"] = slug  # its explanation beside the totals (roster.rosters.book_examples)
    try:
        roster = create_roster(request.user, document, action=f"Started from the example {example['name']}")
    except TooManyRosters:
        return _full(request)
    return redirect("roster-edit", roster.pk)


@require_POST
@login_required
def roster_duplicate(request: HttpRequest, pk: int) -> HttpResponse:
    """A copy of the roster (current state only, fresh history)."""
    roster = get_roster_for_user(request, pk)
    document = copy.deepcopy(roster.document)
    document["name"] = f"{roster.name[:190]} (copy)"
    try:
        copy_ = create_roster(request.user, document, action=f"Copied from {roster.name}")
    except TooManyRosters:
        return _full(request)
    used = pinned_version(roster)
    if used is not None:  # the copy uses the same supplement version
        operations.pin_supplement(copy_, used)
    return redirect("roster-edit", copy_.pk)


@require_POST
@login_required
def roster_rename(request: HttpRequest, pk: int) -> HttpResponse:
    """Rename from the list page (an edit like any other, with a revision)."""
    roster = get_roster_for_user(request, pk)
    document = {**copy.deepcopy(roster.document), "name": request.POST.get("name", "")}
    try:
        document = parse_document(document).model_dump(mode="json", exclude_none=True)
        operations.save_revision(roster, document, f"Renamed to {document['name']}", posted_revision(request))
    except DocumentError as exc:
        messages.error(request, f"{roster.name} was not renamed: the name must be {exc.message.lower()}.")
    except StaleRevision:
        messages.error(request, f"{roster.name} was not renamed: {CONFLICT}")
    return redirect("roster-list")


@require_POST
@login_required
def roster_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete (recoverably: the list offers Undo)."""
    roster = get_roster_for_user(request, pk)
    operations.delete_roster(roster)
    return redirect(f"{reverse('roster-list')}?deleted={roster.pk}")


@require_POST
@login_required
def roster_undelete(request: HttpRequest, pk: int) -> HttpResponse:
    """Undo a delete."""
    roster = get_object_or_404(Roster, pk=pk, owner=request.user, deleted__isnull=False)
    try:
        operations.undelete_roster(roster)
    except TooManyRosters as exc:
        messages.error(request, exc.message)
    return redirect("roster-list")
