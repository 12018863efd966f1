"""What the roster app tells the apps above it, without importing them (docs/layout.md,
"Hooks"): a higher app registers a callable here from its AppConfig.ready(), as
roster.games.origins does for events.

- :data:`roster_saved`: called after a roster is created or saved (an edit, undo, redo,
  restore, sharing) with the roster and the time of its previous save (None for a new
  roster); roster.sheets prepares the default sheet once the edits settle.
- :data:`archive_importers`: the Import page's other uploads. Each is a pair
  ``(recognises(upload) -> bool, import(request, upload) -> HttpResponse)``; the account app
  registers the account zip.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.http import HttpRequest, HttpResponse

RosterSaved = Callable[[Any, datetime | None], None]
Recognises = Callable[[Any], bool]
Importer = Callable[[HttpRequest, Any], HttpResponse]

roster_saved: list[RosterSaved] = []
archive_importers: list[tuple[Recognises, Importer]] = []


def on_roster_saved(receiver: RosterSaved) -> None:
    """Call ``receiver(roster, previous_save)`` after every roster save (once per receiver)."""
    if receiver not in roster_saved:
        roster_saved.append(receiver)


def tell_roster_saved(roster: Any, previous: datetime | None) -> None:
    """Tell every registered receiver that ``roster`` was saved (its previous save at
    ``previous``). Called by roster.rosters.operations only."""
    for receiver in roster_saved:
        receiver(roster, previous)


def on_archive_upload(recognises: Recognises, importer: Importer) -> None:
    """Let the Import page hand an upload that ``recognises`` accepts to ``importer``."""
    if (recognises, importer) not in archive_importers:
        archive_importers.append((recognises, importer))


def archive_importer(upload: Any) -> Importer | None:
    """The importer registered for ``upload``, or None (a roster document)."""
    return next((importer for recognises, importer in archive_importers if recognises(upload)), None)
