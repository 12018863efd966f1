"""``manage.py render_sheet FILE_OR_ID -o OUT.pdf [--paper a4|letter]``: write a PDF roster sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.template import TemplateDoesNotExist

from roster.catalogue import get_catalogue
from roster.evaluation import evaluate_stored
from roster.models import Roster
from roster.sheets import PAPERS, SheetInfo, render_pdf, sheet_html
from rules.document import MAX_DOCUMENT_BYTES, DocumentError, dump_document, load_json, parse_document


class Command(BaseCommand):
    help = "Render the PDF sheet of a stored roster (by id) or of a roster document file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("source", help="a roster id, or a roster document file")
        parser.add_argument("-o", "--output", required=True, help="where to write the PDF")
        parser.add_argument("--paper", choices=sorted(PAPERS), default="a4")

    def handle(self, *args: Any, **options: Any) -> None:
        source: str = options["source"]
        owner = "Muster"
        if source.isdigit() and not Path(source).exists():
            roster = Roster.objects.select_related("owner").filter(pk=int(source)).first()
            if roster is None:
                raise CommandError(f"no roster with id {source}")
            document, owner = roster.document, roster.owner.get_username()
        else:
            try:
                raw = Path(source).read_bytes()[: MAX_DOCUMENT_BYTES + 1]
                document = dump_document(parse_document(load_json(raw), get_catalogue))
            except OSError as exc:
                raise CommandError(f"{source}: cannot read the file: {exc.strerror or exc}") from None
            except DocumentError as exc:
                raise CommandError(f"{source}: {exc.path}: {exc.message}") from None
        try:
            html = sheet_html(evaluate_stored(document), SheetInfo(owner=owner, paper=options["paper"]))
        except TemplateDoesNotExist:
            raise CommandError(f"Muster has no roster sheet for {document['system']} yet") from None
        Path(options["output"]).write_bytes(render_pdf(html))
        self.stdout.write(options["output"])
