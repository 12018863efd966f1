"""Keep each user's UsernameKey in step with the username, whoever saves the user
(sign-up, the admin, createsuperuser, create_user in scripts)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from roster.accounts import operations


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
    keys come back from the backup itself. The write: operations.store_username_key.
    """
    if raw or (update_fields is not None and "username" not in update_fields):
        return
    operations.store_username_key(instance, created)
