"""Every absolute link Muster hands out is on SITE_URL, never the request's Host header
(issue 22: the supplement share link was built from the Host header): share links of
rosters and supplements, and the links in account mails."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from django.urls import reverse

from roster.rosters.models import ShareLink
from roster.supplements.operations import create_supplement
from rules.supplement import read_supplement
from tests.supplements import brutality_supplement

pytestmark = pytest.mark.django_db

SITE = "https://muster.example"
EVIL = "evil.example"


@pytest.fixture
def lax_host(settings):
    """A deployment whose ALLOWED_HOSTS lets any Host header through."""
    settings.MUSTER_SITE_URL = SITE
    settings.ALLOWED_HOSTS = ["*"]


def client_of(user):
    client = Client(HTTP_HOST=EVIL)
    if user is not None:
        client.force_login(user)
    return client


def test_the_supplement_share_link_is_on_site_url(lax_host, alice):
    supplement = create_supplement(alice, read_supplement(brutality_supplement()))
    client = client_of(alice)
    assert client.post(reverse("supplement-share", args=[supplement.pk])).status_code == 302
    supplement.refresh_from_db()
    page = client.get(reverse("supplement-edit", args=[supplement.pk])).content.decode()
    assert f"{SITE}/supplements/s/{supplement.share_token}/" in page
    assert EVIL not in page


def test_the_roster_share_link_is_on_site_url(lax_host, alice, roster):
    link = ShareLink.objects.create(roster=roster)
    page = client_of(alice).get(reverse("roster-edit", args=[roster.pk])).content.decode()
    assert f"{SITE}/s/{link.token}/" in page
    assert EVIL not in page


def test_account_mails_link_to_site_url(lax_host, alice):
    EmailAddress.objects.create(user=alice, email="alice@example.org", primary=True, verified=True)
    client_of(None).post(reverse("account_reset_password"), {"email": "alice@example.org"})
    client_of(None).post(reverse("account_reset_password"), {"email": "nobody@example.org"})
    client_of(alice).post(reverse("account_email"), {"email": "alice2@example.org", "action_add": ""})
    assert len(mail.outbox) == 3
    for message in mail.outbox:
        links = re.findall(r"https?://[^\s]+", message.body)
        assert links, message.body
        assert all(link.startswith(f"{SITE}/") for link in links), links
        assert EVIL not in message.body
