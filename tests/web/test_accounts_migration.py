"""Accounts made before the allauth migration log in afterwards and keep their rosters."""

import pytest
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from roster.accounts.models import UsernameKey
from tests.web.cast import northmen

BEFORE = [("account", None), ("muster_accounts", None)]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    if targets is None:
        targets = executor.loader.graph.leaf_nodes()
    return executor.migrate(targets).apps


@pytest.mark.django_db(transaction=True)
def test_a_user_from_before_the_migration_logs_in_and_sees_their_rosters(rules_loaded_db):
    old_apps = migrate(BEFORE)
    OldUser = old_apps.get_model("auth", "User")
    pk = OldUser.objects.create(username="Veteran", password=make_password("veteran-pass-phrase")).pk
    OldUser.objects.create(username="VETERAN", password=make_password("other-pass-phrase"))
    northmen(User.objects.get(pk=pk))

    migrate(None)

    assert UsernameKey.objects.get(user_id=pk).folded == "veteran"  # the older one keeps the name
    client = Client()
    response = client.post(reverse("login"), {"login": "Veteran", "password": "veteran-pass-phrase"})
    assert response["Location"] == reverse("roster-list")
    assert "Northmen Raiding Party" in client.get(reverse("roster-list")).content.decode()
    second = Client()
    response = second.post(reverse("login"), {"login": "VETERAN", "password": "other-pass-phrase"})
    assert response["Location"] == reverse("roster-list")  # the later twin still logs in
