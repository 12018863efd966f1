"""``manage.py load_rules [SYSTEM...]``: load the rules data from fixtures/ into the database."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from roster.catalogue import load_system
from rules.registry import SYSTEMS
from rules.system import CatalogueError


class Command(BaseCommand):
    help = "Validate each system's rules data file and load it into the catalogue tables (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("systems", nargs="*", help=f"system ids (default: all of {', '.join(SYSTEMS)})")

    def handle(self, *args: Any, **options: Any) -> None:
        for system_id in options["systems"] or list(SYSTEMS):
            if system_id not in SYSTEMS:
                raise CommandError(f"unknown system {system_id!r}; known: {', '.join(SYSTEMS)}")
            try:
                digest, changed = load_system(system_id)
            except CatalogueError as exc:
                raise CommandError(str(exc)) from None
            if options["verbosity"] > 0:
                state = "loaded" if changed else "unchanged"
                self.stdout.write(f"{system_id}: {state} (rules data {digest[:12]})")
