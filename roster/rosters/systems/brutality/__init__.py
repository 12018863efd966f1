"""Brutality's editor parts: the options form (mode and game), the model form and card.

The model form has: name, class, upgrade, a Leader box, two boxes per Model Trait (the
second takes it twice), the Model Ability, a box per Power, and inputs for the values of
the model's class or upgrade that the rules data lacks (the player's own, ``supplied``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.forms import ChoiceField, Field, IntegerField
from django.http import QueryDict
from pydantic import ValidationError

from roster.rosters.evaluation import Evaluation
from roster.rosters.systems.base import FieldErrors, SystemUI, friendly
from roster.rosters.systems.brutality.forms import SUPPLIED_KEYS, BrutalityModelForm, BrutalityOptionsForm
from roster.rosters.systems.fields import first_errors
from rules.brutality.catalogue import BrutalityCatalogue
from rules.brutality.choices import model_choices
from rules.brutality.document import BrutalityModel, BrutalityOptions, BrutalityRoster
from rules.names import name_key
from rules.report import ModelReport, Report, json_number
from rules.words import counted

_MODEL_FIELDS: dict[tuple[Any, ...], str] = {
    ("name",): "name",
    ("class",): "class",
    ("upgrade",): "upgrade",
    ("traits",): "traits",
    ("ability",): "ability",
    ("powers",): "powers",
}
_MODEL_FIELDS.update({("supplied", k): f"supplied__{k}" for k in SUPPLIED_KEYS})
_OPTION_FIELDS: dict[tuple[Any, ...], str] = {
    ("mode",): "mode",
    ("points_limit",): "points_limit",
    ("model_count",): "model_count",
    ("upgraded_count",): "upgraded_count",
}


# The values of a homebrew class, in the order of the book's profile lines.
HOMEBREW_LINE = ["name", "Move", "FS", "Dex", "HP", "Will", "Atk", "Save", "Armed", "Powers", "summary"]
HOMEBREW_STATS = ("Move", "FS", "Dex", "HP", "Will", "Atk", "Save")


class BrutalityUI(SystemUI):
    """Brutality: class, upgrade, Leader, Model Traits, Model Ability, Powers, supplied values."""

    system_id = "brutality"
    model_schema = BrutalityModel
    model_error_fields = _MODEL_FIELDS
    new_model_kinds = [("melee", "Melee"), ("fast", "Fast"), ("ranged", "Ranged"), ("support", "Support")]
    empty_text = "No models yet. Add four to eight; one of them will be your Leader."
    blurb = "Classes, upgrades, Model Traits and Powers; a points game or an agreed model count."
    homebrew_keys = {
        "classes": HOMEBREW_LINE,
        "upgrades": ["name", "for_class", *HOMEBREW_LINE[1:]],
        "model_traits": ["name", "summary", "gives_powers"],
        "model_abilities": ["name", "summary"],
    }
    value_words = {
        "Armed": "Armed in Melee",
        "Powers": "Powers known",
        "for_class": "Upgrade of the class",
        "gives_powers": "Powers it gives",
    }
    pickers = ("traits", "powers")
    limit_words = {"points_limit": "points", "model_count": "models", "upgraded_count": "upgraded models"}

    def limit_fields(self, catalogue: BrutalityCatalogue) -> dict[str, Field]:
        """The mode, and the game: a points limit, or (a points-free game) the models and
        how many of them are Upgraded. Source: Brutality p.4."""
        return {
            "mode": ChoiceField(
                required=False, choices=[("", "—"), ("simple", "simple"), ("moderate", "moderate")]
            ),
            "points_limit": IntegerField(required=False, min_value=1, help_text="points game: points"),
            "model_count": IntegerField(required=False, min_value=1, help_text="points-free game: models"),
            "upgraded_count": IntegerField(
                required=False, min_value=0, help_text="points-free game: upgraded models"
            ),
        }

    def value_label(self, catalogue: BrutalityCatalogue, key: str) -> str:
        """A stat as the book names it ("Fighting Skill"). Source: Brutality, Model profile."""
        return str(catalogue.stat_name(key))

    def homebrew_used(self, model: ModelReport) -> list[str]:
        """A homebrew class or upgrade (``derived["homebrew"]``: {"class": supplement or
        None, "upgrade": ...}), then homebrew Model Traits and Model Ability."""
        marks = model.derived.get("homebrew") or {}
        own = [str(model.derived[k]) for k, v in marks.items() if v and model.derived.get(k)]
        return own + super().homebrew_used(model)

    def value_choices(self, catalogue: BrutalityCatalogue, key: str) -> tuple[tuple[str, str], ...]:
        """The class a homebrew upgrade is for."""
        if key == "for_class":
            return tuple((k.slug, k.name) for k in catalogue.classes)
        return ()

    def homebrew_extra(
        self, table: str, catalogue: BrutalityCatalogue
    ) -> list[tuple[str, str, str, int, int]]:
        """A homebrew Model Trait's stat modifiers, -3 to +3 each ("mod_FS")."""
        if table != "model_traits":
            return []
        return [(f"mod_{k}", f"{catalogue.stat_name(k)} modifier", "int", -3, 3) for k in HOMEBREW_STATS]

    def default_options(self, catalogue: BrutalityCatalogue) -> dict[str, Any]:
        """A Moderate points game of 5 points (a 4-model warband with room for upgrades)."""
        return {"mode": "moderate", "points_limit": 5}

    def options_from_post(
        self, post: QueryDict, catalogue: BrutalityCatalogue
    ) -> tuple[dict[str, Any], FieldErrors]:
        """Read mode and game: "points" with points_limit, or "count" with model_count and
        upgraded_count. Raw text that is not a number comes back as typed, with its error."""
        form = BrutalityOptionsForm(post)
        options = form.options()
        errors = first_errors(form)
        if errors:
            return options, errors
        try:
            BrutalityOptions.model_validate(options)
        except ValidationError as exc:
            return options, friendly(exc, _OPTION_FIELDS)
        return options, {}

    def model_kinds(self, catalogue: BrutalityCatalogue) -> list[tuple[str, str]]:
        """The four Basic classes of the book ("Building Your Army List - Simple"), then
        the pinned supplement's homebrew classes, marked † as the player's
        (docs/supplements.md)."""
        book = [kind for kind, _ in self.new_model_kinds]
        homebrew = [(c.slug, f"{c.name} †") for c in catalogue.classes if c.homebrew and c.slug not in book]
        return [*self.new_model_kinds, *homebrew]

    def new_model(self, kind: str, catalogue: BrutalityCatalogue, taken_names: set[str]) -> dict[str, Any]:
        """A Basic model of class ``kind`` with nothing chosen yet; KeyError for an unknown class."""
        cls = catalogue.model_class(kind)
        if cls is None:
            raise KeyError(kind)
        name, n = cls.name, 2
        while name.casefold() in taken_names:
            name, n = f"{cls.name} {n}", n + 1
        return {"name": name, "class": cls.name, "traits": [], "powers": []}

    def model_from_post(
        self, post: QueryDict, current: dict[str, Any], catalogue: BrutalityCatalogue
    ) -> tuple[dict[str, Any], FieldErrors]:
        """Read name, class, upgrade, leader, trait boxes (a trait posted twice is taken
        twice), ability, Power boxes and the supplied__<key> inputs."""
        form = BrutalityModelForm(post)
        form.is_valid()
        errors: FieldErrors = {}
        model: dict[str, Any] = {"name": form.text("name"), "class": form.text("class")}
        cls = catalogue.model_class(model["class"])
        if cls is None and name_key(model["class"]) != name_key(current.get("class", "")):
            errors["class"] = "choose Melee, Fast, Ranged or Support"
        lookups: tuple[tuple[str, Callable[[str], Any]], ...] = (
            ("upgrade", catalogue.upgrade),
            ("ability", catalogue.ability),
        )
        for key, lookup in lookups:
            raw = form.text(key)
            if raw:
                model[key] = self._known(raw, lookup, current.get(key), key, errors)
        if form.text("leader"):
            model["leader"] = True
        lists: tuple[tuple[str, str, Callable[[str], Any]], ...] = (
            ("traits", "trait", catalogue.trait),
            ("powers", "power", catalogue.power),
        )
        for key, field, lookup in lists:
            # "add_<field>" is a picker's button without JavaScript; with it, the pick
            # is a "<field>" of the form like the others.
            posted = form.picked(field)
            model[key] = self._names(posted, lookup, current.get(key, []), key, errors)
        supplied = form.supplied()
        errors.update(first_errors(form))
        line = catalogue.upgrade(model["upgrade"]) if "upgrade" in model else cls
        if line is not None:
            # The form asks only for what the model's line lacks; after a change of class or
            # upgrade, values for the old line's gaps are not the new line's.
            supplied = {k: v for k, v in supplied.items() if k in line.unknown}
        if supplied:
            model["supplied"] = supplied
        if errors:
            return model, errors
        try:
            valid = BrutalityModel.model_validate(model)
        except ValidationError as exc:
            return model, friendly(exc, _MODEL_FIELDS)
        return valid.model_dump(mode="json", exclude_none=True), {}

    def fill_target(
        self, catalogue: BrutalityCatalogue, model: dict[str, Any]
    ) -> tuple[str, str, dict[str, Any]] | None:
        """The model's own values for its line's gaps, as the supplement's ``classes`` or
        ``upgrades`` entry (the upgrade's line when it has one, else the class's)."""
        supplied = model.get("supplied") or {}
        upgrade = catalogue.upgrade(model["upgrade"]) if model.get("upgrade") else None
        line = upgrade if upgrade is not None else catalogue.model_class(model.get("class", ""))
        if line is None:
            return None
        values = {k: v for k, v in supplied.items() if k in line.unknown}
        return ("upgrades" if upgrade is not None else "classes", line.name, values) if values else None

    @staticmethod
    def _known(raw: str, lookup: Any, before: str | None, field: str, errors: FieldErrors) -> str:
        """The catalogue's printed name for ``raw``; a name the model already had may stay."""
        entry = lookup(raw)
        if entry is not None:
            return str(entry.name)
        if before is None or name_key(before) != name_key(raw):
            errors[field] = f"unknown {field} {raw[:40]!r}"
        return raw

    def _names(
        self, posted: list[str], lookup: Any, before: list[str], field: str, errors: FieldErrors
    ) -> list[str]:
        """Posted names (slugs) as printed names, in the order the model had them, new ones last."""

        def key(name: str) -> str:
            entry = lookup(name)
            return name_key(entry.name if entry else name)

        kept = {key(b) for b in before}
        rest = []
        for raw in (p.strip() for p in posted if p.strip()):
            entry = lookup(raw)
            if entry is None and name_key(raw) not in kept:
                errors[field] = f"unknown {field[:-1]} {raw[:40]!r}"
            rest.append(str(entry.name) if entry else raw)
        ordered = []
        for name in before:
            match = next((x for x in rest if key(x) == key(name)), None)
            if match is not None:
                rest.remove(match)
                ordered.append(match)
        return ordered + rest

    def card_context(
        self,
        evaluation: Evaluation,
        index: int,
        submitted: dict[str, Any] | None,
        errors: FieldErrors,
        picker: str | None = None,
    ) -> dict[str, Any]:
        """Form values, every choice with its reason (rules.brutality.choices), the inputs
        for unknown values, and the effective stat line from the Report."""
        catalogue: BrutalityCatalogue = evaluation.catalogue
        stored = evaluation.document_json["models"][index]
        values = submitted or stored
        report = evaluation.report.models[index]
        choices = model_choices(cast(BrutalityRoster, evaluation.document), index, catalogue)
        supplied = values.get("supplied") or {}
        asks = [
            {
                "key": k,
                "name": catalogue.stat_name(k),
                "value": supplied.get(k, ""),
                "error": errors.get(f"supplied__{k}"),
                "max": 36 if k == "Move" else (10 if k == "Powers" else 8),
                "min": 0 if k == "Powers" else 1,
            }
            # A refused value for a stat the rules data knows is shown too, at its field.
            for k in dict.fromkeys(
                [*choices.unknown, *(k for k in SUPPLIED_KEYS if f"supplied__{k}" in errors)]
            )
        ]
        return {
            "values": values,
            "report": report,
            "choices": choices,
            "classes": catalogue.classes,
            "upgrade_hint": f"{catalogue.points.upgraded} points instead of {catalogue.points.basic}",
            "asks": asks,
            "unknown_traits": [t for t in values.get("traits", []) if catalogue.trait(t) is None],
            "unknown_powers": [p for p in values.get("powers", []) if catalogue.power(p) is None],
            "ability_known": not values.get("ability") or catalogue.ability(values["ability"]) is not None,
            "upgrade_known": not values.get("upgrade") or catalogue.upgrade(values["upgrade"]) is not None,
            "class_known": catalogue.model_class(values.get("class", "")) is not None,
        }

    def kind_label(self, model: ModelReport) -> str:
        """ "Berserker (Melee)", "Basic Fast", with ", Leader" for the Leader."""
        d = model.derived
        kind = f"{d['upgrade']} ({d['class']})" if d["upgraded"] else f"Basic {d['class']}"
        return f"{kind}, Leader" if d["leader"] else kind

    def text_summary(self, model: ModelReport) -> str:
        """E.g. "Berserker (Melee), Leader, Move 8" FS 7 Dex 6 HP 3* ..., +1 Fighting Skill, Sturdy";
        a value marked * is the player's."""
        d = model.derived
        kind = f"{d['upgrade']} ({d['class']})" if d["upgraded"] else f"Basic {d['class']}"
        stats = " ".join(_stat_text(s, d["player_values"]) for s in d["stats"])
        parts = [kind, *(["Leader"] if d["leader"] else []), stats]
        parts += [t["name"] for t in d["traits"]]
        if d["ability"]:
            parts.append(d["ability"]["name"])
        parts += [f"Power: {p['name']}" for p in d["powers"]]
        if d["player_values"]:
            parts.append("* player-supplied")
        return ", ".join(parts)

    def text_totals(self, report: Report) -> str:
        """Mode, game, model counts and the Leader."""
        t = report.totals
        game = (
            "points game"
            if t["game"] == "points"
            else (
                f"points-free game of {counted(t['agreed_model_count'], 'model')}, "
                f"{t['agreed_upgraded_count']} Upgraded"
            )
        )
        leader = t["leader"] or "none"
        counts = f"{counted(t['model_count'], 'model')} ({t['upgraded_count']} Upgraded)"
        return f"{t['mode'].title()} mode, {game}; {counts}; Leader {leader}"

    def describe_change(self, old: dict[str, Any], new: dict[str, Any]) -> str:
        """E.g. "Mother Scald: class Melee -> Fast; added trait +1 Save"."""
        parts = []
        if old.get("name") != new.get("name"):
            parts.append(f"renamed to {new.get('name')}")
        for key in ("class", "upgrade", "ability"):
            if old.get(key) != new.get(key):
                parts.append(f"{key} {old.get(key) or 'none'} -> {new.get(key) or 'none'}")
        if bool(old.get("leader")) != bool(new.get("leader")):
            parts.append("now the Leader" if new.get("leader") else "no longer the Leader")
        for key, label in (("traits", "trait"), ("powers", "Power")):
            before, after = list(old.get(key, [])), list(new.get(key, []))
            parts += [f"added {label} {n}" for n in _minus(after, before)]
            parts += [f"removed {label} {n}" for n in _minus(before, after)]
        if old.get("supplied") != new.get("supplied"):
            parts.append("own values changed")
        return f"{old.get('name')}: " + ("; ".join(parts) or "saved")


def _minus(a: list[str], b: list[str]) -> list[str]:
    """Multiset difference a - b, in a's order."""
    rest = list(b)
    out = []
    for x in a:
        if x in rest:
            rest.remove(x)
        else:
            out.append(x)
    return out


def _stat_text(stat: dict[str, Any], player: list[str]) -> str:
    value = "?" if stat["value"] is None else str(json_number(stat["value"]))
    unit = '"' if stat["unit"] == "inches" and stat["value"] is not None else ""
    mark = "*" if stat["key"] in player else ""
    return f"{stat['key']} {value}{unit}{mark}"
