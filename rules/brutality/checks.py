"""Brutality list-building rules for the warband as a whole: one small function per rule.

Each check takes the resolved :class:`Warband` and returns issues. Codes are stable:
``brutality.<area>.<problem>``; sources name the book's section. The per-model rules
are in :mod:`rules.brutality.model_checks`; :data:`CHECKS` runs both.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rules.brutality import model_checks
from rules.brutality.warband import Warband
from rules.report import Issue, json_number
from rules.words import counted

Check = Callable[[Warband], list[Issue]]
MODERATE = "Building Your Army List - Moderate"
SIMPLE = "Building Your Army List - Simple"


def check_catalogue_names(w: Warband) -> list[Issue]:
    """Every class, upgrade, Model Trait, Model Ability and Power must be in the rules data
    (it may have changed since the roster was built)."""
    out = []
    for f in w.fighters:
        m = f.model
        if f.cls is None:
            out.append(w.issue("error", "catalogue.unknown-class", f"Unknown class {m.class_!r}.", SIMPLE, f))
        if m.upgrade and f.upgrade is None:
            message = f"Unknown upgrade {m.upgrade!r}: its stat line is unknown."
            out.append(w.issue("error", "catalogue.unknown-upgrade", message, "Upgrades", f))
        for name, trait in f.traits:
            if trait is None:
                message = f"Unknown Model Trait {name!r}: it modifies nothing until replaced."
                out.append(w.issue("error", "catalogue.unknown-trait", message, "Model Traits", f))
        if m.ability and f.ability is None:
            message = f"Unknown Model Ability {m.ability!r}."
            out.append(w.issue("error", "catalogue.unknown-ability", message, "Model Abilities", f))
        for name, power in f.powers:
            if power is None:
                out.append(
                    w.issue("error", "catalogue.unknown-power", f"Unknown Power {name!r}.", "Powers", f)
                )
    return out


def check_one_leader(w: Warband) -> list[Issue]:
    """Moderate: choose exactly one Leader. Simple: a Leader is optional, never two.

    Source: "Building Your Army List - Moderate" (List Guidelines), "Command Token".
    """
    leaders = w.leaders
    if not leaders and w.moderate:
        return [w.issue("error", "leader.missing", "Choose one model to be the Leader.", MODERATE)]
    return [
        w.issue("error", "leader.too-many", "Only one model may be the Leader.", MODERATE, f)
        for f in leaders[1:]
    ]


def check_points_limit(w: Warband) -> list[Issue]:
    """Points game: the models' prices (the rules data's ``points``, Basic or Upgraded)
    added up may not pass the agreed limit. Exact, never rounded.
    Source: "Building Your Army List - Moderate"."""
    limit, cost = w.limit, w.cost
    if limit is None or cost <= limit:
        return []
    message = (
        f"{json_number(cost)} points: {json_number(cost - limit)} over the limit of {json_number(limit)}."
    )
    return [w.issue("error", "points.over-limit", message, w.catalogue.points.section)]


def check_agreed_counts(w: Warband) -> list[Issue]:
    """Points-free game: exactly the agreed number of models and of Upgraded models.

    Source: "Building Your Army List - Moderate".
    """
    options = w.document.options
    if options.model_count is None or options.upgraded_count is None:
        return []
    out = []
    n, upgraded = len(w.fighters), w.upgraded_count
    if n != options.model_count:
        message = f"{counted(n, 'model')}; the agreed game has {options.model_count}: add or remove models."
        out.append(w.issue("error", "count.models-mismatch", message, MODERATE))
    if upgraded != options.upgraded_count:
        message = f"{counted(upgraded, 'Upgraded model')}; the agreed game has {options.upgraded_count}."
        out.append(w.issue("error", "count.upgraded-mismatch", message, MODERATE))
    return out


def check_half_class(w: Warband) -> list[Issue]:
    """Moderate: no more than half the models from one class (2 x count <= total);
    Upgraded models count in their class. Source: "Building Your Army List - Moderate"."""
    if not w.moderate:
        return []
    total = len(w.fighters)
    counts = Counter(f.cls.name for f in w.fighters if f.cls is not None)
    return [
        w.issue(
            "error",
            "classes.over-half",
            f"{n} of {counted(total, 'model')} {'is' if n == 1 else 'are'} {name}; "
            "no more than half may be from one class.",
            MODERATE,
        )
        for name, n in counts.items()
        if 2 * n > total
    ]


def check_model_guideline(w: Warband) -> list[Issue]:
    """Each warband has four to eight models: advice only. Source: "The Game"."""
    g = w.catalogue.model_guideline
    n = len(w.fighters)
    if g.min <= n <= g.max:
        return []
    message = f"{counted(n, 'model')}; a warband has {g.min} to {g.max}."
    return [w.issue("warning", "models.guideline", message, g.section)]


def check_simple_mode(w: Warband) -> list[Issue]:
    """Simple mode uses the Basic classes only: no upgrades, Model Traits, Model
    Abilities or Powers. Source: "Building Your Army List - Simple"."""
    if w.moderate:
        return []
    out = []
    for f in w.fighters:
        m = f.model
        found = [
            ("upgrade-not-allowed", f"upgrade {m.upgrade}" if m.upgrade else None),
            ("trait-not-allowed", "Model Traits" if m.traits else None),
            ("ability-not-allowed", "a Model Ability" if m.ability else None),
            ("power-not-allowed", "Powers" if m.powers else None),
        ]
        for code, what in found:
            if what:
                message = f"Simple mode uses Basic classes only: remove {what}."
                out.append(w.issue("error", f"simple.{code}", message, SIMPLE, f))
    return out


CHECKS: list[Check] = [
    check_catalogue_names,
    check_one_leader,
    check_points_limit,
    check_agreed_counts,
    check_half_class,
    check_model_guideline,
    check_simple_mode,
    *model_checks.CHECKS,
]


def run_checks(w: Warband) -> list[Issue]:
    """Run every check in order and return all issues found."""
    return [issue for check in CHECKS for issue in check(w)]
