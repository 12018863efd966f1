"""A club's room behind one router (issue 38 item 2): 30 players from one address sign up,
log in and join games within the limits' windows, while a password guesser on the same
address is stopped: after 5 wrong passwords at one account, and after the room's ceiling
over all accounts. Django-ratelimit's clock stands still in tests (tests/conftest.py), so
every request here falls in one window: the worst case for the room."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from roster.games import operations
from tests.web.play_fake import snapshot
from tests.web.test_games import fake_rules  # noqa: F401  # the fixture, for a game to join

pytestmark = pytest.mark.django_db

ROOM = "203.0.113.40"  # every phone in the room, as the server sees it (TEST-NET-3)
PASSWORD = "a-long-club-pass-phrase"
PLAYERS = 30


def phone() -> Client:
    return Client(REMOTE_ADDR=ROOM)


def log_in(client: Client, login: str, password: str):
    return client.post(reverse("login"), {"login": login, "password": password})


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def refused_as_guess(response) -> bool:
    return response.status_code == 429 or "Too many wrong passwords" in response.content.decode()


def test_thirty_players_on_one_address_sign_up_log_in_and_join_while_a_guesser_there_is_stopped(
    django_user_model,
    fake_rules,  # noqa: F811
):
    owner = django_user_model.objects.create_user("organiser", password=PASSWORD)
    usual = phone()  # the organiser's laptop, which logged in before (its device cookie)
    assert log_in(usual, "organiser", PASSWORD).status_code == 302
    usual.post(reverse("logout"))
    game = operations.start_game(owner, snapshot(), "Raiders v Opponents")  # its code given at start
    guesser = phone()
    guesses = []
    players = []
    for i in range(PLAYERS):
        player = phone()
        if i % 10 == 0:  # a few sign-ups refused first: too short a password, then a taken name
            refused = player.post(
                reverse("signup"), {"username": f"player{i}", "password1": "short", "password2": "short"}
            )
            assert refused.status_code == 422
        signed = player.post(
            reverse("signup"), {"username": f"player{i}", "password1": PASSWORD, "password2": PASSWORD}
        )
        assert signed.status_code == 302, f"sign-up {i + 1} refused: {signed.status_code}"
        player.post(reverse("logout"))
        players.append(player)
        # meanwhile a guesser at the next table tries the organiser's password
        guesses.append(log_in(guesser, "organiser", f"guess-{i}"))
    # the guesser was stopped after 5 wrong passwords: every later guess refused unread
    assert not any(refused_as_guess(r) for r in guesses[:5])
    assert all(refused_as_guess(r) for r in guesses[5:])
    # ... even the right one, from that browser and address
    assert refused_as_guess(log_in(guesser, "organiser", PASSWORD))
    assert not logged_in(guesser)

    # everyone logs in again, some after a typo, and types the game's code (some mistyped)
    for i, player in enumerate(players):
        if i % 3 == 0:
            assert not logged_in(player) and log_in(player, f"player{i}", "a-typo").status_code == 200
        response = log_in(player, f"player{i}", PASSWORD)
        assert response.status_code == 302, f"log-in {i + 1} refused: {response.status_code}"
        assert logged_in(player)
        if i % 5 == 0:
            assert player.post(reverse("game-join-code"), {"code": "XXXXX"}).status_code == 422
        joined = player.post(reverse("game-join-code"), {"code": game.code})
        assert joined.status_code == 302, f"join {i + 1} refused: {joined.status_code}"
    # the organiser's own laptop in the same room still logs in
    assert log_in(usual, "organiser", PASSWORD).status_code == 302

    # the guesser turns to the players' accounts: stopped by the room's ceiling of wrong
    # passwords (30 in 10 minutes: the 5 before, the 10 typos, 15 more)
    sprayed = [log_in(guesser, f"player{i}", "guess") for i in range(PLAYERS)]
    accepted = [r for r in sprayed if not refused_as_guess(r)]
    assert 0 < len(accepted) <= 30 - 5 - 10
    assert all(refused_as_guess(r) for r in sprayed[len(accepted) :])
