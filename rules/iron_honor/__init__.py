"""Iron & Honor (Red Turban Press): warband building, pp.11-29 and 51-52."""

from __future__ import annotations

from typing import Any

from rules.iron_honor import costs
from rules.iron_honor.catalogue import IronHonorCatalogue
from rules.iron_honor.checks import run_checks
from rules.iron_honor.document import IronHonorRoster
from rules.iron_honor.play import PLAY
from rules.iron_honor.supplement import IronHonorSupplement
from rules.iron_honor.warband import Fighter, Warband
from rules.report import ModelReport, Report, page_source, sort_issues
from rules.schema import DocumentError
from rules.system import GameSystem


class IronHonorSystem(GameSystem):
    """Iron & Honor: ExP costs, attributes, skills, traits, game sizes and Fate Pool."""

    id = "iron-and-honor"
    title = "Iron & Honor"
    book = "Iron & Honor"
    unit = "ExP"
    document_model = IronHonorRoster
    catalogue_model = IronHonorCatalogue
    supplement_model = IronHonorSupplement
    editor = "roster.rosters.systems.iron_honor:IronHonorUI"
    play = PLAY
    entry_words = {"traits": "trait"}

    def check_references(self, document: Any, catalogue: Any) -> list[DocumentError]:
        """Return a DocumentError for each game size, type, skill or trait not in the catalogue."""
        out = []
        options = document.options
        if options.exp_limit is None and catalogue.game_size(options.game_size) is None:
            known = ", ".join(s.slug for s in catalogue.game_sizes)
            out.append(
                DocumentError(
                    "$.options.game_size", f"unknown game size {options.game_size!r} (known: {known}, custom)"
                )
            )
        for i, model in enumerate(document.models):
            here = f"$.models[{i}]"
            if catalogue.character_type(model.type) is None:
                out.append(
                    DocumentError(
                        f"{here}.type", f"unknown character type {model.type!r} (hero, companion, follower)"
                    )
                )
            for j, pick in enumerate(model.skills):
                if catalogue.skill(pick.skill) is None:
                    out.append(DocumentError(f"{here}.skills[{j}]", f"unknown skill {pick.skill!r}"))
            for j, trait in enumerate(model.traits):
                entry = catalogue.trait(trait.name)
                if entry is None:
                    out.append(DocumentError(f"{here}.traits[{j}]", f"unknown trait {trait.name!r}"))
                elif entry.choice is None and trait.choice is not None:
                    out.append(DocumentError(f"{here}.traits[{j}].choice", f"{entry.name} takes no choice"))
        return out

    def evaluate(self, document: Any, catalogue: Any) -> Report:
        """Price every model, total the ExP and the Fate Pool, and run every check.

        ``document`` is an IronHonorRoster, ``catalogue`` an IronHonorCatalogue.
        Totals: cost and limit in ExP, fate_pool with fate_breakdown, model counts.
        Never raises for a document the schema accepted. Source: Iron & Honor pp.13-17.
        """
        warband = Warband.resolve(document, catalogue)
        for f in warband.fighters:
            f.cost, f.lines = costs.model_cost(f)
        issues = sort_issues(run_checks(warband))
        fate = costs.fate_breakdown(warband)
        models = [_model_report(f, catalogue) for f in warband.fighters]
        for issue in issues:
            if issue.model is not None:
                models[issue.model].issues.append(issue)
        size = warband.game_size
        totals = {
            "cost": sum(f.cost for f in warband.fighters),
            "limit": warband.exp_limit,
            "unit": self.unit,
            "game_size": size.name if size else document.options.game_size.title(),
            "fate_pool": sum(fate.values()),
            "fate_breakdown": fate,
            "model_count": len(warband.fighters),
            "counts": {t: len(warband.of_type(t)) for t in ("hero", "companion", "follower")},
        }
        return Report(self.id, document.name, models, totals, issues)


def _model_report(f: Fighter, catalogue: IronHonorCatalogue) -> ModelReport:
    qualities: list[str] = list(f.ctype.qualities) if f.ctype else []
    for t in f.known_traits():
        qualities += [g for g in t.grants if g not in qualities]
    derived = {
        "type": f.type_slug,
        "type_name": f.ctype.name if f.ctype else f.model.type,
        "attributes": dict(f.attributes),
        "wounds": costs.wounds(f),
        "attribute_points": {
            "available": costs.attribute_points_available(f),
            "spent": costs.attribute_points_spent(f),
            "base": f.ctype.attribute_base if f.ctype else None,
            "maximum": f.ctype.attribute_maximum if f.ctype else None,
            "at_maximum_allowed": costs.attributes_at_maximum_allowed(f),
        },
        "fate": (f.ctype.fate if f.ctype else 0) + sum(t.fate for t in f.known_traits()),
        "qualities": [
            {"name": q.name, "summary": q.summary, "page": q.page}
            for q in map(catalogue.quality, qualities)
            if q is not None
        ],
        "skills": [
            {
                "name": s.name if s else p.skill,
                "label": p.label,
                "known": s is not None,
                "category": s.category if s else None,
                "black_powder": s.black_powder if s else None,
                "short_range": s.short_range if s else None,
                "long_range": s.long_range if s else None,
                "cost": s.cost if s else None,
            }
            for p, s in f.skills
        ],
        "traits": [
            {
                "name": t.name if t else p.name,
                "slug": t.slug if t else None,
                "known": t is not None,
                "category": t.category if t else None,
                "cost": t.cost if t else None,
                "summary": t.summary if t else None,
                "page": t.page if t else None,
                "source": (t.source or page_source(catalogue.book, t.page)) if t else None,
                "choice": p.choice,
                "homebrew": t.homebrew if t else None,
            }
            for p, t in f.traits
        ],
    }
    return ModelReport(f.index, f.model.name, f.cost, f.lines, derived)


SYSTEM = IronHonorSystem()
