"""Keep each user's UsernameKey in step with the username, whoever saves the user
(sign-up, the admin, createsuperuser, create_user in scripts)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.db.models.signals import post_save
from django.dispatch import receiver

from roster.accounts.models import UsernameKey
from roster.accounts.usernames import alternate, fold, skeleton


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="muster-username-key")
def store_username_key(
    sender: Any,
    instance: Any,
    created: bool,
    update_fields: frozenset[str] | None,
    raw: bool = False,
    **kwargs: Any,
) -> None:
    """Write the keys for a saved user. Raises IntegrityError (from the unique
    constraints) when a new or renamed account takes a name that reads like another's.

    A save that leaves the username alone (the log-in's ``last_login``) writes nothing;
    an account from before the keys whose name twins an older one stays without a key
    (migration 0002) and keeps working. Loading a backup (``raw``) writes nothing: the
    keys come back from the backup itself.
    """
    if raw or (update_fields is not None and "username" not in update_fields):
        return
    name = instance.get_username()
    folded, shape, other = fold(name), skeleton(name), alternate(name)
    key = UsernameKey.objects.filter(user=instance).first()
    if key is not None and (key.folded, key.skeleton, key.alternate) == (folded, shape, other):
        return
    clash = UsernameKey.objects.filter(Q(folded=folded) | Q(skeleton=shape)).exclude(user=instance)
    if key is None and not created and clash.exists():
        return
    with transaction.atomic():
        UsernameKey.objects.update_or_create(
            user=instance, defaults={"folded": folded, "skeleton": shape, "alternate": other}
        )
