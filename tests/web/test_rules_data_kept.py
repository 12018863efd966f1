"""The test suite's own setup (tests/rules_data.py, issue #27): the rules data is loaded
once per test database, kept by the flush that ends a transactional test, and put back
as loaded whenever a test changed it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from roster.rosters.models import IronHonorTrait, RuleSet, RuleSetVersion
from tests import rules_data

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_flush_that_ends_a_test_keeps_the_rules_data_and_empties_the_rest() -> None:
    User.objects.create_user("kept", password="a-long-pass-phrase")
    before = rules_data.fingerprint()
    rules_data.keep_rules_data_at_next_flush()
    call_command("flush", "--noinput", verbosity=0)
    assert not User.objects.exists()
    assert rules_data.fingerprint() == before
    assert IronHonorTrait.objects.count() == 50


def test_a_flush_a_test_calls_itself_empties_everything_and_the_rules_data_comes_back() -> None:
    call_command("flush", "--noinput", verbosity=0)
    assert not RuleSet.objects.exists() and not IronHonorTrait.objects.exists()
    rules_data.ensure_rules_data()
    assert IronHonorTrait.objects.count() == 50
    assert RuleSet.objects.count() == 3


def test_rules_data_a_test_changed_is_put_back_as_loaded() -> None:
    assert rules_data.as_loaded()
    cost = IronHonorTrait.objects.get(slug="tough").cost
    IronHonorTrait.objects.filter(slug="tough").update(cost=99)
    RuleSetVersion.objects.create(system="iron-and-honor", digest="edited", data={})
    assert not rules_data.as_loaded()
    rules_data.ensure_rules_data()
    assert IronHonorTrait.objects.get(slug="tough").cost == cost
    assert not RuleSetVersion.objects.filter(digest="edited").exists()
    assert rules_data.as_loaded()


def test_loading_the_same_file_again_writes_nothing(django_assert_max_num_queries) -> None:
    with django_assert_max_num_queries(12):  # a read of each rule set, no row written
        call_command("load_rules", verbosity=0)
