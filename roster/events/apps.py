"""App config for events (kept apart from roster's and games' migrations)."""

from django.apps import AppConfig


class EventsConfig(AppConfig):
    """A club's tournament or league: its lists, rounds, pairings and standings."""

    name = "roster.events"
    label = "muster_events"
    verbose_name = "Muster events"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """A table's game links back to its event (roster.games.origins)."""
        from roster.events.origins import event_of_game
        from roster.games.origins import register

        register(event_of_game)
