"""RuleSet.seed_digest: the digest of the rules data as ``load_rules`` last brought it in
from fixtures/. When the database's digest differs from it, the rules data was edited in
the admin since, and ``load_rules`` shows the difference instead of reverting the edit
(``--replace`` reverts it). Rules data loaded before this migration counts as the seed."""

from typing import Any

from django.db import migrations, models
from django.db.models import F


def seed_is_current(apps: Any, schema_editor: Any) -> None:
    apps.get_model("roster", "RuleSet").objects.update(seed_digest=F("digest"))


class Migration(migrations.Migration):
    dependencies = [("roster", "0008_roster_head")]

    operations = [
        migrations.AddField(
            model_name="ruleset",
            name="seed_digest",
            field=models.CharField(
                blank=True,
                help_text="The digest of the rules data load_rules last brought in from fixtures/.",
                max_length=64,
            ),
        ),
        migrations.RunPython(seed_is_current, migrations.RunPython.noop),
    ]
