"""``manage.py validate_roster FILE... [--json]`` (DESIGN.md section 3).

Exit 0: every roster legal. Exit 1: some roster not legal. Exit 2: some file could
not be read (one line per file on stderr, nothing on stdout).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from roster.catalogue import CatalogueMissing, get_catalogue
from rules.document import MAX_DOCUMENT_BYTES, DocumentError, load_json, parse_document
from rules.registry import SYSTEMS
from rules.report import Report, json_number


def read_roster(path: Path) -> Report:
    """Read, validate and evaluate one roster file.

    Raises DocumentError (JSON path and message) or CatalogueMissing; an unreadable or
    oversize file is a DocumentError at "$".
    """
    try:
        size = path.stat().st_size
        if size > MAX_DOCUMENT_BYTES:
            raise DocumentError("$", f"the file is {size:,} bytes; the limit is {MAX_DOCUMENT_BYTES:,}")
        raw = path.read_bytes()
    except OSError as exc:
        raise DocumentError("$", f"cannot read the file: {exc.strerror or exc}") from None
    document = parse_document(load_json(raw), get_catalogue)
    system = SYSTEMS[document.system]
    return system.evaluate(document, get_catalogue(system.id))


def format_report(path: str, report: Report) -> str:
    """A readable summary: headline, one line per model, then the issues."""
    t = report.totals
    limit = f" / {json_number(t['limit'])}" if t.get("limit") is not None else ""
    lines = [
        f"{path}: {report.name}: {json_number(t['cost'])}{limit} {t['unit']}"
        + (f", Fate Pool {t['fate_pool']}" if "fate_pool" in t else "")
        + (" - legal" if report.legal else " - NOT LEGAL")
    ]
    lines += [f"  {m.name}: {json_number(m.cost)} {t['unit']}" for m in report.models]
    lines += [
        f"  {i.severity}: {i.message} [{i.code}, {i.source}]" + (f" ({i.model_name})" if i.model_name else "")
        for i in report.issues
    ]
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Check roster files against the rules. Exit 0 legal, 1 not legal, 2 unreadable."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", help="roster documents (muster.roster/1 JSON)")
        parser.add_argument("--json", action="store_true", help="print one JSON object per file")

    def handle(self, *args: Any, **options: Any) -> None:
        reports: list[tuple[str, Report]] = []
        failed = False
        for name in options["files"]:
            try:
                reports.append((name, read_roster(Path(name))))
            except DocumentError as exc:
                self.stderr.write(f"validate_roster: {name}: {exc.path}: {exc.message}")
                failed = True
            except CatalogueMissing as exc:
                self.stderr.write(f"validate_roster: {name}: {exc}")
                failed = True
        if failed:
            sys.exit(2)
        for name, report in reports:
            if options["json"]:
                self.stdout.write(json.dumps(report.as_json(), ensure_ascii=False))
            else:
                self.stdout.write(format_report(name, report))
        if not all(r.legal for _, r in reports):
            sys.exit(1)
