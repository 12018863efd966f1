"""``manage.py load_rules [SYSTEM...] [--replace]``: bring the reviewed rules data from
fixtures/ into the database as a new version; an edit made in the admin since the last load
is shown, not reverted, unless ``--replace``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from roster.rosters.catalogue import RulesDataEdited
from roster.rosters.operations import load_system
from rules.registry import SYSTEMS
from rules.system import CatalogueError


class Command(BaseCommand):
    help = (
        "Validate each system's rules data file and bring it into the database as a new version "
        "(idempotent); rules data edited in the admin is kept unless --replace."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("systems", nargs="*", help=f"system ids (default: all of {', '.join(SYSTEMS)})")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="replace rules data edited in the admin with the file's (else the difference is shown)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        for system_id in options["systems"] or list(SYSTEMS):
            if system_id not in SYSTEMS:
                raise CommandError(f"unknown system {system_id!r}; known: {', '.join(SYSTEMS)}")
            try:
                digest, changed = load_system(system_id, replace=options["replace"])
            except (CatalogueError, RulesDataEdited) as exc:
                raise CommandError(str(exc)) from None
            if options["verbosity"] > 0:
                state = "loaded" if changed else "unchanged"
                self.stdout.write(f"{system_id}: {state} (rules data {digest[:12]})")
