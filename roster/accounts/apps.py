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
