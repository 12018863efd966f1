"""``manage.py render_sheet FILE_OR_ID -o OUT.pdf [--paper a4|letter] [--compact]
[--supplement SUPPLEMENT.json]``: write a PDF roster sheet.

A file that embeds its supplement is printed with it; ``--supplement`` gives one instead
(its values print as the player's, docs/supplements.md). A stored roster prints with
the supplement version it pins.

A roster document file works before any ``migrate`` (the rules data is read from
``fixtures/`` when the database has none); a stored roster's id needs the database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError
from django.template import TemplateDoesNotExist

from roster.rosters.catalogue import any_catalogue_and_digest
from roster.rosters.evaluation import evaluate_stored
from roster.rosters.management.commands.validate_roster import read_roster, read_supplement_file
from roster.rosters.models import Roster
from roster.sheets.content import PAPERS, SheetInfo, render_pdf, sheet_html
from rules.document import DocumentError
from rules.system import CatalogueError


def stored_document(source: str) -> tuple[dict[str, Any], str]:
    """(document, owner's username) of the stored roster with id ``source``.

    Raises CommandError when there is no such roster or no database set up yet.
    """
    try:
        roster = Roster.objects.select_related("owner").filter(pk=int(source)).first()
    except DatabaseError:
        raise CommandError(
            f"no roster with id {source}: the database is not set up (run `manage.py migrate`); "
            "a roster document file works without it"
        ) from None
    if roster is None:
        raise CommandError(f"no roster with id {source}")
    return roster.document, roster.owner.get_username()


class Command(BaseCommand):
    help = "Render the PDF sheet of a stored roster (by id) or of a roster document file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("source", help="a roster id, or a roster document file")
        parser.add_argument("-o", "--output", required=True, help="where to write the PDF")
        parser.add_argument("--paper", choices=sorted(PAPERS), default="a4")
        parser.add_argument(
            "--compact", action="store_true", help="leave out the rule summaries (for players who know them)"
        )
        parser.add_argument("--supplement", help="a supplement (muster.supplement/1 JSON) to print with")

    def handle(self, *args: Any, **options: Any) -> None:
        source: str = options["source"]
        owner = "Muster"
        system = "this system"
        try:
            supplement = read_supplement_file(Path(options["supplement"])) if options["supplement"] else None
            if source.isdigit() and not Path(source).exists():
                document, owner = stored_document(source)
                evaluation = evaluate_stored(document, any_catalogue_and_digest, supplement)
            else:
                evaluation = read_roster(Path(source), supplement)
            system = evaluation.report.system
            info = SheetInfo(owner=owner, paper=options["paper"], compact=options["compact"])
            html = sheet_html(evaluation, info)
        except DocumentError as exc:
            raise CommandError(f"{source}: {exc.path}: {exc.message}") from None
        except CatalogueError as exc:
            raise CommandError(f"{source}: no rules data to print it with: {exc}") from None
        except TemplateDoesNotExist:
            raise CommandError(f"Muster has no roster sheet for {system} yet") from None
        try:
            Path(options["output"]).write_bytes(render_pdf(html))
        except OSError as exc:
            raise CommandError(
                f"{options['output']}: cannot write the sheet: {exc.strerror or exc}"
            ) from None
        self.stdout.write(options["output"])
