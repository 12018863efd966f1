"""Response headers: private responses are never stored, shared pages never by shared
caches, and every page carries a strict Content-Security-Policy."""

import pytest
from django.urls import reverse

from roster.rosters.models import ShareLink
from roster.rosters.operations import create_roster
from tests.ih import example


@pytest.fixture
def link(roster):
    return ShareLink.objects.create(roster=roster)


def cache_control(response):
    return {part.strip() for part in response["Cache-Control"].split(",")}


def test_private_responses_are_not_stored(roster, alice_client):
    urls = [
        reverse("roster-list"),
        reverse("roster-edit", args=[roster.pk]),
        reverse("roster-history", args=[roster.pk]),
        reverse("roster-export-json", args=[roster.pk]),
        reverse("roster-export-text", args=[roster.pk]),
        reverse("roster-sheet", args=[roster.pk]),
        reverse("roster-import"),
        reverse("roster-new"),
    ]
    for url in urls:
        response = alice_client.get(url)
        assert response.status_code == 200, url
        assert {"private", "no-store"} <= cache_control(response), url
    partial = alice_client.post(
        reverse("roster-options", args=[roster.pk]),
        {"revision": roster.revision, "game_size": "large"},
        HTTP_HX_REQUEST="true",
    )
    assert {"private", "no-store"} <= cache_control(partial)


def test_the_shared_page_and_sheet_are_private_and_revalidated(link, anon_client):
    for url in (reverse("shared", args=[link.token]), reverse("shared-sheet", args=[link.token])):
        response = anon_client.get(url)
        assert response.status_code == 200
        assert {"private", "no-cache"} <= cache_control(response), url
        assert "public" not in response["Cache-Control"]


def test_a_revoked_link_answers_404_that_is_not_stored(link, roster, alice_client, anon_client):
    alice_client.post(reverse("roster-share-revoke", args=[roster.pk]))
    for url in (reverse("shared", args=[link.token]), reverse("shared-sheet", args=[link.token])):
        response = anon_client.get(url)
        assert response.status_code == 404
        assert {"private", "no-store"} <= cache_control(response)


def test_every_page_has_a_strict_content_security_policy(alice, alice_client, anon_client):
    roster = create_roster(alice, example("iron-and-honor-ghrim-company"))
    for client, url in [
        (anon_client, reverse("home")),
        (anon_client, reverse("login")),
        (alice_client, reverse("roster-edit", args=[roster.pk])),
    ]:
        policy = client.get(url)["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
        assert directives["default-src"] == "'self'"
        assert directives["script-src"] == "'self'"
        assert directives["style-src"] == "'self'"
        assert directives["frame-ancestors"] == "'none'"
        assert "unsafe" not in policy


def test_favicon_ico_leads_to_the_icon(db, client):
    """Browsers ask for /favicon.ico by themselves (a PDF opened in a tab does)."""
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"].startswith("/static/favicon") and response["Location"].endswith(".svg")
    icon = client.get(response["Location"])
    assert icon.status_code == 200
    assert b"<svg" in b"".join(icon.streaming_content)
    icon.close()
