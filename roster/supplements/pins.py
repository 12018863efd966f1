"""Which supplement version a roster uses, and the versions it could move to (reads;
pinning a version is roster.rosters.operations.pin_supplement, taking an imported
roster's supplement roster.supplements.operations.adopt)."""

from __future__ import annotations

from typing import Any

from roster.supplements.models import RosterSupplement, Supplement, SupplementVersion
from rules.supplement import SupplementDocument

_documents: dict[str, SupplementDocument] = {}
CACHE_SIZE = 256


def pinned_version(roster: Any) -> SupplementVersion | None:
    """The supplement version the roster uses, or None."""
    pin = RosterSupplement.objects.select_related("version__supplement").filter(roster=roster).first()
    return pin.version if pin else None


def version_document(version: SupplementVersion) -> SupplementDocument:
    """The parsed supplement of a version, cached by its content digest (a row id can be
    reused after a deletion; a digest names one content)."""
    document = _documents.get(version.digest)
    if document is None:
        if len(_documents) >= CACHE_SIZE:
            _documents.pop(next(iter(_documents)))
        document = _documents[version.digest] = version.document()
    return document


def pinned_supplement(roster: Any) -> SupplementDocument | None:
    """The parsed supplement the roster uses at its pinned version, or None. Without a
    query when the roster was read with its pin's digest (a RosterRead from
    Roster.objects.for_editing()) and that content is cached, or when it pins none.
    ``roster``: a Roster, or a read that carries ``roster`` and ``pinned_digest`` (the
    roster app is above this one, so its types are not imported here)."""
    if hasattr(roster, "pinned_digest"):
        if roster.pinned_digest is None:
            return None
        cached = _documents.get(roster.pinned_digest)
        if cached is not None:
            return cached
        roster = roster.roster
    version = pinned_version(roster)
    return version_document(version) if version is not None else None


def usable_supplements(user: Any, system: str) -> list[Supplement]:
    """The user's supplements of ``system``, by name."""
    return list(Supplement.objects.filter(owner=user, system=system).order_by("name", "id"))
