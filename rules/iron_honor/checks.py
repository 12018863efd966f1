"""Iron & Honor list-building rules: one small function per rule.

Each check takes the resolved :class:`Warband` and returns issues. Codes are stable:
``iron-and-honor.<area>.<problem>``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rules.iron_honor import costs
from rules.iron_honor.catalogue import ATTRIBUTES
from rules.iron_honor.choices import meets_requirement
from rules.iron_honor.warband import Warband
from rules.report import Issue
from rules.words import counted, listing

Check = Callable[[Warband], list[Issue]]


def check_catalogue_names(w: Warband) -> list[Issue]:
    """Every type, skill, trait and game size must be in the rules data (it may have
    changed since the roster was built)."""
    out = []
    if w.game_size is None and w.document.options.exp_limit is None:
        out.append(
            w.issue(
                "error",
                "catalogue.unknown-game-size",
                f"Unknown game size {w.document.options.game_size!r}.",
                15,
            )
        )
    for f in w.fighters:
        if f.ctype is None:
            out.append(
                w.issue("error", "catalogue.unknown-type", f"Unknown character type {f.model.type!r}.", 11, f)
            )
        for pick, skill in f.skills:
            if skill is None:
                out.append(
                    w.issue(
                        "error",
                        "catalogue.unknown-skill",
                        f"Unknown skill {pick.skill!r}: it costs nothing until replaced.",
                        21,
                        f,
                    )
                )
        for tpick, trait in f.traits:
            if trait is None:
                out.append(
                    w.issue(
                        "error",
                        "catalogue.unknown-trait",
                        f"Unknown trait {tpick.name!r}: it costs nothing until removed.",
                        22,
                        f,
                    )
                )
    return out


def check_one_hero(w: Warband) -> list[Issue]:
    """A warband has exactly one hero. Source: p.15."""
    heroes = w.of_type("hero")
    if not heroes:
        return [w.issue("error", "hero.missing", "The warband needs a hero.", 15)]
    return [w.issue("error", "hero.too-many", "Only one model may be the hero.", 15, f) for f in heroes[1:]]


def check_companions(w: Warband) -> list[Issue]:
    """Companions by game size: Small 0-1, Medium 0-2, Large 1-2 (p.15); a custom game
    0-2, the "one or two close companions" of pp.11 and 14, none being allowed as in
    Small and Medium."""
    size = w.composition
    if size is None:
        return []
    n = len(w.of_type("companion"))
    if n > size.companions_max:
        return [
            w.issue(
                "error",
                "companions.too-many",
                f"{n} companions; a {size.name} game allows at most {size.companions_max}.",
                size.page,
            )
        ]
    if n < size.companions_min:
        return [
            w.issue(
                "error",
                "companions.too-few",
                f"{n} companions; a {size.name} game needs at least {size.companions_min}.",
                size.page,
            )
        ]
    return []


def check_followers(w: Warband) -> list[Issue]:
    """Followers by game size: Small 1+, Medium 3+, Large 5+ (p.15); a custom game 1+,
    the "various followers" of pp.11 and 14."""
    size = w.composition
    if size is None:
        return []
    n = len(w.of_type("follower"))
    if n < size.followers_min:
        return [
            w.issue(
                "error",
                "followers.too-few",
                f"{n} follower{'' if n == 1 else 's'}; "
                f"a {size.name} game needs at least {size.followers_min}.",
                size.page,
            )
        ]
    return []


def check_exp_limit(w: Warband) -> list[Issue]:
    """The ExP spent may not exceed the game size's budget. Source: p.15."""
    if w.exp_limit is None:
        return []
    total = sum(f.cost for f in w.fighters)
    if total <= w.exp_limit:
        return []
    return [
        w.issue(
            "error",
            "exp.over-limit",
            f"{total} ExP spent: {total - w.exp_limit} over the limit of {w.exp_limit}.",
            15,
        )
    ]


def check_example_prices(w: Warband) -> list[Issue]:
    """Over the ExP limit only because a skill costs more in the table than in one of
    the book's worked examples (2H Edged: 3 ExP on p.21, 2 in the Lantern example on
    p.15): say so, so a player who copied the example sees why it is not legal."""
    if w.exp_limit is None:
        return []
    total = sum(f.cost for f in w.fighters)
    cheaper = [s for f in w.fighters for s in f.known_skills() if s.example_cost is not None]
    saving = sum(s.cost - (s.example_cost or 0) for s in cheaper)
    if total <= w.exp_limit or not cheaper or total - saving > w.exp_limit:
        return []
    first = cheaper[0]
    count = sum(1 for s in cheaper if s.slug == first.slug)
    return [
        w.issue(
            "info",
            "exp.example-price",
            f"{first.name} costs {first.cost} ExP in the skill table (p.{first.page}), the price Muster "
            f"charges; the book's example on p.{first.example_page} prices it at {first.example_cost}. "
            f"At that price {count} {first.name} skill{'' if count == 1 else 's'} would bring this warband "
            f"to {total - saving} of {w.exp_limit} ExP.",
            first.page,
        )
    ]


def check_model_guideline(w: Warband) -> list[Issue]:
    """The book plays best with six to nine models: advice only. Source: p.14."""
    g = w.catalogue.model_guideline
    n = len(w.fighters)
    if g.min <= n <= g.max:
        return []
    return [
        w.issue(
            "warning",
            "models.guideline",
            f"{n} model{'' if n == 1 else 's'}; the book is written for {g.min} to {g.max}.",
            g.page,
        )
    ]


def check_attribute_range(w: Warband) -> list[Issue]:
    """No attribute below 2 or above 6, whatever the type. Source: p.12."""
    r = w.catalogue.attribute_range
    out = []
    for f in w.fighters:
        for a in ATTRIBUTES:
            v = f.attributes[a]
            if not r.min <= v <= r.max:
                out.append(
                    w.issue(
                        "error",
                        "attributes.out-of-range",
                        f"{a} is {v}; attributes run from {r.min} to {r.max}.",
                        r.page,
                        f,
                    )
                )
    return out


def check_attribute_type_bounds(w: Warband) -> list[Issue]:
    """Attributes start at the type's base and may not pass its maximum
    (hero 3-6, companion 2-5, follower 2-4). Source: p.16."""
    out = []
    for f in w.fighters:
        t = f.ctype
        if t is None:
            continue
        for a in ATTRIBUTES:
            v = f.attributes[a]
            if v < t.attribute_base:
                out.append(
                    w.issue(
                        "error",
                        "attributes.below-base",
                        f"{a} is {v}; a {t.name.lower()} starts at {t.attribute_base}.",
                        t.page,
                        f,
                    )
                )
            elif v > t.attribute_maximum:
                out.append(
                    w.issue(
                        "error",
                        "attributes.above-maximum",
                        f"{a} is {v}; a {t.name.lower()} may have at most {t.attribute_maximum}.",
                        t.page,
                        f,
                    )
                )
    return out


def check_attribute_points(w: Warband) -> list[Issue]:
    """All attribute points must be spent, and no more (Natural Aptitude +1,
    Ineptitude -1). Source: p.16, p.26, p.27."""
    out = []
    for f in w.fighters:
        available, spent = costs.attribute_points_available(f), costs.attribute_points_spent(f)
        if available is None or spent is None or available == spent:
            continue
        if spent < available:
            out.append(
                w.issue(
                    "error",
                    "attributes.points-unspent",
                    f"{available - spent} of {available} attribute points left to spend.",
                    16,
                    f,
                )
            )
        else:
            out.append(
                w.issue(
                    "error",
                    "attributes.points-overspent",
                    f"{spent} attribute points spent; only {available} to spend.",
                    16,
                    f,
                )
            )
    return out


def check_attributes_at_maximum(w: Warband) -> list[Issue]:
    """Only one attribute at the type maximum; two with Natural Aptitude. Source: p.16, p.27."""
    out = []
    for f in w.fighters:
        if f.ctype is None:
            continue
        top = f.ctype.attribute_maximum
        at_max = [a for a in ATTRIBUTES if f.attributes[a] == top]
        allowed = costs.attributes_at_maximum_allowed(f)
        if len(at_max) > allowed:
            excess = len(at_max) - allowed
            out.append(
                w.issue(
                    "error",
                    "attributes.too-many-at-maximum",
                    f"{listing(at_max)} are at {top}, the maximum; only {counted(allowed, 'attribute')} "
                    f"may be: lower {'one' if excess == 1 else excess} of them.",
                    16,
                    f,
                )
            )
    return out


_CATEGORY_CODES = {"heroic": "traits.heroic-not-hero", "rare": "traits.rare-not-allowed"}


def check_trait_categories(w: Warband) -> list[Issue]:
    """Heroic traits are for the hero only, Rare for the hero and companions. Source: p.22."""
    out = []
    for f in w.fighters:
        if f.ctype is None:
            continue
        for t in f.known_traits():
            limit = w.catalogue.trait_limit(t.category)
            if limit and f.ctype.slug not in limit.types:
                who = " and ".join(f"{x}s" if x != "hero" else "the hero" for x in limit.types)
                out.append(
                    w.issue(
                        "error",
                        _CATEGORY_CODES.get(t.category, f"traits.{t.category}-not-allowed"),
                        f"{t.name} is a {t.category.title()} trait: only for {who}.",
                        limit.page,
                        f,
                    )
                )
    return out


def check_trait_counts(w: Warband) -> list[Issue]:
    """At most one Heroic, one Rare and four Common traits per model. Source: p.22."""
    out = []
    for f in w.fighters:
        counts = Counter(t.category for t in f.known_traits())
        for category, n in counts.items():
            limit = w.catalogue.trait_limit(category)
            if limit and n > limit.max:
                out.append(
                    w.issue(
                        "error",
                        f"traits.too-many-{category}",
                        f"{n} {category.title()} traits; at most {limit.max}.",
                        limit.page,
                        f,
                    )
                )
    return out


def check_trait_duplicates(w: Warband) -> list[Issue]:
    """A model takes each trait at most once. Source: p.22."""
    out = []
    for f in w.fighters:
        counts = Counter(t.slug for t in f.known_traits())
        for t in f.known_traits():
            if counts.pop(t.slug, 1) > 1:
                out.append(w.issue("error", "traits.duplicate", f"{t.name} is taken more than once.", 22, f))
    return out


def check_trait_types(w: Warband) -> list[Issue]:
    """Traits limited to some character types (Pet: followers only). Source: p.27."""
    out = []
    for f in w.fighters:
        for t in f.known_traits():
            if t.allowed_types and f.type_slug and f.type_slug not in t.allowed_types:
                out.append(
                    w.issue(
                        "error",
                        "traits.type-not-allowed",
                        f"{t.name} can only be given to {', '.join(x + 's' for x in t.allowed_types)}.",
                        t.page,
                        f,
                    )
                )
    return out


_REQUIREMENTS = {
    "ranged": ("traits.requires-ranged-skill", "a ranged weapon skill"),
    "two-handed-ranged": ("traits.requires-two-handed-ranged", "a 2-handed ranged weapon skill"),
    "shield": ("traits.requires-shield", "the Shield skill"),
    "two-one-handed": ("traits.requires-two-one-handed", "two 1-handed weapons, one in each hand"),
}


def check_trait_skill_requirements(w: Warband) -> list[Issue]:
    """Blast and Spray need a ranged skill, Quick-fire a 2-handed ranged skill, Shield
    Slam the Shield skill, Dual Wield two 1-handed weapons. Source: pp.23-28."""
    out = []
    for f in w.fighters:
        skills = f.known_skills()
        for t in f.known_traits():
            if t.requires_skill and not meets_requirement(t.requires_skill, skills):
                code, needs = _REQUIREMENTS[t.requires_skill]
                out.append(w.issue("error", code, f"{t.name} needs {needs}.", t.page, f))
    return out


def check_trait_exclusions(w: Warband) -> list[Issue]:
    """Traits that may not be combined (Blast and Spray). Source: p.23, p.28."""
    out = []
    for f in w.fighters:
        seen: set[frozenset[str]] = set()
        for t in f.known_traits():
            for other in t.excludes:
                pair = frozenset((t.slug, other))
                if other in f.trait_slugs and pair not in seen:
                    seen.add(pair)
                    names = " and ".join(sorted(x.name for x in f.known_traits() if x.slug in pair))
                    out.append(w.issue("error", "traits.excluded", f"{names} cannot be combined.", t.page, f))
    return out


def check_trait_choices(w: Warband) -> list[Issue]:
    """Blessed Weapon names one of the model's weapons (p.24); a Pet is attached to the
    hero or a companion (p.27), so a Pet with no master named, or whose master is not
    this warband's hero or one of its companions, is an error."""
    out = []
    leaders = {x.model.name.casefold() for x in w.fighters if x.type_slug in ("hero", "companion")}
    for f in w.fighters:
        weapons: set[str] = set()
        for spick, s in f.skills:
            if s is not None and s.category != "shield":
                weapons.update(x.casefold() for x in (spick.label, spick.skill, s.name) if x)
        for pick, t in f.traits:
            if t is None or t.choice is None:
                continue
            chosen = pick.choice
            if t.choice == "weapon" and not chosen:
                out.append(
                    w.issue(
                        "error", "traits.choice-missing", f"{t.name}: name the weapon it blesses.", t.page, f
                    )
                )
            elif t.choice == "weapon" and chosen and chosen.casefold() not in weapons:
                out.append(
                    w.issue(
                        "error",
                        "traits.choice-not-a-weapon",
                        f"{t.name}: {pick.choice!r} is not one of this model's weapons.",
                        t.page,
                        f,
                    )
                )
            elif t.choice == "model" and not chosen:
                out.append(
                    w.issue(
                        "error",
                        "traits.pet-without-master",
                        f"{t.name}: name the hero or companion it is attached to.",
                        t.page,
                        f,
                    )
                )
            elif t.choice == "model" and chosen and chosen.casefold() not in leaders:
                out.append(
                    w.issue(
                        "error",
                        "traits.pet-master-not-found",
                        f"{t.name}: {pick.choice!r} is not the hero or a companion of this warband.",
                        t.page,
                        f,
                    )
                )
    return out


def check_redundant_traits(w: Warband) -> list[Issue]:
    """Tough bought by an Undead or Non-Living model, which has it already. Source: p.27, p.29."""
    out = []
    for f in w.fighters:
        for t in f.known_traits():
            already = [x for x in t.redundant_with if x in f.trait_slugs]
            if already:
                giver = w.catalogue.trait(already[0])
                out.append(
                    w.issue(
                        "warning",
                        "traits.redundant",
                        f"{t.name} is wasted: {giver.name if giver else already[0]} already gives it.",
                        t.page,
                        f,
                    )
                )
    return out


def check_skill_kinds(w: Warband) -> list[Issue]:
    """Skills in at most three kinds of weapon and gear; a kind bought twice counts once. Source: p.19."""
    limit = w.catalogue.max_skill_kinds
    out = []
    for f in w.fighters:
        kinds = {s.slug for s in f.known_skills()}
        if len(kinds) > limit:
            out.append(
                w.issue(
                    "error",
                    "skills.too-many-kinds",
                    f"Skills in {len(kinds)} kinds of weapon and gear; at most {limit}.",
                    w.catalogue.max_skill_kinds_page,
                    f,
                )
            )
    return out


def check_homebrew_traits(w: Warband) -> list[Issue]:
    """A homebrew trait from the roster's supplement is priced at the player's cost, never
    checked against the book (info). Source: Iron & Honor p.22."""
    return [
        w.issue(
            "info",
            "supplement.homebrew",
            f"{t.name} is homebrew from supplement {t.homebrew}, "
            f"{t.cost} ExP as the player priced it, not in the book.",
            22,
            f,
        )
        for f in w.fighters
        for t in f.known_traits()
        if t.homebrew
    ]


CHECKS: list[Check] = [
    check_catalogue_names,
    check_one_hero,
    check_companions,
    check_followers,
    check_exp_limit,
    check_example_prices,
    check_model_guideline,
    check_attribute_range,
    check_attribute_type_bounds,
    check_attribute_points,
    check_attributes_at_maximum,
    check_trait_categories,
    check_trait_counts,
    check_trait_duplicates,
    check_trait_types,
    check_trait_skill_requirements,
    check_trait_exclusions,
    check_trait_choices,
    check_redundant_traits,
    check_skill_kinds,
    check_homebrew_traits,
]


def run_checks(w: Warband) -> list[Issue]:
    """Run every check in order and return all issues found."""
    return [issue for check in CHECKS for issue in check(w)]
