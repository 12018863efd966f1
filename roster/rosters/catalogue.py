"""The rules data in the database, the one source the app reads: reading it back as the
rules engine's pydantic catalogue, and knowing its version (digest). Bringing in the
reviewed seed from ``fixtures/`` and a new digest after an admin edit are writes:
roster.rosters.operations.load_system and refresh_digest. The commands read
``fixtures/`` directly only before the database exists (:func:`any_catalogue_and_digest`)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import DatabaseError

from roster.rosters.models import CATALOGUE_TABLES, RuleSet
from rules.registry import SYSTEMS
from rules.system import CatalogueError

_cache: dict[str, tuple[str, Any]] = {}
_file_cache: dict[str, tuple[tuple[int, int], Any, str]] = {}


class CatalogueMissing(LookupError):
    """The rules data of a system has not been loaded into the database."""


def digest_of(data: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of a catalogue (sorted keys, no spaces)."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def fixture_path(system_id: str) -> Path:
    """Path of a system's rules data file under MUSTER_FIXTURES_DIR."""
    return SYSTEMS[system_id].rules_data_file(Path(settings.MUSTER_FIXTURES_DIR))


class RulesDataEdited(Exception):
    """``load_rules`` found the rules data of ``system_id`` edited in the admin since it
    last loaded the seed file, and the file differs from it: ``differences`` lists how, one
    line each, in the database's terms (table, slug, field). Nothing was written."""

    def __init__(self, system_id: str, path: Path, differences: list[str]) -> None:
        super().__init__(
            f"{system_id}: the rules data in the database was edited (in the admin) since "
            f"load_rules last brought in {path}, and the file differs from it:\n  "
            + "\n  ".join(differences)
            + f"\nNothing was changed. To replace the database's rules data with the file's, "
            f"run: manage.py load_rules --replace {system_id}"
        )
        self.system_id = system_id
        self.differences = differences


def differences(stored: dict[str, Any], seed: dict[str, Any], tables: Iterable[str]) -> list[str]:
    """How the ``seed`` rules data (a file's) differs from the ``stored`` (the database's),
    one line each: "traits swift: cost 5 in the database, 4 in the file", "traits ambush:
    only in the file", "points: ... in the database, ... in the file"."""
    lines: list[str] = []
    for key in tables:
        old = {row["slug"]: row for row in stored.get(key, [])}
        new = {row["slug"]: row for row in seed.get(key, [])}
        for slug in [*old, *(s for s in new if s not in old)]:
            if slug not in new:
                lines.append(f"{key} {slug}: only in the database")
            elif slug not in old:
                lines.append(f"{key} {slug}: only in the file")
            else:
                lines += [
                    f"{key} {slug}: {field} {_json(old[slug].get(field))} in the database, "
                    f"{_json(new[slug].get(field))} in the file"
                    for field in dict.fromkeys([*old[slug], *new[slug]])
                    if old[slug].get(field) != new[slug].get(field)
                ]
    for key in dict.fromkeys([*stored, *seed]):
        if key not in tables and stored.get(key) != seed.get(key):
            old_value, new_value = _json(stored.get(key)), _json(seed.get(key))
            lines.append(f"{key}: {old_value} in the database, {new_value} in the file")
    return lines


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def catalogue_data(ruleset: RuleSet) -> dict[str, Any]:
    """Assemble the rules data dict (settings plus every table, in file order) from the database."""
    data = dict(ruleset.settings)
    for key, model in CATALOGUE_TABLES.get(ruleset.system, {}).items():
        data[key] = [
            row.as_entry()
            for row in model._default_manager.filter(ruleset=ruleset).order_by("position", "id")
        ]
    return data


def current_digest(system_id: str) -> str:
    """The digest of a system's loaded rules data; raises CatalogueMissing if not loaded."""
    digest = RuleSet.objects.filter(system=system_id).values_list("digest", flat=True).first()
    if not digest:
        raise CatalogueMissing(
            f"the {SYSTEMS[system_id].title} rules data is not loaded: run `manage.py load_rules`"
        )
    return digest


def get_catalogue(system_id: str) -> Any:
    """The system's pydantic catalogue as stored in the database.

    One query per call (the digest); the parsed catalogue is cached per process and
    rebuilt when the digest changes. Raises CatalogueMissing if not loaded.
    """
    return catalogue_and_digest(system_id)[0]


def catalogue_and_digest(system_id: str, digest: str | None = None) -> tuple[Any, str]:
    """(catalogue, digest) as :func:`get_catalogue`, in one query when cached; in none
    when ``digest`` is the current digest, just read with the roster
    (Roster.objects.for_editing())."""
    digest = digest or current_digest(system_id)
    cached = _cache.get(system_id)
    if cached is not None and cached[0] == digest:
        return cached[1], digest
    ruleset = RuleSet.objects.get(system=system_id)
    catalogue = SYSTEMS[system_id].read_catalogue(catalogue_data(ruleset), origin=system_id)
    _cache[system_id] = (digest, catalogue)
    return catalogue, digest


def fixture_catalogue(system_id: str) -> tuple[Any, str]:
    """(catalogue, digest) read from the system's rules data file under ``fixtures/``,
    without the database. The digest is the one :func:`load_system` would give the
    same data, so a fingerprint is the same before and after ``load_rules``.

    Cached per process until the file changes. Raises CatalogueError for a missing
    or broken file.
    """
    path = fixture_path(system_id)
    try:
        stat = path.stat()
    except OSError as exc:
        raise CatalogueError(f"{path}: cannot read rules data: {exc.strerror or exc}") from None
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = _file_cache.get(system_id)
    if cached is not None and cached[0] == stamp:
        return cached[1], cached[2]
    catalogue = SYSTEMS[system_id].read_catalogue_file(path)
    digest = digest_of(catalogue.model_dump(mode="json"))
    _file_cache[system_id] = (stamp, catalogue, digest)
    return catalogue, digest


def any_catalogue_and_digest(system_id: str) -> tuple[Any, str]:
    """(catalogue, digest) from the database when its rules data is loaded, else from
    ``fixtures/``: also when the database has no tables yet (nobody ran ``migrate``).

    For the command-line tools, an organiser's first commands on a fresh checkout.
    Raises CatalogueError only when the fixture file itself cannot be read.
    """
    try:
        return catalogue_and_digest(system_id)
    except (CatalogueMissing, DatabaseError):
        return fixture_catalogue(system_id)


__all__ = [
    "CatalogueError",
    "CatalogueMissing",
    "RulesDataEdited",
    "any_catalogue_and_digest",
    "current_digest",
    "fixture_catalogue",
    "get_catalogue",
]
