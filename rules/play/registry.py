"""The rules of play of each game system, and how a side enters a game.

There is no second registry: a system's rules of play are its ``GameSystem.play``
(:mod:`rules.registry` registers the system once). ``PLAY_RULES`` is a live, read-only
view of the registered systems that have rules of play (system id ->
:class:`~rules.play.core.PlayRules`); a system whose ``play`` is None is left out and
cannot be played. :func:`snapshot_side` makes a side from an evaluated Muster roster or
an uploaded export; :func:`typed_side` from names and Wounds / Hit Points typed in for
an opponent who is not on Muster.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel

from rules.play.base import TablePlay
from rules.play.core import PlayModel, PlayRules, Scalar, SideSnapshot
from rules.registry import SYSTEMS
from rules.report import json_number


class _PlayRulesView(Mapping[str, PlayRules]):
    """System id -> rules of play, read from ``rules.registry.SYSTEMS`` at each use (so
    a system registered later, such as the test suite's, is seen)."""

    def __getitem__(self, system_id: str) -> PlayRules:
        system = SYSTEMS.get(system_id)
        if system is None or system.play is None:
            raise KeyError(system_id)
        return system.play

    def __iter__(self) -> Iterator[str]:
        return (sid for sid, s in SYSTEMS.items() if s.play is not None)

    def __len__(self) -> int:
        return sum(1 for s in SYSTEMS.values() if s.play is not None)


PLAY_RULES: Mapping[str, PlayRules] = _PlayRulesView()


def get_rules(system_id: str) -> PlayRules:
    """The rules of play of ``system_id`` (its ``GameSystem.play``); KeyError naming
    the systems that can be played, for an unknown system or one without rules of play."""
    try:
        return PLAY_RULES[system_id]
    except KeyError:
        known = ", ".join(PLAY_RULES)
        if system_id in SYSTEMS:
            raise KeyError(f"{SYSTEMS[system_id].title} has no rules of play; playable: {known}") from None
        raise KeyError(f"unknown system {system_id!r}; known: {known}") from None


def snapshot_side(
    system_id: str,
    name: str,
    document: Any,
    report: Any,
    *,
    origin: Literal["roster", "export"] = "roster",
    roster_id: int | None = None,
    rules_digest: str | None = None,
    supplement: dict[str, Any] | None = None,
    player: str = "",
) -> SideSnapshot:
    """A side as the game begins, from a roster ``document`` (a ``RosterDocument`` or
    its JSON dict) and its evaluation ``report`` (:class:`rules.report.Report`).

    The models' Wounds / Hit Points, Leader, Hero... come from the report; the roster's
    errors are kept as ``issues`` (a roster that is not legal can still be played).
    Iron & Honor's ``fate_pool`` total is kept in ``totals``. KeyError for an unknown
    system.
    """
    rules = get_rules(system_id)
    doc = document.model_dump(mode="json", exclude_none=True) if isinstance(document, BaseModel) else document
    totals: dict[str, Scalar] = {}
    for k, v in report.totals.items():
        if v is None or isinstance(v, int | str | bool):
            totals[k] = v
        elif isinstance(v, Decimal | float):  # Brutality's exact halves, kept exact as text
            totals[k] = str(json_number(Decimal(str(v))))
    issues = [i.message for i in report.issues if i.severity == "error"]
    return SideSnapshot(
        name=name,
        player=player,
        origin=origin,
        roster_id=roster_id,
        document=doc,
        rules_digest=rules_digest,
        supplement=supplement,
        totals=totals,
        issues=issues,
        models=rules.models(doc, report),
    )


def typed_side(
    system_id: str,
    name: str,
    models: Sequence[PlayModel | tuple[str, int | None]],
    *,
    player: str = "",
    totals: dict[str, Scalar] | None = None,
) -> SideSnapshot:
    """A side typed in for an opponent who is not on Muster: each model a
    :class:`PlayModel` (name, Wounds / Hit Points, tags such as "hero", "leader",
    "companion") or a ``(name, wounds)`` pair. Untagged, the first model is Iron &
    Honor's hero or Brutality's Leader (docs/rules-decisions.md). Iron & Honor's Fate
    Pool, when ``totals`` has no ``fate_pool``, is counted from the tags as on p.17.
    KeyError for an unknown system; pydantic's ValidationError for a bad model.
    """
    rules = get_rules(system_id)
    rows = [m if isinstance(m, PlayModel) else PlayModel(name=m[0], wounds=m[1]) for m in models]
    if isinstance(rules, TablePlay):
        rows = rules.typed_models(rows)
    extra = dict(totals or {})
    typed_totals = getattr(rules, "typed_totals", None)
    if typed_totals is not None and callable(typed_totals):
        extra = {**typed_totals(rows), **extra}
    return SideSnapshot(name=name, player=player, origin="typed", totals=extra, models=rows)
