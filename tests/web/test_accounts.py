"""Sign up with a username and password, log in, log out."""

from django.contrib.auth.models import User
from django.urls import reverse


def test_sign_up_logs_in_and_opens_the_rosters(anon_client):
    response = anon_client.post(
        reverse("signup"),
        {"username": "carol", "password1": "a-long-pass-phrase", "password2": "a-long-pass-phrase"},
    )
    assert response["Location"] == reverse("roster-list")
    assert User.objects.filter(username="carol").exists()
    assert anon_client.get(reverse("roster-list")).status_code == 200


def test_sign_up_errors_are_shown(anon_client):
    response = anon_client.post(reverse("signup"), {"username": "dave", "password1": "x", "password2": "y"})
    assert response.status_code == 422
    assert "didn’t match" in response.content.decode()
    assert not User.objects.filter(username="dave").exists()


def test_log_in_and_out(alice, anon_client):
    response = anon_client.post(reverse("login"), {"username": "alice", "password": "alice-secret-pw-123"})
    assert response["Location"] == reverse("roster-list")
    anon_client.post(reverse("logout"))
    assert anon_client.get(reverse("roster-list")).status_code == 302


def test_a_wrong_password_is_refused(alice, anon_client):
    response = anon_client.post(reverse("login"), {"username": "alice", "password": "nope"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()
