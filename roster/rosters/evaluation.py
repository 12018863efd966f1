"""Evaluating stored roster documents against the catalogue in the database.

Every page, partial, PDF and command gets its numbers from one :class:`Evaluation`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from roster.rosters.catalogue import catalogue_and_digest
from roster.rosters.models import Roster, RosterRead
from roster.supplements.pins import pinned_supplement
from rules.document import DocumentError, parse_document
from rules.fingerprint import roster_fingerprint
from rules.registry import SYSTEMS
from rules.report import Issue, Report, json_number
from rules.schema import RosterDocument
from rules.supplement import SupplementDocument, merge, supplement_digest
from rules.system import GameSystem

_merged: dict[tuple[str, str, str], Any] = {}
MERGED_CACHE_SIZE = 64


class DamagedRoster(Exception):
    """A roster's *stored* document no longer parses (old data, or a bug that let it be
    stored): raised by :func:`evaluate_roster` instead of the DocumentError, so no view
    takes it for a player's bad input. ``roster`` is the roster, ``error`` the
    DocumentError (its JSON path and message). roster.project.middleware answers it with the
    damaged-roster page (History and Restore, the export); the JSON export and the
    account's zip write such a document as stored (roster.rosters.transfer.export_json).
    """

    def __init__(self, roster: Any, error: DocumentError) -> None:
        super().__init__(f"roster {roster.pk}: stored document does not parse: {error.path}: {error.message}")
        self.roster = roster
        self.error = error


@dataclass(frozen=True)
class Evaluation:
    """A stored document parsed and evaluated: the pydantic document, its catalogue,
    the Report, the rules data digest used, and the supplement merged into the
    catalogue (None when the roster uses none)."""

    document: RosterDocument
    catalogue: Any
    report: Report
    digest: str
    supplement: SupplementDocument | None = None

    @cached_property
    def document_json(self) -> dict[str, Any]:
        """The document as JSON data (``model_dump(mode="json")``, unset values as None),
        made once per Evaluation for the forms and cards that read it; not to be changed."""
        return self.document.model_dump(mode="json")

    @property
    def supplement_digest(self) -> str | None:
        """sha256 of the supplement used (rules.supplement.supplement_digest), or None."""
        return supplement_digest(self.supplement) if self.supplement is not None else None

    @property
    def fingerprint(self) -> str:
        """12 hex digits naming this exact document with these rules data
        (rules.fingerprint.roster_fingerprint): printed on the sheet and the shared page.
        With a supplement, its digest follows the rules data digest (docs/supplements.md)."""
        extra = self.supplement_digest
        return roster_fingerprint(self.document, self.digest + (f"\n{extra}" if extra else ""))

    @property
    def summary(self) -> dict[str, Any]:
        """What the roster list shows: cost, limit, unit, legal, model count."""
        t = self.report.totals
        return {
            "cost": json_number(t["cost"]),
            "limit": json_number(t.get("limit")),
            "unit": t["unit"],
            "legal": self.report.legal,
            "models": len(self.report.models),
            "errors": len(self.report.errors),
        }


def evaluate_stored(
    data: dict[str, Any],
    rules_data_for: Callable[[str], tuple[Any, str]] = catalogue_and_digest,
    supplement: SupplementDocument | None = None,
) -> Evaluation:
    """Parse a stored document (structure only: names may have left the rules data)
    and evaluate it. ``rules_data_for`` gives (catalogue, digest) of a system id: the
    database's by default; the commands pass roster.rosters.catalogue.any_catalogue_and_digest.
    ``supplement`` (of the document's system) is merged into the catalogue first.
    Raises DocumentError if the stored JSON is not a document, or the supplement is of
    another system or does not fit the rules data (its JSON path)."""
    document = parse_document(data)
    system = SYSTEMS[document.system]
    catalogue, digest = rules_data_for(system.id)
    if supplement is not None:
        catalogue = merged_catalogue(system, catalogue, digest, supplement)
    return Evaluation(document, catalogue, system.evaluate(document, catalogue), digest, supplement)


@dataclass(frozen=True)
class Rules:
    """What a roster is evaluated with, read once per request (:func:`read_rules`): its
    system's rules data (``catalogue``, the book's, and its ``digest``) and the supplement
    the roster pins (None when it pins none)."""

    system: str
    catalogue: Any
    digest: str
    supplement: SupplementDocument | None

    def rules_data_for(self, system_id: str) -> tuple[Any, str]:
        """(catalogue, digest) of ``system_id``, as :func:`evaluate_stored` asks for them:
        these for the roster's system, the database's for any other."""
        if system_id != self.system:
            return catalogue_and_digest(system_id)
        return self.catalogue, self.digest


def read_rules(roster: Roster | RosterRead) -> Rules:
    """The rules data and pinned supplement a roster is evaluated with. From a
    :class:`RosterRead` (Roster.objects.for_editing()) no query is made when the rules
    data and the supplement are cached per process; a bare roster asks the database.
    Raises CatalogueMissing when the system's rules data is not loaded."""
    stored = roster.roster if isinstance(roster, RosterRead) else roster
    loaded = roster.loaded_rules_digest if isinstance(roster, RosterRead) else None
    catalogue, digest = catalogue_and_digest(stored.system, loaded)
    supplement = pinned_supplement(roster) if stored.pk else None
    return Rules(stored.system, catalogue, digest, supplement)


def evaluate_roster(
    roster: Roster, document: dict[str, Any] | None = None, rules: Rules | None = None
) -> Evaluation:
    """Evaluate a stored roster's document (or ``document``, a new state of it) with its
    ``rules`` (read with :func:`read_rules` when not given): the rules data merged with the
    supplement version the roster pins. Raises DocumentError as :func:`evaluate_stored`
    for ``document``, and DamagedRoster when the stored document itself does not parse."""
    if document is not None:
        return _evaluate_roster(roster, document, rules)
    try:
        return _evaluate_roster(roster, None, rules)
    except DocumentError as exc:
        raise DamagedRoster(roster, exc) from exc


def _evaluate_roster(roster: Roster, document: dict[str, Any] | None, rules: Rules | None) -> Evaluation:
    rules = rules or read_rules(roster)
    data = roster.document if document is None else document
    return evaluate_with_supplement(data, rules.supplement, rules.rules_data_for)


def evaluate_with_supplement(
    data: dict[str, Any],
    supplement: SupplementDocument | None,
    rules_data_for: Callable[[str], tuple[Any, str]] = catalogue_and_digest,
) -> Evaluation:
    """Evaluate a stored document with ``supplement`` (None: the book alone). When the
    rules data has changed under the supplement (it now gives a value the supplement
    fills, or took a homebrew name), the book alone, with a warning first in the report
    saying so. A roster's evaluation and an event's kept list both come here. Raises
    DocumentError as :func:`evaluate_stored` for the document itself."""
    if supplement is None:
        return evaluate_stored(data, rules_data_for)
    try:
        return evaluate_stored(data, rules_data_for, supplement=supplement)
    except DocumentError as exc:
        if not exc.path.startswith(("$.values", "$.homebrew")):
            raise
        problem = f"{exc.path}: {exc.message}"
    evaluation = evaluate_stored(data, rules_data_for)
    message = (
        f"The supplement {supplement.name} no longer fits the rules data ({problem}); "
        "this roster is evaluated without it. Edit the supplement to use it again."
    )
    evaluation.report.issues.insert(0, Issue("warning", "muster.supplement.unusable", message, "Muster"))
    return evaluation


def roster_catalogue(rules: Rules) -> Any:
    """The catalogue a roster's forms offer and check: the rules data merged with the
    roster's pinned supplement (so its homebrew can be chosen). Raises DocumentError when
    the supplement does not fit the rules data."""
    if rules.supplement is None:
        return rules.catalogue
    return merged_catalogue(SYSTEMS[rules.system], rules.catalogue, rules.digest, rules.supplement)


def merged_catalogue(system: GameSystem, catalogue: Any, digest: str, supplement: SupplementDocument) -> Any:
    """The catalogue with ``supplement`` merged in (rules.supplement.merge), cached per
    process by rules data digest and supplement digest. Raises DocumentError."""
    if supplement.system != system.id:
        raise DocumentError(
            "$.supplement.system", f"the supplement is for {supplement.system}, not {system.id}"
        )
    key = (system.id, digest, supplement_digest(supplement))
    if key not in _merged:
        if len(_merged) >= MERGED_CACHE_SIZE:
            _merged.pop(next(iter(_merged)))
        _merged[key] = merge(system, catalogue, supplement)
    return _merged[key]
