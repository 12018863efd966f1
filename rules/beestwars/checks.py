"""Beestwars warband-building rules: one small function per rule.

Each check takes the resolved :class:`Warband` (costs already priced) and returns
issues. Codes are stable: ``beestwars.<area>.<problem>``.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.beestwars.catalogue import STATS
from rules.beestwars.costs import value_of
from rules.beestwars.warband import Warband
from rules.report import Issue

Check = Callable[[Warband], list[Issue]]
PROFILES_PAGE = 11


def check_profile_names(w: Warband) -> list[Issue]:
    """Every profile must be in the rules data (it may have changed since the roster was
    built). A printed name shared by several profiles asks for the equipment. Source: p.11."""
    out = []
    for f in w.fighters:
        if f.profile is not None:
            continue
        choices = w.catalogue.profiles_printed_as(f.model.profile)
        hint = f" Which one: {', '.join(p.name for p in choices)}?" if choices else ""
        out.append(
            w.issue(
                "error",
                "catalogue.unknown-profile",
                f"Unknown profile {f.model.profile!r}: it costs nothing until replaced.{hint}",
                PROFILES_PAGE,
                f,
            )
        )
    return out


def check_recommended_points(w: Warband) -> list[Issue]:
    """The book recommends 200 to 300 points for quick battles and 400 to 500 for longer
    ones: a limit outside 200-500 is advice, not an error. Source: p.9."""
    r = w.catalogue.recommended_points
    if r.min <= w.points_limit <= r.max:
        return []
    return [
        w.issue(
            "warning",
            "points.outside-recommended",
            f"A {w.points_limit}-point game; the book recommends {r.min} to {r.max} points.",
            r.page,
        )
    ]


def check_points_limit(w: Warband) -> list[Issue]:
    """The fighters' points may not exceed the agreed limit. With points still unknown,
    the total cannot be checked unless the known part is already over. Source: p.9."""
    total, limit, page = w.known_cost(), w.points_limit, w.catalogue.recommended_points.page
    if total > limit:
        return [
            w.issue(
                "error",
                "points.over-limit",
                f"{total} points: {total - limit} over the limit of {limit}.",
                page,
            )
        ]
    missing = w.unpriced()
    if missing:
        return [
            w.issue(
                "warning",
                "points.not-checked",
                f"At least {total} of {limit} points; the total cannot be checked until the points "
                f"of {len(missing)} fighter(s) are known.",
                page,
            )
        ]
    return []


def check_unknown_points(w: Warband) -> list[Issue]:
    """A profile whose points the transcription lost needs the player's value; a supplied
    value is used but never checked against the book. Source: p.11, docs/rules-decisions.md."""
    out = []
    for f in w.fighters:
        if f.profile is None or f.profile.points is not None:
            continue
        supplied = f.supplied("points")
        if supplied is None:
            out.append(
                w.issue(
                    "error",
                    "points.unknown",
                    f"The points of {f.profile.name} are missing from the rules data: "
                    "supply them from your book.",
                    f.profile.page,
                    f,
                )
            )
        else:
            out.append(
                w.issue(
                    "info",
                    "points.player-supplied",
                    f"{supplied} points for {f.profile.name} supplied by the player, "
                    "not checked against the book.",
                    f.profile.page,
                    f,
                )
            )
    return out


def check_supplied_not_needed(w: Warband) -> list[Issue]:
    """A supplied value where the book's is known is ignored: the book wins. Source: p.11."""
    out = []
    for f in w.fighters:
        if f.profile is None or f.model.supplied is None:
            continue
        for key in ("points", *STATS):
            given, (value, origin) = f.supplied(key), value_of(f, key)
            if given is not None and origin == "book" and given != value:
                out.append(
                    w.issue(
                        "warning",
                        "supplied.not-needed",
                        f"The book gives {f.profile.name} {key} {value}; the supplied {given} is ignored.",
                        f.profile.page,
                        f,
                    )
                )
    return out


def check_supplement(w: Warband) -> list[Issue]:
    """Values and homebrew profiles from the roster's supplement are used but never checked
    against the book (info), named so on every page. Source: p.11."""
    out = []
    for f in w.fighters:
        p = f.profile
        if p is None:
            continue
        if p.homebrew:
            message = f"{p.name} is a homebrew profile from supplement {p.homebrew}, not in the book."
            out.append(w.issue("info", "supplement.homebrew", message, p.page or None, f))
            continue
        used = [(k, value_of(f, k)[0]) for k in ("points", *STATS) if value_of(f, k)[1] == "supplement"]
        if used:
            words = ", ".join(f"{w.catalogue.stat_names.get(k, k)} {v}" for k, v in used)
            by = p.supplement_of(used[0][0])
            message = f"{words}: from supplement {by}, the player's values, not checked against the book."
            out.append(w.issue("info", "supplement.unchecked", message, p.page, f))
    return out


def check_hero_limit(w: Warband) -> list[Issue]:
    """One Hero per full 100 points of the limit, never more than four. Source: p.8."""
    heroes = w.heroes()
    allowed = w.catalogue.heroes_allowed(w.points_limit)
    if len(heroes) <= allowed:
        return []
    cap = w.catalogue.hero_limit
    why = f"at most {cap.max}" if allowed == cap.max else f"one per full {cap.per_points} points"
    return [
        w.issue(
            "error",
            "heroes.too-many",
            f"{len(heroes)} Heroes; a {w.points_limit}-point warband allows {allowed} ({why}).",
            cap.page,
            f,
        )
        for f in heroes[allowed:]
    ]


def check_named_fighters(w: Warband) -> list[Issue]:
    """Named fighters are unique: each at most once in a warband. Source: p.9."""
    seen: set[str] = set()
    out = []
    for f in w.fighters:
        if f.profile is None or not f.profile.unique:
            continue
        if f.profile.slug in seen:
            out.append(
                w.issue(
                    "error",
                    "named.duplicate",
                    f"{f.profile.name} is a named fighter: a warband may include them only once.",
                    w.catalogue.unique_page,
                    f,
                )
            )
        seen.add(f.profile.slug)
    return out


def check_uncertain_profiles(w: Warband) -> list[Issue]:
    """A profile recorded as uncertain (its line is garbled) is flagged, so the player
    checks it against the book. Source: p.11, docs/rules-decisions.md."""
    return [
        w.issue(
            "warning",
            "profile.uncertain",
            f"The transcription of {f.profile.name}'s profile is garbled; compare it with your book: "
            f"{f.profile.raw!r}.",
            f.profile.page,
            f,
        )
        for f in w.fighters
        if f.profile is not None and f.profile.uncertain
    ]


def check_unknown_values(w: Warband) -> list[Issue]:
    """Profiles missing stats in the transcription (not needed to build the warband):
    one note naming them, so the player knows the sheet will be incomplete. Source: p.11."""
    names: list[str] = []
    for f in w.fighters:
        if f.profile is None or f.profile.name in names:
            continue
        if any(value_of(f, key)[0] is None for key in STATS):
            names.append(f.profile.name)
    if not names:
        return []
    return [
        w.issue(
            "info",
            "profile.values-unknown",
            "Some values are missing from the transcription for "
            f"{', '.join(names)}; supply them from your book to show them on the sheet.",
            PROFILES_PAGE,
        )
    ]


CHECKS: list[Check] = [
    check_profile_names,
    check_recommended_points,
    check_points_limit,
    check_unknown_points,
    check_supplied_not_needed,
    check_supplement,
    check_hero_limit,
    check_named_fighters,
    check_uncertain_profiles,
    check_unknown_values,
]


def run_checks(w: Warband) -> list[Issue]:
    """Run every check in order and return all issues found."""
    return [issue for check in CHECKS for issue in check(w)]
