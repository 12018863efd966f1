"""Username keys again with the look-alikes of issue 29 (letter pairs read as one letter,
"rn" as "m"; more digits written for letters) and the alternate reading of the digit 1
as an i (roster.accounts.usernames.alternate). As in 0003, the oldest account keeps its
key; a later one whose name now reads like it keeps working without."""

from typing import Any

from django.db import migrations

from roster.accounts.usernames import alternate, skeleton


def recompute(apps: Any, schema_editor: Any) -> None:
    UsernameKey = apps.get_model("muster_accounts", "UsernameKey")
    keys = list(UsernameKey.objects.select_related("user").order_by("user_id"))
    seen: set[str] = set()
    keep = []
    for key in keys:
        shape = skeleton(key.user.username)
        if shape in seen:
            key.delete()
            continue
        seen.add(shape)
        key.skeleton = shape
        key.alternate = alternate(key.user.username)
        keep.append(key)
    # Out of the way first, so no row meets another's old value while they change. A tab
    # is in no username's skeleton (and PostgreSQL refuses NUL in text).
    for key in keep:
        UsernameKey.objects.filter(pk=key.pk).update(skeleton=f"\t{key.pk}")
    for key in keep:
        UsernameKey.objects.filter(pk=key.pk).update(skeleton=key.skeleton, alternate=key.alternate)


class Migration(migrations.Migration):
    dependencies = [("muster_accounts", "0004_username_alternates")]

    operations = [migrations.RunPython(recompute, migrations.RunPython.noop)]
