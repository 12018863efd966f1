"""Helpers shared by the views: access, the posted revision, and rendering the editor."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django_htmx.http import reswap, retarget

from roster.evaluation import Evaluation, evaluate_roster
from roster.models import Roster
from roster.rules_changes import rules_changes
from roster.systems import ui_for
from rules.numbers import read_whole
from rules.registry import SYSTEMS


def get_roster_for_user(request: HttpRequest, pk: int) -> Roster:
    """The user's own, undeleted roster; 404 for anyone else's, so ids leak nothing."""
    return get_object_or_404(Roster, pk=pk, owner=request.user, deleted__isnull=True)


def posted_revision(request: HttpRequest) -> int:
    """The revision an edit was made against (POST "revision"); 0 when missing or garbage,
    which never matches and so reads as a conflict."""
    return read_whole(request.POST.get("revision", "")) or 0


def model_index(roster: Roster, index: int) -> int:
    """``index`` if the roster has such a model; raises Http404 otherwise."""
    if not 0 <= index < len(roster.document.get("models", [])):
        raise Http404("no such model")
    return index


def editor_context(
    roster: Roster,
    evaluation: Evaluation | None = None,
    *,
    submitted: tuple[int, dict[str, Any], dict[str, str]] | None = None,
    notice: str | None = None,
    conflict: bool = False,
    focus: int | None = None,
    add_error: str | None = None,
) -> dict[str, Any]:
    """Everything editor.html needs, from one Evaluation of the stored document.

    ``submitted`` is (model index, rejected form values, field errors) to show again;
    ``focus`` the model whose name field takes the focus (after adding one);
    ``add_error`` a message for the add-a-model form.
    """
    evaluation = evaluation or evaluate_roster(roster)
    context = panel_context(roster, evaluation, notice=notice, conflict=conflict)
    cards = []
    for i in range(len(evaluation.report.models)):
        values, errors = (submitted[1], submitted[2]) if submitted and submitted[0] == i else (None, {})
        cards.append(card(roster, evaluation, i, values, errors, focus=i == focus))
    context["cards"] = cards
    context["add"] = ui_for(roster.system).add_context(evaluation)
    context["add_error"] = add_error
    return context


def panel_context(
    roster: Roster, evaluation: Evaluation, *, notice: str | None = None, conflict: bool = False
) -> dict[str, Any]:
    """The editor's parts outside the model cards: totals, issues, toolbar, notices."""
    return {
        "roster": roster,
        "system": SYSTEMS[roster.system],
        "evaluation": evaluation,
        "catalogue": evaluation.catalogue,
        "report": evaluation.report,
        "ui": ui_for(roster.system),
        "options": evaluation.document.model_dump(mode="json")["options"],
        "notice": notice,
        "conflict": conflict,
        "rules_changes": rules_changes(roster, evaluation),
        "can_undo": roster.can_undo,
        "can_redo": roster.can_redo,
        "share_link": roster.share_links.filter(revoked__isnull=True).order_by("-created").first(),
    }


def card(
    roster: Roster,
    evaluation: Evaluation,
    index: int,
    values: dict[str, Any] | None,
    errors: dict[str, str],
    focus: bool = False,
) -> dict[str, Any]:
    """The context of one model card."""
    ui = ui_for(roster.system)
    return {
        "index": index,
        "focus": focus,
        "roster": roster,
        "template": ui.card_template,
        "errors": errors,
        "count": len(evaluation.report.models),
        **ui.card_context(evaluation, index, values, errors),
    }


def editor_url(roster: Roster, index: int | None = None) -> str:
    """The editor page, anchored at a model card when ``index`` is given."""
    url = reverse("roster-edit", args=[roster.pk])
    return f"{url}#model-{index}" if index is not None else url


def respond_editor(request: HttpRequest, roster: Roster, status: int = 200, **kwargs: Any) -> HttpResponse:
    """The whole editor region for htmx (replacing #editor, whatever the request
    targeted), the whole page otherwise."""
    if not request.htmx:
        return render(request, "roster/editor.html", editor_context(roster, **kwargs), status=status)
    response = render(request, "roster/editor.html#editor", editor_context(roster, **kwargs), status=status)
    return reswap(retarget(response, "#editor"), "outerHTML")


def respond_conflict(request: HttpRequest, current: Roster, notice: str) -> HttpResponse:
    """A stale edit: htmx gets the current editor (409); a plain POST is sent back to the
    editor with the notice, so the browser does not stay on the POST URL."""
    if request.htmx:
        return respond_editor(request, current, status=409, conflict=True, notice=notice)
    messages.error(request, notice)
    return redirect(editor_url(current))


def after_edit(request: HttpRequest, roster: Roster, index: int | None = None) -> HttpResponse:
    """After a successful structural edit: the editor region (htmx, focusing the model at
    ``index`` when given) or a redirect (plain POST)."""
    if request.htmx:
        return respond_editor(request, roster, focus=index)
    return redirect(editor_url(roster, index), permanent=False)
