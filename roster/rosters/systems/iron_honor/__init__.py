"""Iron & Honor's editor parts: the model form, the model card and the options form."""

from __future__ import annotations

from typing import Any, cast

from django.forms import CharField, Field, IntegerField
from django.http import QueryDict
from pydantic import ValidationError

from roster.rosters.evaluation import Evaluation
from roster.rosters.systems.base import FieldErrors, SystemUI, friendly
from roster.rosters.systems.fields import first_errors
from roster.rosters.systems.iron_honor.forms import IronHonorModelForm, IronHonorOptionsForm
from rules.iron_honor.catalogue import ATTRIBUTES, IronHonorCatalogue
from rules.iron_honor.choices import trait_options
from rules.iron_honor.document import IronHonorModel, IronHonorOptions, IronHonorRoster
from rules.names import name_key
from rules.numbers import bounds, whole_error
from rules.report import ModelReport, Report
from rules.words import counted

_START = {
    "hero": {"MA": 3, "RA": 3, "PD": 3, "WP": 3},
    "companion": {"MA": 2, "RA": 2, "PD": 2, "WP": 2},
    "follower": {"MA": 2, "RA": 2, "PD": 2, "WP": 2},
}
_MODEL_FIELDS: dict[tuple[Any, ...], str] = {
    ("name",): "name",
    ("type",): "type",
    ("skills",): "skills",
    ("traits",): "traits",
}
_MODEL_FIELDS.update({("attributes", a): a for a in ATTRIBUTES})


def _exp_limit_error(typed: str) -> str:
    """What to say for an ExP limit that is not a whole number: the schema's range too
    when it has too many digits to read."""
    error = whole_error(typed, *bounds(IronHonorOptions, "exp_limit"), what="the ExP limit")
    return error or "enter the ExP limit as a whole number"


def _at(value: Any, bound: int | None, direction: int) -> bool:
    """True when a stepper would move ``value`` past ``bound`` (floor: -1, ceiling: +1)."""
    return isinstance(value, int) and bound is not None and (value - bound) * direction >= 0


def _is_pet_of(trait: Any, master: str) -> bool:
    """True for a Pet trait (a dict with its choice) that names ``master``."""
    return isinstance(trait, dict) and name_key(trait["name"]) == "pet" and trait.get("choice") == master


class IronHonorUI(SystemUI):
    """Iron & Honor: type, attributes with steppers, skills with items, traits by category."""

    system_id = "iron-and-honor"
    model_schema = IronHonorModel
    model_error_fields = _MODEL_FIELDS
    new_model_kinds = [("hero", "Hero"), ("companion", "Companion"), ("follower", "Follower")]
    empty_text = "No models yet. Add a hero first: every warband needs exactly one."
    blurb = "Heroes, companions and followers bought with ExP; a Fate Pool for the warband."
    homebrew_keys = {"traits": ["name", "category", "cost", "summary"]}
    value_words = {"category": "Category", "cost": "Cost (ExP)"}
    pickers = ("traits",)
    limit_words = {"game_size": "game size", "exp_limit": "ExP"}

    def value_choices(self, catalogue: IronHonorCatalogue, key: str) -> tuple[tuple[str, str], ...]:
        """A homebrew trait's category: heroic, rare or common."""
        if key == "category":
            return (("heroic", "Heroic"), ("rare", "Rare"), ("common", "Common"))
        return ()

    def limit_fields(self, catalogue: IronHonorCatalogue) -> dict[str, Field]:
        """The game size (a size of the rules data, or custom) and a custom game's ExP
        limit. Source: Iron & Honor p.15."""
        sizes = ", ".join(s.name.lower() for s in catalogue.game_sizes)
        return {
            "game_size": CharField(required=False, max_length=40, help_text=f"{sizes} or custom"),
            "exp_limit": IntegerField(
                required=False, min_value=1, label="ExP limit", help_text="custom size: ExP"
            ),
        }

    def default_kind(self, document: dict[str, Any], kinds: list[tuple[str, str]]) -> str:
        """A hero until the warband has one, then followers. Source: Iron & Honor p.15."""
        has_hero = any(name_key(str(m.get("type", ""))) == "hero" for m in document.get("models", []))
        return "follower" if has_hero else "hero"

    def default_options(self, catalogue: IronHonorCatalogue) -> dict[str, Any]:
        """Medium: 200 ExP. Source: Iron & Honor p.15."""
        return {"game_size": "medium"}

    def options_from_post(
        self, post: QueryDict, catalogue: IronHonorCatalogue
    ) -> tuple[dict[str, Any], FieldErrors]:
        """Read game_size, and exp_limit for a custom game.

        The form shows the current limit in "exp_limit" and posts it again as
        "exp_limit_shown": only a number the player typed (one that differs from the
        shown one and from the chosen size's own) makes a custom game. Picking Small,
        Medium or Large takes that size's limit. Source: Iron & Honor p.15.
        """
        form = IronHonorOptionsForm(post)
        size = form.text("game_size")
        named = catalogue.game_size(size)
        typed_text = form.text("exp_limit")
        typed = form.number("exp_limit")
        shown = form.number("exp_limit_shown")
        if typed is None and typed_text != form.text("exp_limit_shown"):
            # Something other than a whole number was typed: say so, never drop it quietly.
            shown_back = {"game_size": size, "exp_limit": typed_text[:20]}  # shown again, unsaved
            return shown_back, {"exp_limit": _exp_limit_error(typed_text)}
        if named is not None and typed is not None and typed != shown and typed != named.exp_limit:
            size = "custom"  # a new ExP limit typed in means a custom game
        options: dict[str, Any] = {"game_size": size}
        if name_key(size) == "custom":
            limit = typed
            if limit is None:
                return options, {"exp_limit": _exp_limit_error(typed_text)}
            options["exp_limit"] = limit
        elif catalogue.game_size(size) is None:
            return options, {"game_size": "choose small, medium, large or custom"}
        try:
            IronHonorOptions.model_validate(options)
        except ValidationError as exc:
            return options, friendly(exc, {("exp_limit",): "exp_limit", ("game_size",): "game_size"})
        return options, {}

    def new_model(self, kind: str, catalogue: IronHonorCatalogue, taken_names: set[str]) -> dict[str, Any]:
        """A model of type ``kind`` with base attributes (points still to spend), no skills or traits."""
        base = kind.title()
        name, n = base, 2
        while name.casefold() in taken_names:
            name, n = f"{base} {n}", n + 1
        return {"name": name, "type": kind, "attributes": dict(_START[kind]), "skills": [], "traits": []}

    def model_from_post(
        self, post: QueryDict, current: dict[str, Any], catalogue: IronHonorCatalogue
    ) -> tuple[dict[str, Any], FieldErrors]:
        """Read name, type, MA/RA/PD/WP (with a +/- "bump"), skill rows and trait boxes."""
        form = IronHonorModelForm(post, [t.slug for t in catalogue.traits if t.choice])
        ctype = catalogue.character_type(form.text("type"))
        low, high = (ctype.attribute_base, ctype.attribute_maximum) if ctype else (2, 6)
        form.attribute_range = (low, high)
        form.is_valid()
        errors = first_errors(form)
        attributes = form.attributes()
        step = form.bump_step()
        if step is not None:
            # A stepper moves the saved value, so quick clicks queued one after another
            # each count, even though every form was posted with the value shown then.
            attr, delta = step
            stored = current.get("attributes", {}).get(attr)
            if isinstance(stored, int):
                attributes[attr] = stored + delta
                errors.pop(attr, None)
        model: dict[str, Any] = {
            "name": form.text("name"),
            "type": form.text("type"),
            "attributes": attributes,
            "skills": self._skills(form, current, catalogue, errors),
            "traits": self._traits(form, current, catalogue, errors),
        }
        if catalogue.character_type(model["type"]) is None:
            errors["type"] = "choose hero, companion or follower"
        if errors:
            return model, errors
        try:
            valid = IronHonorModel.model_validate(model)
        except ValidationError as exc:
            errors = friendly(exc, _MODEL_FIELDS)
            for a in ATTRIBUTES:
                if a in errors and isinstance(attributes[a], int):
                    who = f"a {ctype.name.lower()}'s" if ctype else "an"
                    errors[a] = f"{who} attributes run from {low} to {high} (p.16)"
            return model, errors
        return valid.model_dump(mode="json", exclude_none=True), {}

    def _skills(
        self,
        form: IronHonorModelForm,
        current: dict[str, Any],
        catalogue: IronHonorCatalogue,
        errors: FieldErrors,
    ) -> list[Any]:
        known_before = {name_key(s if isinstance(s, str) else s["skill"]) for s in current.get("skills", [])}
        rows = []
        for row in form.skill_rows():
            skill, label = row["skill"], row["label"]
            if not skill:
                errors["skills"] = f"choose the skill for {label[:40]!r}"
            elif catalogue.skill(skill) is None and name_key(skill) not in known_before:
                errors["skills"] = f"unknown skill {skill[:40]!r}"
            rows.append({"skill": skill, "label": label} if label else skill)
        return rows

    def _traits(
        self,
        form: IronHonorModelForm,
        current: dict[str, Any],
        catalogue: IronHonorCatalogue,
        errors: FieldErrors,
    ) -> list[Any]:
        def key_of(entry: Any) -> str:
            return name_key(entry if isinstance(entry, str) else entry["name"])

        # "add_trait" is the picker's button without JavaScript; with it, the picker
        # adds a "trait" field to the form instead.
        posted = form.picked_traits()
        keys = {name_key(t) for t in posted}
        before = [key_of(t) for t in current.get("traits", [])]
        ordered = [k for k in before if k in keys] + [
            k for k in dict.fromkeys(map(name_key, posted)) if k not in before
        ]
        names = {name_key(t): t for t in posted}
        traits: list[Any] = []
        for key in ordered:
            trait = catalogue.trait(names[key])
            if trait is None and key not in before:
                errors["traits"] = f"unknown trait {names[key][:40]!r}"
                continue
            name = trait.name if trait else names[key]
            # Only a trait that takes a choice keeps one (rules.iron_honor check_references).
            choice = form.choice(trait.slug) if trait and trait.choice else ""
            traits.append({"name": name, "choice": choice} if choice else name)
        return traits

    def card_context(
        self,
        evaluation: Evaluation,
        index: int,
        submitted: dict[str, Any] | None,
        errors: FieldErrors,
        picker: str | None = None,
    ) -> dict[str, Any]:
        """Everything the model card shows: form values, the chosen traits, the trait
        picker when ``picker == "traits"`` (every trait, grouped by category, with its
        cost and why it cannot be taken), attribute points, derived values and the
        model's issues, all from the Report."""
        catalogue: IronHonorCatalogue = evaluation.catalogue
        stored = evaluation.document_json["models"][index]
        values = submitted or stored
        model_report = evaluation.report.models[index]
        chosen: list[dict[str, Any]] = []
        for entry in values.get("traits", []):
            name = entry if isinstance(entry, str) else entry["name"]
            trait = catalogue.trait(name)
            chosen.append(
                {
                    "name": trait.name if trait else name,
                    "value": trait.slug if trait else name,
                    "trait": trait,
                    "choice": entry.get("choice", "") if isinstance(entry, dict) else "",
                }
            )
        picker_groups = []
        if picker == "traits":
            taken = {c["value"] for c in chosen}
            groups: dict[str, list[dict[str, Any]]] = {c: [] for c in ("heroic", "rare", "common")}
            for opt in trait_options(cast(IronHonorRoster, evaluation.document), index, catalogue):
                if opt.trait.slug not in taken:
                    groups[opt.trait.category].append({"trait": opt.trait, "reason": opt.reason})
            titles = [
                ("Heroic", "hero only, one at most", groups["heroic"]),
                ("Rare", "hero and companions, one each", groups["rare"]),
                ("Common", "anyone, up to four", groups["common"]),
            ]
            picker_groups = [(title, hint, rows) for title, hint, rows in titles if rows]
        masters = [
            str(m.get("name", ""))
            for m in evaluation.document_json["models"]
            if name_key(str(m.get("type", ""))) in ("hero", "companion")
        ]
        for entry in chosen:
            if entry["trait"] is not None and entry["trait"].choice == "model":
                entry["masters"] = masters
                entry["master_known"] = entry["choice"] in masters
        skills = []
        for s in [*values.get("skills", []), ""]:
            row = s if isinstance(s, dict) else {"skill": s, "label": ""}
            known = catalogue.skill(row["skill"]) if row["skill"] else None
            skills.append({**row, "slug": known.slug if known else None})
        points = model_report.derived["attribute_points"]
        left = (
            None
            if points["available"] is None or points["spent"] is None
            else points["available"] - points["spent"]
        )
        no_points_left = left is not None and left <= 0
        return {
            "values": values,
            "report": model_report,
            "attributes": [
                {
                    "key": a,
                    "name": catalogue.attribute_names[a],
                    "value": values["attributes"][a],
                    "error": errors.get(a),
                    "at_floor": _at(values["attributes"][a], points["base"], -1),
                    # No point left to spend: + would only overspend (p.16).
                    "at_ceiling": _at(values["attributes"][a], points["maximum"], +1) or no_points_left,
                }
                for a in ATTRIBUTES
            ],
            "points_left": left,
            "chosen_traits": chosen,
            "picker_groups": picker_groups,
            "skill_rows": skills,
            "skill_catalogue": catalogue.skills,
            "types": catalogue.character_types,
        }

    def rename_references(self, document: dict[str, Any], old: str, new: str) -> list[str]:
        """A Pet names its master (the hero or a companion): renaming the master renames
        the Pet's choice too. Source: Iron & Honor p.27."""
        changed = []
        models = document.get("models", [])
        for i, model in enumerate(models):
            traits = model.get("traits", [])
            if not any(_is_pet_of(trait, old) for trait in traits):
                continue
            # A new model dict and traits list: the document may share the others with
            # the roster's stored one (roster.rosters.operations copies only what it changes).
            models[i] = {
                **model,
                "traits": [{**t, "choice": new} if _is_pet_of(t, old) else t for t in traits],
            }
            changed.append(f"{model.get('name')}'s Pet now follows {new}")
        return changed

    def kind_label(self, model: ModelReport) -> str:
        """The character type: "Hero", "Companion" or "Follower"."""
        return str(model.derived.get("type_name") or "?")

    def text_summary(self, model: ModelReport) -> str:
        """E.g. "Hero, MA 6 RA 3 PD 4 WP 5 WO 5, Sword (1H Edged), Ranger, Slayer"."""
        d = model.derived
        stats = " ".join(f"{k} {v}" for k, v in d["attributes"].items())
        skills = [f"{s['label']} ({s['name']})" if s["label"] else s["name"] for s in d["skills"]]
        traits = [f"{t['name']} ({t['choice']})" if t["choice"] else t["name"] for t in d["traits"]]
        return ", ".join([d["type_name"], f"{stats} WO {d['wounds']}", *skills, *traits])

    def text_totals(self, report: Report) -> str:
        """Game size, Fate Pool and model count."""
        t = report.totals
        return f"{t['game_size']} game; Fate Pool {t['fate_pool']}; {counted(t['model_count'], 'model')}"

    def describe_change(self, old: dict[str, Any], new: dict[str, Any]) -> str:
        """E.g. "Aurat: WP 4 -> 5; added Sorcery"."""
        parts = []
        if old.get("name") != new.get("name"):
            parts.append(f"renamed to {new.get('name')}")
        if old.get("type") != new.get("type"):
            parts.append(f"now a {new.get('type')}")
        for a in ATTRIBUTES:
            if old["attributes"].get(a) != new["attributes"].get(a):
                parts.append(f"{a} {old['attributes'].get(a)} -> {new['attributes'].get(a)}")
        parts += _list_changes("skill", old.get("skills", []), new.get("skills", []), "skill")
        parts += _list_changes("trait", old.get("traits", []), new.get("traits", []), "name")
        return f"{old.get('name')}: " + ("; ".join(parts) or "saved")


def _list_changes(label: str, old: list[Any], new: list[Any], key: str) -> list[str]:
    def names(entries: list[Any]) -> list[str]:
        return [e if isinstance(e, str) else e[key] for e in entries]

    before, after = names(old), names(new)
    added = [n for n in after if n not in before]
    removed = [n for n in before if n not in after]
    out = [f"added {label} {n}" for n in added] + [f"removed {label} {n}" for n in removed]
    if not out and old != new:
        out.append(f"{label}s changed")
    return out
