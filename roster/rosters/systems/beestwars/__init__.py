"""The Denizens of the Beestwars' editor parts: the fighter picker, the fighter card
(name and the values the player supplies) and the points limit."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from django.forms import Field, IntegerField
from django.http import QueryDict
from pydantic import ValidationError

from roster.rosters.evaluation import Evaluation
from roster.rosters.systems.base import FieldErrors, SystemUI, friendly
from roster.rosters.systems.beestwars.forms import BeestwarsModelForm, BeestwarsOptionsForm
from roster.rosters.systems.fields import first_errors
from rules.beestwars.catalogue import STATS, BeestwarsCatalogue
from rules.beestwars.choices import SUPPLIABLE, profile_choices, supplied_bounds
from rules.beestwars.document import BeestwarsModel, BeestwarsOptions, BeestwarsRoster
from rules.report import ModelReport, Report
from rules.words import counted

# The column heads of the profile table (p.11).
ABBR = {"skill": "Sk", "might": "Mt", "toughness": "T", "movement": "Ma", "defense": "D"}
UNITS = {
    "skill": "3d6 target",
    "might": "d6 dice",
    "movement": "inches",
    "defense": "modifier",
}
_MODEL_FIELDS: dict[tuple[Any, ...], str] = {("name",): "name", ("supplied",): "form"}
_MODEL_FIELDS.update({("supplied", k): f"supplied_{k}" for k in SUPPLIABLE})


def _origin(derived: dict[str, Any], key: str) -> str | None:
    """Where a fighter's value comes from: "book", "player" or None (unknown)."""
    entry = derived["points"] if key == "points" else derived["stats"][key]
    origin: str | None = entry["from"]
    return origin


def _shown(entry: dict[str, Any]) -> str:
    """A stat as text: "?" when unknown, marked "*" when the player supplied it and "†"
    when it comes from the roster's supplement (also the player's)."""
    if entry["text"] is None:
        return "?"
    mark = {"player": "*", "supplement": "†"}.get(entry["from"] or "", "")
    return f"{entry['text']}{mark}"


class BeestwarsUI(SystemUI):
    """Beestwars: fighters are picked from the profile table, renamed, and given the
    values the transcription lost; the roster has one option, the points limit."""

    system_id = "beestwars"
    model_schema = BeestwarsModel
    model_error_fields = _MODEL_FIELDS
    add_template = "systems/beestwars/add_model.html"
    empty_text = "No fighters yet. Pick them from the profiles below."
    blurb = "Named fighters and warriors picked from the profile table, within an agreed points limit."
    homebrew_keys = {
        "profiles": [
            "name",
            "faction",
            "skill",
            "might",
            "toughness",
            "movement",
            "defense",
            "points",
            "equipment",
        ]
    }

    value_words = {"faction": "Faction", "points": "Points", "equipment": "Equipment"}
    limit_words = {"points_limit": "points"}

    def homebrew_used(self, model: ModelReport) -> list[str]:
        """The fighter's profile when it is homebrew (``derived["homebrew"]``)."""
        own = [str(model.derived.get("profile"))] if model.derived.get("homebrew") else []
        return own + super().homebrew_used(model)

    def value_choices(self, catalogue: BeestwarsCatalogue, key: str) -> tuple[tuple[str, str], ...]:
        """A homebrew profile's faction."""
        if key == "faction":
            return (("Clovis", "Clovis"), ("Geladan", "Geladan"))
        return ()

    def limit_fields(self, catalogue: BeestwarsCatalogue) -> dict[str, Field]:
        """The points limit. Source: The Denizens of the Beestwars p.9."""
        r = catalogue.recommended_points
        hint = f"points ({r.min} to {r.max} recommended, p.{r.page})"
        return {"points_limit": IntegerField(required=False, min_value=1, help_text=hint)}

    def value_label(self, catalogue: BeestwarsCatalogue, key: str) -> str:
        """A value as the profile table heads it ("Toughness (T)").
        Source: The Denizens of the Beestwars p.11."""
        return str(catalogue.stat_names.get(key, key.title()))

    new_model_kinds: ClassVar[list[tuple[str, str]]] = []

    def default_options(self, catalogue: BeestwarsCatalogue) -> dict[str, Any]:
        """A 300-point game, the top of the book's quick-battle range. Source: p.9."""
        return {"points_limit": 300}

    def options_from_post(
        self, post: QueryDict, catalogue: BeestwarsCatalogue
    ) -> tuple[dict[str, Any], FieldErrors]:
        """Read points_limit (a whole number of points, 1 to 10,000) with
        BeestwarsOptionsForm."""
        form = BeestwarsOptionsForm(post)
        options = form.options()
        if not form.is_valid():
            return options, first_errors(form)
        try:
            BeestwarsOptions.model_validate(options)
        except ValidationError as exc:
            return options, friendly(exc, {("points_limit",): "points_limit"})
        return options, {}

    def model_kinds(self, catalogue: BeestwarsCatalogue) -> list[tuple[str, str]]:
        """One kind per profile of the rules data: (slug, "Name (Equipment)")."""
        return [(p.slug, p.name) for p in catalogue.profiles]

    def add_context(self, evaluation: Evaluation) -> dict[str, Any]:
        """The picker: profiles grouped by faction, with points, equipment, ability names
        and why a named fighter already in the warband cannot be added again."""
        catalogue: BeestwarsCatalogue = evaluation.catalogue
        groups = []
        for group in profile_choices(cast(BeestwarsRoster, evaluation.document), catalogue):
            rows = [
                {
                    "slug": c.profile.slug,
                    "name": c.profile.name,
                    "points": c.profile.points,
                    "equipment": c.profile.equipment,
                    "abilities": [a.name for s in c.profile.abilities if (a := catalogue.ability(s))],
                    "reason": c.reason,
                    "uncertain": c.profile.uncertain,
                }
                for c in group.choices
            ]
            groups.append({"faction": group.faction, "rows": rows})
        return {"groups": groups}

    def model_label(self, model: dict[str, Any]) -> str:
        """The fighter's own name, else its profile as stored."""
        return str(model.get("name") or model.get("profile", ""))

    def new_model(self, kind: str, catalogue: BeestwarsCatalogue, taken_names: set[str]) -> dict[str, Any]:
        """A fighter of the profile ``kind`` (a slug), without an own name: it goes by the
        profile's. Raises KeyError for an unknown profile."""
        profile = catalogue.profile(kind)
        if profile is None:
            raise KeyError(kind)
        return {"profile": profile.name}

    def fill_target(
        self, catalogue: BeestwarsCatalogue, model: dict[str, Any]
    ) -> tuple[str, str, dict[str, Any]] | None:
        """The fighter's own values for its profile's gaps, as the supplement's ``profiles``
        entry (by slug: profile names repeat, three Minotaur Warriors)."""
        profile = catalogue.profile(model.get("profile", ""))
        supplied = model.get("supplied") or {}
        if profile is None:
            return None
        values = {
            k: v
            for k, v in supplied.items()
            if (profile.points if k == "points" else profile.stat(k)) is None and v is not None
        }
        return ("profiles", profile.slug, values) if values else None

    def model_from_post(
        self, post: QueryDict, current: dict[str, Any], catalogue: BeestwarsCatalogue
    ) -> tuple[dict[str, Any], FieldErrors]:
        """Read the name (empty: go by the profile's name) and ``supplied_<key>`` fields.

        Only values the rules data lacks are asked for; an empty field clears the
        player's value, a field not posted keeps it. The profile never changes here.
        """
        model: dict[str, Any] = {"profile": current["profile"]}
        profile = catalogue.profile(current["profile"])
        asked = [
            key
            for key in SUPPLIABLE
            if profile is not None and (profile.points if key == "points" else profile.stat(key)) is None
        ]
        form = BeestwarsModelForm(post, asked)
        name = form.own_name()
        if name is not None:
            model["name"] = name
        supplied = form.supplied(dict(current.get("supplied") or {}))
        errors = first_errors(form)
        if supplied:
            model["supplied"] = supplied
        if errors:
            return model, errors
        try:
            valid = BeestwarsModel.model_validate(model)
        except ValidationError as exc:
            return model, friendly(exc, _MODEL_FIELDS)
        return valid.model_dump(mode="json", exclude_none=True), {}

    def card_context(
        self,
        evaluation: Evaluation,
        index: int,
        submitted: dict[str, Any] | None,
        errors: FieldErrors,
        picker: str | None = None,
    ) -> dict[str, Any]:
        """The card: the name, the profile's values (unknown as "?", the player's marked),
        abilities with their summaries, and an input for every value the data lacks."""
        catalogue: BeestwarsCatalogue = evaluation.catalogue
        stored = evaluation.document.model_dump(mode="json", exclude_none=True)["models"][index]
        values = submitted or stored
        report = evaluation.report.models[index]
        d = report.derived
        given = values.get("supplied") or {}
        bounds = supplied_bounds()
        asks = []
        for key in SUPPLIABLE if d["known"] else ():
            # The book's values are not asked for, nor the supplement's (typed once for
            # every roster) unless this fighter has its own value to change or clear.
            if _origin(d, key) == "book" or (_origin(d, key) == "supplement" and key not in given):
                continue
            low, high = bounds[key]
            unit = UNITS.get(key)
            asks.append(
                {
                    "key": key,
                    "label": "Points" if key == "points" else catalogue.stat_names[key],
                    "value": given.get(key, ""),
                    "min": low,
                    "max": high,
                    "hint": f"{unit + ', ' if unit else ''}{low} to {high}",
                    "error": errors.get(f"supplied_{key}"),
                }
            )
        return {
            "values": values,
            "report": report,
            "stats": [{"abbr": ABBR[k], "name": catalogue.stat_names[k], **d["stats"][k]} for k in STATS],
            "asks": asks,
            "player_values": bool(d["supplied"]),
        }

    def kind_label(self, model: ModelReport) -> str:
        """The profile when the fighter has a name of its own, and "Hero" for a Hero."""
        d = model.derived
        parts = [str(d["profile"])] if model.name != d["profile"] else []
        if d.get("hero"):
            parts.append("Hero")
        # An unnamed fighter's row already reads its profile: say where it comes from instead.
        return ", ".join(parts) or ", ".join(str(x) for x in (d.get("faction"), d.get("equipment")) if x)

    def text_summary(self, model: ModelReport) -> str:
        """E.g. "Satyr, Spear, Sk 13 Mt 2d6 T 5 Ma 4" D ?, Reach, Bodyguard" (the profile
        only when the fighter has its own name); the player's values are marked "*",
        unknown ones "?"."""
        d = model.derived
        parts = [d["profile"]] if model.name != d["profile"] else []
        if d["equipment"] and d["equipment"] not in d["profile"]:
            parts.append(d["equipment"])
        parts.append(" ".join(f"{ABBR[k]} {_shown(v)}" for k, v in d["stats"].items()))
        parts += [a["name"] for a in d["abilities"]]
        if d["points"]["from"] == "player":
            parts.append("points* supplied by the player")
        if d.get("supplement"):
            parts.append(f"† from supplement {d['supplement']}, the player's values")
        return ", ".join(parts)

    def text_totals(self, report: Report) -> str:
        """Heroes against the allowance, fighter count, and fighters still unpriced."""
        t = report.totals
        out = f"{t['heroes']} of {t['heroes_allowed']} Heroes; {counted(t['model_count'], 'fighter')}"
        if t["unpriced_count"]:
            out += f"; points unknown for {t['unpriced_count']} fighter(s), total not checked"
        return out

    def describe_change(self, old: dict[str, Any], new: dict[str, Any]) -> str:
        """E.g. "Satyr: renamed to Pell" or "Aari Keeneye: points ? -> 40 (supplied)"."""
        parts = []
        if old.get("name") != new.get("name"):
            parts.append(f"renamed to {new.get('name') or new['profile']}")
        before, after = old.get("supplied") or {}, new.get("supplied") or {}
        for key in SUPPLIABLE:
            if before.get(key) != after.get(key):
                parts.append(f"{key} {before.get(key, '?')} -> {after.get(key, '?')} (supplied)")
        return f"{old.get('name') or old['profile']}: " + ("; ".join(parts) or "saved")
