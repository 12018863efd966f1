"""Django's database cache with an atomic ``incr`` and a cheap ``add`` of a key already
there, so that rate-limit counters kept in the database count every request of every
worker and cost three statements a request.

Django's DatabaseCache increments by reading and then writing, so two workers can both
read 4 and both write 5. Here the read and the write run in one transaction that holds
the row: SELECT ... FOR UPDATE on PostgreSQL, and on SQLite the write lock that Muster's
IMMEDIATE transactions take when they start (roster/project/settings.py).

django-ratelimit counts a request with ``add`` (a no-op once the window's counter
exists) then ``incr``. Django's ``add`` and ``set`` first count the whole table to
decide whether to cull it, and ``incr`` is a ``get`` and a ``set``: ten statements and
two table counts per request. Here ``add`` of a live key is one read, and ``incr`` one
read and one UPDATE; culling still happens whenever a new key is written.

Django's ``set_many`` is a ``set`` per key (a count, a read and a write each, in a
savepoint); here it is one count, one DELETE and one batched INSERT, whatever the number
of keys (an event page keeps each list's check: roster.events.operations.entries_problems).
"""

from __future__ import annotations

import base64
import pickle
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.cache.backends import db
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.db import DatabaseError, connections, router, transaction
from django.utils.timezone import now

#: Keys deleted by one statement of ``set_many`` (under every database's parameter limit).
DELETE_BATCH = 500


class DatabaseCache(db.DatabaseCache):
    """django.core.cache.backends.db.DatabaseCache whose ``incr`` is atomic across
    processes, whose ``add`` of a key already there reads one row, and whose ``set_many``
    writes every key in three statements."""

    def _sql(self) -> tuple[Any, str, str]:
        """(connection, quoted table, the live-row condition) for the cache's database."""
        connection = connections[router.db_for_write(self.cache_model_class)]
        quote = connection.ops.quote_name
        live = f"{quote('cache_key')} = %s AND {quote('expires')} >= %s"
        return connection, quote(self._table), live  # type: ignore[attr-defined]

    @staticmethod
    def _now(connection: Any) -> Any:
        # As Django's cache compares: to the second, adapted for the database.
        return connection.ops.adapt_datetimefield_value(now().replace(microsecond=0))

    def add(self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        """Store ``value`` at ``key`` unless a live value is there; True if stored."""
        connection, table, live = self._sql()
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT 1 FROM {table} WHERE {live}",
                [self.make_and_validate_key(key, version), self._now(connection)],
            )
            if cursor.fetchone() is not None:
                return False
        return bool(super().add(key, value, timeout, version))

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        """Add ``delta`` to the value at ``key`` and return it; raises ValueError when
        the key is missing or expired (as every Django cache does)."""
        key = self.make_and_validate_key(key, version)
        connection, table, live = self._sql()
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        quote = connection.ops.quote_name
        with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote('value')} FROM {table} WHERE {live}{lock}", [key, self._now(connection)]
            )
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found.")
            stored = connection.ops.process_clob(row[0])
            value = pickle.loads(base64.b64decode(stored.encode())) + delta
            encoded = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(
                f"UPDATE {table} SET {quote('value')} = %s WHERE {quote('cache_key')} = %s", [encoded, key]
            )
        return int(value)

    def set_many(
        self, data: dict[str, Any], timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> list[str]:
        """Store each value of ``data`` (key: value) for ``timeout`` seconds, in one
        transaction: the table counted (and culled when over MAX_ENTRIES, as ``set`` does;
        the new rows may take it over until the next write), the keys' rows deleted, and
        the new rows inserted in one batch. Returns the keys not stored: every one when the
        database refused the write (a concurrent ``set_many`` of one of them), none
        otherwise, as Django's caches do."""
        if not data:
            return []
        keys = {self.make_and_validate_key(key, version): value for key, value in data.items()}
        connection, table, _ = self._sql()
        quote = connection.ops.quote_name
        expires = self.get_backend_timeout(timeout)
        when = datetime.max if expires is None else datetime.fromtimestamp(expires, tz=UTC)
        if not settings.USE_TZ:
            when = when.replace(tzinfo=None)
        stored = connection.ops.adapt_datetimefield_value(when.replace(microsecond=0))
        rows = [
            (key, base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1"), stored)
            for key, value in keys.items()
        ]
        names = list(keys)
        try:
            with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
                cursor.execute(f"SELECT COUNT(*) FROM {table}")
                count = cursor.fetchone()[0]
                if count > self._max_entries:
                    self._cull(connection.alias, cursor, now().replace(microsecond=0), count)  # type: ignore[attr-defined]
                for start in range(0, len(names), DELETE_BATCH):
                    batch = names[start : start + DELETE_BATCH]
                    marks = ", ".join(["%s"] * len(batch))
                    cursor.execute(f"DELETE FROM {table} WHERE {quote('cache_key')} IN ({marks})", batch)
                columns = ", ".join(quote(c) for c in ("cache_key", "value", "expires"))
                cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES (%s, %s, %s)", rows)
        except DatabaseError:
            return list(data)
        return []
