"""Filling a gap of the rules data once for all of a player's rosters, from the editor.

A model's card asks for the values its line lacks (Brutality's Ranged line, a Beestwars
profile's lost Toughness). "Save for all my rosters" writes them into the player's
supplement of that system (created when they have none), as a new version, and moves
the roster, and every roster of theirs on the version before, onto it (docs/supplements.md,
"Filling a gap from the editor").
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from roster.rosters.catalogue import get_catalogue
from roster.rosters.models import Roster
from roster.rosters.operations import pin_supplement
from roster.supplements.models import RosterSupplement, Supplement, SupplementVersion
from roster.supplements.operations import create_supplement, save_version
from roster.supplements.pins import pinned_version
from rules.names import name_key
from rules.registry import SYSTEMS
from rules.supplement import SUPPLEMENT_FORMAT, merge, read_supplement

MAX_SUPPLEMENTS = 50


def default_name(system_id: str) -> str:
    """The name of a supplement made for the player: "My Brutality book"."""
    return f"My {SYSTEMS[system_id].title} book"


def players_supplement(owner: Any, roster: Roster) -> Supplement | None:
    """The supplement a gap of ``roster`` is written to: the one it uses, else the owner's
    most recently changed one of its system, else None (one is made then)."""
    pinned = pinned_version(roster)
    if pinned is not None:
        return pinned.supplement
    return Supplement.objects.filter(owner=owner, system=roster.system).order_by("-updated", "-pk").first()


def with_values(data: dict[str, Any], table: str, entry: str, values: dict[str, Any]) -> dict[str, Any]:
    """Supplement JSON ``data`` with ``values`` set on ``values.<table>.<entry>`` (the entry's
    existing key kept when it is spelled another way)."""
    data = {**data, "values": {k: dict(v) for k, v in (data.get("values") or {}).items()}}
    rows = data["values"].setdefault(table, {})
    key = next((k for k in rows if name_key(k) == name_key(entry)), entry)
    rows[key] = {**rows.get(key, {}), **values}
    return data


def fill(owner: Any, roster: Roster, table: str, entry: str, values: dict[str, Any]) -> SupplementVersion:
    """Write ``values`` for ``entry`` of ``table`` into the owner's supplement of the
    roster's system and pin the new version to ``roster`` and to every roster of the owner
    that used the version before. Raises rules.document.DocumentError (with the
    supplement's JSON path) when the values do not fit the rules data, and
    ValueError when the owner keeps as many supplements as Muster allows."""
    system = roster.system
    supplement = players_supplement(owner, roster)
    if supplement is None:
        if Supplement.objects.filter(owner=owner).count() >= MAX_SUPPLEMENTS:
            raise ValueError(
                f"You have {MAX_SUPPLEMENTS} supplements, as many as Muster keeps for one player."
            )
        data: dict[str, Any] = {"format": SUPPLEMENT_FORMAT, "system": system, "name": default_name(system)}
        before = None
    else:
        before = supplement.latest
        data = dict(before.data)
    document = read_supplement(with_values(data, table, entry, values), system)
    merge(SYSTEMS[system], get_catalogue(system), document)  # refuses a value the book gives
    with transaction.atomic():
        if supplement is None:
            supplement = create_supplement(owner, document)
            version = supplement.latest
        else:
            version = save_version(supplement, document)
        others = (
            [p.roster for p in RosterSupplement.objects.filter(version=before).select_related("roster")]
            if before is not None and before.pk != version.pk
            else []
        )
        for each in [roster, *(r for r in others if r.pk != roster.pk and r.owner_id == owner.pk)]:
            pin_supplement(each, version)
    return version
