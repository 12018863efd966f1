"""App config for sheet printing (its own migrations, apart from roster's)."""

from django.apps import AppConfig


class PrintingConfig(AppConfig):
    """The sheet jobs in flight and the tasks that render them."""

    name = "roster.sheets"
    label = "muster_printing"
    verbose_name = "Muster sheet printing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """A saved roster's default sheet is prepared once its edits settle. Importing the
        tasks here checks them against the task backend at start: a task it cannot run
        (django-tasks' InvalidTaskError, e.g. a priority on RQ) stops the start with
        ImproperlyConfigured naming TASK_QUEUE, instead of failing every request that
        imports it."""
        from django.conf import settings
        from django.core.exceptions import ImproperlyConfigured
        from django_tasks.exceptions import InvalidTaskError

        from roster.rosters.hooks import on_roster_saved

        try:
            from roster.sheets.queue import after_edit
        except InvalidTaskError as exc:
            raise ImproperlyConfigured(f"TASK_QUEUE={settings.TASK_QUEUE} cannot run a task: {exc}") from None

        on_roster_saved(after_edit)
