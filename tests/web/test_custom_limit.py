"""Typing a new ExP limit while a named game size is chosen makes the game custom."""

from django.urls import reverse

from roster.rosters.models import Roster


def test_a_new_exp_limit_makes_a_custom_game(roster, alice_htmx):
    url = reverse("roster-options", args=[roster.pk])
    same = {"revision": roster.revision, "name": roster.name, "game_size": "medium", "exp_limit": "200"}
    alice_htmx.post(url, same)
    assert Roster.objects.get(pk=roster.pk).document["options"] == {"game_size": "medium"}
    alice_htmx.post(url, {**same, "exp_limit": "250"})
    assert Roster.objects.get(pk=roster.pk).document["options"] == {"game_size": "custom", "exp_limit": 250}


def test_picking_a_named_size_takes_its_own_limit(roster, alice_htmx):
    """The form posts the limit it showed (200) with the newly picked size: no custom game."""
    url = reverse("roster-options", args=[roster.pk])
    for size, limit in (("small", 125), ("large", 275), ("medium", 200)):
        fresh = Roster.objects.get(pk=roster.pk)
        shown = str(fresh.summary["limit"])
        data = {"revision": fresh.revision, "name": fresh.name, "game_size": size}
        alice_htmx.post(url, {**data, "exp_limit": shown, "exp_limit_shown": shown})
        fresh = Roster.objects.get(pk=roster.pk)
        assert fresh.document["options"] == {"game_size": size}
        assert fresh.summary["limit"] == limit


def test_only_a_typed_limit_makes_it_custom_and_custom_back_to_a_size(roster, alice_client):
    url = reverse("roster-options", args=[roster.pk])
    data = {"name": roster.name, "game_size": "medium", "exp_limit": "180", "exp_limit_shown": "200"}
    alice_client.post(url, {**data, "revision": 1})
    assert Roster.objects.get(pk=roster.pk).document["options"] == {"game_size": "custom", "exp_limit": 180}
    back = {"name": roster.name, "game_size": "large", "exp_limit": "180", "exp_limit_shown": "180"}
    alice_client.post(url, {**back, "revision": 2})
    assert Roster.objects.get(pk=roster.pk).document["options"] == {"game_size": "large"}


def test_an_exp_limit_that_is_no_whole_number_is_said_not_saved(roster, alice_htmx):
    """ "6,5", "abc" or "1e999" in the ExP limit: the stored limit stays, and the field says so."""
    url = reverse("roster-options", args=[roster.pk])
    for typed in ("6,5", "abc", "1e999", ""):
        data = {"revision": roster.revision, "name": roster.name, "game_size": "medium"}
        response = alice_htmx.post(url, {**data, "exp_limit": typed, "exp_limit_shown": "200"})
        assert response.status_code == 422, typed
        assert "enter the ExP limit as a whole number" in response.content.decode(), typed
        fresh = Roster.objects.get(pk=roster.pk)
        assert (fresh.revision, fresh.document["options"]) == (roster.revision, {"game_size": "medium"})


def test_an_empty_warband_name_is_said_in_words(roster, alice_htmx):
    url = reverse("roster-options", args=[roster.pk])
    data = {"revision": roster.revision, "name": " ", "game_size": "medium", "exp_limit": "200"}
    response = alice_htmx.post(url, {**data, "exp_limit_shown": "200"})
    body = response.content.decode()
    assert response.status_code == 422
    assert "required" in body and "('required'" not in body and "(&#x27;required" not in body
    assert Roster.objects.get(pk=roster.pk).name == roster.name
