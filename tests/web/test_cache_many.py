"""The database cache's ``set_many`` (roster/core/cache.py): every key written in three
statements, each readable at once, a key already there replaced, the timeout kept, and
the table culled when full, as ``set`` does."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from roster.core.cache import DatabaseCache


@pytest.fixture
def cache(db):
    found = caches["default"]
    if not isinstance(found, DatabaseCache):
        pytest.skip("the default cache is not the database's (CACHE_URL is set)")
    found.clear()
    return found


def _rows() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM muster_cache")
        return int(cursor.fetchone()[0])


def test_set_many_writes_every_key_in_three_statements(cache):
    cache.set("k3", "old", 60)
    data = {f"k{i}": {"value": i, "words": ["a", "b"]} for i in range(40)}
    with CaptureQueriesContext(connection) as ctx:
        assert cache.set_many(data, 60) == []
    # A batch is logged as "40 times: INSERT ...".
    statements = [q["sql"].split(" times: ")[-1].split()[0].upper() for q in ctx.captured_queries]
    assert [s for s in statements if s in ("SELECT", "DELETE", "INSERT", "UPDATE")] == [
        "SELECT",
        "DELETE",
        "INSERT",
    ]
    assert cache.get_many(list(data)) == data  # k3 replaced
    assert _rows() == 40


def test_set_many_keeps_the_timeout(cache):
    cache.set_many({"a": 1, "b": 2}, 60)
    cache.set_many({"c": 3}, None)  # for ever
    with connection.cursor() as cursor:  # a's window is over
        cursor.execute("UPDATE muster_cache SET expires = %s WHERE cache_key LIKE %s", ["2000-01-01", "%:a"])
    assert cache.get_many(["a", "b", "c"]) == {"b": 2, "c": 3}
    cache.set_many({"a": 4}, 60)  # an expired key is written again
    assert cache.get("a") == 4


def test_set_many_culls_a_full_table(cache):
    small = DatabaseCache("muster_cache", {"OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}})
    small.set_many({f"k{i:02}": i for i in range(12)}, 60)
    assert _rows() == 12
    small.set_many({"new": 0}, 60)  # 12 > 10: half of them go first
    assert _rows() == 7
    assert small.get("new") == 0
