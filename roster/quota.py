"""The roster cap on every way back into the list: undeleting from the trash counts like
making a roster (Roster.create holds the same rule for new, example, duplicate, import,
copy and the import command). See docs/security.md, "Limits"."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from roster.models import MAX_ROSTERS_PER_USER, Roster, TooManyRosters


def undelete(roster: Roster) -> None:
    """Take ``roster`` out of the trash, if its owner has room for one more roster.

    The owner's row is locked while counting (as in Roster.create), so two undeletes, or
    an undelete and a new roster, cannot pass the cap together. Raises TooManyRosters.
    """
    with transaction.atomic():
        _lock_owner(roster.owner_id)
        if (
            Roster.objects.filter(owner_id=roster.owner_id, deleted__isnull=True).count()
            >= MAX_ROSTERS_PER_USER
        ):
            raise TooManyRosters()
        Roster.objects.filter(pk=roster.pk).update(deleted=None)


def _lock_owner(owner_id: Any) -> None:
    list(get_user_model().objects.select_for_update().filter(pk=owner_id).values_list("pk"))
