"""allauth's account adapter for Muster: usernames checked against the stored keys, and
the links in account mails on SITE_URL."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.internal import ratelimit
from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import HttpRequest, HttpResponse

from roster.accounts import devices
from roster.accounts.models import UsernameKey
from roster.accounts.usernames import alternate, fold, mixed_scripts, skeleton
from roster.core.limits import client_ip
from roster.core.site import SiteOfSettings, on_site


class MusterAccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]  # allauth has no type hints
    """allauth's defaults, with one stricter username rule (roster.accounts.usernames)
    and every link of a mail on the site address. Failed log-ins are counted per account
    apart for each browser that logged in to it before (roster.accounts.devices), and
    for other browsers apart for each address, so nobody else's wrong passwords lock the
    owner out."""

    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "too_many_login_attempts": (
            "Too many wrong passwords for this account from this address, in browsers it has not "
            "logged in with. "
            "Wait five minutes, or reset your password (Forgotten password?) to log in now."
        ),
    }

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """The key allauth counts failed log-ins under ("login_failed": RATE_LOGIN_FAILED per
        address, RATE_LOGIN_FAILED_ACCOUNT per key): the account's login, with the device id when
        this browser logged in to that account before, so its count is its own."""
        login = str(credentials.get("email", credentials.get("username", ""))).lower()
        device = devices.device_for(request, login)
        if device:
            return f"login:{login}:device:{device}"
        # A browser it never logged in with counts with the others of its address only: a
        # stranger's wrong passwords lock out the stranger's address, never the owner's
        # new phone elsewhere (issue 29); the ceiling per address still holds.
        return f"login:{login}:address:{client_ip('login', request)}"

    def _delete_login_attempts_cached_email(self, request: HttpRequest, **credentials: Any) -> None:
        """After a password reset (allauth passes each email of the account): clear the
        count of every browser without the device cookie, under the email and the
        username alike, so the owner can log in at once."""
        keys = {str(credentials.get("email", "")).lower()}
        users = get_user_model().objects.filter(emailaddress__email__iexact=credentials.get("email", ""))
        keys |= {user.get_username().lower() for user in users}
        address = client_ip("login", request)
        for login in keys - {""}:
            key = f"login:{login}:address:{address}"
            ratelimit.clear(request, app="allauth.account", action="login_failed", key=key)

    def post_login(self, request: HttpRequest, user: Any, **kwargs: Any) -> HttpResponse:
        """allauth's answer to a log-in, with this browser remembered as the account's device."""
        response: HttpResponse = super().post_login(request, user, **kwargs)
        devices.remember(response, user)
        return response

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """allauth's mail, with each absolute link in ``context`` (the reset, verification
        and sign-up links allauth builds from the request's Host header) moved onto
        SITE_URL, and the site named after it (roster.core.site)."""
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
            shape, other = skeleton(username), alternate(username)
            alike = Q(skeleton__in=[shape, other]) | Q(alternate__in=[shape, other])
            if UsernameKey.objects.filter(alike).exists():
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
