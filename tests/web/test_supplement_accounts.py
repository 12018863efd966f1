"""Supplements and the account: the rosters zip carries each roster's supplement, a
duplicate keeps the pin, and deleting the account takes the supplements with it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from roster.rosters.models import Roster
from roster.rosters.operations import create_roster, pin_supplement
from roster.supplements.models import Supplement, SupplementVersion
from roster.supplements.operations import create_supplement
from roster.supplements.pins import pinned_version
from rules.supplement import read_supplement
from tests.supplements import brutality_roster, brutality_supplement
from tests.web.cast import client_for
from tests.web.test_accounts_page import download, upload

pytestmark = pytest.mark.django_db

MODELS = [{"name": "Ann", "class": "Ranged", "leader": True}, {"name": "Cy", "class": "Support"}]


@pytest.fixture
def pinned(alice):
    roster = create_roster(alice, brutality_roster(MODELS, limit=2))
    supplement = create_supplement(alice, read_supplement(brutality_supplement()))
    pin_supplement(roster, supplement.latest)
    return roster, supplement


def test_the_rosters_zip_brings_the_supplement_along(alice_client, bob, pinned):
    roster, supplement = pinned
    bob_client = client_for(bob)
    assert upload(bob_client, download(alice_client))["Location"] == reverse("roster-list")
    theirs = Roster.objects.get(owner=bob)
    assert pinned_version(theirs).digest == supplement.latest.digest
    assert theirs.summary == Roster.objects.get(pk=roster.pk).summary


def test_a_duplicate_uses_the_same_supplement_version(alice_client, pinned):
    roster, supplement = pinned
    alice_client.post(reverse("roster-duplicate", args=[roster.pk]))
    copy = Roster.objects.exclude(pk=roster.pk).get()
    assert pinned_version(copy) == supplement.latest


def test_deleting_the_account_removes_its_supplements(alice, alice_client, pinned):
    response = alice_client.post(reverse("account-delete"), {"password": "alice-secret-pw-123"})
    assert response["Location"] == reverse("home")
    assert not Supplement.objects.exists()
    assert not SupplementVersion.objects.exists()
