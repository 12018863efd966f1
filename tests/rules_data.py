"""The rules data, loaded once per test database and kept across transactional tests.

A transactional test (``transactional_db``, ``live_server``: every browser test) ends with
Django's ``flush``, which empties every table; reloading the rules data after each one cost
about 880 queries and 1.2-1.6 s a test. Instead, the flush that ends a transactional test
leaves the rules data tables alone (:func:`sql_flush_keeping_rules_data`), and a
fingerprint of their rows, taken when they were loaded, tells whether a test changed them
(an admin edit, a migration run backwards, a ``flush`` called by the test itself): only
then are they emptied and loaded again (:func:`ensure_rules_data`). A test therefore always
starts with the rules data exactly as ``load_rules`` left it, at the cost of reading a few
hundred rows after each transactional test.
"""

from __future__ import annotations

import hashlib
import threading
from typing import Any

from django.core.management import call_command
from django.db import connection, models

_state = threading.local()
_loaded: dict[str, str] = {}  # database alias -> fingerprint of the rules data as loaded


def rules_data_models() -> list[type[models.Model]]:
    """The tables ``load_rules`` writes: the rule sets, their versions, every catalogue table."""
    from roster.rosters.models import CATALOGUE_TABLES, RuleSet, RuleSetVersion

    tables: list[type[models.Model]] = [RuleSet, RuleSetVersion]
    for system in CATALOGUE_TABLES.values():
        tables += system.values()
    return tables


def fingerprint() -> str:
    """sha256 of every row of the rules data tables, in primary key order."""
    digest = hashlib.sha256()
    quote = connection.ops.quote_name
    existing = set(connection.introspection.table_names())
    with connection.cursor() as cursor:
        for model in rules_data_models():
            table = model._meta.db_table
            if table not in existing:  # a migration run backwards dropped it
                digest.update(f"{table} missing".encode())
                continue
            cursor.execute(f"SELECT * FROM {quote(table)} ORDER BY {quote(model._meta.pk.column)}")
            digest.update(table.encode())
            for row in cursor.fetchall():
                digest.update(repr(row).encode())
    return digest.hexdigest()


def load_rules_data() -> None:
    """Load every system's rules data (``load_rules``) and remember its fingerprint."""
    call_command("load_rules", verbosity=0)
    _loaded[connection.alias] = fingerprint()


def as_loaded() -> bool:
    """The rules data tables hold exactly what the last load gave (rows, ids, times)."""
    return _loaded.get(connection.alias) == fingerprint()


def ensure_rules_data() -> None:
    """Make the rules data tables hold exactly what ``load_rules`` gave: if a test changed
    them, empty them and load again; otherwise touch nothing."""
    if as_loaded():
        return
    for model in reversed(rules_data_models()):  # catalogue rows before their rule set
        model._default_manager.all().delete()
    load_rules_data()


def keep_rules_data_at_next_flush() -> None:
    """The next ``flush`` (the one that ends this transactional test) keeps the rules data."""
    _state.keep = True


def sql_flush_keeping_rules_data(
    style: Any, connection: Any, reset_sequences: bool = True, allow_cascade: bool = False
) -> list[str]:
    """``django.core.management.sql.sql_flush``, but when the flush ends a transactional test
    (:func:`keep_rules_data_at_next_flush`), without the rules data tables. A ``flush`` a
    test calls itself empties everything, as in production."""
    tables = connection.introspection.django_table_names(only_existing=True, include_views=False)
    if getattr(_state, "keep", False):
        _state.keep = False
        kept = {model._meta.db_table for model in rules_data_models()}
        tables = [table for table in tables if table not in kept]
    return list(
        connection.ops.sql_flush(style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
    )
