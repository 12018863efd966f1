"""A stored document that no longer parses (old data, a future bug) never takes a page
down with it (issue 22): the roster list, the account's zip and page, and the history
work; the editor, the shared page, the sheets and the text export show the roster as
damaged, with History and the export offered; History → Restore mends it."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.urls import reverse

from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import save_revision

pytestmark = pytest.mark.django_db


@pytest.fixture
def damaged(roster):
    """Alice's Northmen with a second revision whose stored document cannot be read:
    a name past its limit and a model without its keys, written past the schema."""
    good = roster.document
    bad = {**good, "name": "N" * 300, "models": [{"bogus": 1}, *good["models"][1:]]}
    save_revision(roster, {**good, "name": "Northmen, renamed"}, "Renamed", roster.revision)
    Roster.objects.filter(pk=roster.pk).update(document=bad)
    roster.revisions.filter(number=2).update(document=bad)
    roster.refresh_from_db()
    return roster


def test_pages_that_list_or_collect_rosters_still_answer(damaged, alice_client):
    for url in (reverse("roster-list"), reverse("account"), reverse("roster-history", args=[damaged.pk])):
        assert alice_client.get(url).status_code == 200, url
    zipped = alice_client.get(reverse("account-rosters-zip"))
    assert zipped.status_code == 200
    with zipfile.ZipFile(io.BytesIO(zipped.getvalue())) as archive:
        (member,) = archive.namelist()
        assert json.loads(archive.read(member))["models"][0] == {"bogus": 1}  # as stored


def test_the_export_gives_the_document_as_stored(damaged, alice_client):
    response = alice_client.get(reverse("roster-export-json", args=[damaged.pk]))
    assert response.status_code == 200
    assert json.loads(response.content) == damaged.document


@pytest.mark.parametrize(
    "url",
    ["roster-edit", "roster-export-text", "roster-sheet", "model-open"],
)
def test_the_owner_sees_it_damaged_with_history_and_export(damaged, alice_client, url):
    args = [damaged.pk, 0] if url == "model-open" else [damaged.pk]
    response = alice_client.get(reverse(url, args=args))
    assert response.status_code == 409
    page = response.content.decode()
    assert "Northmen, renamed is damaged" in page and "$.name" in page
    assert reverse("roster-history", args=[damaged.pk]) in page
    assert reverse("roster-export-json", args=[damaged.pk]) in page


def test_an_edit_to_a_damaged_roster_sends_htmx_to_the_damaged_page(damaged, alice_client):
    response = alice_client.post(
        reverse("model-add", args=[damaged.pk]), {"revision": damaged.revision}, HTTP_HX_REQUEST="true"
    )
    assert response["HX-Redirect"] == reverse("roster-edit", args=[damaged.pk])
    plain = alice_client.post(reverse("roster-undo", args=[damaged.pk]), {"revision": damaged.revision})
    assert plain.status_code in (302, 409)


def test_a_link_holder_is_told_it_cannot_be_shown(damaged, anon_client):
    link = ShareLink.objects.create(roster=damaged)
    for name in ("shared", "shared-sheet"):
        response = anon_client.get(reverse(name, args=[link.token]))
        assert response.status_code == 409
        page = response.content.decode()
        assert "cannot be shown right now" in page
        assert reverse("roster-history", args=[damaged.pk]) not in page


def test_history_restore_mends_it(damaged, alice_client):
    response = alice_client.post(
        reverse("roster-restore", args=[damaged.pk, 1]), {"revision": damaged.revision}
    )
    assert response.status_code == 302
    assert alice_client.get(reverse("roster-edit", args=[damaged.pk])).status_code == 200
