"""Abuse limits: the 429 page with Retry-After, one log line per refusal, and the roster
cap on every path that makes a roster."""

import json
import logging

import pytest
from django.urls import reverse

from roster.core.limits import window_seconds
from roster.rosters.models import Roster, ShareLink
from roster.rosters.operations import MAX_ROSTERS_PER_USER, TooManyRosters, create_roster
from tests.ih import example
from tests.web.cast import make_user


@pytest.fixture
def low_import_rate(settings):
    settings.MUSTER_RATES = {**settings.MUSTER_RATES, "import": "2/h", "sheet": "2/m"}


def test_over_the_limit_a_player_gets_the_429_page_with_retry_after(low_import_rate, alice_client, caplog):
    url = reverse("roster-import")
    for _ in range(2):
        assert alice_client.post(url, {"text": "{}"}).status_code == 422
    with caplog.at_level(logging.WARNING):
        response = alice_client.post(url, {"text": "{}"})
    assert response.status_code == 429
    assert response["Retry-After"] == "3600"
    assert "Slow down a little" in response.content.decode()
    assert "an hour" in response.content.decode()
    records = caplog.records
    refusals = [r for r in records if "rate limit" in r.getMessage() or getattr(r, "status_code", 0) == 429]
    assert len(refusals) == 1, [r.getMessage() for r in caplog.records]
    assert refusals[0].exc_info is None
    assert "rate limit import (2/h) refused POST /rosters/import/" in refusals[0].getMessage()


def test_the_shared_sheet_is_limited_per_visitor(low_import_rate, alice, anon_client):
    roster = create_roster(alice, example("iron-and-honor-ghrim-company"))
    link = ShareLink.objects.create(roster=roster)
    url = reverse("shared-sheet", args=[link.token])
    assert [anon_client.get(url).status_code for _ in range(3)] == [200, 200, 429]
    assert anon_client.get(url)["Retry-After"] == "60"


@pytest.mark.parametrize(("rate", "seconds"), [("10/m", 60), ("5/h", 3600), ("3/10m", 600), ("1/d", 86400)])
def test_window_seconds(rate, seconds):
    assert window_seconds(rate) == seconds


@pytest.fixture
def full(alice, settings):
    """Alice keeps the most rosters Muster allows (created directly, quickly)."""
    document = example("beestwars-clovis-300")
    first = create_roster(alice, document)
    Roster.objects.bulk_create(
        [
            Roster(owner=alice, system=first.system, name=first.name, document=first.document)
            for _ in range(MAX_ROSTERS_PER_USER - 1)
        ]
    )
    return first


def test_the_cap_holds_in_roster_create(full, alice):
    with pytest.raises(TooManyRosters):
        create_roster(alice, example("beestwars-clovis-300"))


def test_a_deleted_roster_frees_a_place(full, alice):
    Roster.objects.filter(pk=full.pk).update(deleted="2026-01-01T00:00:00Z")
    assert create_roster(alice, example("beestwars-clovis-300")).pk


def test_every_path_that_makes_a_roster_respects_the_cap(full, alice, alice_client):
    bob = make_user("bob")
    shared = create_roster(bob, example("iron-and-honor-ghrim-company"))
    link = ShareLink.objects.create(roster=shared)
    posts = [
        (reverse("roster-new"), {"system": "beestwars", "name": "One more", "points_limit": "300"}),
        (reverse("roster-from-example", args=["beestwars-clovis-300"]), {}),
        (reverse("roster-duplicate", args=[full.pk]), {}),
        (reverse("roster-import"), {"text": json.dumps(example("beestwars-clovis-300"))}),
        (reverse("shared-copy", args=[link.token]), {}),
    ]
    for url, data in posts:
        response = alice_client.post(url, data, follow=True)
        assert "the most Muster keeps for one player" in response.content.decode(), url
        assert Roster.objects.filter(owner=alice).count() == MAX_ROSTERS_PER_USER, url
