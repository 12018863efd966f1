"""Django's database cache with an atomic ``incr``, so that rate-limit counters kept in
the database count every request of every worker.

Django's DatabaseCache increments by reading and then writing, so two workers can
both read 4 and both write 5. Here the read and the write run in one transaction that
holds the row: SELECT ... FOR UPDATE on PostgreSQL, and on SQLite the write lock that
Muster's IMMEDIATE transactions take when they start (roster/settings.py).
"""

from __future__ import annotations

from django.core.cache.backends import db
from django.db import connections, router, transaction


class DatabaseCache(db.DatabaseCache):
    """django.core.cache.backends.db.DatabaseCache whose ``incr`` is atomic across processes."""

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        """Add ``delta`` to the value at ``key`` and return it; raises ValueError when
        the key is missing (as every Django cache does)."""
        alias = router.db_for_write(self.cache_model_class)
        connection = connections[alias]
        with transaction.atomic(using=alias):
            if connection.features.has_select_for_update:
                table = connection.ops.quote_name(self._table)  # type: ignore[attr-defined]
                with connection.cursor() as cursor:
                    cursor.execute(
                        f"SELECT cache_key FROM {table} WHERE cache_key = %s FOR UPDATE",
                        [self.make_and_validate_key(key, version)],
                    )
            return int(super().incr(key, delta, version))
