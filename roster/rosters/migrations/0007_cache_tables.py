"""Create the database cache tables (sheets and rate-limit counters) with `migrate`, so
`make run`, the tests and every deploy have the shared cache without an extra step.
Nothing to do when CACHE_URL points at Redis."""

from typing import Any

from django.core.management import call_command
from django.db import migrations


def create_cache_tables(apps: Any, schema_editor: Any) -> None:
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop_cache_tables(apps: Any, schema_editor: Any) -> None:
    for table in ("muster_cache", "muster_ratelimit"):
        schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(table)}")


class Migration(migrations.Migration):
    dependencies = [("roster", "0006_catalogue_sources_and_readings")]

    operations = [migrations.RunPython(create_cache_tables, drop_cache_tables, elidable=False)]
