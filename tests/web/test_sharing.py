"""Share links: read-only page and PDF for anyone with the link; revocable; never an edit key."""

import re

import pytest
from django.urls import reverse

from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import save_revision
from tests.web import pdf as pdfs
from tests.web.test_access import GET_URLS, POST_URLS, url


@pytest.fixture
def link(roster, alice_client):
    alice_client.post(reverse("roster-share", args=[roster.pk]))
    return ShareLink.objects.get(roster=roster)


def test_the_token_is_random_and_long(link, roster, alice_client):
    assert len(link.token) >= 22  # at least 128 bits of URL-safe base64
    alice_client.post(reverse("roster-share-revoke", args=[roster.pk]))
    alice_client.post(reverse("roster-share", args=[roster.pk]))
    tokens = set(ShareLink.objects.filter(roster=roster).values_list("token", flat=True))
    assert len(tokens) == 2


def test_the_editor_shows_the_link(link, roster, alice_client):
    page = alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    assert f"/s/{link.token}/" in page
    assert "Stop sharing" in page


def test_anyone_with_the_link_sees_the_roster_read_only(link, anon_client):
    response = anon_client.get(reverse("shared", args=[link.token]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Northmen Raiding Party" in page
    assert 'id="total-cost">200<' in page
    assert '<meta property="og:title" content="Northmen Raiding Party">' in page
    assert re.search(
        r'og:description" content="Iron &amp; Honor warband: 200 / 200 ExP, 7 models, legal\.', page
    )
    assert 'name="trait"' not in page


def test_the_shared_sheet_is_a_pdf_with_a_qr_code(link, anon_client):
    response = anon_client.get(reverse("shared-sheet", args=[link.token]))
    assert response["Content-Type"] == "application/pdf"
    text = pdfs.text(response.content)
    assert "Raensleyar" in text
    assert "Scan for the shared roster" in text


def test_a_revoked_link_is_404(link, roster, alice_client, anon_client):
    alice_client.post(reverse("roster-share-revoke", args=[roster.pk]))
    assert anon_client.get(reverse("shared", args=[link.token])).status_code == 404
    assert anon_client.get(reverse("shared-sheet", args=[link.token])).status_code == 404


def test_stop_sharing_can_be_undone_with_the_same_link(link, roster, alice_client, anon_client):
    page = alice_client.post(reverse("roster-share-revoke", args=[roster.pk]), follow=True).content.decode()
    assert "Sharing stopped" in page and "Undo: share the same link again" in page
    assert anon_client.get(reverse("shared", args=[link.token])).status_code == 404
    alice_client.post(reverse("roster-share-restore", args=[roster.pk]))
    assert anon_client.get(reverse("shared", args=[link.token])).status_code == 200  # the same address
    assert ShareLink.objects.filter(roster=roster, revoked__isnull=True).count() == 1


def test_stop_sharing_cannot_be_undone_after_ten_minutes(link, roster, alice_client, anon_client):
    from datetime import timedelta

    from django.utils import timezone

    alice_client.post(reverse("roster-share-revoke", args=[roster.pk]))
    ShareLink.objects.filter(pk=link.pk).update(revoked=timezone.now() - timedelta(minutes=11))
    assert (
        "Undo: share the same link"
        not in alice_client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    )
    alice_client.post(reverse("roster-share-restore", args=[roster.pk]))
    assert anon_client.get(reverse("shared", args=[link.token])).status_code == 404


def test_an_unknown_token_is_404(anon_client, db):
    assert anon_client.get(reverse("shared", args=["x" * 32])).status_code == 404


def test_a_logged_in_visitor_can_copy_it(link, bob, bob_client):
    response = bob_client.post(reverse("shared-copy", args=[link.token]))
    copy = Roster.objects.get(owner=bob)
    assert response["Location"] == reverse("roster-edit", args=[copy.pk])
    assert copy.name == "Northmen Raiding Party (copy)"


def test_copying_needs_a_login(link, anon_client):
    assert anon_client.post(reverse("shared-copy", args=[link.token])).status_code == 302


@pytest.mark.parametrize("name", GET_URLS)
def test_a_token_holder_cannot_open_editing_pages(name, link, roster, anon_client):
    anon_client.get(reverse("shared", args=[link.token]))
    assert anon_client.get(url(name, roster, {})).status_code == 302
    assert anon_client.get(url(name, roster, {}) + f"?token={link.token}").status_code == 302


@pytest.mark.parametrize(("name", "extra", "data"), POST_URLS)
def test_a_token_holder_cannot_edit(name, extra, data, link, roster, anon_client):
    before = Roster.objects.get(pk=roster.pk).document
    response = anon_client.post(url(name, roster, extra), {"revision": 1, "token": link.token, **data})
    assert response.status_code == 302
    assert Roster.objects.get(pk=roster.pk).document == before


def test_share_paths_do_not_reach_the_editor(link, anon_client):
    for suffix in ("models/0/", "undo/", "options/", "history/"):
        assert anon_client.post(f"/s/{link.token}/{suffix}").status_code == 404


def test_hostile_names_are_inert_on_the_shared_page(link, roster, anon_client):
    document = Roster.objects.get(pk=roster.pk).document
    document["models"][0]["name"] = "<script>alert(1)</script>"
    document["models"][1]["name"] = "<img src=http://127.0.0.1:9/x>"
    save_revision(roster, document, "hostile", roster.revision)
    page = anon_client.get(reverse("shared", args=[link.token])).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<img src=http://127.0.0.1:9/x>" not in page
    assert "&lt;img src=http://127.0.0.1:9/x&gt;" in page


def test_the_sharing_operations_write_only_what_changes(link, roster, alice):
    from roster.rosters.operations import create_roster, restore_sharing, share_roster, stop_sharing

    assert share_roster(roster) is None  # it has a live link: no second one
    assert stop_sharing(roster) == 1 and stop_sharing(roster) == 0
    other = create_roster(alice, roster.document)
    assert not restore_sharing(other, link)  # another roster's link stays revoked
    fresh = share_roster(roster)
    assert fresh is not None and not restore_sharing(roster, link)  # a live link already
    assert list(ShareLink.objects.filter(roster=roster, revoked__isnull=True)) == [fresh]
