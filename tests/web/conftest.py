"""Fixtures for web tests: the cast and Alice's Northmen roster."""

import pytest

from tests.web.cast import client_for, make_user, northmen


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def alice_client(alice):
    return client_for(alice)


@pytest.fixture
def bob_client(bob):
    return client_for(bob)


@pytest.fixture
def anon_client(db):
    return client_for(None)


@pytest.fixture
def roster(alice):
    return northmen(alice)


@pytest.fixture
def alice_htmx(alice):
    """Alice's client sending every request as htmx does (its HX-Request header)."""
    return client_for(alice, htmx=True)
