"""``manage.py export_roster ID``: print a roster document as JSON, with the supplement
it uses embedded under "supplement" (docs/supplements.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from roster.rosters.management.setup import database_needed
from roster.rosters.models import Roster
from roster.rosters.transfer import export_json
from roster.supplements.pins import pinned_supplement


class Command(BaseCommand):
    help = "Print a stored roster as a roster document (JSON)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        with database_needed("export_roster"):
            roster = Roster.objects.filter(pk=options["id"]).first()
        if roster is None:
            raise CommandError(f"no roster with id {options['id']}")
        with database_needed("export_roster"):
            supplement = pinned_supplement(roster)
        self.stdout.write(export_json(roster.document, supplement), ending="")
