"""Export and import of roster documents (JSON, docs/formats.md) and plain text for chat."""

from __future__ import annotations

import json
from typing import Any

from roster.evaluation import Evaluation
from roster.systems import UIS, ui_for
from rules.document import MAX_DOCUMENT_BYTES, DocumentError, dump_document, load_json, parse_document
from rules.registry import SYSTEMS
from rules.report import json_number


def export_json(document: dict[str, Any]) -> str:
    """The canonical JSON text of a stored document (indented, UTF-8, newline at the end)."""
    return json.dumps(dump_document(parse_document(document)), indent=2, ensure_ascii=False) + "\n"


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


def import_document(raw: str | bytes, catalogue_for: Any) -> dict[str, Any]:
    """Read an uploaded or pasted roster: at most 1 MB, a document of a system the editor
    supports, every name in the rules data. Returns the canonical document dict.

    Raises DocumentError naming the JSON path (or the line and column for bad JSON).
    """
    data = load_json(raw, MAX_DOCUMENT_BYTES)
    document = parse_document(data, catalogue_for)
    if document.system not in UIS:
        raise DocumentError("$.system", f"Muster cannot edit {SYSTEMS[document.system].title} rosters yet")
    return dump_document(document)
