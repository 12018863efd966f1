"""Form fields the systems' editor forms share.

Posted numbers are read as text and turned into numbers by :mod:`rules.numbers`, so no
posted value reaches ``int()`` or ``Decimal()`` unbounded.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS


class PostedText(forms.Field):
    """A text input that tells "not posted" (``None``) from "posted empty" (``""``).

    Cleaned value: the posted text, stripped when ``strip`` (the default), else as
    posted; ``None`` when the field was not in the POST at all. Never raises.
    """

    def __init__(self, *, strip: bool = True, **kwargs: Any) -> None:
        self.strip = strip
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> str | None:
        """The posted text (stripped when asked), or None when not posted."""
        if value is None:
            return None
        text = str(value)
        return text.strip() if self.strip else text


def first_errors(form: forms.BaseForm) -> dict[str, str]:
    """{field: its first error message} of a bound form ("form" for non-field errors)."""
    out: dict[str, str] = {}
    for field, messages in form.errors.items():
        out["form" if field == NON_FIELD_ERRORS else field] = str(messages[0])
    return out


class PostedList(forms.Field):
    """Every value posted under one name (ticked boxes), as a list of text."""

    widget = forms.MultipleHiddenInput

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> list[str]:
        """The posted values in order, [] when none."""
        return [str(v) for v in value or []]
