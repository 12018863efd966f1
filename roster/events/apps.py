"""App config for events (kept apart from roster's and games' migrations)."""

from django.apps import AppConfig


class EventsConfig(AppConfig):
    """A club's tournament or league: its lists, rounds, pairings and standings."""

    name = "roster.events"
    label = "muster_events"
    verbose_name = "Muster events"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """A table's game links back to its event (roster.games.origins); the sheet
        worker builds the list packs and the printables (roster.sheets.queue.on_pack)."""
        from roster.events import printing
        from roster.events.origins import event_of_game
        from roster.events.pack import KIND, build_chunk
        from roster.games.origins import register
        from roster.sheets.queue import on_pack

        register(event_of_game)
        on_pack(KIND, build_chunk)
        on_pack(printing.KIND, printing.build)
