"""Tiny Skirmish's own option, the terrain (no book's game has one), and its own words
reach the shared pages through its plug-in alone (issue 37, docs/new-system.md): the
editor's options, the new-event form (shown, stored, said back), the supplement page."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from roster.events.models import Event
from roster.rosters.operations import create_roster, load_system
from roster.supplements.changes import version_changes
from roster.supplements.models import Supplement
from tests.systems.tiny.rules import SYSTEM as TINY
from tests.web.play_fake import FakeRules


@pytest.fixture
def client(tiny: None, db: Any, monkeypatch: pytest.MonkeyPatch) -> Client:
    """A player, with Tiny Skirmish registered, its rules data loaded, and rules of play
    (tests/web/play_fake.py): an event is only of a game played at the table."""
    monkeypatch.setattr(TINY, "play", FakeRules())
    load_system("tiny")
    client = Client()
    client.force_login(User.objects.create_user("tinkerer", password="tinkerer-secret-pw-123"))
    return client


def test_its_terrain_is_a_roster_option_in_the_editor(client: Client) -> None:
    owner = User.objects.get()
    document = {"format": "muster.roster/1", "system": "tiny", "name": "Pocket army", "models": []}
    roster = create_roster(owner, {**document, "options": {"points_limit": 10, "terrain": "ruins"}})
    page = client.get(reverse("roster-edit", args=[roster.pk])).content.decode()
    assert 'name="terrain"' in page and '<option value="ruins" selected>Ruins</option>' in page


def test_an_event_of_tiny_skirmish_asks_for_its_terrain_and_keeps_it(client: Client) -> None:
    page = client.get(reverse("event-new")).content.decode()
    assert 'id="limits-tiny"' in page and "<legend>Tiny Skirmish</legend>" in page
    assert '<select name="tiny-terrain" id="id_tiny-terrain">' in page
    form = {"name": "Pocket Cup", "system": "tiny", "kind": "tournament", "rounds": "3"}
    # Its schema checks its limits: a terrain it does not know is refused.
    answer = client.post(reverse("event-new"), {**form, "tiny-points_limit": "12", "tiny-terrain": "swamp"})
    assert answer.status_code == 422 and not Event.objects.exists()
    answer = client.post(reverse("event-new"), {**form, "tiny-points_limit": "12", "tiny-terrain": "ruins"})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    event = Event.objects.get()
    assert (event.system, event.options) == ("tiny", {"points_limit": 12, "terrain": "ruins"})
    page = client.get(reverse("event-page", args=[event.pk])).content.decode()
    assert "lists: points limit 12, terrain ruins" in page


def test_its_supplement_page_speaks_of_its_kinds_of_fighter(client: Client) -> None:
    client.post(reverse("supplement-new"), {"system": "tiny", "name": "House kinds"})
    supplement = Supplement.objects.get()
    url = reverse("supplement-edit", args=[supplement.pk])
    page = client.get(url).content.decode()
    assert "Add a homebrew kind of fighter" in page and ">At home on<" in page
    assert '<option value="ruins">Ruins</option>' in page
    fields = {"h__kinds__name": "Sapper", "h__kinds__points": "4", "h__kinds__terrain": "ruins"}
    answer = client.post(url, {"name": "House kinds", **fields})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    supplement.refresh_from_db()
    kinds = supplement.latest.data["homebrew"]["kinds"]
    assert kinds == [{"slug": "sapper", "name": "Sapper", "points": 4, "terrain": "ruins"}]
    first, second = supplement.versions.order_by("number")
    assert version_changes(first.data, second.data) == ["homebrew kind of fighter Sapper added"]
