"""Log-in limits that cannot be turned against a player (issue 22): five wrong passwords
for ``alice`` from anyone used to block her right password everywhere. Now failed
log-ins count apart for each browser alice logged in with before (a signed device
cookie), so a stranger's guesses lock out strangers only; a browser she never used
counts with the others of its address (issue 29), and on the stranger's address is
asked to wait or reset the password, and a reset lets it in at once; the per-address
limit stays."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from django.urls import reverse

from roster.accounts.devices import COOKIE

pytestmark = pytest.mark.django_db

RIGHT = "alice-secret-pw-123"


def browser(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


def log_in(client: Client, password: str):
    return client.post(reverse("login"), {"login": "alice", "password": password})


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def attack(times: int = 8) -> None:
    """Wrong passwords for alice from several addresses (under each address's limit)."""
    for i in range(times):
        log_in(browser(f"203.0.113.{i % 4}"), f"guess-{i}")


def attack_from(address: str, times: int = 6) -> None:
    """Wrong passwords for alice from one address, past the 5 a new browser may make."""
    for i in range(times):
        log_in(browser(address), f"guess-{i}")


@pytest.fixture
def alices_browser(alice):
    """The browser alice logged in with yesterday (then logged out)."""
    client = browser("198.51.100.7")
    assert log_in(client, RIGHT).status_code == 302
    assert COOKIE in client.cookies
    client.post(reverse("logout"))
    assert not logged_in(client)
    return client


def test_a_strangers_wrong_passwords_do_not_lock_the_owner_out(alices_browser):
    attack()
    assert log_in(alices_browser, RIGHT).status_code == 302
    assert logged_in(alices_browser)


def test_the_owners_own_browser_is_still_limited_on_its_own_guesses(alices_browser):
    for i in range(5):
        log_in(alices_browser, f"typo-{i}")
    response = log_in(alices_browser, RIGHT)
    assert "Too many wrong passwords" in response.content.decode()
    assert not logged_in(alices_browser)


def test_a_strangers_wrong_passwords_do_not_lock_the_owner_out_of_a_new_browser_elsewhere(alice):
    """Issue 29: an account without email had no way in from a new browser while a
    stranger kept failing; new browsers now count apart for each address."""
    attack()
    attack()
    new = browser("198.51.100.8")  # the owner's new phone, on another network
    assert log_in(new, RIGHT).status_code == 302
    assert logged_in(new)


def test_a_new_browser_on_the_strangers_address_is_asked_to_wait_or_reset_and_a_reset_lets_it_in(alice):
    EmailAddress.objects.create(user=alice, email="alice@example.org", primary=True, verified=True)
    attack_from("203.0.113.1")
    new = browser("203.0.113.1")  # the stranger's own network
    refused = log_in(new, RIGHT)
    page = refused.content.decode()
    assert "Too many wrong passwords" in page and "reset your password" in page
    assert not logged_in(new)
    new.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/[^\s]+)", mail.outbox[-1].body).group(1)
    form = new.get(link, follow=True).redirect_chain[-1][0]
    new.post(form, {"password1": "a-fresh-pass-phrase", "password2": "a-fresh-pass-phrase"})
    assert log_in(new, "a-fresh-pass-phrase").status_code == 302
    assert logged_in(new)


def test_a_forged_or_borrowed_device_cookie_counts_for_nothing(alice, alices_browser, bob):
    attack_from("203.0.113.9")
    forged = browser("203.0.113.9")
    forged.cookies[COOKIE] = "not-signed"
    assert not logged_in(forged) and log_in(forged, RIGHT).status_code == 200
    bobs = browser("203.0.113.9")  # on the attacked address: counted as a new browser there
    assert bobs.post(reverse("login"), {"login": "bob", "password": "bob-secret-pw-123"}).status_code == 302
    bobs.post(reverse("logout"))
    assert log_in(bobs, RIGHT).status_code == 200  # bob's device, not alice's
    assert not logged_in(bobs)


def test_the_per_address_limit_stays(alice, settings):
    settings.MUSTER_RATES = {**settings.MUSTER_RATES, "login": "1000/m"}
    one = browser("203.0.113.50")
    for i in range(10):
        log_in(one, f"guess-{i}")
        one.post(reverse("login"), {"login": f"nobody{i}", "password": "x"})
    assert "Too many" in log_in(one, RIGHT).content.decode()
    assert not logged_in(one)
