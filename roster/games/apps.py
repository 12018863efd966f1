"""App config for games (kept apart from roster's migrations)."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """A game in progress: its snapshot and its log of events."""

    name = "roster.games"
    label = "muster_games"
    verbose_name = "Muster games"
    default_auto_field = "django.db.models.BigAutoField"
