"""The database cache tables exist whatever CACHES says when `migrate` runs (issue 39): a
database migrated while CACHE_URL pointed at Redis had none (0007 creates only the tables
of the configured caches), and served later without Redis every tap was a 500 until
`createcachetable`. Creates each table only if it is missing."""

from typing import Any

from django.core.management.commands.createcachetable import Command as CreateCacheTable
from django.db import migrations

TABLES = ("muster_cache", "muster_ratelimit")


def create_missing(apps: Any, schema_editor: Any) -> None:
    command = CreateCacheTable()
    command.verbosity = 0
    for table in TABLES:
        command.create_table(schema_editor.connection.alias, table, dry_run=False)


class Migration(migrations.Migration):
    dependencies = [("roster", "0009_ruleset_seed_digest")]

    operations = [migrations.RunPython(create_missing, migrations.RunPython.noop, elidable=False)]
