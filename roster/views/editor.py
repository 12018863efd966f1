"""The editor: every change is one POST, saved as a revision, answered from one Report."""

from __future__ import annotations

import copy
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

from roster.evaluation import Evaluation, evaluate_roster, roster_catalogue
from roster.models import Roster, StaleRevision
from roster.systems import ui_for
from roster.views.common import (
    after_edit,
    card,
    editor_context,
    get_roster_for_user,
    model_index,
    panel_context,
    posted_revision,
    respond_conflict,
    respond_editor,
)
from rules.document import DocumentError, parse_document

MAX_MODELS = 50

CONFLICT = "This roster was changed in another tab or window. Here is its current state; nothing was saved."


@require_GET
@never_cache
@login_required
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The editor page."""
    roster = get_roster_for_user(request, pk)
    return render(request, "roster/editor.html", editor_context(roster))


def _commit(
    request: HttpRequest, roster: Roster, document: dict[str, Any], action: str
) -> HttpResponse | Evaluation:
    """Save ``document`` as the next revision and return its Evaluation; on a stale
    revision return the 409 response instead."""
    try:
        return roster.commit(document, action, posted_revision(request))
    except StaleRevision as exc:
        return respond_conflict(request, exc.current, CONFLICT)


@require_POST
@login_required
def update_model(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    """Save one model's form. Bad values come back at their fields (422) and change nothing."""
    roster = get_roster_for_user(request, pk)
    model_index(roster, index)
    ui = ui_for(roster.system)
    current = roster.document["models"][index]
    # The form needs only the catalogue; the stored roster is evaluated only when needed.
    model, errors = ui.model_from_post(request.POST, current, roster_catalogue(roster))
    if errors:
        evaluation = evaluate_roster(roster)
        if request.htmx:
            context = card(roster, evaluation, index, model, errors)
            return render(
                request, "roster/editor.html#model-card", {"card": context, "roster": roster}, status=422
            )
        context = editor_context(roster, evaluation, submitted=(index, model, errors))
        return render(request, "roster/editor.html", context, status=422)
    document = copy.deepcopy(roster.document)
    document["models"][index] = model
    if model == current:
        evaluation = evaluate_roster(roster)
    else:
        try:
            evaluation = roster.commit(document, ui.describe_change(current, model), posted_revision(request))
        except StaleRevision as exc:
            return _model_conflict(request, exc.current, index, model)
    if not request.htmx:
        return after_edit(request, roster, index)
    context = panel_context(roster, evaluation)
    context.update(card=card(roster, evaluation, index, None, {}), oob=True)
    return render(request, "roster/editor.html#model-update", context)


@require_POST
@login_required
def update_options(request: HttpRequest, pk: int) -> HttpResponse:
    """Change the roster name and the system's options (game size...)."""
    roster = get_roster_for_user(request, pk)
    ui = ui_for(roster.system)
    evaluation = evaluate_roster(roster)
    options, errors = ui.options_from_post(request.POST, evaluation.catalogue)
    name = request.POST.get("name", roster.name)
    document = {**copy.deepcopy(roster.document), "name": name, "options": options}
    if not errors:
        try:
            parse_document(document)
        except DocumentError as exc:
            errors["name" if exc.path == "$.name" else "options"] = exc.message
    if errors:
        status = 422
        context = editor_context(roster, evaluation)
        context.update(option_errors=errors, submitted_options={**options, "name": name})
        template = "roster/editor.html#editor" if request.htmx else "roster/editor.html"
        return render(request, template, context, status=status)
    document["name"] = name.strip()
    if document == roster.document:
        return after_edit(request, roster)
    try:
        roster.commit(document, _options_change(roster.document, document), posted_revision(request))
    except StaleRevision as exc:
        if not request.htmx:
            return respond_conflict(request, exc.current, CONFLICT)
        # Show the current roster, but keep what was typed in the options form, unsaved.
        context = editor_context(exc.current, conflict=True, notice=CONFLICT)
        context.update(submitted_options={**options, "name": name})
        response = render(request, "roster/editor.html#editor", context, status=409)
        return reswap(retarget(response, "#editor"), "outerHTML")
    return after_edit(request, roster)


@require_POST
@login_required
def add_model(request: HttpRequest, pk: int) -> HttpResponse:
    """Add a model of the posted kind (hero, companion, follower; a profile...) at the end."""
    roster = get_roster_for_user(request, pk)
    ui = ui_for(roster.system)
    catalogue = evaluate_roster(roster).catalogue
    kinds = dict(ui.model_kinds(catalogue))
    kind = request.POST.get("kind", "")
    models = roster.document.get("models", [])
    if kind not in kinds:
        choices = ", ".join(kinds.values()) if len(kinds) <= 5 else "one from the list"
        return respond_editor(request, roster, status=422, add_error=f"Choose what to add: {choices}.")
    if len(models) >= MAX_MODELS:
        return respond_editor(
            request, roster, status=422, add_error=f"A roster holds at most {MAX_MODELS} models."
        )
    model = ui.new_model(kind, catalogue, {m.get("name", "").casefold() for m in models})
    document = copy.deepcopy(roster.document)
    document["models"].append(model)
    action = f"Added {ui.model_label(model)}"
    if isinstance(conflict := _commit(request, roster, document, action), HttpResponse):
        return conflict
    return after_edit(request, roster, len(document["models"]) - 1)


@require_POST
@login_required
def remove_model(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    """Remove a model (Undo brings it back)."""
    roster = get_roster_for_user(request, pk)
    model_index(roster, index)
    label = ui_for(roster.system).model_label
    document = copy.deepcopy(roster.document)
    removed = document["models"].pop(index)
    remaining = len(document["models"])
    if isinstance(conflict := _commit(request, roster, document, f"Removed {label(removed)}"), HttpResponse):
        return conflict
    return after_edit(request, roster, min(index, remaining - 1) if remaining else None)


@require_POST
@login_required
def duplicate_model(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    """Copy a model just below itself."""
    roster = get_roster_for_user(request, pk)
    model_index(roster, index)
    document = copy.deepcopy(roster.document)
    if len(document["models"]) >= MAX_MODELS:
        return respond_editor(
            request, roster, status=422, notice=f"A roster holds at most {MAX_MODELS} models."
        )
    clone = copy.deepcopy(document["models"][index])
    label = ui_for(roster.system).model_label
    clone["name"] = f"{label(clone)[:93]} (copy)"
    document["models"].insert(index + 1, clone)
    if isinstance(
        conflict := _commit(request, roster, document, f"Duplicated {label(document['models'][index])}"),
        HttpResponse,
    ):
        return conflict
    return after_edit(request, roster, index + 1)


@require_POST
@login_required
def move_model(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    """Move a model one place up or down (POST direction=up|down)."""
    roster = get_roster_for_user(request, pk)
    model_index(roster, index)
    target = index - 1 if request.POST.get("direction") == "up" else index + 1
    models = roster.document["models"]
    if not 0 <= target < len(models):
        return after_edit(request, roster, index)
    document = copy.deepcopy(roster.document)
    document["models"][index], document["models"][target] = (
        document["models"][target],
        document["models"][index],
    )
    action = f"Moved {ui_for(roster.system).model_label(models[index])}"
    if isinstance(conflict := _commit(request, roster, document, action), HttpResponse):
        return conflict
    return after_edit(request, roster, target)


def _step(request: HttpRequest, pk: int, delta: int) -> HttpResponse:
    roster = get_roster_for_user(request, pk)
    try:
        moved = roster.step(delta, posted_revision(request))
    except StaleRevision as exc:
        return respond_conflict(request, exc.current, CONFLICT)
    if not moved:
        notice = f"Nothing to {'undo' if delta < 0 else 'redo'}."
        if request.htmx:
            return respond_editor(request, roster, notice=notice)
        messages.info(request, notice)
    return after_edit(request, roster)


@require_POST
@login_required
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Step back to the previous revision."""
    return _step(request, pk, -1)


@require_POST
@login_required
def redo(request: HttpRequest, pk: int) -> HttpResponse:
    """Step forward again to the revision that was undone."""
    return _step(request, pk, +1)


@require_POST
@login_required
def acknowledge_rules(request: HttpRequest, pk: int) -> HttpResponse:
    """The player has read what changed in the rules data; stop showing it."""
    roster = get_roster_for_user(request, pk)
    digest = evaluate_roster(roster).digest
    Roster.objects.filter(pk=roster.pk).update(rules_digest=digest)
    roster.rules_digest = digest
    return after_edit(request, roster)


def _options_change(old: dict[str, Any], new: dict[str, Any]) -> str:
    """A history line for the roster name and options ("Renamed to X; game size medium -> large")."""
    parts = [f"Renamed to {new['name']}"] if old.get("name") != new.get("name") else []
    before, after = old.get("options", {}), new.get("options", {})
    for key in sorted(set(before) | set(after)):
        if before.get(key) != after.get(key):
            parts.append(f"{key.replace('_', ' ')} {before.get(key, '-')} -> {after.get(key, '-')}")
    return "; ".join(parts) or "Saved the options"


def _model_conflict(request: HttpRequest, current: Roster, index: int, model: dict[str, Any]) -> HttpResponse:
    """A stale model edit: show the current roster, with the player's change still in its
    card (unsaved) so one more save applies it to the current state."""
    notice = CONFLICT.replace(
        "nothing was saved.", "your change is still in its card: save it again to keep it."
    )
    if not request.htmx:
        return respond_conflict(request, current, notice)
    keep = (index, model, {}) if index < len(current.document.get("models", [])) else None
    return respond_editor(request, current, status=409, conflict=True, notice=notice, submitted=keep)
