"""The organiser's event page reads each list's check from the cache (issue 37): kept
under the list as submitted, the rules data digest and the supplement kept with it, so a
page evaluates only the lists submitted since it was last drawn, and every one once the
rules data changed; the event's limits are checked at each drawing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from roster.events import operations
from roster.events.models import Entry, Event
from roster.rosters.models import RuleSet
from roster.rosters.operations import save_revision
from tests.evaluations import count_evaluations
from tests.events.test_events_supplement import pinned_player
from tests.events.test_events_web import NORTHMEN, new_event, player_with_list
from tests.ih import example
from tests.web.cast import client_for, make_user


def listed(name, **options):
    """A player with a Northmen list of their own name (each list a different one)."""
    document = example(NORTHMEN)
    document["name"] = f"Raiders of {name}"
    document["options"] = document["options"] | options
    return player_with_list(name, document)


def page(client, event):
    response = client.get(reverse("event-page", args=[event.pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def organiser(db):
    return client_for(make_user("olga"))


def test_a_page_evaluates_only_the_lists_submitted_since_it_was_drawn(organiser, monkeypatch):
    event = new_event(organiser)
    players = [listed(f"p{i}") for i in range(32)]
    for user, roster in players:
        operations.submit(event, user, roster)
    evaluations = count_evaluations(monkeypatch)
    page(organiser, event)
    assert len(evaluations) == 32
    evaluations.clear()
    page(organiser, event)
    assert evaluations == []
    # One player changes their list and submits it again: that list alone is evaluated.
    user, roster = players[5]
    save_revision(roster, {**roster.document, "name": "Raiders renamed"}, "Renamed", roster.revision)
    operations.submit(event, user, roster)
    evaluations.clear()
    page(organiser, event)
    assert len(evaluations) == 1
    # The player's own page reads theirs from the same cache.
    evaluations.clear()
    page(client_for(user), event)
    assert evaluations == []


def test_a_change_of_the_rules_data_checks_every_list_again(organiser, monkeypatch):
    event = new_event(organiser)
    for name in ("pat", "quinn", "ray"):
        operations.submit(event, *listed(name))
    page(organiser, event)
    RuleSet.objects.filter(system="iron-and-honor").update(digest="0" * 64)
    evaluations = count_evaluations(monkeypatch)
    page(organiser, event)
    assert len(evaluations) == 3


def test_the_events_limits_are_checked_at_each_drawing(organiser, monkeypatch):
    event = new_event(organiser)
    operations.submit(event, *listed("pat", game_size="small"))
    assert "The event plays game size medium; this list has small." in page(organiser, event)
    Event.objects.filter(pk=event.pk).update(options={"game_size": "small"})
    evaluations = count_evaluations(monkeypatch)
    html = page(organiser, event)
    assert "this list has small" not in html
    assert evaluations == []


def test_a_check_from_the_cache_is_the_lists_own_with_its_supplement(db, monkeypatch):
    event = new_event(
        client_for(make_user("olga")), system="brutality", game_size="", mode="moderate", points_limit="3"
    )
    ann, roster, _ = pinned_player("ann")
    operations.submit(event, ann, roster)
    bob, theirs = player_with_list("bob", {**roster.document})  # the same list, without the supplement
    operations.submit(event, bob, theirs)
    entries = list(event.entries.order_by("pk"))
    assert entries[0].document == entries[1].document and entries[1].supplement is None
    expected = {
        e.pk: operations.check_list(event, e.document, supplement=e.supplement).problems for e in entries
    }
    evaluations = count_evaluations(monkeypatch)
    assert operations.entries_problems(event, entries) == expected
    assert len(evaluations) == 2  # one list, checked with its supplement and without
    assert operations.entries_problems(event, entries) == expected  # from the cache
    assert len(evaluations) == 2


def test_a_list_that_no_longer_reads_says_where(organiser):
    event = new_event(organiser)
    operations.submit(event, *listed("pat"))
    Entry.objects.update(document={**Entry.objects.get().document, "models": "none"})
    entry = Entry.objects.get()
    for _ in range(2):
        (problems,) = operations.entries_problems(event, [entry]).values()
        assert len(problems) == 1 and problems[0].startswith("$.models")
