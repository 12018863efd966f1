"""Export a roster as JSON or plain text; import one by upload or paste."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_safe

from roster.core.limits import limited
from roster.rosters.catalogue import catalogue_and_digest
from roster.rosters.evaluation import evaluate_roster
from roster.rosters.hooks import archive_importer
from roster.rosters.operations import TooManyRosters, create_roster, pin_supplement
from roster.rosters.transfer import export_json, export_text, import_export
from roster.rosters.views.common import get_roster_and_rules
from roster.supplements.operations import adopt
from rules.document import MAX_DOCUMENT_BYTES, DocumentError, path_words


def _download(content: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


@require_safe
@login_required
def export_roster_json(request: HttpRequest, pk: int) -> HttpResponse:
    """The roster document as a .json download."""
    roster, rules = get_roster_and_rules(request, pk)
    name = slugify(roster.name, allow_unicode=True) or "roster"
    text = export_json(roster.document, rules.supplement)
    return _download(text, "application/json; charset=utf-8", f"{name}.json")


@require_safe
@login_required
def export_roster_text(request: HttpRequest, pk: int) -> HttpResponse:
    """The roster as plain text for forums and chat."""
    roster, rules = get_roster_and_rules(request, pk)
    text = export_text(evaluate_roster(roster, rules=rules))
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@limited("import")
def import_roster(request: HttpRequest) -> HttpResponse:
    """Import a roster document from an uploaded file or pasted text (1 MB at most)."""
    if request.method in ("GET", "HEAD"):  # HEAD: the page's headers, as GET's
        return render(request, "roster/import.html", {})
    upload = request.FILES.get("file")
    importer = archive_importer(upload) if upload is not None else None
    if importer is not None:  # all my rosters, from the account page (roster.accounts)
        return importer(request, upload)
    pasted = request.POST.get("text", "")
    error = None
    if upload is not None and upload.size and upload.size > MAX_DOCUMENT_BYTES:
        error = f"The file is {upload.size:,} bytes; the limit is {MAX_DOCUMENT_BYTES:,}."
    elif upload is None and not pasted.strip():
        error = "Choose a file or paste a roster."
    else:
        raw = upload.read(MAX_DOCUMENT_BYTES + 1) if upload is not None else pasted
        try:
            document, supplement = import_export(raw, catalogue_and_digest)
        except DocumentError as exc:
            error = f"Not imported: {path_words(exc.path)}: {exc.message} (at {exc.path})."
    if not error:
        try:
            roster = create_roster(request.user, document, action="Imported")
        except TooManyRosters as exc:
            error = exc.message
        else:
            if supplement is not None:  # the export carried its supplement: the same numbers here
                pin_supplement(roster, adopt(request.user, supplement))
            return redirect("roster-edit", roster.pk)
    return render(
        request, "roster/import.html", {"error": error, "text": pasted[:MAX_DOCUMENT_BYTES]}, status=422
    )
