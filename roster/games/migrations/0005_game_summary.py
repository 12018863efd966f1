"""What My games shows of each game without replaying its log (Game.summary: turn,
finished, winner, and each side's name and Victory Points), written from now on with
the log by roster.games.operations; games made before are replayed once here."""

from typing import Any

from django.db import migrations, models


def summarise(apps: Any, schema_editor: Any) -> None:
    from rules.play.core import Event, Snapshot, replay
    from rules.play.format import list_summary
    from rules.play.registry import PLAY_RULES

    Game = apps.get_model("muster_games", "Game")
    for game in Game.objects.filter(version__gt=0).iterator():
        rules = PLAY_RULES.get(game.system)
        if rules is None:
            continue
        try:
            state = replay(
                rules, Snapshot.model_validate(game.snapshot), [Event.model_validate(e) for e in game.events]
            )
        except ValueError:  # a stored game the rules can no longer read: listed without a summary
            continue
        summary = list_summary(state)
        if game.finished is not None:
            summary["finished"] = True
        Game.objects.filter(pk=game.pk).update(summary=summary)


class Migration(migrations.Migration):
    dependencies = [("muster_games", "0004_drop_play_cache")]

    operations = [
        migrations.AddField(model_name="game", name="summary", field=models.JSONField(blank=True, null=True)),
        migrations.RunPython(summarise, migrations.RunPython.noop, elidable=True),
    ]
