"""App config for Muster's account extras."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Holds the username keys; connects the signal that keeps them in step with User."""

    name = "roster.accounts"
    label = "muster_accounts"
    verbose_name = "Muster accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from roster.accounts import signals  # noqa: F401  (connects the receivers)
        from roster.accounts.archive import is_archive_upload
        from roster.accounts.page import import_zip
        from roster.rosters.hooks import on_archive_upload

        on_archive_upload(is_archive_upload, import_zip)
