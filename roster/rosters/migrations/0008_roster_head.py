"""Roster.head: the highest revision number kept, so Redo needs no query. Existing
rosters take it from their revisions (their highest number, or their revision)."""

from typing import Any

from django.db import migrations, models
from django.db.models import Max, OuterRef, Subquery
from django.db.models.functions import Coalesce, Greatest


def fill_head(apps: Any, schema_editor: Any) -> None:
    Roster = apps.get_model("roster", "Roster")
    Revision = apps.get_model("roster", "Revision")
    highest = (
        Revision.objects.filter(roster=OuterRef("pk"))
        .values("roster")
        .annotate(top=Max("number"))
        .values("top")
    )
    Roster.objects.update(head=Greatest(Coalesce(Subquery(highest), "revision"), "revision"))


class Migration(migrations.Migration):
    dependencies = [
        ("roster", "0007_cache_tables"),
    ]

    operations = [
        migrations.AddField(
            model_name="roster",
            name="head",
            field=models.PositiveIntegerField(
                default=1, help_text="The highest revision number kept: above revision after an undo (Redo)."
            ),
        ),
        migrations.RunPython(fill_head, migrations.RunPython.noop),
    ]
