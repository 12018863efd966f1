"""The Beestwars table's public line and scores (issue: "Asked 0" that never moved, "0 VP"
in a game without Victory Points). The book's activation is known by how many actions
the card has shown so far ("Known actions": 3, then 4, 5 as "another action?" is
answered yes, p.4), so no separate "Asked" count; and the battle is won by wiping out
the enemy or by agreement (p.9), so a Beestwars table, result and export show no
Victory Points, while Iron & Honor and Brutality, which score them, still do."""

from __future__ import annotations

import html as html_lib
import re
import uuid

import pytest

from roster.games import operations
from roster.games.models import Game
from roster.rosters.operations import create_roster
from tests.ih import example

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def fresh_states():
    operations._STATES.clear()


def start(client, user, slug: str) -> Game:
    roster = create_roster(user, example(slug))
    client.post(f"/rosters/{roster.pk}/play/", {"opponent": "typed", "typed": "Bandit chief, 3\nBandit 2"})
    return Game.objects.filter(owner=user).latest("pk")


def tap(client, game, do):
    return client.post(f"/games/{game.pk}/act/", {"id": uuid.uuid4().hex, "side": 0, "do": do}, **HTMX)


def words(response) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_the_beestwars_public_line_has_no_count_that_never_moves(alice, alice_client):
    game = start(alice_client, alice, "beestwars-clovis-300")
    assert tap(alice_client, game, "draw").status_code == 200
    page = words(alice_client.get(f"/games/{game.pk}/"))
    assert "Known actions 3" in page
    assert "Asked" not in page
    assert "asked" not in operations.state_of(Game.objects.get(pk=game.pk)).public


def test_a_beestwars_table_shows_no_victory_points(alice, alice_client):
    game = start(alice_client, alice, "beestwars-clovis-300")
    table = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="play-vp"' not in table and " VP<" not in table
    assert "Froth" in table
    alice_client.post(f"/games/{game.pk}/finish/", {"confirm": "1"})
    result = alice_client.get(f"/games/{game.pk}/result/").content.decode()
    assert "Victory Points" not in result
    text = alice_client.get(f"/games/{game.pk}/export.txt").content.decode()
    assert "Victory Points" not in text


@pytest.mark.parametrize(
    "slug, word",
    [("iron-and-honor-northmen-raiding-party", "ExP"), ("brutality-moderate-points", "Victory Points")],
)
def test_systems_that_score_victory_points_still_show_them(alice, alice_client, slug, word):
    """Each in its book's word: Iron & Honor's encounter ExP (p.46)."""
    game = start(alice_client, alice, slug)
    table = alice_client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="play-vp"' in table
    assert word in alice_client.post(f"/games/{game.pk}/finish/", {}).content.decode()  # the confirm page
    alice_client.post(f"/games/{game.pk}/finish/", {"confirm": "1"})
    for page in ("result/", "export.txt"):
        text = alice_client.get(f"/games/{game.pk}/{page}").content.decode()
        assert word in text
        assert ("Victory Points" in text) == (word == "Victory Points")
