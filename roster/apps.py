"""The roster app: rosters, the rules catalogue tables and their admin."""

from django.apps import AppConfig


class RosterConfig(AppConfig):
    """App config for Muster's single app."""

    name = "roster"
    verbose_name = "Muster"
    default_auto_field = "django.db.models.BigAutoField"
