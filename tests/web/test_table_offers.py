"""What a row offers (issue 40 items 2 and 4; rules.play.offers), posted from the page as
a browser without JavaScript would: an Iron & Honor activation and attack in fewer taps,
and the log fields only a row can name (the Healer's patient, Heroic Impetus's friend,
Rescue's Prisoner rescued, Beestwars' Charge, recoveries, Bodyguard, Cavalry, the
standard's fighter; Brutality's scoring model and named Free Action)."""

from __future__ import annotations

import pytest

from roster.games import operations
from roster.games.models import Game
from roster.rosters.operations import create_roster
from tests.ih import example
from tests.web.table_forms import button, texts, words


@pytest.fixture(autouse=True)
def fresh_states():
    operations._STATES.clear()


def start(client, user, slug: str, typed: str = "Bandit chief, 3\nBandit, 2", **setup: str) -> Game:
    roster = create_roster(user, example(slug))
    data = {"opponent": "typed", "typed": typed, "typed_name": "Bandits", **setup}
    response = client.post(f"/rosters/{roster.pk}/play/", data)
    assert response.status_code == 302, words(response.content.decode())[:2000]
    return Game.objects.filter(owner=user).latest("pk")


def page(client, game) -> str:
    return client.get(f"/games/{game.pk}/").content.decode()


def click(client, game, text: str, row: str | None = None, status: int = 302):
    url, data = button(page(client, game), text, row)
    response = client.post(url, data)
    assert response.status_code == status, words(response.content.decode())[:1500]
    return response


def state(game):
    return operations.state_of(Game.objects.get(pk=game.pk))


def logged(game) -> list[dict]:
    return Game.objects.get(pk=game.pk).events
