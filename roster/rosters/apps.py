"""The roster app: rosters, the rules catalogue tables and their admin."""

from django.apps import AppConfig


class RosterConfig(AppConfig):
    """The roster app (label ``roster``, so its tables keep their names)."""

    name = "roster.rosters"
    label = "roster"
    verbose_name = "Muster"
    default_auto_field = "django.db.models.BigAutoField"
