"""Which rules data a roster is checked with, and what a printed sheet's fingerprint says.

A fingerprint (rules/fingerprint.py) covers the roster document and the rules data digest.
When a sheet on the table shows another fingerprint than the shared page, either the
roster changed or the rules data did; :func:`compare_sheet` tells which by recomputing
the fingerprints of the roster's stored revisions with the rules data each was saved with
and with today's (docs/formats.md, "Fingerprints").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from roster.rosters.evaluation import Evaluation
from roster.rosters.models import Revision, Roster, RuleSetVersion
from roster.rosters.rules_changes import changes_between
from rules.document import DocumentError
from rules.fingerprint import LENGTH, roster_fingerprint

# Revisions compared against a typed fingerprint, newest first (each costs a parse and a hash).
MAX_REVISIONS = 200
_HEX = re.compile(rf"[0-9a-f]{{{LENGTH}}}")


@dataclass(frozen=True)
class RulesVersion:
    """The rules data a roster is evaluated with: its short digest and when Muster first
    loaded it (None when unknown)."""

    digest: str
    loaded: datetime | None

    @property
    def short(self) -> str:
        """The first 12 hex digits, as the sheet prints them."""
        return self.digest[:LENGTH]


_versions: dict[tuple[str, str], RulesVersion] = {}


def rules_version(system: str, digest: str) -> RulesVersion:
    """The version of ``system``'s rules data with ``digest``. A snapshot's date never
    changes, so it is read once per process (the editor names it on every edit)."""
    key = (system, digest)
    if key not in _versions:
        found = (
            RuleSetVersion.objects.filter(system=system, digest=digest)
            .values_list("created", flat=True)
            .first()
        )
        if found is None:
            return RulesVersion(digest, None)  # not loaded yet: ask again next time
        if len(_versions) >= 256:
            _versions.pop(next(iter(_versions)))
        _versions[key] = RulesVersion(digest, found)
    return _versions[key]


@dataclass(frozen=True)
class SheetComparison:
    """What a printed sheet's fingerprint means for a shared roster: ``verdict`` is
    "same", "rules" (the same roster, other rules data), "roster" (an earlier version of
    the roster), "unknown" or "unreadable"; ``revision`` the matching revision number,
    ``rules`` the sheet's rules data version when known."""

    verdict: str
    typed: str
    revision: int | None = None
    when: datetime | None = None
    rules: RulesVersion | None = None
    extra: list[str] = field(default_factory=list)


def _print(document: Any, digest: str, supplement: str | None) -> str | None:
    try:
        return roster_fingerprint(document, digest + (f"\n{supplement}" if supplement else ""))
    except DocumentError:
        return None


def compare_sheet(roster: Roster, evaluation: Evaluation, typed: str) -> SheetComparison:
    """Compare ``typed`` (a fingerprint read off a sheet) with the shared roster."""
    text = typed.strip().lower()
    if not _HEX.fullmatch(text):
        return SheetComparison("unreadable", typed[:40])
    if text == evaluation.fingerprint:
        return SheetComparison("same", text)
    supplement = evaluation.supplement_digest
    revisions = Revision.objects.filter(roster=roster).order_by("-number")[:MAX_REVISIONS]
    for revision in revisions:
        for digest in dict.fromkeys([revision.rules_digest, evaluation.digest]):
            if digest and _print(revision.document, digest, supplement) == text:
                same_document = revision.document == roster.document
                rules = rules_version(roster.system, digest)
                if same_document and digest != evaluation.digest:
                    changes = changes_between(roster.system, digest, evaluation.digest, roster.document)
                    return SheetComparison("rules", text, revision.number, revision.created, rules, changes)
                return SheetComparison("roster", text, revision.number, revision.created, rules)
    return SheetComparison("unknown", text)
