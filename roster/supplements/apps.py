"""App config for supplements (kept apart from roster's migrations)."""

from django.apps import AppConfig


class SupplementsConfig(AppConfig):
    """Supplements, their versions, and each roster's pinned version."""

    name = "roster.supplements"
    label = "muster_supplements"
    verbose_name = "Muster supplements"
    default_auto_field = "django.db.models.BigAutoField"
