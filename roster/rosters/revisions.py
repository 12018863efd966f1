"""How many revisions a roster keeps: the newest KEEP_NEWEST in full (every Undo step and
History entry of a working session), and of the older ones only the last of each day,
for the KEEP_DAILY most recent such days. So storage per roster is bounded (at most
KEEP_NEWEST + KEEP_DAILY documents), whatever the number of edits, and History still
reaches back weeks. History says so (templates/roster/history.html). See docs/security.md, "Limits".
"""

from __future__ import annotations

from typing import Any

KEEP_NEWEST = 30
KEEP_DAILY = 20


def thin_revisions(roster: Any) -> int:
    """Delete the revisions of ``roster`` this policy does not keep, counting back from
    its current revision (revisions above it, which Redo can reach, are always kept).
    Returns how many were deleted. Meant to run in the transaction of the write that
    added the newest revision (Roster.commit)."""
    from roster.rosters.models import Revision

    if roster.revision <= KEEP_NEWEST:  # nothing old enough: no query
        return 0
    older = Revision.objects.filter(roster=roster, number__lte=roster.revision - KEEP_NEWEST)
    if not older.exists():
        return 0
    kept_days: set[Any] = set()
    keep: list[int] = []
    for number, created in older.order_by("-number").values_list("number", "created"):
        day = created.date()
        if day not in kept_days and len(kept_days) < KEEP_DAILY:
            kept_days.add(day)
            keep.append(number)
    deleted, _ = older.exclude(number__in=keep).delete()
    return int(deleted)
