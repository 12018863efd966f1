"""App config for sheet printing (its own migrations, apart from roster's)."""

from django.apps import AppConfig


class PrintingConfig(AppConfig):
    """The sheet jobs in flight and the tasks that render them."""

    name = "roster.sheets"
    label = "muster_printing"
    verbose_name = "Muster sheet printing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """A saved roster's default sheet is prepared once its edits settle."""
        from roster.rosters.hooks import on_roster_saved
        from roster.sheets.queue import after_edit

        on_roster_saved(after_edit)
