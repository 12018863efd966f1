"""The account page: email and password links, all my rosters as one zip, and deleting
the account (docs/accounts.md). Also the Import page's zip branch."""

from __future__ import annotations

import tempfile
import threading

from allauth.account.models import EmailAddress
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.files.uploadedfile import UploadedFile
from django.db.models import QuerySet
from django.http import FileResponse, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from roster.accounts.archive import ArchiveError, read_archive_upload, write_archive
from roster.accounts.forms import DeleteAccountForm
from roster.accounts.operations import delete_account
from roster.core.http import player
from roster.core.limits import limited
from roster.games.seats import forget_seats
from roster.rosters.catalogue import catalogue_and_digest
from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import MAX_ROSTERS_PER_USER, TooManyRosters, import_rosters
from roster.supplements.models import Supplement


def _active_rosters(user: User) -> QuerySet[Roster]:
    return Roster.objects.filter(owner=user, deleted__isnull=True).order_by("pk")


@require_safe
@never_cache
@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The account page: username, email addresses, and what can be done with them."""
    user = player(request)
    emails = EmailAddress.objects.filter(user=user).order_by("-primary", "email")
    count = _active_rosters(user).count()
    return render(request, "account/home.html", {"emails": emails, "roster_count": count})


SPOOL_BYTES = 1024 * 1024  # the account's zip up to this size is answered from memory


@require_safe
@never_cache
@login_required
@limited("zip", method="GET")
def rosters_zip(request: HttpRequest) -> HttpResponseBase:
    """Every roster of the player (not the deleted ones) as one zip of JSON files,
    ``muster-rosters-<username>-<date>.zip``, with their games under ``games/`` and their
    events under ``events/``; the Import page reads its rosters whole."""
    from roster.events.transfer import archived_events
    from roster.games.transfer import archived_games

    user = player(request)
    # Written to a temporary file (in memory up to SPOOL_BYTES), one roster or game in
    # memory at a time however many the account keeps; a larger zip is streamed from disk.
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115  # closed below or by FileResponse
    write_archive(spool, _active_rosters(user).iterator(), archived_games(user), archived_events(user))
    size = spool.tell()
    spool.seek(0)
    filename = f"muster-rosters-{request.user.get_username()}-{timezone.now():%Y-%m-%d}.zip"
    if size > SPOOL_BYTES:
        return FileResponse(spool, as_attachment=True, filename=filename, content_type="application/zip")
    with spool:
        response = HttpResponse(spool.read(), content_type="application/zip")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
@login_required
@limited("login")  # the password is checked here too: the same limit as guessing it at log-in
def account_delete(request: HttpRequest) -> HttpResponse:
    """Delete the account with every roster (its history and share links) and every
    supplement, after the password is given. GET shows what goes; a wrong password
    changes nothing (422)."""
    user = player(request)
    form = DeleteAccountForm(user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        delete_account(user)  # rosters, revisions, share links and email addresses cascade
        logout(request)
        messages.success(request, "Your account and its rosters are deleted.")
        return forget_seats(request, redirect("home"))
    rosters = Roster.objects.filter(owner=user).count()
    links = ShareLink.objects.filter(roster__owner=user, revoked__isnull=True).count()
    supplements = Supplement.objects.filter(owner=user).count()
    context = {"form": form, "roster_count": rosters, "link_count": links, "supplement_count": supplements}
    return render(request, "account/delete.html", context, status=422 if form.errors else 200)


#: One zip import at a time per process (issue 29: background work yields to people):
#: a second one meanwhile is asked to try again in a few seconds (503), so imports can
#: take at most one of a worker's threads while players' taps take the others.
_IMPORTING = threading.BoundedSemaphore(1)
BUSY_SECONDS = 5


def import_zip(request: HttpRequest, upload: UploadedFile[bytes]) -> HttpResponse:
    """The Import page's answer to an uploaded zip (the account page's download): every
    roster in it imported, or none, with the reason at the form (422); 503 with
    Retry-After while another zip is being imported in this process."""
    if not _IMPORTING.acquire(blocking=False):
        error = f"Not imported: another zip is being imported here. Try again in {BUSY_SECONDS} seconds."
        response = render(request, "roster/import.html", {"error": error}, status=503)
        response["Retry-After"] = str(BUSY_SECONDS)
        return response
    try:
        return _import_zip(request, upload)
    finally:
        _IMPORTING.release()


def _import_zip(request: HttpRequest, upload: UploadedFile[bytes]) -> HttpResponse:
    try:
        documents = read_archive_upload(upload, catalogue_and_digest)
        held = _active_rosters(player(request)).count()
        if held + len(documents) > MAX_ROSTERS_PER_USER:
            raise ArchiveError(
                f"The zip holds {len(documents)} rosters and you have {held}; "
                f"Muster keeps at most {MAX_ROSTERS_PER_USER}."
            )
    except ArchiveError as exc:
        return render(request, "roster/import.html", {"error": f"Not imported: {exc.message}"}, status=422)
    # All or nothing, one short transaction per roster (operations.import_rosters).
    try:
        import_rosters(player(request), documents)
    except TooManyRosters as exc:  # another tab filled the list meanwhile: nothing imported
        return render(request, "roster/import.html", {"error": f"Not imported: {exc.message}"}, status=422)
    count = len(documents)
    messages.success(request, f"Imported {count} roster{'s' if count != 1 else ''}.")
    return redirect("roster-list")
