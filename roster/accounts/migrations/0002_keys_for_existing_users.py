"""Username keys for the accounts made before them. The oldest account keeps a name;
a later one whose name reads the same (possible before) keeps working without a key."""

from typing import Any

from django.db import migrations

from roster.accounts.usernames import fold, skeleton


def add_keys(apps: Any, schema_editor: Any) -> None:
    User = apps.get_model("auth", "User")
    UsernameKey = apps.get_model("muster_accounts", "UsernameKey")
    folded_seen: set[str] = set()
    skeletons_seen: set[str] = set()
    for user in User.objects.order_by("pk").only("pk", "username"):
        folded, shape = fold(user.username), skeleton(user.username)
        if folded in folded_seen or shape in skeletons_seen:
            continue
        folded_seen.add(folded)
        skeletons_seen.add(shape)
        UsernameKey.objects.create(user_id=user.pk, folded=folded, skeleton=shape)


class Migration(migrations.Migration):
    dependencies = [("muster_accounts", "0001_username_keys")]

    operations = [migrations.RunPython(add_keys, migrations.RunPython.noop)]
