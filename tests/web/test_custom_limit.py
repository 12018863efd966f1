"""Typing a new ExP limit while a named game size is chosen makes the game custom."""

from django.urls import reverse

from roster.models import Roster


def test_a_new_exp_limit_makes_a_custom_game(roster, alice_client):
    url = reverse("roster-options", args=[roster.pk])
    same = {"revision": roster.revision, "name": roster.name, "game_size": "medium", "exp_limit": "200"}
    alice_client.post(url, same, HTTP_HX_REQUEST="true")
    assert Roster.objects.get(pk=roster.pk).document["options"] == {"game_size": "medium"}
    alice_client.post(url, {**same, "exp_limit": "250"}, HTTP_HX_REQUEST="true")
    assert Roster.objects.get(pk=roster.pk).document["options"] == {"game_size": "custom", "exp_limit": 250}
