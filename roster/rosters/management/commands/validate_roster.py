"""``manage.py validate_roster FILE... [--json] [--supplement SUPPLEMENT.json]`` (README, Commands).

A roster export that embeds its supplement (``"supplement"``, docs/supplements.md) is
evaluated with it; ``--supplement`` gives one for every file instead.

Exit 0: every roster legal. Exit 1: some roster not legal. Exit 2: some file could
not be read (one line per file on stderr, nothing on stdout). Works before any
``migrate``: without rules data in the database, the rules data is read from
``fixtures/``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from roster.rosters.catalogue import any_catalogue_and_digest
from roster.rosters.evaluation import Evaluation, merged_catalogue
from rules.document import MAX_DOCUMENT_BYTES, DocumentError, load_json, parse_document
from rules.registry import SYSTEMS
from rules.report import json_number
from rules.supplement import SupplementDocument, embedded_supplement, load_supplement, split_export
from rules.system import CatalogueError


def read_file(path: Path) -> bytes:
    """The bytes of a roster file of at most 1 MB; DocumentError at "$" otherwise."""
    try:
        size = path.stat().st_size
        if size > MAX_DOCUMENT_BYTES:
            raise DocumentError("$", f"the file is {size:,} bytes; the limit is {MAX_DOCUMENT_BYTES:,}")
        return path.read_bytes()
    except OSError as exc:
        raise DocumentError("$", f"cannot read the file: {exc.strerror or exc}") from None


def catalogue_of(system_id: str) -> Any:
    """The system's catalogue: the database's, or fixtures/ before setup."""
    return any_catalogue_and_digest(system_id)[0]


def read_roster(path: Path, supplement: SupplementDocument | None = None) -> Evaluation:
    """Read, validate and evaluate one roster file with the loaded rules data (or
    ``fixtures/`` when the database has none, or no tables yet), merged with
    ``supplement`` or else with the supplement the file embeds.

    Raises DocumentError (JSON path and message) for an unreadable, oversize or
    invalid file or supplement, CatalogueError when no rules data can be read at all.
    """
    data, embedded = split_export(load_json(read_file(path)))
    if supplement is None and embedded is not None:
        supplement = embedded_supplement(embedded)

    def rules_data_for(system_id: str) -> tuple[Any, str]:
        catalogue, digest = any_catalogue_and_digest(system_id)
        if supplement is None:
            return catalogue, digest
        return merged_catalogue(SYSTEMS[system_id], catalogue, digest, supplement), digest

    document = parse_document(data, lambda system_id: rules_data_for(system_id)[0])
    system = SYSTEMS[document.system]
    catalogue, digest = rules_data_for(system.id)
    return Evaluation(document, catalogue, system.evaluate(document, catalogue), digest, supplement)


def read_supplement_file(path: Path) -> SupplementDocument:
    """The supplement in a file; DocumentError (JSON path) when it cannot be read."""
    return load_supplement(read_file(path))


def format_report(path: str, evaluation: Evaluation) -> str:
    """A readable summary: headline, one line per model, then the issues."""
    report = evaluation.report
    t = report.totals
    limit = f" / {json_number(t['limit'])}" if t.get("limit") is not None else ""
    lines = [
        f"{path}: {report.name}: {json_number(t['cost'])}{limit} {t['unit']}"
        + (f", Fate Pool {t['fate_pool']}" if "fate_pool" in t else "")
        + (" - legal" if report.legal else " - NOT LEGAL")
        + f" (fingerprint {evaluation.fingerprint})"
    ]
    if evaluation.supplement is not None:
        lines.append(
            f"  with supplement {evaluation.supplement.name}: its values are the player's, not checked"
        )
    lines += [f"  {m.name}: {json_number(m.cost)} {t['unit']}" for m in report.models]
    lines += [
        f"  {i.severity}: {i.message} [{i.code}, {i.source}]" + (f" ({i.model_name})" if i.model_name else "")
        for i in report.issues
    ]
    return "\n".join(lines)


def as_json(evaluation: Evaluation) -> dict[str, Any]:
    """The report's JSON shape (README, Commands) with "fingerprint", and "supplement"
    ({"name", "digest"}) when a supplement was used."""
    out = {**evaluation.report.as_json(), "fingerprint": evaluation.fingerprint}
    if evaluation.supplement is not None:
        out["supplement"] = {"name": evaluation.supplement.name, "digest": evaluation.supplement_digest}
    return out


class Command(BaseCommand):
    help = "Check roster files against the rules. Exit 0 legal, 1 not legal, 2 unreadable."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", help="roster documents (muster.roster/1 JSON)")
        parser.add_argument("--json", action="store_true", help="print one JSON object per file")
        parser.add_argument(
            "--supplement", help="a supplement (muster.supplement/1 JSON) to evaluate every file with"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        results: list[tuple[str, Evaluation]] = []
        failed = False
        supplement = None
        if options["supplement"]:
            try:
                supplement = read_supplement_file(Path(options["supplement"]))
            except DocumentError as exc:
                self.stderr.write(f"validate_roster: {options['supplement']}: {exc.path}: {exc.message}")
                sys.exit(2)
        for name in options["files"]:
            try:
                results.append((name, read_roster(Path(name), supplement)))
            except DocumentError as exc:
                self.stderr.write(f"validate_roster: {name}: {exc.path}: {exc.message}")
                failed = True
            except CatalogueError as exc:
                self.stderr.write(f"validate_roster: {name}: no rules data to check it with: {exc}")
                failed = True
        if failed:
            sys.exit(2)
        for name, evaluation in results:
            if options["json"]:
                self.stdout.write(json.dumps(as_json(evaluation), ensure_ascii=False))
            else:
                self.stdout.write(format_report(name, evaluation))
        if not all(e.report.legal for _, e in results):
            sys.exit(1)
