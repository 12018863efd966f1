"""Every roster URL: the owner can, a stranger gets 404, an anonymous visitor is sent to log in."""

import pytest
from django.urls import reverse

GET_URLS = ["roster-edit", "roster-history"]
POST_URLS = [
    ("roster-rename", {}, {"name": "Renamed"}),
    ("roster-duplicate", {}, {}),
    ("roster-delete", {}, {}),
    ("roster-options", {}, {"name": "N", "game_size": "large"}),
    ("model-add", {}, {"kind": "follower"}),
    ("model-update", {"index": 0}, {}),
    ("model-remove", {"index": 1}, {}),
    ("model-duplicate", {"index": 1}, {}),
    ("model-move", {"index": 1}, {"direction": "up"}),
    ("roster-undo", {}, {}),
    ("roster-redo", {}, {}),
    ("roster-rules-seen", {}, {}),
    ("roster-restore", {"number": 1}, {}),
    ("roster-share-restore", {}, {}),
]


def url(name, roster, extra):
    return reverse(name, kwargs={"pk": roster.pk, **extra})


@pytest.mark.parametrize("name", GET_URLS)
def test_the_owner_can_open(name, roster, alice_client):
    assert alice_client.get(url(name, roster, {})).status_code == 200


@pytest.mark.parametrize("name", GET_URLS)
def test_it_returns_404_to_strangers(name, roster, bob_client):
    assert bob_client.get(url(name, roster, {})).status_code == 404


@pytest.mark.parametrize("name", GET_URLS)
def test_anonymous_is_sent_to_log_in(name, roster, anon_client):
    response = anon_client.get(url(name, roster, {}))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("name", "extra", "data"), POST_URLS)
def test_strangers_get_404_and_change_nothing(name, extra, data, roster, bob_client):
    before = roster.document
    response = bob_client.post(url(name, roster, extra), {"revision": roster.revision, **data})
    assert response.status_code == 404
    roster.refresh_from_db()
    assert roster.document == before
    assert roster.deleted is None


@pytest.mark.parametrize(("name", "extra", "data"), POST_URLS)
def test_anonymous_posts_are_sent_to_log_in(name, extra, data, roster, anon_client):
    response = anon_client.post(url(name, roster, extra), {"revision": roster.revision, **data})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("name", "extra", "data"), POST_URLS)
def test_the_owner_can_post(name, extra, data, roster, alice_client):
    from tests.web.cast import model_post

    if name == "model-update":
        data = model_post(roster, 0)
    response = alice_client.post(url(name, roster, extra), {"revision": roster.revision, **data})
    assert response.status_code in (200, 302), response.content[:500]


def test_a_deleted_roster_is_404_for_its_owner_too(roster, alice_client):
    alice_client.post(reverse("roster-delete", args=[roster.pk]))
    assert alice_client.get(reverse("roster-edit", args=[roster.pk])).status_code == 404


@pytest.mark.parametrize("name", ["roster-list", "roster-new"])
def test_list_and_new_need_a_login(name, anon_client):
    assert anon_client.get(reverse(name)).status_code == 302


def test_other_peoples_rosters_are_not_listed(roster, bob_client):
    page = bob_client.get(reverse("roster-list")).content.decode()
    assert "Northmen Raiding Party" not in page.split("Start from an example")[0]


def test_a_missing_model_index_is_404(roster, alice_client):
    response = alice_client.post(reverse("model-remove", args=[roster.pk, 99]), {"revision": roster.revision})
    assert response.status_code == 404
