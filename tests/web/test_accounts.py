"""Sign up with a username, a password and optionally an email; log in with the username
or the email; log out. Accounts made before allauth keep working."""

from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse

from tests.web.cast import client_for, northmen


def sign_up(client, username, email="", password="a-long-pass-phrase"):
    return client.post(
        reverse("signup"),
        {"username": username, "email": email, "password1": password, "password2": password},
    )


def test_sign_up_logs_in_and_opens_the_rosters(anon_client):
    response = sign_up(anon_client, "carol")
    assert response["Location"] == reverse("roster-list")
    assert User.objects.filter(username="carol").exists()
    assert anon_client.get(reverse("roster-list")).status_code == 200


def test_sign_up_page_says_why_an_email_helps(anon_client):
    page = anon_client.get(reverse("signup")).content.decode()
    assert "only way back into your rosters if you forget the password" in page
    assert 'id="id_email"' in page and "Email (optional)" in page


def test_sign_up_with_an_email_sends_a_verification_link(anon_client):
    sign_up(anon_client, "carol", "carol@example.org")
    address = EmailAddress.objects.get(user__username="carol")
    assert (address.email, address.verified) == ("carol@example.org", False)
    assert len(mail.outbox) == 1
    assert "/accounts/confirm-email/" in mail.outbox[0].body


def test_sign_up_errors_are_shown(anon_client):
    response = anon_client.post(reverse("signup"), {"username": "dave", "password1": "x", "password2": "y"})
    assert response.status_code == 422
    assert "too short" in response.content.decode()
    assert not User.objects.filter(username="dave").exists()


def test_log_in_and_out(alice, anon_client):
    response = anon_client.post(reverse("login"), {"login": "alice", "password": "alice-secret-pw-123"})
    assert response["Location"] == reverse("roster-list")
    anon_client.post(reverse("logout"))
    assert anon_client.get(reverse("roster-list")).status_code == 302


def test_log_in_with_the_email(alice, anon_client):
    EmailAddress.objects.create(user=alice, email="alice@example.org", primary=True, verified=True)
    response = anon_client.post(
        reverse("login"), {"login": "ALICE@example.org", "password": "alice-secret-pw-123"}
    )
    assert response["Location"] == reverse("roster-list")


def test_the_old_field_name_still_logs_in(alice, anon_client):
    """Scripts (bench/load.py) post ``username`` as Django's log-in form wanted."""
    response = anon_client.post(reverse("login"), {"username": "alice", "password": "alice-secret-pw-123"})
    assert response["Location"] == reverse("roster-list")


def test_a_wrong_password_is_refused(alice, anon_client):
    response = anon_client.post(reverse("login"), {"login": "alice", "password": "nope"})
    assert response.status_code == 200
    assert "username and/or password you specified are not correct" in response.content.decode()
    assert "_auth_user_id" not in anon_client.session


def test_a_plain_django_user_logs_in_and_sees_their_rosters(db, anon_client):
    """An account made with Django's own tools (as before allauth): no EmailAddress row."""
    old = User.objects.create_user("veteran", password="veteran-pass-phrase")
    northmen(old)
    response = anon_client.post(reverse("login"), {"login": "veteran", "password": "veteran-pass-phrase"})
    assert response["Location"] == reverse("roster-list")
    assert "Northmen Raiding Party" in anon_client.get(reverse("roster-list")).content.decode()


def test_the_admin_log_in_is_the_players_log_in(anon_client, db):
    response = anon_client.get("/admin/login/?next=/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    User.objects.create_superuser("root", password="root-pass-phrase-1")
    anon_client.post(reverse("login"), {"login": "root", "password": "root-pass-phrase-1"})
    assert anon_client.get("/admin/").status_code == 200


def test_a_player_cannot_open_the_admin(alice):
    assert client_for(alice).get("/admin/login/").status_code == 403


def test_failed_log_ins_to_one_account_are_limited(alice, anon_client):
    """allauth's limit: 5 failed log-ins per account in 5 minutes; then, from a browser
    that never logged in to it, even the right password is refused, with the reason and
    the way out at the form (tests/web/test_login_limits.py: the owner's browser is not)."""
    for i in range(5):
        anon_client.post(reverse("login"), {"login": "alice", "password": f"wrong-{i}"})
    response = anon_client.post(reverse("login"), {"login": "alice", "password": "alice-secret-pw-123"})
    assert "Too many wrong passwords for this account" in response.content.decode()
    assert "_auth_user_id" not in anon_client.session


def test_reset_mails_to_one_address_are_limited(alice, anon_client):
    EmailAddress.objects.create(user=alice, email="alice@example.org", primary=True, verified=True)
    statuses = [
        anon_client.post(reverse("account_reset_password"), {"email": "alice@example.org"}).status_code
        for _ in range(7)
    ]
    assert 429 in statuses
    assert len(mail.outbox) <= 5
