"""Django forms that translate the table's POSTs into rules.play.core events and the
start page's POST into the opponent's side (STYLE.md: forms translate HTTP)."""

from __future__ import annotations

import os
import re
import uuid
from typing import Any

from django import forms
from django.core.validators import RegexValidator

from rules.numbers import is_whole, read_whole
from rules.play.core import EVENT_ID_PATTERN, Event
from rules.text import clean_text

MAX_TYPED_MODELS = 40
MAX_TYPED_WOUNDS = 99
_ID = RegexValidator(EVENT_ID_PATTERN, "an action id is 8 to 64 letters, digits, - or _")


def new_event_id() -> str:
    """A fresh event id (a UUID4's hex) for a form rendered on the server: a page that is
    reloaded, or a form resent, carries the same id and counts once."""
    return uuid.uuid4().hex


def new_event_ids(count: int) -> list[str]:
    """``count`` fresh event ids (32 hex digits each, as :func:`new_event_id`) from one
    draw of the system's random source: a table has a form per action and model, and a
    draw each (a system call that lets another thread take the GIL) slowed every answer
    (docs/play.md "Speed")."""
    drawn = os.urandom(16 * count).hex()
    return [drawn[32 * i : 32 * (i + 1)] for i in range(count)]


class ActionForm(forms.Form):
    """One action on the table: its client-made ``id``, the ``side`` that made it, the
    declared ``action`` name, and where it applies (``target`` side, ``model`` index,
    ``value``: a status, token, amount or named use). Checked against the system's rules
    by the rules themselves (rules.play.core.PlayRules.apply), not here.

    The pressed button carries the action and its value together (``do``:
    "status:Stunned"), so one form per row serves every button of the row."""

    id = forms.CharField(max_length=64, validators=[_ID])
    side = forms.TypedChoiceField(choices=[("0", "0"), ("1", "1")], coerce=int)
    do = forms.CharField(max_length=240, help_text='the button pressed: "action" or "action:value"')
    target = forms.TypedChoiceField(
        choices=[("", ""), ("0", "0"), ("1", "1")], coerce=int, required=False, empty_value=None
    )
    model = forms.IntegerField(min_value=0, max_value=999, required=False)
    detail = forms.CharField(max_length=200, required=False)
    #: The player confirmed a question the table asked (operations.Unconfirmed).
    confirm = forms.BooleanField(required=False)

    def event(self) -> Event:
        """The event this form describes (after is_valid()); the first of :meth:`events`."""
        return self.events()[0]

    def events(self) -> list[Event]:
        """The events this form describes (after is_valid()). A number typed as ``value``
        (an amount, full-width digits too: rules.numbers) is sent as a number; ``detail``
        (Trauma's chosen effect...) follows the value after a colon.

        A row's button may send several steps (rules.play.offers): ``do`` steps joined by
        ``;`` are as many events, in order, the first with the form's ``id``, the next
        with ``<id>-2``, ``<id>-3`` (so a resent form counts once, step by step); a step
        starting with ``=`` is sent without the row's ``target`` and ``model``."""
        data = self.cleaned_data
        steps = [step.strip() for step in str(data["do"]).split(";") if step.strip()] or ["?"]
        out = []
        for n, step in enumerate(steps):
            bare = step.startswith("=")
            action, _, raw = step.lstrip("=").partition(":")
            value: int | str | None = raw or None
            number = read_whole(raw)
            if number is not None and abs(number) <= 9999:
                value = number
            if data.get("detail") and len(steps) == 1:
                value = f"{raw}: {data['detail']}"
            out.append(
                Event(
                    id=data["id"] if n == 0 else f"{data['id'][:61]}-{n + 1}",
                    side=data["side"],
                    action=action.strip()[:40] or "?",
                    target=None if bare else data["target"],
                    model=None if bare else data["model"],
                    value=value,
                )
            )
        return out


class FinishForm(forms.Form):
    """End the game: the ``winner`` the players agree on (side 0 or 1), or none: the
    rules decide (most Victory Points; a book without them names no winner). Beestwars
    ends when the commanders agree who won (p.9)."""

    winner = forms.TypedChoiceField(
        choices=[("", ""), ("0", "0"), ("1", "1")], coerce=int, required=False, empty_value=None
    )


class UndoForm(forms.Form):
    """Undo: the ``event`` to drop (empty: the latest)."""

    event = forms.CharField(max_length=64, required=False, validators=[_ID])


class TypedLine:
    """One opponent model typed in: a name and its Wounds / Hit Points (None: not given)."""

    def __init__(self, name: str, wounds: int | None) -> None:
        self.name = name
        self.wounds = wounds


def read_typed(text: str) -> list[TypedLine]:
    """Read the typed opponent list: one model a line, "Name, 3" or "Name 3" (the
    number is its Wounds / Hit Points, 1 to 99, in any script's digits: rules.numbers;
    a line without one leaves it unknown). Raises forms.ValidationError naming the line."""
    out: list[TypedLine] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        # Any number after the name is meant as its Wounds / Hit Points: "Grim, -4" or
        # "Huge, 99999" is said at its line, not kept as a name with Wounds unknown.
        found = re.fullmatch(r"(.*?)[\s,;:]+([^\s,;:]+)", line)
        name, wounds = line, None
        if found and is_whole(found.group(2)):
            name, typed = found.group(1).strip(), found.group(2)
            wounds = read_whole(typed)  # None: too many digits
            if wounds is None or not 1 <= wounds <= MAX_TYPED_WOUNDS:
                raise forms.ValidationError(f"line {number}: Wounds / Hit Points are 1 to {MAX_TYPED_WOUNDS}")
        if not any(c.isalnum() for c in name):
            raise forms.ValidationError(f"line {number}: a model needs a name")
        try:  # the text policy of every name (rules.text): no invisible or control characters
            name = clean_text(name)
        except ValueError as exc:
            raise forms.ValidationError(f"line {number}: the name {exc}") from None
        if len(name) > 100:
            raise forms.ValidationError(f"line {number}: a name has at most 100 characters")
        out.append(TypedLine(name, wounds))
    if not out:
        raise forms.ValidationError("type at least one model: a name and its Wounds / Hit Points")
    if len(out) > MAX_TYPED_MODELS:
        raise forms.ValidationError(f"at most {MAX_TYPED_MODELS} models")
    return out


class SideForm(forms.Form):
    """Choose a side: one of my rosters (``mine``), a share link (``link``: its address
    or token), an uploaded roster export (``upload``) or a typed list (``typed``: names
    and Wounds / Hit Points, with the warband's ``typed_name``). The game's start uses it
    for the opponent's side, the join page for the side the joiner plays
    (roster.games.sides.chosen_side turns it into a side).

    ``mine``: (id, name) of the player's rosters of the game's system; None or empty
    (a visitor with no account, or no such roster) leaves that choice out."""

    OPPONENTS = [
        ("mine", "One of my rosters"),
        ("link", "A share link"),
        ("upload", "A roster export (JSON file)"),
        ("typed", "A list I type in"),
    ]
    opponent = forms.ChoiceField(choices=OPPONENTS, initial="typed", widget=forms.RadioSelect)
    mine = forms.TypedChoiceField(coerce=int, required=False, empty_value=None)
    link = forms.CharField(max_length=500, required=False)
    upload = forms.FileField(required=False)
    typed_name = forms.CharField(max_length=100, required=False)
    typed = forms.CharField(max_length=4000, required=False, widget=forms.Textarea(attrs={"rows": 5}))

    def __init__(self, *args: Any, mine: list[tuple[int, str]] | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["mine"]
        assert isinstance(field, forms.ChoiceField)  # declared above
        field.choices = [("", "Choose a roster"), *((str(k), v) for k, v in mine or [])]
        if not mine:
            kinds = self.fields["opponent"]
            assert isinstance(kinds, forms.ChoiceField)
            kinds.choices = [c for c in self.OPPONENTS if c[0] != "mine"]

    def clean_typed_name(self) -> str:
        """The typed warband's name under the text policy of every name (rules.text)."""
        try:
            return clean_text(str(self.cleaned_data.get("typed_name") or ""), 100)
        except ValueError as exc:
            raise forms.ValidationError(f"The warband's name {exc}.") from None

    def clean(self) -> dict[str, object] | None:
        """Ask for the field the chosen kind of opponent needs, at that field."""
        data = super().clean() or {}
        kind = data.get("opponent")
        if kind == "mine" and data.get("mine") is None:
            self.add_error("mine", "Choose one of your rosters.")
        if kind == "link" and not data.get("link"):
            self.add_error("link", "Paste the share link (or its last part).")
        if kind == "upload" and not data.get("upload"):
            self.add_error("upload", "Choose the roster export file.")
        # A typed list the field itself refused (too long, a NUL) is said once, at the
        # field: read as empty it would also be told to "type at least one model".
        if kind == "typed" and "typed" not in self.errors:
            try:
                data["typed_lines"] = read_typed(str(data.get("typed") or ""))
            except forms.ValidationError as exc:
                self.add_error("typed", exc)
        return data

    def link_token(self) -> str:
        """The share token in the ``link`` field: the part after /s/, or the field itself."""
        text = str(self.cleaned_data.get("link") or "").strip()
        found = re.search(r"/s/([A-Za-z0-9_-]+)", text)
        return found.group(1) if found else text.strip("/")


class SetupForm(forms.Form):
    """A game's set-up as the book has it (issue 28 item 4): one choice per
    rules.play.core.SetupChoice of the system, each "Roll it" (Muster rolls, as the book
    would at the table) or one of its values; a side is "0" (``names[0]``, the roster
    played) or "1" (the opponent); a choice not sent is left out (the system's default:
    Engagement, the Basic Scenario, side 0 first). :meth:`setup` gives ``Snapshot.setup``."""

    ROLL = "roll"

    def __init__(self, *args: Any, rules: Any, names: tuple[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        for choice in rules.setup_choices():
            labels = [(v, names[int(v)] if choice.values == ["0", "1"] else v) for v in choice.values]
            options = [(self.ROLL, "Roll it")] if choice.roll else []
            where = f"p.{choice.page}" if choice.page is not None else choice.section
            self.fields[choice.key] = forms.ChoiceField(
                choices=[*options, *labels],
                initial=choice.default,
                required=False,
                label=choice.label,
                help_text=f"{choice.summary} ({where})".strip() if choice.summary else f"({where})",
            )

    def setup(self, rng: Any) -> dict[str, Any]:
        """The choices made, with those left to Muster rolled with ``rng`` (their keys in
        ``"rolled"``); a side as 0 or 1. After is_valid()."""
        out: dict[str, Any] = {}
        rolled = []
        for choice in self.rules.setup_choices():
            value = self.cleaned_data.get(choice.key)
            if not value:  # not sent (a form from before set-up existed): the book's default
                continue
            if value == self.ROLL:
                out.update(self.rules.roll_setup(choice.key, out, rng))
                rolled.append(choice.key)
            else:
                out[choice.key] = int(value) if choice.values == ["0", "1"] else value
        if rolled:
            out["rolled"] = ",".join(rolled)
        return out
