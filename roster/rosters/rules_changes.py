"""What changed in the rules data since a roster was last saved, for that roster only."""

from __future__ import annotations

from typing import Any

from roster.rosters.evaluation import Evaluation
from roster.rosters.models import CATALOGUE_TABLES, Roster, RuleSetVersion
from rules.names import name_key

_IGNORED = {"slug", "aliases", "summary", "note", "examples"}


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {name_key(value)}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _keys(entry: dict[str, Any]) -> set[str]:
    return {name_key(n) for n in (entry["slug"], entry["name"], *entry.get("aliases", []))}


def rules_changes(roster: Roster, evaluation: Evaluation) -> list[str]:
    """Sentences describing changes to the catalogue entries this roster uses
    ("Large: cost 6 -> 7", "Ambush was removed from the rules data").

    Empty when the roster was saved with the current data, or when the old data is
    unknown (then nothing can be compared).
    """
    if not roster.rules_digest or roster.rules_digest == evaluation.digest:
        return []
    return changes_between(roster.system, roster.rules_digest, evaluation.digest, roster.document)


def changes_between(system: str, old_digest: str, new_digest: str, document: dict[str, Any]) -> list[str]:
    """Sentences describing the changes between two versions of ``system``'s rules data
    (by digest) to the entries ``document`` uses; empty when either version is unknown."""
    old = RuleSetVersion.objects.filter(system=system, digest=old_digest).first()
    new = RuleSetVersion.objects.filter(system=system, digest=new_digest).first()
    if old is None or new is None:
        return []
    used = _strings(document.get("models", [])) | _strings(document.get("options", {}))
    out = []
    for table in CATALOGUE_TABLES.get(system, {}):
        now = {e["slug"]: e for e in new.data.get(table, [])}
        for entry in old.data.get(table, []):
            if not _keys(entry) & used:
                continue
            current = now.get(entry["slug"])
            if current is None:
                out.append(f"{entry['name']} was removed from the rules data.")
                continue
            for field, before in entry.items():
                after = current.get(field)
                if field not in _IGNORED and after != before:
                    out.append(f"{entry['name']}: {field.replace('_', ' ')} {before} -> {after}.")
    return out
