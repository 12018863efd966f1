"""The editor: the warband overview with one model open, and the views that turn each
edit's POST into one call of :mod:`roster.rosters.operations`.

Views only translate HTTP: a form reads the POST, an operation changes the roster, and
the answer is rendered from the operation's Evaluation (see docs/editor.md).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from roster.core.http import HtmxHttpRequest
from roster.rosters import operations
from roster.rosters.evaluation import Rules, evaluate_roster, roster_catalogue
from roster.rosters.forms import AddModelForm, MoveForm, read_model
from roster.rosters.models import Roster
from roster.rosters.operations import Change, ModelEdit, Refused, StaleRevision
from roster.rosters.systems import ui_for
from roster.rosters.views.common import (
    after_edit,
    card,
    editor_context,
    editor_url,
    get_roster_and_rules,
    model_index,
    panel_context,
    posted_revision,
    respond_conflict,
    respond_editor,
)

CONFLICT = "This roster was changed in another tab or window. Here is its current state; nothing was saved."
MODEL_CONFLICT = (
    "This roster was changed in another tab or window. Your change to this model is not saved: "
    "it is still in the form below."
)


def _picker(request: HtmxHttpRequest, roster: Roster) -> str | None:
    """The picker asked for, one of the roster's system's (SystemUI.pickers), or None."""
    value = request.GET.get("pick") or request.POST.get("pick")
    return value if value in ui_for(roster.system).pickers else None


def _page(request: HtmxHttpRequest, roster: Roster, rules: Rules, open_index: int | None) -> HttpResponse:
    picker = _picker(request, roster)
    # An opened picker takes the focus to its search box, so typing filters at once.
    focus = f"m{open_index}-pick-search" if picker and open_index is not None else None
    context = editor_context(roster, open_index=open_index, picker=picker, focus=focus, rules=rules)
    if request.htmx and not request.htmx.history_restore_request:
        return _editor_partial(request, context, 200)
    return render(request, "roster/editor.html", context)


@require_safe
@never_cache
@login_required
def edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The editor page: the warband overview, its totals and settings."""
    return _page(request, *get_roster_and_rules(request, pk), None)


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
@login_required
def model(request: HtmxHttpRequest, pk: int, index: int) -> HttpResponse:
    """One model of the roster: GET opens it in the editor (its own URL, so reload and
    the back button keep it), POST saves its form (see ``update_model``)."""
    if request.method == "POST":
        return update_model(request, pk, index)
    roster, rules = get_roster_and_rules(request, pk)
    return _page(request, roster, rules, model_index(roster, index))


def update_model(request: HtmxHttpRequest, pk: int, index: int) -> HttpResponse:
    """Save one model's form. Good values are saved even when another field is bad; a bad
    value comes back at its field (422) with the stored one kept."""
    roster, rules = get_roster_and_rules(request, pk)
    model_index(roster, index)
    ui = ui_for(roster.system)
    current = roster.document["models"][index]
    edit = read_model(ui, request.POST, current, roster_catalogue(rules))
    # A saved edit can always be undone and never redone: Undo and Redo are redrawn only
    # when that differs from before (Redo was possible iff the commit dropped undone
    # revisions, which spares a query).
    could_undo = roster.can_undo
    try:
        change = operations.update_model(roster, index, edit, posted_revision(request), rules=rules)
    except StaleRevision as exc:
        return _model_conflict(request, exc.current, index, edit)
    before = (could_undo, change.dropped_redo)
    status = 422 if edit.errors else 200
    if not request.htmx:
        if edit.errors:
            context = editor_context(
                roster, change.evaluation, open_index=index, submitted=(index, edit.shown, edit.errors)
            )
            return render(request, "roster/editor.html", context, status=status)
        url = editor_url(roster, index)
        picker = _picker(request, roster)
        return redirect(f"{url}?pick={picker}" if picker else url)
    return _model_update(request, change, edit, status, toolbar_before=before if change.saved else None)


def _model_update(
    request: HtmxHttpRequest,
    change: Change,
    edit: ModelEdit,
    status: int,
    toolbar_before: tuple[bool, bool] | None = None,
    **extra: object,
) -> HttpResponse:
    """The open model's card with the totals, overview rows and issues as out-of-band
    swaps, all from the change's Evaluation; Undo and Redo too when a saved change moved
    them (``toolbar_before``: could undo, could redo before it; None: nothing saved)."""
    assert change.model is not None
    if toolbar_before is None:
        context = panel_context(change.roster, change.evaluation)
        context["toolbar_changed"] = bool(extra.get("conflict"))
    else:
        context = panel_context(change.roster, change.evaluation, undo_redo=(True, False))
        context["toolbar_changed"] = toolbar_before != (True, False)
    # A refused stale save shows the current model: muster.js puts back the fields the
    # player changed, so "Apply my change on top" sends only those over the current state.
    shown = (edit.shown, edit.errors) if edit.errors and not extra.get("conflict") else (None, {})
    context.update(
        card=card(
            change.roster, change.evaluation, change.model, *shown, picker=_picker(request, change.roster)
        ),
        open_index=change.model,
        oob=True,
        **extra,
    )
    response = render(request, "roster/editor.html#model-update", context, status=status)
    response["X-Roster-Revision"] = str(change.roster.revision)
    return response


def _model_conflict(request: HtmxHttpRequest, current: Roster, index: int, edit: ModelEdit) -> HttpResponse:
    """A stale model edit: the card of the current roster (409) with the refusal and one
    button that applies the player's change on top of the current state; muster.js puts
    the fields the player changed back into the form (docs/editor.md, "Two tabs")."""
    if not request.htmx:
        return respond_conflict(request, current, MODEL_CONFLICT.replace("below", "of the model"), index)
    if index >= len(current.document.get("models", [])):
        return respond_conflict(request, current, CONFLICT)
    change = Change(current, evaluate_roster(current), index, saved=False)
    return _model_update(request, change, edit, 409, conflict=True, notice=MODEL_CONFLICT)


@require_POST
@login_required
def update_options(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Change the warband name and the system's options (game size...)."""
    roster, rules = get_roster_and_rules(request, pk)
    ui = ui_for(roster.system)
    options, errors = ui.options_from_post(request.POST, roster_catalogue(rules))
    name = request.POST.get("name", roster.name)
    change = None
    if not errors:
        try:
            change = operations.update_options(roster, name, options, posted_revision(request), rules=rules)
        except Refused as exc:
            errors[exc.field or "options"] = exc.message
        except StaleRevision as exc:
            if not request.htmx:
                return respond_conflict(request, exc.current, CONFLICT)
            # Show the current roster, but keep what was typed in the options form, unsaved.
            context = editor_context(exc.current, conflict=True, notice=CONFLICT)
            context.update(submitted_options={**options, "name": name})
            return _editor_partial(request, context, 409)
    if change is None:
        context = editor_context(roster, rules=rules)
        # As a model's fields say it: the typed value stays in the form, unsaved.
        unsaved = {k: f"{v} (not saved: the stored options are kept)" for k, v in errors.items()}
        context.update(option_errors=unsaved, submitted_options={**options, "name": name})
        if not request.htmx:
            return render(request, "roster/editor.html", context, status=422)
        return _editor_partial(request, context, 422)
    focus = "roster-name" if "name" in request.POST else None
    return after_edit(request, roster, focus=focus, evaluation=change.evaluation)


def _editor_partial(request: HtmxHttpRequest, context: dict[str, object], status: int) -> HttpResponse:
    response = render(request, "roster/editor.html#editor", context, status=status)
    response["HX-Retarget"] = "#editor"
    response["HX-Reswap"] = "morph"
    return response


def _structural(
    request: HtmxHttpRequest, roster: Roster, rules: Rules, do: Callable[..., Change], **kwargs: object
) -> HttpResponse:
    """Run a structural operation and answer with the editor, the changed model open."""
    try:
        change = do(roster, rules=rules, **kwargs)
    except StaleRevision as exc:
        return respond_conflict(request, exc.current, CONFLICT)
    except Refused as exc:
        return respond_editor(request, roster, status=422, add_error=str(exc), rules=rules)
    return after_edit(request, roster, change.model, evaluation=change.evaluation)


@require_POST
@login_required
def add_model(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Add a model of the posted kind (hero, companion, follower; a profile...) at the
    end, and open it; with a ``count`` of 2 or more, add that many and stay on the
    warband, the last new row focused (plain POST: scrolled to)."""
    roster, rules = get_roster_and_rules(request, pk)
    form = AddModelForm(request.POST)
    form.is_valid()
    try:
        count = form.count_value()
    except ValueError as exc:
        return respond_editor(request, roster, status=422, add_error=str(exc))
    kind = form.cleaned_data.get("kind") or ""
    if count == 1:
        return _structural(request, roster, rules, operations.add_model, kind=kind, revision=form.value())
    try:
        change = operations.add_model(roster, kind, form.value(), count, rules=rules)
    except StaleRevision as exc:
        return respond_conflict(request, exc.current, CONFLICT)
    except Refused as exc:
        return respond_editor(request, roster, status=422, add_error=str(exc))
    row = f"row-{change.model}"
    if not request.htmx:
        return redirect(f"{editor_url(roster)}#{row}")
    notice = f"Added {count} models at the end of the warband."
    return respond_editor(request, roster, evaluation=change.evaluation, focus=row, notice=notice)


@require_POST
@login_required
def remove_model(request: HtmxHttpRequest, pk: int, index: int) -> HttpResponse:
    """Remove a model (Undo brings it back); the focus goes to the row now in its place."""
    roster, rules = get_roster_and_rules(request, pk)
    model_index(roster, index)
    try:
        change = operations.remove_model(roster, index, posted_revision(request), rules=rules)
    except StaleRevision as exc:
        return respond_conflict(request, exc.current, CONFLICT)
    focus = f"row-{change.model}" if change.model is not None else "add-kind"
    if not request.htmx:
        return redirect(editor_url(roster))
    return respond_editor(request, roster, evaluation=change.evaluation, focus=focus)


@require_POST
@login_required
def duplicate_model(request: HtmxHttpRequest, pk: int, index: int) -> HttpResponse:
    """Copy a model just below itself and open the copy."""
    roster, rules = get_roster_and_rules(request, pk)
    model_index(roster, index)
    try:
        change = operations.duplicate_model(roster, index, posted_revision(request), rules=rules)
    except StaleRevision as exc:
        return respond_conflict(request, exc.current, CONFLICT)
    except Refused as exc:
        return respond_editor(request, roster, status=422, notice=str(exc), open_index=index, rules=rules)
    return after_edit(request, roster, change.model, evaluation=change.evaluation)


@require_POST
@login_required
def move_model(request: HtmxHttpRequest, pk: int, index: int) -> HttpResponse:
    """Move a model one place up or down (POST direction=up|down)."""
    roster, rules = get_roster_and_rules(request, pk)
    model_index(roster, index)
    form = MoveForm(request.POST)
    if not form.is_valid():
        return after_edit(request, roster, index, rules=rules)
    return _structural(
        request,
        roster,
        rules,
        operations.move_model,
        index=index,
        direction=form.cleaned_data["direction"],
        revision=form.value(),
    )


def _step(request: HtmxHttpRequest, pk: int, delta: int) -> HttpResponse:
    roster, rules = get_roster_and_rules(request, pk)
    models_before = len(roster.document.get("models", []))
    try:
        step = operations.undo if delta < 0 else operations.redo
        change = step(roster, posted_revision(request), rules=rules)
    except StaleRevision as exc:
        return respond_conflict(request, exc.current, CONFLICT)
    if not change.saved:
        notice = f"Nothing to {'undo' if delta < 0 else 'redo'}."
        if request.htmx:
            return respond_editor(request, roster, evaluation=change.evaluation, notice=notice)
        messages.info(request, notice)
    evaluation = change.evaluation
    if change.model is None:
        focus = "undo-button" if delta < 0 else "redo-button"
        return after_edit(request, roster, focus=focus, evaluation=evaluation)
    models_after = len(roster.document.get("models", []))
    if models_after < models_before:
        # The step took a model away: stay on the warband, on the row where it stood.
        row = f"row-{min(change.model, models_after - 1)}" if models_after else "add-kind"
        return after_edit(request, roster, focus=row, evaluation=evaluation)
    if not request.POST.get("open"):
        # Pressed on the warband (a phone's only Undo): stay there, on the changed row,
        # so that the next press is one tap away.
        return after_edit(request, roster, focus=f"row-{change.model}", evaluation=evaluation)
    return after_edit(
        request, roster, change.model, focus=f"model-{change.model}-title", evaluation=evaluation
    )


@require_POST
@login_required
def undo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Step back to the previous revision: the model it changed is opened if a model
    was open, else its row on the warband takes the focus."""
    return _step(request, pk, -1)


@require_POST
@login_required
def redo(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Step forward again to the revision that was undone."""
    return _step(request, pk, +1)


@require_POST
@login_required
def acknowledge_rules(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The player has read what changed in the rules data; stop showing it."""
    roster, rules = get_roster_and_rules(request, pk)
    operations.acknowledge_rules(roster, rules.digest)
    return after_edit(request, roster, rules=rules)
