"""App config for what every app uses (no models: its template tags and checks)."""

from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Request helpers, cache, limits, the site's address, the Jinja environment."""

    name = "roster.core"
    label = "muster_core"
    verbose_name = "Muster core"
