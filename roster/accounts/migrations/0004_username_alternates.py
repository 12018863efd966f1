"""The second username key, for the alternate reading of the digit 1 as an i (issue 29).
Only the column here; 0005 fills it. On PostgreSQL a migration that changes rows and then
builds an index in one transaction is refused ("pending trigger events"), so the column and
its index come first, in a migration of their own."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("muster_accounts", "0003_lookalike_skeletons")]

    operations = [
        migrations.AddField(
            model_name="usernamekey",
            name="alternate",
            field=models.CharField(blank=True, db_index=True, default="", max_length=600),
        ),
    ]
