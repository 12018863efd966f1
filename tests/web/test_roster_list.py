"""My rosters: the empty state, create, examples, rename, duplicate, delete and undo."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from tests.ih import example


def test_the_empty_state_offers_the_examples(alice_client):
    page = alice_client.get(reverse("roster-list")).content.decode()
    assert "No rosters yet" in page
    assert "Northmen Raiding Party" in page
    assert "Lantern Adventuring Co." in page


def test_starting_from_an_example_copies_it(alice, alice_client):
    response = alice_client.post(reverse("roster-from-example", args=["iron-and-honor-ghrim-company"]))
    roster = Roster.objects.get(owner=alice)
    assert response["Location"] == reverse("roster-edit", args=[roster.pk])
    assert roster.summary == {
        "cost": 192,
        "limit": 200,
        "unit": "ExP",
        "legal": True,
        "models": 6,
        "errors": 0,
    }


def test_an_unknown_example_is_404(alice_client):
    assert alice_client.post(reverse("roster-from-example", args=["nope"])).status_code == 404


def test_the_list_shows_cost_limit_and_legality(roster, alice_client):
    page = alice_client.get(reverse("roster-list")).content.decode()
    assert "200 / 200 ExP" in page
    assert "Legal" in page
    assert "Iron &amp; Honor" in page


def test_creating_a_roster_with_a_game_size(alice, alice_client):
    response = alice_client.post(
        reverse("roster-new"), {"system": "iron-and-honor", "name": "My band", "game_size": "small"}
    )
    roster = Roster.objects.get(owner=alice)
    assert response.status_code == 302
    assert roster.document == {
        "format": "muster.roster/1",
        "system": "iron-and-honor",
        "name": "My band",
        "options": {"game_size": "small"},
        "models": [],
    }


def test_creating_with_bad_options_keeps_the_form(alice, alice_client):
    response = alice_client.post(
        reverse("roster-new"), {"system": "iron-and-honor", "name": "My band", "game_size": "huge"}
    )
    assert response.status_code == 422
    assert 'value="My band"' in response.content.decode()
    assert not Roster.objects.filter(owner=alice).exists()


def test_rename_from_the_list(roster, alice_client):
    alice_client.post(reverse("roster-rename", args=[roster.pk]), {"revision": 1, "name": "Wolves"})
    roster.refresh_from_db()
    assert roster.name == "Wolves"
    assert roster.document["name"] == "Wolves"


def test_rename_with_a_huge_name_is_refused(roster, alice_client):
    response = alice_client.post(
        reverse("roster-rename", args=[roster.pk]), {"revision": 1, "name": "w" * 10_000}, follow=True
    )
    assert "was not renamed" in response.content.decode()
    roster.refresh_from_db()
    assert roster.name == "Northmen Raiding Party"


def test_duplicate(roster, alice, alice_client):
    alice_client.post(reverse("roster-duplicate", args=[roster.pk]))
    copy = Roster.objects.exclude(pk=roster.pk).get(owner=alice)
    assert copy.name == "Northmen Raiding Party (copy)"
    assert copy.document["models"] == roster.document["models"]


def test_delete_can_be_undone(roster, alice_client):
    response = alice_client.post(reverse("roster-delete", args=[roster.pk]), follow=True)
    page = response.content.decode()
    assert "Deleted “Northmen Raiding Party”" in page
    assert reverse("roster-undelete", args=[roster.pk]) in page
    alice_client.post(reverse("roster-undelete", args=[roster.pk]))
    roster.refresh_from_db()
    assert roster.deleted is None


def test_a_stranger_cannot_undelete(roster, alice_client, bob_client):
    alice_client.post(reverse("roster-delete", args=[roster.pk]))
    assert bob_client.post(reverse("roster-undelete", args=[roster.pk])).status_code == 404


def test_the_list_says_when_each_roster_changed_in_words(alice, alice_client):
    fresh = create_roster(alice, example("iron-and-honor-ghrim-company"))
    old = create_roster(alice, example("iron-and-honor-northmen-raiding-party"))
    Roster.objects.filter(pk=old.pk).update(updated=timezone.now() - timedelta(hours=3))
    page = alice_client.get("/rosters/").content.decode()
    assert "changed 3\xa0hours ago" in page
    assert "0\xa0minutes" not in page and fresh.name in page
