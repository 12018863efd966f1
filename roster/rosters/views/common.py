"""Helpers shared by the views: access, the posted revision, and rendering the editor."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django_htmx.http import push_url, retarget

from roster.core.http import HtmxHttpRequest
from roster.rosters.book_examples import book_comparison
from roster.rosters.evaluation import Evaluation, Rules, evaluate_roster, read_rules
from roster.rosters.forms import RevisionForm
from roster.rosters.models import Roster, RosterRead
from roster.rosters.operations import RosterGone
from roster.rosters.rules_changes import rules_changes
from roster.rosters.systems import ui_for
from rules.registry import SYSTEMS


def get_roster_for_user(request: HttpRequest, pk: int) -> Roster:
    """The user's own, undeleted roster; 404 for anyone else's, so ids leak nothing."""
    return _read_for_user(request, pk).roster


def get_roster_and_rules(request: HttpRequest, pk: int) -> tuple[Roster, Rules]:
    """The user's own, undeleted roster and the rules it is evaluated with (rules data and
    pinned supplement, roster.rosters.evaluation.read_rules): one SELECT and, when those are
    cached, no other query. Pass the rules on to whatever evaluates the roster in the same
    request. 404 for anyone else's roster."""
    read = _read_for_user(request, pk)
    return read.roster, read_rules(read)


def _read_for_user(request: HttpRequest, pk: int) -> RosterRead:
    read = Roster.objects.for_editing(pk, request.user.pk) if request.user.pk is not None else None
    if read is None:
        if Roster.objects.filter(pk=pk, owner_id=request.user.pk, deleted__isnull=False).exists():
            # The owner's own roster, deleted (in another tab): say so (a 404 all the same).
            raise RosterGone(pk)
        raise Http404("no such roster")
    return read


def posted_revision(request: HttpRequest) -> int:
    """The revision an edit was made against (POST "revision"); 0 when missing or garbage,
    which never matches and so reads as a conflict."""
    return RevisionForm(request.POST).value()


def model_index(roster: Roster, index: int) -> int:
    """``index`` if the roster has such a model; raises Http404 otherwise."""
    if not 0 <= index < len(roster.document.get("models", [])):
        raise Http404("no such model")
    return index


def editor_context(
    roster: Roster,
    evaluation: Evaluation | None = None,
    *,
    open_index: int | None = None,
    submitted: tuple[int, dict[str, Any], dict[str, str]] | None = None,
    notice: str | None = None,
    conflict: bool = False,
    focus: str | None = None,
    add_error: str | None = None,
    picker: str | None = None,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """Everything editor.html needs, from one Evaluation of the stored document (made
    with ``rules`` when not given).

    ``open_index`` is the model open for editing (None: the warband's settings);
    ``submitted`` is (model index, rejected form values, field errors) to show again;
    ``focus`` the id of the element that takes the focus after the swap;
    ``add_error`` a message for the add-a-model form; ``picker`` the open picker.
    """
    evaluation = evaluation or evaluate_roster(roster, rules=rules)
    context = panel_context(roster, evaluation, notice=notice, conflict=conflict)
    count = len(evaluation.report.models)
    if open_index is not None and not 0 <= open_index < count:
        open_index = None
    context["open_index"] = open_index
    context["focus"] = focus
    if open_index is not None:
        values, errors = (
            (submitted[1], submitted[2]) if submitted and submitted[0] == open_index else (None, {})
        )
        context["card"] = card(roster, evaluation, open_index, values, errors, picker=picker)
    context["add"] = ui_for(roster.system).add_context(evaluation)
    context["add_error"] = add_error
    return context


def panel_context(
    roster: Roster,
    evaluation: Evaluation,
    *,
    notice: str | None = None,
    conflict: bool = False,
    undo_redo: tuple[bool, bool] | None = None,
) -> dict[str, Any]:
    """The editor's parts outside the open model: totals, overview rows, issues,
    toolbar, notices. ``undo_redo`` is (can undo, can redo) when the caller knows it;
    the share link is looked up only when a template asks for it."""
    can_undo, can_redo = undo_redo if undo_redo is not None else (roster.can_undo, roster.can_redo)
    ui = ui_for(roster.system)
    report = evaluation.report
    base = reverse("roster-edit", args=[roster.pk])  # model URLs are base + models/<i>/
    rows = [
        {
            "index": i,
            "url": f"{base}models/{i}/",
            "name": m.name,
            "kind": ui.kind_label(m),
            "cost": m.cost,
            "errors": sum(1 for x in m.issues if x.severity == "error"),
            "warnings": sum(1 for x in m.issues if x.severity != "error"),
        }
        for i, m in enumerate(report.models)
    ]
    return {
        "roster": roster,
        "system": SYSTEMS[roster.system],
        "evaluation": evaluation,
        "catalogue": evaluation.catalogue,
        "report": report,
        "rows": rows,
        "unit": report.totals.get("unit", ""),
        "ui": ui,
        "options": evaluation.document_json["options"],
        "notice": notice,
        "conflict": conflict,
        "rules_changes": rules_changes(roster, evaluation),
        "book": book_comparison(evaluation),
        "can_undo": can_undo,
        "can_redo": can_redo,
        "share_link": lambda: roster.share_links.filter(revoked__isnull=True).order_by("-created").first(),
        "stopped_link": lambda: stopped_link(roster),
    }


UNDO_STOP_SHARING = timedelta(minutes=10)


def stopped_link(roster: Roster) -> Any:
    """The share link revoked in the last ten minutes, which "Stop sharing" can still
    undo (the same address works again), or None."""
    recent = timezone.now() - UNDO_STOP_SHARING
    return roster.share_links.filter(revoked__gte=recent).order_by("-revoked").first()


def card(
    roster: Roster,
    evaluation: Evaluation,
    index: int,
    values: dict[str, Any] | None,
    errors: dict[str, str],
    *,
    picker: str | None = None,
) -> dict[str, Any]:
    """The context of the open model's card."""
    ui = ui_for(roster.system)
    return {
        "index": index,
        "roster": roster,
        "template": ui.card_template,
        "errors": errors,
        "count": len(evaluation.report.models),
        "url": model_url(roster, index),
        "picker": picker,
        **ui.card_context(evaluation, index, values, errors, picker),
    }


def model_url(roster: Roster, index: int) -> str:
    """The URL of model ``index`` open in the editor."""
    return reverse("model-open", args=[roster.pk, index])


def editor_url(roster: Roster, index: int | None = None) -> str:
    """The editor page, with model ``index`` open when given."""
    return reverse("roster-edit", args=[roster.pk]) if index is None else model_url(roster, index)


def respond_editor(
    request: HtmxHttpRequest, roster: Roster, status: int = 200, **kwargs: Any
) -> HttpResponse:
    """The whole editor region for htmx (morphed into #editor, whatever the request
    targeted, and the address bar set to the open model), the whole page otherwise.
    ``kwargs`` as :func:`editor_context`'s: pass an operation's ``evaluation`` (its
    Change's) so that the roster is not evaluated again."""
    context = editor_context(roster, **kwargs)
    if not request.htmx:
        return render(request, "roster/editor.html", context, status=status)
    response = render(request, "roster/editor.html#editor", context, status=status)
    response = retarget(response, "#editor")
    response["HX-Reswap"] = "morph"  # django-htmx's reswap() knows only the built-in swaps
    return push_url(response, editor_url(roster, context["open_index"]))


def respond_conflict(
    request: HtmxHttpRequest, current: Roster, notice: str, open_index: int | None = None
) -> HttpResponse:
    """A stale edit: htmx gets the current editor (409); a plain POST is sent back to the
    editor with the notice, so the browser does not stay on the POST URL."""
    if request.htmx:
        return respond_editor(
            request, current, status=409, conflict=True, notice=notice, open_index=open_index
        )
    messages.error(request, notice)
    return redirect(editor_url(current, open_index))


def after_edit(
    request: HtmxHttpRequest,
    roster: Roster,
    index: int | None = None,
    *,
    focus: str | None = None,
    rules: Rules | None = None,
    evaluation: Evaluation | None = None,
) -> HttpResponse:
    """After a successful structural edit: the editor region with model ``index`` open
    (htmx; ``focus`` names the element to focus, by default that model's name field)
    or a redirect to it (plain POST). ``evaluation``: the roster's as it is now, the
    operation's (its Change's), so that the request evaluates it once; else it is
    evaluated with ``rules`` (the request's, if it read them)."""
    if request.htmx:
        if focus is None and index is not None:
            focus = f"m{index}-name"
        return respond_editor(
            request, roster, open_index=index, focus=focus, rules=rules, evaluation=evaluation
        )
    return redirect(editor_url(roster, index), permanent=False)
