"""Forms of the account pages that allauth does not provide, and its log-in form with
the old field name accepted."""

from __future__ import annotations

from typing import Any

from allauth.account.forms import LoginForm, SignupForm
from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser


class MusterLoginForm(LoginForm):  # type: ignore[misc]  # allauth has no type hints
    """allauth's log-in form (username or email). A post that names the field
    ``username``, as Muster's log-in form did before allauth, is read as ``login``, so
    scripts and password managers that fill the old field keep working."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        data = kwargs.get("data")
        if data is not None and "login" not in data and "username" in data:
            data = data.copy()
            data["login"] = data["username"]
            kwargs["data"] = data
        super().__init__(*args, **kwargs)


class MusterSignupForm(SignupForm):  # type: ignore[misc]  # allauth has no type hints
    """allauth's sign-up form (username, optional email, password twice) with the reason
    to give an email next to its field."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].help_text = "The only way back into your rosters if you forget the password."


class DeleteAccountForm(forms.Form):
    """Confirm an account's deletion with its password."""

    password = forms.CharField(
        label="Your password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user: AbstractBaseUser | AnonymousUser, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        """The password, if it is the account's; raises ValidationError otherwise."""
        password: str = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError("That is not your password.", code="wrong_password")
        return password
