"""Supplement pages: list, create, edit (what the rules data lacks, and homebrew),
export / import JSON, share read-only by link, copy a shared one; and a roster's choice
of supplement with its pinned version (docs/supplements.md)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from roster.core.http import player
from roster.core.limits import limited
from roster.core.site import absolute
from roster.rosters.catalogue import get_catalogue
from roster.rosters.operations import pin_supplement
from roster.rosters.supplement_forms import (
    SupplementForm,
    document_from_form,
    error_field,
    existing_groups,
    existing_initial,
    gap_groups,
    homebrew_groups,
)
from roster.rosters.views.common import get_roster_for_user
from roster.supplements.changes import version_changes
from roster.supplements.models import Supplement
from roster.supplements.operations import (
    create_supplement,
    save_version,
    share_supplement,
    unshare_supplement,
)
from roster.supplements.pins import pinned_version, usable_supplements
from rules.document import DocumentError, path_words
from rules.names import name_key
from rules.registry import SYSTEMS
from rules.supplement import (
    MAX_SUPPLEMENT_BYTES,
    dump_supplement,
    load_supplement,
    merge,
    read_supplement,
    supplement_models,
)

MAX_SUPPLEMENTS_PER_USER = 50
FULL = f"You have {MAX_SUPPLEMENTS_PER_USER} supplements, as many as Muster keeps for one player."


def _full(request: HttpRequest) -> bool:
    return bool(Supplement.objects.filter(owner=player(request)).count() >= MAX_SUPPLEMENTS_PER_USER)


def _system_choices() -> list[tuple[str, str]]:
    """(id, title) of every registered system that takes supplements."""
    return [(s, SYSTEMS[s].title) for s in supplement_models()]


class NewSupplementForm(forms.Form):
    """A new, empty supplement: its system and name."""

    system = forms.ChoiceField(choices=_system_choices, label="Game system")
    name = forms.CharField(max_length=100, label="Name")


def _own(request: HttpRequest, pk: int) -> Supplement:
    """The user's own supplement; 404 for anyone else's."""
    return get_object_or_404(Supplement, pk=pk, owner=player(request))


def _shared(token: str) -> Supplement:
    """The supplement behind a live share link; 404 otherwise (revoked links too)."""
    if not token:
        raise Http404("no such supplement")
    return get_object_or_404(Supplement, share_token=token)


def _check(document_data: dict[str, Any]) -> Any:
    """Read a supplement and merge it into its system's rules data, so a value the book
    gives or a homebrew name it has is refused before saving. Raises DocumentError."""
    document = read_supplement(document_data)
    system = SYSTEMS[document.system]
    merge(system, get_catalogue(system.id), document)
    return document


@require_safe
@login_required
def supplement_list(request: HttpRequest) -> HttpResponse:
    """The player's supplements, and a form to start one."""
    supplements = Supplement.objects.filter(owner=player(request)).prefetch_related("versions")
    return render(
        request,
        "supplements/list.html",
        {"supplements": supplements, "form": NewSupplementForm(), "systems": SYSTEMS},
    )


@require_POST
@login_required
def supplement_new(request: HttpRequest) -> HttpResponse:
    """Create an empty supplement of a system and open it."""
    form = NewSupplementForm(request.POST)
    if form.is_valid() and _full(request):
        form.add_error(None, FULL)
    if not form.is_valid():
        supplements = Supplement.objects.filter(owner=player(request))
        context = {"supplements": supplements, "form": form, "systems": SYSTEMS}
        return render(request, "supplements/list.html", context, status=422)
    data = {
        "format": "muster.supplement/1",
        "system": form.cleaned_data["system"],
        "name": form.cleaned_data["name"],
    }
    try:
        document = read_supplement(data)
    except DocumentError as exc:
        form.add_error("name", exc.message)
        context = {
            "supplements": Supplement.objects.filter(owner=player(request)),
            "form": form,
            "systems": SYSTEMS,
        }
        return render(request, "supplements/list.html", context, status=422)
    supplement = create_supplement(player(request), document)
    return redirect("supplement-edit", supplement.pk)


def _form_parts(
    supplement: Supplement,
) -> tuple[Any, list[Any], list[Any], list[Any], list[tuple[str, int, str]]]:
    catalogue = get_catalogue(supplement.system)
    data = supplement.latest.data
    existing = [
        (table, n, str(e.get("name")))
        for table, entries in data.get("homebrew", {}).items()
        for n, e in enumerate(entries)
    ]
    return (
        catalogue,
        gap_groups(supplement.system, catalogue),
        homebrew_groups(supplement.system, catalogue),
        existing_groups(supplement.system, catalogue, data),
        existing,
    )


def _initial(data: dict[str, Any], catalogue: Any) -> dict[str, Any]:
    """The form's values from a stored supplement; its entry keys may be any name of the
    entry ("Ranged", "ranged"), the form's are slugs."""
    initial: dict[str, Any] = {"name": data.get("name", "")}
    for table, entries in data.get("values", {}).items():
        slugs = {name_key(n): e.slug for e in getattr(catalogue, table) for n in (e.slug, e.name, *e.aliases)}
        for ref, fields in entries.items():
            slug = slugs.get(name_key(ref), ref)
            for key, value in fields.items():
                text = {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value
                initial[f"v__{table}__{slug}__{key}"] = text
    return initial


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def supplement_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Edit a supplement: every value the rules data lacks, the homebrew entries, and one
    new homebrew entry per kind. Each save is a new version; bad values come back at
    their fields (422) and nothing is saved."""
    supplement = _own(request, pk)
    catalogue, gaps, homebrew, edits, existing = _form_parts(supplement)
    latest = supplement.latest
    status = 200
    saved = request.GET.get("saved") == "1"
    groups = gaps + homebrew + edits
    if request.method == "POST":
        form = SupplementForm(request.POST, groups=groups, existing=existing)
        if form.is_valid():
            data, origins = document_from_form(
                supplement.system, form.cleaned_data, gaps, homebrew, latest.data, edits, request.POST
            )
            try:
                document = _check(data)
            except DocumentError as exc:
                target = error_field(exc.path, origins)
                form.add_error(target if target in form.fields else None, f"{exc.message} (at {exc.path})")
            else:
                save_version(supplement, document)
                return redirect(reverse("supplement-edit", args=[supplement.pk]) + "?saved=1")
        status = 422
    else:
        initial = {**_initial(latest.data, catalogue), **existing_initial(latest.data)}
        form = SupplementForm(initial=initial, groups=groups, existing=existing)
    failed = {k for k in form.errors if k.startswith("e__")}
    context = {
        "supplement": supplement,
        "latest": latest,
        "form": form,
        "gaps": gaps,
        "homebrew": homebrew,
        "open_tables": {k.split("__")[1] for k in form.errors if k.startswith("h__")},
        # Each homebrew entry: its fieldset (open when one of its values was refused) and
        # its remove box.
        "entries": [
            (
                group,
                form[f"remove__{group.table}__{group.slug}"],
                any(k.startswith(f"e__{group.table}__{group.slug}__") for k in failed),
            )
            for group in edits
        ],
        "system": SYSTEMS[supplement.system],
        "saved": saved,
        "share_url": _share_url(request, supplement),
    }
    return render(request, "supplements/edit.html", context, status=status)


def _share_url(request: HttpRequest, supplement: Supplement) -> str | None:
    """The supplement's share link on SITE_URL (roster.core.site), never the Host header."""
    if not supplement.share_token:
        return None
    return absolute(reverse("supplement-shared", args=[supplement.share_token]))


@require_safe
@login_required
def supplement_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The latest version as a .json download (muster.supplement/1)."""
    supplement = _own(request, pk)
    text = _json(supplement.latest.data)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    name = slugify(supplement.name, allow_unicode=True) or "supplement"
    response["Content-Disposition"] = content_disposition_header(True, f"{name}.supplement.json")
    return response


def _json(data: dict[str, Any]) -> str:
    return json.dumps(dump_supplement(read_supplement(data)), indent=2, ensure_ascii=False) + "\n"


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@limited("import")
def supplement_import(request: HttpRequest) -> HttpResponse:
    """Import a supplement from an uploaded file or pasted text (256 kB at most)."""
    if request.method in ("GET", "HEAD"):  # HEAD: the page's headers, as GET's
        return render(request, "supplements/import.html", {})
    upload = request.FILES.get("file")
    pasted = request.POST.get("text", "")
    error = None
    document = None
    if _full(request):
        error = FULL
    elif upload is None and not pasted.strip():
        error = "Choose a file or paste a supplement."
    else:
        raw = upload.read(MAX_SUPPLEMENT_BYTES + 1) if upload is not None else pasted
        try:
            if _is_roster(raw):
                raise DocumentError(
                    "$.format", "this is a roster, not a supplement: import it on the rosters' Import page"
                )
            document = load_supplement(raw)
            _check(document.model_dump(mode="json"))
        except DocumentError as exc:
            error = f"Not imported: {path_words(exc.path)}: {exc.message} (at {exc.path})."
    if error or document is None:
        context = {"error": error, "text": pasted[:MAX_SUPPLEMENT_BYTES]}
        return render(request, "supplements/import.html", context, status=422)
    supplement = create_supplement(player(request), document)
    return redirect("supplement-edit", supplement.pk)


def _is_roster(raw: str | bytes) -> bool:
    """True for a roster document (muster.roster/1) given to the supplement import."""
    if len(raw) > MAX_SUPPLEMENT_BYTES:
        return False  # load_supplement says what is wrong with it
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") == "muster.roster/1"


@require_POST
@login_required
def supplement_share(request: HttpRequest, pk: int) -> HttpResponse:
    """Turn the read-only link on."""
    share_supplement(_own(request, pk))
    return redirect("supplement-edit", pk)


@require_POST
@login_required
def supplement_unshare(request: HttpRequest, pk: int) -> HttpResponse:
    """Revoke the read-only link: the old link answers 404 from now on."""
    unshare_supplement(_own(request, pk))
    return redirect("supplement-edit", pk)


@require_safe
def supplement_shared(request: HttpRequest, token: str) -> HttpResponse:
    """A shared supplement, read-only, at its latest version."""
    supplement = _shared(token)
    context = {"supplement": supplement, "latest": supplement.latest, "system": SYSTEMS[supplement.system]}
    return render(request, "supplements/shared.html", context)


@require_POST
@login_required
def supplement_copy(request: HttpRequest, token: str) -> HttpResponse:
    """Copy a shared supplement into the visitor's own (a new supplement, version 1)."""
    source = _shared(token)
    if _full(request):
        context = {
            "supplement": source,
            "latest": source.latest,
            "system": SYSTEMS[source.system],
            "error": FULL,
        }
        return render(request, "supplements/shared.html", context, status=422)
    document = read_supplement({**source.latest.data, "name": f"{source.name[:93]} (copy)"})
    mine = create_supplement(player(request), document, copied_from=source)
    return redirect("supplement-edit", mine.pk)


class RosterSupplementForm(forms.Form):
    """The supplement a roster uses: one of the owner's of the roster's system, or none."""

    supplement = forms.TypedChoiceField(coerce=int, empty_value=None, required=False, label="Supplement")

    def __init__(self, *args: Any, choices: list[Supplement], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["supplement"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", "none: the book's values only"), *((s.pk, s.name) for s in choices)]


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def roster_supplement(request: HttpRequest, pk: int) -> HttpResponse:
    """Choose the supplement a roster uses; it pins that supplement's latest version."""
    roster = get_roster_for_user(request, pk)
    choices = usable_supplements(player(request), roster.system)
    current = pinned_version(roster)
    if request.method == "POST":
        form = RosterSupplementForm(request.POST, choices=choices)
        if form.is_valid():
            chosen = next((s for s in choices if s.pk == form.cleaned_data["supplement"]), None)
            if chosen is None:
                pin_supplement(roster, None)
            elif current is None or current.supplement_id != chosen.pk:
                pin_supplement(roster, chosen.latest)
            return redirect("roster-edit", roster.pk)
        status = 422
    else:
        initial = {"supplement": current.supplement_id if current else ""}
        form = RosterSupplementForm(initial=initial, choices=choices)
        status = 200
    return render(request, "supplements/roster.html", _roster_context(roster, current, form), status=status)


def _roster_context(roster: Any, current: Any, form: RosterSupplementForm) -> dict[str, Any]:
    newer = None
    changes: list[str] = []
    if current is not None:
        latest = current.supplement.latest
        if latest.number > current.number:
            newer = latest
            changes = version_changes(current.data, latest.data)
    return {
        "roster": roster,
        "current": current,
        "form": form,
        "newer": newer,
        "changes": changes,
        "system": SYSTEMS[roster.system],
    }


@require_POST
@login_required
def roster_supplement_accept(request: HttpRequest, pk: int) -> HttpResponse:
    """Move the roster to the newest version of its supplement (after seeing what changed)."""
    roster = get_roster_for_user(request, pk)
    current = pinned_version(roster)
    if current is None:
        return redirect("roster-supplement", roster.pk)
    pin_supplement(roster, current.supplement.latest)
    return redirect("roster-edit", roster.pk)
