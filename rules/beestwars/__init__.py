"""The Denizens of the Beestwars: fighter profiles (p.11), Hero limit (p.8), warband building (p.9)."""

from __future__ import annotations

from typing import Any

from rules.beestwars import costs
from rules.beestwars.catalogue import STATS, BeestwarsCatalogue
from rules.beestwars.checks import run_checks
from rules.beestwars.document import BeestwarsRoster
from rules.beestwars.play import PLAY
from rules.beestwars.supplement import BeestwarsSupplement
from rules.beestwars.warband import Fighter, Warband
from rules.report import ModelReport, Report, sort_issues
from rules.schema import DocumentError
from rules.system import GameSystem
from rules.words import labelled_value


class BeestwarsSystem(GameSystem):
    """The Denizens of the Beestwars: profile points, the Hero limit and unique named fighters."""

    id = "beestwars"
    title = "The Denizens of the Beestwars"
    book = "The Denizens of the Beestwars"
    unit = "points"
    document_model = BeestwarsRoster
    catalogue_model = BeestwarsCatalogue
    supplement_model = BeestwarsSupplement
    editor = "roster.rosters.systems.beestwars:BeestwarsUI"
    play = PLAY
    entry_words = {"profiles": "profile"}

    def check_references(self, document: Any, catalogue: Any) -> list[DocumentError]:
        """Return a DocumentError at "$.models[i].profile" for each profile not in the catalogue."""
        out = []
        for i, model in enumerate(document.models):
            if catalogue.profile(model.profile) is None:
                choices = catalogue.profiles_printed_as(model.profile)
                hint = f" (which one: {', '.join(p.name for p in choices)})" if choices else ""
                out.append(
                    DocumentError(f"$.models[{i}].profile", f"unknown profile {model.profile!r}{hint}")
                )
        return out

    def evaluate(self, document: Any, catalogue: Any) -> Report:
        """Price every fighter, count the Heroes and run every check.

        ``document`` is a BeestwarsRoster, ``catalogue`` a BeestwarsCatalogue. Totals:
        cost (points of the fighters whose points are known), limit (the agreed points
        limit), unit "points", heroes and heroes_allowed, model_count, and
        unpriced_count (fighters whose points are unknown: while above 0 the total is
        not checked). Never raises for a document the schema accepted.
        Source: The Denizens of the Beestwars pp.8-9, p.11.
        """
        warband = Warband.resolve(document, catalogue)
        for f in warband.fighters:
            f.cost, f.lines = costs.model_cost(f)
        issues = sort_issues(run_checks(warband))
        models = [_model_report(f, catalogue) for f in warband.fighters]
        for issue in issues:
            if issue.model is not None:
                models[issue.model].issues.append(issue)
        totals = {
            "cost": warband.known_cost(),
            "limit": warband.points_limit,
            "unit": self.unit,
            "heroes": len(warband.heroes()),
            "heroes_allowed": catalogue.heroes_allowed(warband.points_limit),
            "model_count": len(warband.fighters),
            "unpriced_count": len(warband.unpriced()),
        }
        return Report(self.id, document.name, models, totals, issues)


def _model_report(f: Fighter, catalogue: BeestwarsCatalogue) -> ModelReport:
    p = f.profile
    points, origin = costs.value_of(f, "points")
    derived = {
        "profile": p.name if p else f.model.profile,
        "profile_slug": p.slug if p else None,
        "known": p is not None,
        "faction": p.faction if p else None,
        "hero": bool(p and catalogue.is_hero(p)),
        "unique": bool(p and p.unique),
        "uncertain": bool(p and p.uncertain),
        "raw": p.raw if p else None,
        "points": {
            "value": points,
            "from": origin,
            "reading": None if points is not None else costs.uncertain_reading(f, "points"),
        },
        "stats": costs.stat_values(f, catalogue),
        "equipment": p.equipment if p else None,
        "abilities": [
            {
                "name": a.name,
                "slug": a.slug,
                "summary": a.summary,
                "page": a.page,
                "from": by.name if by else None,
            }
            for a, by in (catalogue.abilities_of(p) if p else [])
        ],
        "supplied_words": _supplied_words(f, catalogue),
        "supplement": _supplement_name(f),
        "supplement_words": _supplied_words(f, catalogue, "supplement"),
        "homebrew": p.homebrew if p else None,
        "supplied": sorted(
            k for k, v in (f.model.supplied.model_dump() if f.model.supplied else {}).items() if v is not None
        ),
        "page": p.page if p else None,
        "note": p.note if p else None,
    }
    return ModelReport(f.index, f.name, f.cost, f.lines, derived)


def _supplement_name(f: Fighter) -> str | None:
    """The supplement that gave this fighter's values (or its homebrew profile), or None."""
    if f.profile is None:
        return None
    if f.profile.homebrew:
        return f.profile.homebrew
    for key in ("points", *STATS):
        if costs.value_of(f, key)[1] == "supplement":
            return f.profile.supplement_of(key)
    return None


def _supplied_words(f: Fighter, catalogue: BeestwarsCatalogue, by: str = "player") -> list[str]:
    """The player's values in use (``by`` "player": the model's own, "supplement": the
    roster's supplement's), as the book names them: "Points: 40", "Toughness (T): 4",
    "Might (Mt): 2d6". Source: The Denizens of the Beestwars p.3."""
    out = []
    points, origin = costs.value_of(f, "points")
    if origin == by:
        out.append(labelled_value("Points", points))
    for key, stat in costs.stat_values(f, catalogue).items():
        if stat["from"] == by:
            out.append(labelled_value(catalogue.stat_names[key], stat["text"]))
    return out


SYSTEM = BeestwarsSystem()
