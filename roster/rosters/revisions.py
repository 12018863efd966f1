"""How many revisions a roster keeps: the newest KEEP_NEWEST in full (every Undo step and
History entry of a working session), and of the older ones only the last of each day,
for the KEEP_DAILY most recent such days. So storage per roster is bounded (at most
KEEP_NEWEST + KEEP_DAILY documents), whatever the number of edits, and History still
reaches back weeks. History says so (templates/roster/history.html). See docs/security.md, "Limits".
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

KEEP_NEWEST = 30
KEEP_DAILY = 20


def unkept_revisions(roster: Any) -> QuerySet[Any]:
    """The revisions of ``roster`` this policy does not keep, counting back from its
    current revision (revisions above it, which Redo can reach, are always kept): what
    roster.rosters.operations.save_revision deletes, in the transaction of the write that
    added the newest revision. Empty (no query) while the roster has too few."""
    from roster.rosters.models import Revision

    if roster.revision <= KEEP_NEWEST:  # nothing old enough: no query
        return Revision.objects.none()
    older = Revision.objects.filter(roster=roster, number__lte=roster.revision - KEEP_NEWEST)
    kept_days: set[Any] = set()
    keep: list[int] = []
    for number, created in older.order_by("-number").values_list("number", "created"):
        day = created.date()
        if day not in kept_days and len(kept_days) < KEEP_DAILY:
            kept_days.add(day)
            keep.append(number)
    return older.exclude(number__in=keep)
