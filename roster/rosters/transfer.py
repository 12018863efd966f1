"""Export and import of roster documents (JSON, docs/formats.md) and plain text for chat."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from roster.rosters.evaluation import Evaluation, merged_catalogue
from roster.rosters.systems import UIS, ui_for
from rules.document import MAX_DOCUMENT_BYTES, DocumentError, dump_document, load_json, parse_document
from rules.registry import SYSTEMS
from rules.report import json_number
from rules.supplement import SupplementDocument, dump_supplement, embedded_supplement, split_export


def export_json(document: dict[str, Any], supplement: SupplementDocument | None = None) -> str:
    """The canonical JSON text of a stored document (indented, UTF-8, newline at the end),
    carrying the supplement it uses under "supplement" (docs/supplements.md). A stored
    document that no longer parses (old data, a bug: roster.rosters.evaluation.DamagedRoster)
    is written as stored, so its owner always gets the data back; importing it again
    names what is wrong."""
    try:
        data = dump_document(parse_document(document))
    except DocumentError:
        data = dict(document)
    if supplement is not None:
        data["supplement"] = dump_supplement(supplement)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def export_text(evaluation: Evaluation) -> str:
    """Plain text for forums and chat: a title line, one line per model with its cost ("?"
    when unknown) and, below it, the player's own values in the book's words ("Armed in
    Melee: yes"), then the totals."""
    report = evaluation.report
    ui = ui_for(report.system)
    unit = report.totals["unit"]
    lines = [f"{report.name} ({SYSTEMS[report.system].title})", ""]
    for m in report.models:
        lines.append(f"{m.name} - {ui.text_summary(m)} - {quantity(m.cost, unit)}")
        if m.derived.get("supplied_words"):
            lines.append(
                f"  * the player's own values, not checked: {', '.join(m.derived['supplied_words'])}"
            )
        if m.derived.get("supplement_words"):
            lines.append(
                f"  * from supplement {m.derived['supplement']}, the player's values, not checked: "
                + ", ".join(m.derived["supplement_words"])
            )
        homebrew = ui.homebrew_used(m)
        if homebrew:
            lines.append(f"  * homebrew (not in the book): {', '.join(homebrew)}")
    limit = report.totals.get("limit")
    total = quantity(report.totals["cost"], unit)
    if limit is not None:
        total = f"{json_number(report.totals['cost'])} / {quantity(limit, unit)}"
    verdict = "legal" if report.legal else "NOT LEGAL"
    lines += ["", f"Total: {total}; {ui.text_totals(report)}; {verdict}"]
    return "\n".join(lines) + "\n"


def quantity(value: Any, unit: str) -> str:
    """ "1 point", "2 points", "4.5 points", "? points" when unknown; "ExP" never changes."""
    number = json_number(value)
    if number is None:
        return f"? {unit}"
    return f"{number} {unit[:-1] if number == 1 and unit.endswith('s') else unit}"


def _roster_json(raw: str | bytes) -> Any:
    """The JSON of an upload (at most 1 MB); a supplement is named as one, so that the
    player knows where to take it. Raises DocumentError."""
    data = load_json(raw, MAX_DOCUMENT_BYTES)
    if isinstance(data, dict) and data.get("format") == "muster.supplement/1":
        raise DocumentError(
            "$.format", "this is a supplement, not a roster: import it on the Supplements page"
        )
    return data


def import_export(
    raw: str | bytes, rules_data_for: Callable[[str], tuple[Any, str]]
) -> tuple[dict[str, Any], SupplementDocument | None]:
    """Read a roster export that may embed its supplement (``"supplement"``): at most 1 MB,
    every name in the rules data merged with that supplement. Returns the canonical
    document dict and the supplement (None when it has none). ``rules_data_for`` gives
    (catalogue, digest) of a system id.

    Raises DocumentError naming the JSON path ("$.supplement.values..." for the supplement).
    """
    data, embedded = split_export(_roster_json(raw))
    system_id = data.get("system") if isinstance(data, dict) else None
    supplement = None
    if embedded is not None:
        supplement = embedded_supplement(embedded, system_id if isinstance(system_id, str) else None)

    def catalogue_of(system: str) -> Any:
        catalogue, digest = rules_data_for(system)
        return (
            catalogue
            if supplement is None
            else merged_catalogue(SYSTEMS[system], catalogue, digest, supplement)
        )

    document = parse_document(data, catalogue_of)
    if document.system not in UIS:
        raise DocumentError("$.system", f"Muster cannot edit {SYSTEMS[document.system].title} rosters yet")
    return dump_document(document), supplement


def import_document(raw: str | bytes, catalogue_for: Any) -> dict[str, Any]:
    """Read an uploaded or pasted roster: at most 1 MB, a document of a system the editor
    supports, every name in the rules data. Returns the canonical document dict.

    Raises DocumentError naming the JSON path (or the line and column for bad JSON).
    """
    data = _roster_json(raw)
    document = parse_document(data, catalogue_for)
    if document.system not in UIS:
        raise DocumentError("$.system", f"Muster cannot edit {SYSTEMS[document.system].title} rosters yet")
    return dump_document(document)
