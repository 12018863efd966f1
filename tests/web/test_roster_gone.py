"""A roster deleted while an edit is on its way (another tab deletes it, an administrator
removes the row): the edit answers as for any missing roster, the 404 page or, to htmx,
a move to the roster list with a message; never a 500 (Roster.DoesNotExist)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from roster.rosters import operations
from roster.rosters.models import Roster
from roster.rosters.operations import RosterGone
from tests.web.cast import HX, post_model

real_evaluate = operations.evaluate_roster


@pytest.fixture(params=["row removed", "deleted in another tab"])
def deleted_in_flight(request, monkeypatch):
    """Delete the roster between the request's read and its write: the hard way (an
    administrator, the row is gone) or as the roster list's Delete does (marked deleted)."""

    def evaluate_then_delete(roster, *args, **kwargs):
        evaluation = real_evaluate(roster, *args, **kwargs)
        if request.param == "row removed":
            Roster.objects.filter(pk=roster.pk).delete()
        else:
            operations.delete_roster(roster)
        return evaluation

    monkeypatch.setattr(operations, "evaluate_roster", evaluate_then_delete)
    return request.param


def test_a_model_save_to_a_roster_deleted_meanwhile_is_a_404_page(roster, alice_client, deleted_in_flight):
    response = post_model(alice_client, roster, 0, hx=False, name="Renamed")
    assert response.status_code == 404
    page = response.content.decode()
    assert "This roster was deleted" in page and "not saved" in page
    stored = Roster.objects.filter(pk=roster.pk).first()
    assert stored is None or stored.document["models"][0]["name"] != "Renamed"


def test_an_htmx_save_to_a_roster_deleted_meanwhile_goes_to_the_list_with_a_message(
    roster, alice_client, deleted_in_flight
):
    response = post_model(alice_client, roster, 0, name="Renamed")
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"{reverse('roster-list')}?deleted={roster.pk}"
    page = alice_client.get(response["HX-Redirect"]).content.decode()
    assert "This roster was deleted" in page


def test_an_options_save_to_a_roster_deleted_meanwhile_is_a_404_page(roster, alice_client, deleted_in_flight):
    url = reverse("roster-options", args=[roster.pk])
    data = {"revision": roster.revision, "name": "New name", "game_size": "large"}
    assert alice_client.post(url, data).status_code == 404
    assert not Roster.objects.filter(pk=roster.pk, name="New name").exists()


def test_a_rename_from_the_list_of_a_roster_deleted_meanwhile_is_a_404_page(
    roster, alice_client, deleted_in_flight
):
    url = reverse("roster-rename", args=[roster.pk])
    assert alice_client.post(url, {"revision": roster.revision, "name": "New name"}).status_code == 404


def test_the_operation_raises_roster_gone_for_a_row_that_is_gone(roster):
    Roster.objects.filter(pk=roster.pk).delete()
    with pytest.raises(RosterGone):
        operations.update_options(roster, "Renamed", {"game_size": "large"}, roster.revision)


def test_undo_on_a_roster_deleted_meanwhile_raises_roster_gone(roster):
    fresh = Roster.objects.get(pk=roster.pk)
    operations.update_options(fresh, "Renamed", {"game_size": "large"}, fresh.revision)
    fresh = Roster.objects.get(pk=roster.pk)
    operations.delete_roster(fresh)
    with pytest.raises(RosterGone):
        operations.undo(fresh, fresh.revision)
    assert Roster.objects.get(pk=roster.pk).revision == fresh.revision


def test_a_plain_edit_of_a_live_roster_still_saves(roster, alice_client):
    response = post_model(alice_client, roster, 0, name="Renamed", **HX)
    assert response.status_code == 200
    assert Roster.objects.get(pk=roster.pk).document["models"][0]["name"] == "Renamed"


def test_an_htmx_save_to_a_roster_deleted_before_it_says_so_too(roster, alice_client):
    """Deleted in another tab before this tab's save was sent: htmx shows no 404 page, so
    the answer is the roster list (with Delete's undo) and the message."""
    operations.delete_roster(roster)
    response = post_model(alice_client, roster, 0, name="Renamed")
    assert response["HX-Redirect"] == f"{reverse('roster-list')}?deleted={roster.pk}"
    page = alice_client.get(response["HX-Redirect"]).content.decode()
    assert "This roster was deleted" in page and "not saved" in page


def test_opening_ones_own_deleted_roster_says_it_was_deleted(roster, alice_client, bob_client):
    operations.delete_roster(roster)
    response = alice_client.get(reverse("roster-edit", args=[roster.pk]))
    assert response.status_code == 404
    assert "This roster was deleted" in response.content.decode()
    assert "not saved" not in response.content.decode()
    # Anyone else learns nothing: the plain 404.
    other = bob_client.get(reverse("roster-edit", args=[roster.pk]))
    assert other.status_code == 404 and "This roster was deleted" not in other.content.decode()
