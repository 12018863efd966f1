"""The one writer of accounts' own rows (docs/accounts.md): deleting an account with
everything it keeps, and the UsernameKey kept in step with each username. Signing up,
logging in and changing an email or password are django-allauth's and Django's own
writes; a roster's, game's, event's or supplement's rows are written by their app's
``operations.py``.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q

from roster.accounts.models import UsernameKey
from roster.accounts.usernames import alternate, fold, skeleton


def delete_account(user: Any) -> None:
    """Delete ``user`` and, by cascade, their rosters (revisions, share links), games,
    supplements and email addresses, in one transaction."""
    with transaction.atomic():
        user.delete()


def store_username_key(user: Any, created: bool) -> None:
    """Write the UsernameKey of ``user`` (just saved; ``created`` when new) for its
    username as it is now. Raises IntegrityError (from the unique constraints) when a
    new or renamed account takes a name that reads like another's.

    An unchanged username writes nothing; an account from before the keys whose name
    twins an older one stays without a key (migration 0002) and keeps working."""
    name = user.get_username()
    folded, shape, other = fold(name), skeleton(name), alternate(name)
    key = UsernameKey.objects.filter(user=user).first()
    if key is not None and (key.folded, key.skeleton, key.alternate) == (folded, shape, other):
        return
    clash = UsernameKey.objects.filter(Q(folded=folded) | Q(skeleton=shape)).exclude(user=user)
    if key is None and not created and clash.exists():
        return
    with transaction.atomic():
        UsernameKey.objects.update_or_create(
            user=user, defaults={"folded": folded, "skeleton": shape, "alternate": other}
        )
