"""allauth's account adapter for Muster: usernames checked against the stored keys, and
the links in account mails on SITE_URL."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django import forms

from roster.accounts.models import UsernameKey
from roster.accounts.usernames import fold, mixed_scripts, skeleton
from roster.site import SiteOfSettings, on_site


class MusterAccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]  # allauth has no type hints
    """allauth's defaults, with one stricter username rule (roster.accounts.usernames)
    and every link of a mail on the site address."""

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """allauth's mail, with each absolute link in ``context`` (the reset, verification
        and sign-up links allauth builds from the request's Host header) moved onto
        SITE_URL, and the site named after it (roster.site)."""
        context = {k: on_site(v) if isinstance(v, str) else v for k, v in context.items()}
        context["current_site"] = SiteOfSettings()
        super().send_mail(template_prefix, email, context)

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """Refuse a name that mixes scripts ("Ьob"), or folds to or looks like one in use
        ("ᴀʟɪᴄᴇ", "b0b" beside alice and bob); then allauth's checks
        (validators, blacklist, its own case-blind lookup for accounts without a key).

        Raises forms.ValidationError with a message for the username field.
        """
        if not shallow:
            if UsernameKey.objects.filter(folded=fold(username)).exists():
                raise forms.ValidationError("That username is taken.", code="username_taken")
            if UsernameKey.objects.filter(skeleton=skeleton(username)).exists():
                raise forms.ValidationError(
                    "That username looks too much like one already in use; choose another.",
                    code="username_lookalike",
                )
        scripts = mixed_scripts(username)
        if scripts is not None:
            raise forms.ValidationError(
                f"That username mixes letters of {' and '.join(scripts)}, as look-alike names do; "
                "use the letters of one script.",
                code="username_mixed_scripts",
            )
        return str(super().clean_username(username, shallow=shallow))
