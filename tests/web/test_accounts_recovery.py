"""Password reset by email, password change, and adding or changing the email with
verification; mail goes to Django's test outbox."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://[^/\s]+(/accounts/[^\s]+)")  # on SITE_URL: test_site_links.py


def link_in(message):
    return LINK.search(message.body).group(1)


@pytest.fixture
def with_email(alice):
    EmailAddress.objects.create(user=alice, email="alice@example.org", primary=True, verified=True)
    return alice


def test_a_forgotten_password_is_reset_through_the_mailed_link(with_email, anon_client):
    response = anon_client.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    assert response["Location"] == reverse("account_reset_password_done")
    (message,) = mail.outbox
    assert message.to == ["alice@example.org"]
    assert message.subject.startswith("[Muster] ")
    page = anon_client.get(link_in(message), follow=True)
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else link_in(message)
    new = {"password1": "brand-new-pass-phrase", "password2": "brand-new-pass-phrase"}
    response = anon_client.post(form_url, new)
    assert response["Location"] == reverse("account_reset_password_from_key_done")
    fresh = Client()
    response = fresh.post(reverse("login"), {"login": "alice", "password": "brand-new-pass-phrase"})
    assert response["Location"] == reverse("roster-list")
    again = anon_client.get(link_in(message), follow=True)
    assert "Link no longer valid" in again.content.decode()


def test_a_reset_for_an_unknown_address_reveals_nothing(anon_client, alice):
    response = anon_client.post(reverse("account_reset_password"), {"email": "nobody@example.org"})
    assert response["Location"] == reverse("account_reset_password_done")
    assert alice.check_password("alice-secret-pw-123")


def test_changing_the_password(alice, alice_client):
    response = alice_client.post(
        reverse("account_change_password"),
        {"oldpassword": "alice-secret-pw-123", "password1": "another-pass-1", "password2": "another-pass-1"},
    )
    assert response.status_code == 302
    assert User.objects.get(pk=alice.pk).check_password("another-pass-1")
    assert alice_client.get(reverse("roster-list")).status_code == 200  # still logged in


def test_a_wrong_current_password_changes_nothing(alice, alice_client):
    response = alice_client.post(
        reverse("account_change_password"),
        {"oldpassword": "wrong", "password1": "another-pass-phrase", "password2": "another-pass-phrase"},
    )
    assert response.status_code == 200
    assert "Please type your current password." in response.content.decode()
    assert User.objects.get(pk=alice.pk).check_password("alice-secret-pw-123")


def test_adding_an_email_needs_its_verification(alice, alice_client):
    alice_client.post(reverse("account_email"), {"email": "alice@example.org", "action_add": ""})
    address = EmailAddress.objects.get(user=alice)
    assert not address.verified
    (message,) = mail.outbox
    page = alice_client.get(link_in(message))
    assert "Confirm your email" in page.content.decode()
    alice_client.post(link_in(message))
    assert EmailAddress.objects.get(user=alice).verified


def test_changing_the_email_replaces_it_once_verified(with_email, alice_client):
    alice_client.post(reverse("account_email"), {"email": "alice@new.example", "action_add": ""})
    page = alice_client.get(reverse("account_email")).content.decode()
    assert "alice@example.org" in page and "alice@new.example" in page and "Changing to" in page
    alice_client.post(link_in(mail.outbox[-1]))
    assert list(EmailAddress.objects.filter(user=with_email).values_list("email", "verified")) == [
        ("alice@new.example", True)
    ]


def test_an_email_in_use_by_another_account_is_not_taken(with_email, bob_client, bob):
    """allauth does not tell bob the address is alice's (no enumeration), and bob never gets it."""
    bob_client.post(reverse("account_email"), {"email": "alice@example.org", "action_add": ""})
    for message in mail.outbox:
        if "/confirm-email/" in message.body:
            bob_client.post(link_in(message))
    assert EmailAddress.objects.get(email="alice@example.org", verified=True).user == with_email
    assert not EmailAddress.objects.filter(user=bob, verified=True).exists()


def test_a_reset_ends_the_other_sessions(with_email, anon_client):
    """Whoever knew the old password and was logged in with it is logged out."""
    elsewhere = Client()
    elsewhere.post(reverse("login"), {"login": "alice", "password": "alice-secret-pw-123"})
    assert elsewhere.get(reverse("roster-list")).status_code == 200
    anon_client.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    page = anon_client.get(link_in(mail.outbox[0]), follow=True)
    new = {"password1": "brand-new-pass-phrase", "password2": "brand-new-pass-phrase"}
    anon_client.post(page.redirect_chain[-1][0], new)
    assert elsewhere.get(reverse("roster-list")).status_code == 302


def test_an_email_of_another_account_is_refused_at_sign_up(with_email, anon_client):
    password = "a-long-pass-phrase"
    form = {"username": "mallory", "email": "alice@example.org", "password1": password, "password2": password}
    response = anon_client.post(reverse("signup"), form)
    assert response.status_code == 422
    assert "already registered with this email address" in response.content.decode()
    assert not User.objects.filter(username="mallory").exists()


def test_a_password_change_is_told_to_the_email(with_email, alice_client):
    """Someone who took over the session cannot change the password unnoticed."""
    new = "another-pass-1"
    form = {"oldpassword": "alice-secret-pw-123", "password1": new, "password2": new}
    alice_client.post(reverse("account_change_password"), form)
    (message,) = mail.outbox
    assert message.to == ["alice@example.org"]
    assert message.subject == "[Muster] Password Changed"
