"""The event a game was started from (roster.games.origins): registered by the events app
at start-up, so a table's game links back to its event page."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from roster.events.models import Pairing
from roster.games.origins import Origin


def event_of_game(game: Any) -> Origin | None:
    """The table of an event whose game ``game`` is, as an Origin (the event page, at the
    table), or None. One query."""
    table = Pairing.objects.filter(game_id=game.pk).select_related("round__event").first()
    if table is None:
        return None
    event = table.round.event
    return Origin(
        label=f"{event.name}, round {table.round.number}, table {table.table}",
        url=reverse("event-page", args=[event.pk]) + f"#pairing-{table.pk}",
        action="confirm the result on the event page",
    )
