"""The database cache's counters (roster/core/cache.py): ``add`` of a live key stores nothing,
``incr`` counts from what is stored and refuses a missing or expired key, as Django's
caches do."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.db import connection


@pytest.fixture
def counters(db):
    cache = caches["ratelimit"]
    cache.clear()
    return cache


def test_add_stores_only_when_absent_and_incr_counts(counters):
    assert counters.add("k", 1, 60) is True
    assert counters.add("k", 100, 60) is False
    assert counters.get("k") == 1
    assert [counters.incr("k") for _ in range(3)] == [2, 3, 4]
    assert counters.incr("k", 10) == 14
    assert counters.get("k") == 14


def test_incr_of_a_missing_key_is_refused(counters):
    with pytest.raises(ValueError, match="not found"):
        counters.incr("nobody")


def test_an_expired_counter_is_neither_counted_nor_in_the_way(counters):
    counters.add("k", 5, 60)
    with connection.cursor() as cursor:  # its window is over
        cursor.execute("UPDATE muster_ratelimit SET expires = %s", ["2000-01-01 00:00:00"])
    with pytest.raises(ValueError):
        counters.incr("k")
    assert counters.add("k", 1, 60) is True
    assert counters.incr("k") == 2
