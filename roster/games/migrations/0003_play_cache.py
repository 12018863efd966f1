"""Create the "play" cache table (muster_play: the kept table fragments of games in
play, roster.games.fragment) with `migrate`, as roster/rosters/migrations/0007 does for the
others. Nothing to do when CACHE_URL points at Redis. Superseded by 0004, which drops
the table again (each worker keeps its own fragments when there is no Redis)."""

from typing import Any

from django.core.management import call_command
from django.db import migrations


def create_cache_tables(apps: Any, schema_editor: Any) -> None:
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop_play_cache(apps: Any, schema_editor: Any) -> None:
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name('muster_play')}")


class Migration(migrations.Migration):
    dependencies = [("muster_games", "0002_two_phones"), ("roster", "0007_cache_tables")]

    operations = [migrations.RunPython(create_cache_tables, drop_play_cache, elidable=False)]
