"""Drop the "play" cache table (muster_play) that 0003 made: without Redis each worker
now keeps the table fragments of games in play itself (roster/project/settings.py,
docs/play.md "Speed"), so `createcachetable` no longer makes it on a new database and
this removes it from an existing one. Going back leaves it absent (0003's own undo
drops it too)."""

from typing import Any

from django.db import migrations


def drop_play_cache(apps: Any, schema_editor: Any) -> None:
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name('muster_play')}")


class Migration(migrations.Migration):
    dependencies = [("muster_games", "0003_play_cache")]

    operations = [migrations.RunPython(drop_play_cache, migrations.RunPython.noop, elidable=False)]
