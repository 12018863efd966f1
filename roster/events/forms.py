"""The event's forms (issue 31): a new event with its list limits, a list submitted,
a list reviewed, a result recorded."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils import timezone
from pydantic import ValidationError

from roster.events.models import Event
from roster.events.operations import (
    EACH_TABLE,
    KEEP,
    MAX_ENTRIES,
    MAX_ROUNDS,
    WHOLE_ROUND,
    limit_word,
    round_choices,
)
from roster.games.systems import playable
from roster.rosters.catalogue import CatalogueMissing, catalogue_and_digest, get_catalogue
from roster.rosters.models import Roster
from roster.rosters.systems import ui_for
from roster.rosters.systems.base import option_fields, options_model
from rules.registry import SYSTEMS
from rules.system import GameSystem


def limit_fields(system_id: str) -> dict[str, forms.Field]:
    """The list limit fields of ``system_id``, by option key: its plug-in's
    (SystemUI.limit_fields), or read from its roster schema when it has no editor."""
    try:
        return ui_for(system_id).limit_fields(get_catalogue(system_id))
    except (KeyError, CatalogueMissing):
        return option_fields(system_id)


class LimitsForm(forms.Form):
    """One system's list limits, the fields its plug-in gives, named under the system's
    id ("<system>-<option>"), so every system's limits fit one page."""

    def __init__(self, data: Any, system: GameSystem) -> None:
        super().__init__(data, prefix=system.id)
        self.system = system
        self.fields.update(limit_fields(system.id))

    def options(self) -> dict[str, Any]:
        """The limits filled in, by option key (after is_valid())."""
        return {k: v for k, v in self.cleaned_data.items() if v not in (None, "")}


def checked_limits(system: str, limits: LimitsForm) -> dict[str, Any]:
    """The list limits of ``limits`` (the LimitsForm of ``system``), checked by the
    system's own roster schema and rules data, as an event keeps them. Raises
    ValidationError saying which limit is wrong and why."""
    title = SYSTEMS[system].title
    if not limits.is_valid():
        raise forms.ValidationError(f"List limits for {title}: see the fields marked below.")
    options = limits.options()
    try:
        checked = options_model(system).model_validate(options)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ", ".join(limit_word(system, str(p)) for p in first["loc"]) or "the list limits"
        raise forms.ValidationError(f"List limits for {title}: {where}: {first['msg']}.") from None
    out: dict[str, Any] = checked.model_dump(exclude_none=True)
    # The names the rules data must know (a game size, say), checked as a roster's are.
    bare = {"format": "muster.roster/1", "system": system, "name": "limits", "options": out}
    try:
        document = SYSTEMS[system].document_model.model_validate({**bare, "models": []})
    except ValidationError:
        return out  # (a system whose documents need models: its options were checked above)
    catalogue, _ = catalogue_and_digest(system)
    for error in SYSTEMS[system].check_references(document, catalogue):
        if error.path.startswith("$.options"):
            raise forms.ValidationError(f"List limits for {title}: {error.message}.")
    return out


def _when(label: str = "", help_text: str = "") -> forms.DateTimeField:
    """A date and time typed in the browser's picker (datetime-local), read as UTC."""
    return forms.DateTimeField(
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        label=label or None,
        help_text=help_text,
    )


class DetailsFields(forms.Form):
    """An event's details players read (issue 41): its date, venue, description and
    capacity (the most players; empty: no limit but the site's)."""

    date = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    venue = forms.CharField(max_length=200, required=False)
    description = forms.CharField(max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 4}))
    capacity = forms.IntegerField(
        required=False,
        min_value=2,
        max_value=MAX_ENTRIES,
        help_text=f"The most players; registration says the event is full past it (empty: {MAX_ENTRIES}).",
    )


class EditEventForm(DetailsFields):
    """An event changed by its organiser (roster.events.operations.edit_event): its name,
    details, rounds, deadline, late lists, check-in, and its list limits while no list
    is accepted against them (``limits``: the LimitsForm of its system, its fields
    disabled once fixed, ``limits_fixed``)."""

    name = forms.CharField(max_length=200)
    rounds = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    deadline = _when(help_text="Lists lock then (UTC; empty: when round 1 is paired).")
    late_lists = forms.BooleanField(
        required=False, label="Accept late lists (after the deadline, until round 1 is paired)"
    )
    check_in = forms.BooleanField(
        required=False,
        label="Check-in on the day: only players checked in are paired",
    )

    field_order = [
        "name",
        "date",
        "venue",
        "description",
        "capacity",
        "rounds",
        "deadline",
        "late_lists",
        "check_in",
    ]

    def __init__(self, data: Any = None, *, event: Event, limits_fixed: bool) -> None:
        initial = {
            "name": event.name,
            "date": event.date,
            "venue": event.venue,
            "description": event.description,
            "capacity": event.capacity,
            "rounds": event.rounds,
            "deadline": event.deadline,
            "late_lists": event.late_lists,
            "check_in": event.check_in,
        }
        super().__init__(data, initial=initial)
        self.event = event
        self.limits_fixed = limits_fixed
        system = SYSTEMS[event.system]
        self.limits = LimitsForm(None if limits_fixed else data, system=system)
        for key, field in self.limits.fields.items():
            field.initial = event.options.get(key)
            field.disabled = limits_fixed
        if event.kind == Event.LEAGUE:
            self.fields["check_in"].label = "Check-in each round: only players checked in make a table"

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.limits_fixed:
            data["options"] = checked_limits(self.event.system, self.limits)
        return data


class EventForm(DetailsFields):
    """A new event: name, system, kind (tournament or league), rounds, its details
    (DetailsFields), deadline, whether lists are public before round 1, and the list
    limits: the options every list must have, one fieldset per system (``limits``, a
    LimitsForm each) of which the chosen system's is read and checked by the system's
    own roster schema."""

    name = forms.CharField(max_length=200)
    system = forms.ChoiceField()
    kind = forms.ChoiceField(
        choices=[
            (Event.TOURNAMENT, "Tournament: Muster pairs each round"),
            (Event.LEAGUE, "League: in each round's window players choose whom they play"),
        ],
        initial=Event.TOURNAMENT,
    )
    rounds = forms.IntegerField(min_value=1, max_value=MAX_ROUNDS, initial=3)
    deadline = _when(help_text="Lists lock then (UTC; empty: when round 1 is paired).")
    lists_public = forms.BooleanField(
        required=False, label="Anyone may read the accepted lists before round 1"
    )
    lists_public_from = _when(
        label="Or from", help_text="UTC; empty: the lists open with round 1 (or now, when ticked above)."
    )

    field_order = [
        "name", "system", "kind", "rounds", "date", "venue", "description", "capacity",
        "deadline", "lists_public", "lists_public_from",
    ]  # fmt: skip

    def __init__(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(data, *args, **kwargs)
        systems = [s for s in SYSTEMS.values() if playable(s.id)]
        cast(forms.ChoiceField, self.fields["system"]).choices = [(s.id, s.title) for s in systems]
        self.limits = [LimitsForm(data, system=s) for s in systems]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        system = data.get("system")
        if not system:
            return data
        limits = next(f for f in self.limits if f.system.id == system)
        deadline = data.get("deadline")
        if deadline is not None and deadline <= timezone.now():
            self.add_error("deadline", "The deadline must be later than now.")
        data["options"] = checked_limits(system, limits)
        return data


class SubmitForm(forms.Form):
    """A player's list for the event: one of their rosters of its system."""

    roster: forms.ModelChoiceField[Roster] = forms.ModelChoiceField(
        queryset=Roster.objects.none(), empty_label=None
    )
    name = forms.CharField(max_length=150, required=False, label="Your name in the event")

    def __init__(self, *args: Any, rosters: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField[Roster], self.fields["roster"]).queryset = rosters


class ReviewForm(forms.Form):
    """The organiser's answer to a list: accept, or send it back with a note."""

    answer = forms.ChoiceField(choices=[("accept", "Accept"), ("return", "Send back")])
    note = forms.CharField(max_length=500, required=False)


class ResultForm(forms.Form):
    """A table's result: who won (or a draw) and each side's score (optional)."""

    winner = forms.ChoiceField(choices=[("a", "a"), ("b", "b"), ("draw", "Draw")])
    score_a = forms.IntegerField(required=False, min_value=0, max_value=10_000)
    score_b = forms.IntegerField(required=False, min_value=0, max_value=10_000)


class AddPlayerForm(forms.Form):
    """The organiser adds a player without an account: their name and list (an export,
    uploaded or pasted)."""

    name = forms.CharField(max_length=150, label="Player's name")
    upload = forms.FileField(required=False, label="Their roster export (.json)")
    text = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}), label="or paste it")

    def raw(self) -> bytes | str:
        """The export sent (the file first). After is_valid()."""
        upload = self.cleaned_data.get("upload")
        if upload is not None:
            data: bytes = upload.read(1_000_001)
            return data
        return str(self.cleaned_data.get("text") or "")


class RoundSetupForm(forms.Form):
    """A round's set-up, chosen by the organiser when pairing or opening it (or changed
    before its first game): one select per set-up choice of the event's system that is
    not a side's (operations.round_choices), each "Each table rolls its own" (the
    default), "Roll once for every table", or one of the book's values. ``current``: the
    round's set-up now (changing it): each select starts at it, a value rolled once
    offered as "Keep" (KEEP), so changing one choice leaves the others as they are.
    ``chosen()`` gives the words for operations.round_setup. Source of the choices: each
    system's PlayRules.setup_choices (Iron & Honor p.46, Brutality Missions and Region
    Effects)."""

    def __init__(
        self, *args: Any, event: Event, current: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        kwargs.setdefault("prefix", "setup")
        super().__init__(*args, **kwargs)
        current = current or {}
        rolled = str(current.get("rolled", "")).split(",")
        #: (label, what a roll may give that Muster has not transcribed): shown as a
        #: warning beside the choices (SetupChoice.roll_gap; Brutality's Missions 6-10).
        self.roll_warnings: list[tuple[str, str]] = []
        for choice in round_choices(event):
            if choice.roll and choice.roll_gap:
                self.roll_warnings.append((choice.label, choice.roll_gap))
            rolls = [(EACH_TABLE, "Each table rolls its own"), (WHOLE_ROUND, "Roll once for every table")]
            where = f"p.{choice.page}" if choice.page is not None else choice.section
            initial = EACH_TABLE if choice.roll else choice.default
            keep = []
            if choice.key in current:
                if choice.key in rolled:
                    keep = [(KEEP, f"Keep {current[choice.key]} (rolled once for every table)")]
                    initial = KEEP
                else:
                    initial = str(current[choice.key])
            self.fields[choice.key] = forms.ChoiceField(
                choices=[*keep, *(rolls if choice.roll else []), *((v, v) for v in choice.values)],
                initial=initial,
                required=False,
                label=choice.label,
                help_text=f"({where})",
            )

    def sent(self) -> bool:
        """Whether the request sent any of the set-up's fields (a form without them, or a
        forged request, changes nothing). True for a system without set-up choices."""
        return not self.fields or any(self.add_prefix(name) in self.data for name in self.fields)

    def chosen(self) -> dict[str, str]:
        """The organiser's words, by choice key (after is_valid())."""
        return {k: str(v) for k, v in self.cleaned_data.items() if v}


class OpenRoundForm(forms.Form):
    """A league's next round: when its window closes."""

    closes = forms.DateTimeField(
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}), label="Open until"
    )


class ChallengeForm(forms.Form):
    """A league player's table: whom they play."""

    opponent = forms.IntegerField()


class ClockForm(forms.Form):
    """The organiser's round clock (issue 41): ``action`` start (a new clock of
    ``minutes``), resume (a paused one runs on), pause or reset."""

    action = forms.ChoiceField(
        choices=[("start", "Start"), ("resume", "Resume"), ("pause", "Pause"), ("reset", "Reset")]
    )
    minutes = forms.IntegerField(required=False, min_value=1, max_value=24 * 60)
