"""Undo, redo and the history list step through saved revisions exactly."""

from django.urls import reverse

from roster.rosters.models import Roster
from tests.web.cast import HX, post_model


def edit(client, roster, index, **changes):
    response = post_model(client, roster, index, fresh=True, **changes)
    assert response.status_code == 200, response.content[:300]


def post(client, name, roster, **kwargs):
    roster = Roster.objects.get(pk=roster.pk)
    return client.post(reverse(name, kwargs={"pk": roster.pk, **kwargs}), {"revision": roster.revision}, **HX)


def test_undo_three_times_returns_exactly_to_the_record(roster, alice_client):
    record = Roster.objects.get(pk=roster.pk)
    edit(alice_client, roster, 6, trait=["ranger", "veteran", "tough"])
    edit(alice_client, roster, 0, skill=["2H Edged", ""], label=["Great axe", ""])
    edit(alice_client, roster, 6, trait=["ranger", "veteran", "tough", "swift"])
    changed = Roster.objects.get(pk=roster.pk)
    assert changed.summary["cost"] == 200 + 4 + 2 + 4
    for _ in range(3):
        assert post(alice_client, "roster-undo", roster).status_code == 200
    after = Roster.objects.get(pk=roster.pk)
    assert after.document == record.document
    assert after.summary == record.summary
    assert after.summary["cost"] == 200


def test_redo_steps_forward_again(roster, alice_client):
    edit(alice_client, roster, 6, trait=["ranger", "veteran", "tough"])
    edited = Roster.objects.get(pk=roster.pk).document
    post(alice_client, "roster-undo", roster)
    post(alice_client, "roster-redo", roster)
    assert Roster.objects.get(pk=roster.pk).document == edited


def test_a_new_edit_after_undo_drops_the_redo(roster, alice_client):
    edit(alice_client, roster, 6, trait=["ranger", "veteran", "tough"])
    post(alice_client, "roster-undo", roster)
    edit(alice_client, roster, 6, name="Frokn the Old")
    fresh = Roster.objects.get(pk=roster.pk)
    assert not fresh.can_redo
    assert fresh.revisions.count() == 2


def test_nothing_to_undo_is_said_not_failed(roster, alice_client):
    response = post(alice_client, "roster-undo", roster)
    assert response.status_code == 200
    assert "Nothing to undo" in response.content.decode()


def test_the_history_lists_every_change_and_restores_one(roster, alice_client):
    edit(alice_client, roster, 6, trait=["ranger", "veteran", "tough"])
    edit(alice_client, roster, 6, name="Frokn the Old")
    page = alice_client.get(reverse("roster-history", args=[roster.pk])).content.decode()
    assert "Frokn: added trait Tough" in page
    assert "Frokn: renamed to Frokn the Old" in page
    response = post(alice_client, "roster-restore", roster, number=1)
    assert response.status_code == 200
    fresh = Roster.objects.get(pk=roster.pk)
    assert fresh.document == Roster.objects.get(pk=roster.pk).revisions.get(number=1).document
    assert fresh.revision == 4
    assert fresh.revisions.get(number=4).action == "Restored revision 1"


def test_undo_with_a_stale_revision_is_a_conflict(roster, alice_client):
    stale = roster.revision
    edit(alice_client, roster, 6, trait=["ranger", "veteran", "tough"])
    response = alice_client.post(reverse("roster-undo", args=[roster.pk]), {"revision": stale}, **HX)
    assert response.status_code == 409
    assert Roster.objects.get(pk=roster.pk).revision == 2


def test_restoring_an_undone_revision_redoes_up_to_it(roster, alice_client):
    for name in ("One", "Two", "Three", "Four"):
        edit(alice_client, roster, 6, name=f"Frokn {name}")
    for _ in range(3):
        post(alice_client, "roster-undo", roster)
    page = alice_client.get(reverse("roster-history", args=[roster.pk])).content.decode()
    assert page.count("(undone)") == 3 and "Redo to here" in page
    fresh = Roster.objects.get(pk=roster.pk)
    alice_client.post(reverse("roster-restore", args=[roster.pk, 3]), {"revision": fresh.revision})
    fresh = Roster.objects.get(pk=roster.pk)
    assert (fresh.revision, fresh.head) == (3, 5)  # nothing dropped: 4 and 5 stay undone
    assert fresh.document["models"][6]["name"] == "Frokn Two"
    assert list(fresh.revisions.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    assert fresh.can_redo
