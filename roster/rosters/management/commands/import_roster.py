"""``manage.py import_roster FILE --owner USER [--share]``: store a roster document for a user."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from roster.rosters.catalogue import catalogue_and_digest
from roster.rosters.management.setup import database_needed
from roster.rosters.operations import TooManyRosters, create_roster, pin_supplement, share_roster
from roster.rosters.transfer import import_export
from roster.supplements.operations import adopt
from rules.document import MAX_DOCUMENT_BYTES, DocumentError


class Command(BaseCommand):
    help = "Import a roster document (JSON) for a user; prints the roster id (and share path with --share)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--owner", required=True, help="username of the owner")
        parser.add_argument("--share", action="store_true", help="also create a read-only share link")

    def handle(self, *args: Any, **options: Any) -> None:
        with database_needed("import_roster"):
            self._import(options)

    def _import(self, options: dict[str, Any]) -> None:
        path = Path(options["file"])
        try:
            owner = get_user_model().objects.get(username=options["owner"])
        except get_user_model().DoesNotExist:
            raise CommandError(f"no user named {options['owner']!r}") from None
        try:
            if path.stat().st_size > MAX_DOCUMENT_BYTES:
                raise DocumentError("$", f"the file is larger than {MAX_DOCUMENT_BYTES:,} bytes")
            document, supplement = import_export(path.read_bytes(), catalogue_and_digest)
        except OSError as exc:
            raise CommandError(f"{path}: cannot read the file: {exc.strerror or exc}") from None
        except DocumentError as exc:
            raise CommandError(f"{path}: {exc.path}: {exc.message}") from None
        try:
            roster = create_roster(owner, document, action="Imported")
        except TooManyRosters as exc:
            raise CommandError(f"{options['owner']}: {exc.message}") from None
        if supplement is not None:
            pin_supplement(roster, adopt(owner, supplement))
        self.stdout.write(str(roster.pk))
        if options["share"]:
            link = share_roster(roster)  # a new roster: it has no link yet
            if link is not None:
                self.stdout.write(reverse("shared", args=[link.token]))
