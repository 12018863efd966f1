"""App config for events (kept apart from roster's and games' migrations)."""

from django.apps import AppConfig


class EventsConfig(AppConfig):
    """A club's tournament or league: its lists, rounds, pairings and standings."""

    name = "roster.events"
    label = "muster_events"
    verbose_name = "Muster events"
    default_auto_field = "django.db.models.BigAutoField"
