"""Brutality Skirmish Wargame: classes, upgrades, Model Traits and Abilities, Powers,
the half-class limit and points ("Building Your Army List - Simple/Moderate")."""

from __future__ import annotations

from typing import Any

from rules.brutality.catalogue import BrutalityCatalogue
from rules.brutality.checks import run_checks
from rules.brutality.derived import model_report
from rules.brutality.document import BrutalityRoster
from rules.brutality.play import PLAY
from rules.brutality.supplement import BrutalitySupplement
from rules.brutality.warband import Warband
from rules.report import Report, sort_issues
from rules.schema import DocumentError
from rules.system import GameSystem


class BrutalitySystem(GameSystem):
    """Brutality: points games (a price per Basic and per Upgraded model, from the rules data)
    or points-free games, Simple or Moderate mode."""

    id = "brutality"
    title = "Brutality Skirmish Wargame"
    book = "Brutality"
    unit = "points"
    document_model = BrutalityRoster
    catalogue_model = BrutalityCatalogue
    supplement_model = BrutalitySupplement
    editor = "roster.rosters.systems.brutality:BrutalityUI"
    play = PLAY
    entry_words = {
        "classes": "class",
        "upgrades": "upgrade",
        "model_traits": "Model Trait",
        "model_abilities": "Model Ability",
    }
    table_titles = {"model_traits": "Model Traits", "model_abilities": "Model Abilities"}
    field_words = {
        "Armed": "Armed in Melee",
        "Powers": "Powers known",
        "for_class": "upgrade of",
        "gives_powers": "Powers it gives",
    }

    def check_references(self, document: Any, catalogue: Any) -> list[DocumentError]:
        """Return a DocumentError (with its JSON path) for each class, upgrade, Model Trait,
        Model Ability or Power that is not in the catalogue."""
        out = []
        for i, model in enumerate(document.models):
            here = f"$.models[{i}]"
            if catalogue.model_class(model.class_) is None:
                known = ", ".join(c.name for c in catalogue.classes)
                out.append(DocumentError(f"{here}.class", f"unknown class {model.class_!r} ({known})"))
            if model.upgrade is not None and catalogue.upgrade(model.upgrade) is None:
                out.append(DocumentError(f"{here}.upgrade", f"unknown upgrade {model.upgrade!r}"))
            for j, name in enumerate(model.traits):
                if catalogue.trait(name) is None:
                    out.append(DocumentError(f"{here}.traits[{j}]", f"unknown Model Trait {name!r}"))
            if model.ability is not None and catalogue.ability(model.ability) is None:
                out.append(DocumentError(f"{here}.ability", f"unknown Model Ability {model.ability!r}"))
            for j, name in enumerate(model.powers):
                if catalogue.power(name) is None:
                    out.append(DocumentError(f"{here}.powers[{j}]", f"unknown Power {name!r}"))
        return out

    def evaluate(self, document: Any, catalogue: Any) -> Report:
        """Price every model, total the points and run every check.

        ``document`` is a BrutalityRoster, ``catalogue`` a BrutalityCatalogue. Totals:
        cost and limit in points (Decimal, exact: 4.5, never rounded; limit None in a
        points-free game), unit "points", model_count, upgraded_count, basic_count,
        leader (name or None), mode, game ("points" or "points-free"), agreed counts,
        class_counts. Never raises for a document the schema accepted.
        Source: "Building Your Army List - Moderate".
        """
        warband = Warband.resolve(document, catalogue)
        issues = sort_issues(run_checks(warband))
        models = [model_report(f, catalogue) for f in warband.fighters]
        for issue in issues:
            if issue.model is not None:
                models[issue.model].issues.append(issue)
        options = document.options
        class_counts: dict[str, int] = {}
        for f in warband.fighters:
            key = f.cls.name if f.cls else f.model.class_
            class_counts[key] = class_counts.get(key, 0) + 1
        leaders = warband.leaders
        totals = {
            "cost": warband.cost,
            "limit": warband.limit,
            "unit": self.unit,
            "mode": options.mode,
            "game": "points" if options.points_game else "points-free",
            "model_count": len(warband.fighters),
            "upgraded_count": warband.upgraded_count,
            "basic_count": len(warband.fighters) - warband.upgraded_count,
            "agreed_model_count": options.model_count,
            "agreed_upgraded_count": options.upgraded_count,
            "leader": leaders[0].name if len(leaders) == 1 else None,
            "class_counts": class_counts,
        }
        return Report(self.id, document.name, models, totals, issues)


SYSTEM = BrutalitySystem()
