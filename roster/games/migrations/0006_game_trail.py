"""Game.trail (undos and seat changes beside the log, issue 29), and the number of
actions in each game's summary (My games shows it; Game.version now counts writes)."""

from typing import Any

from django.db import migrations, models


def count_actions(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("muster_games", "Game")
    for game in Game.objects.all().iterator(chunk_size=100):
        summary = dict(game.summary or {})
        if "actions" in summary:
            continue
        summary["actions"] = len({str(e.get("id")) for e in game.events or []})
        Game.objects.filter(pk=game.pk).update(summary=summary)


class Migration(migrations.Migration):
    dependencies = [
        ("muster_games", "0005_game_summary"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="trail",
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(count_actions, migrations.RunPython.noop),
    ]
