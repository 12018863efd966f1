"""Supplements: a player's own values for what the rules data leaves unknown, and homebrew.

A supplement (``format: "muster.supplement/1"``, docs/supplements.md) is for one game
system. ``values`` fills fields the transcription left null, per catalogue entry;
``homebrew`` adds entries of the player's own. :func:`merge` gives a catalogue of the
system's own type that ``evaluate()`` uses unchanged, with every filled field and
every homebrew entry marked (``rules.schema.Marked``) so each report shows them as the
player's, never as checked. A model's own ``supplied`` values still win over them.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel, ValidationError

from rules.document import DocumentError, first_error, load_json
from rules.names import name_key
from rules.registry import SYSTEMS
from rules.schema import json_path
from rules.system import GameSystem
from rules.words import error_words

SUPPLEMENT_FORMAT = "muster.supplement/1"
MAX_SUPPLEMENT_BYTES = 256_000


def supplement_models() -> dict[str, type[BaseModel]]:
    """The supplement schema of each registered system that takes supplements, by system
    id (each system's ``supplement_model``, in registry order)."""
    return {sid: s.supplement_model for sid, s in SYSTEMS.items() if s.supplement_model is not None}


class SupplementDocument(Protocol):
    """What every system's supplement has: format, system, name, values, homebrew."""

    format: str
    system: str
    name: str
    values: BaseModel
    homebrew: BaseModel

    def model_dump(self, **kwargs: Any) -> dict[str, Any]: ...


def read_supplement(data: Any, system_id: str | None = None) -> SupplementDocument:
    """Validate parsed JSON as a supplement of its system (of ``system_id`` when given).

    Raises DocumentError with the JSON path ("$.values.classes.ranged.FS") and the
    problem in a player's words.
    """
    if not isinstance(data, dict):
        raise DocumentError("$", "a supplement must be a JSON object")
    if data.get("format") != SUPPLEMENT_FORMAT:
        raise DocumentError("$.format", f'must be "{SUPPLEMENT_FORMAT}"')
    system = data.get("system")
    models = supplement_models()
    model = models.get(system) if isinstance(system, str) else None
    if model is None:
        raise DocumentError("$.system", f"unknown system (known: {', '.join(models)})")
    if system_id is not None and system != system_id:
        raise DocumentError("$.system", f"this supplement is for {system}, the roster is {system_id}")
    try:
        supplement: SupplementDocument = model.model_validate(data)  # type: ignore[assignment]
    except ValidationError as exc:
        raise first_error(exc) from None
    except RecursionError:
        raise DocumentError("$", "nested too deeply") from None
    return supplement


def load_supplement(raw: str | bytes, system_id: str | None = None) -> SupplementDocument:
    """Read supplement JSON text (at most 256 kB): :func:`rules.document.load_json`, then
    :func:`read_supplement`. Raises DocumentError with the JSON path."""
    return read_supplement(load_json(raw, MAX_SUPPLEMENT_BYTES), system_id)


def embedded_supplement(data: Any, system_id: str | None = None) -> SupplementDocument:
    """Read the supplement embedded in a roster export; errors name "$.supplement..."."""
    try:
        return read_supplement(data, system_id)
    except DocumentError as exc:
        raise DocumentError("$.supplement" + exc.path[1:], exc.message) from None


def dump_supplement(supplement: SupplementDocument) -> dict[str, Any]:
    """The canonical JSON form of a supplement: what is stored, exported and digested."""
    return supplement.model_dump(mode="json", exclude_none=True, exclude_defaults=True) | {
        "format": SUPPLEMENT_FORMAT,
        "system": supplement.system,
        "name": supplement.name,
    }


def supplement_digest(supplement: SupplementDocument) -> str:
    """sha256 (64 hex digits) of the canonical JSON of a supplement."""
    text = json.dumps(dump_supplement(supplement), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def split_export(data: Any) -> tuple[Any, Any | None]:
    """Split an exported roster into (document, embedded supplement or None).

    A roster export may carry the supplement it uses under the top-level key
    ``"supplement"`` (docs/supplements.md); the roster document itself has no such key.
    """
    if isinstance(data, dict) and "supplement" in data:
        rest = {k: v for k, v in data.items() if k != "supplement"}
        return rest, data["supplement"]
    return data, None


@dataclass(frozen=True, slots=True)
class Gap:
    """One value the rules data lacks that a supplement may fill: the table ("classes"),
    the entry's slug and printed name, and the field ("FS", "toughness")."""

    table: str
    slug: str
    name: str
    field: str


def gaps(system_id: str, catalogue: Any) -> list[Gap]:
    """Every (entry, field) the rules data leaves unknown (null) that a supplement of
    ``system_id`` may fill, in the rules data's order."""
    values_model = _values_model(system_id)
    out = []
    for table, info in values_model.model_fields.items():
        fields = list(_entry_values_model(info.annotation).model_fields)
        for entry in getattr(catalogue, table):
            out += [Gap(table, entry.slug, entry.name, f) for f in fields if _missing(entry, f)]
    return out


def _missing(entry: Any, field: str) -> bool:
    if getattr(entry, field) is not None:
        return False
    # A line that knows no Powers (power_access false) has no Powers count to give.
    return not (field == "Powers" and getattr(entry, "power_access", None) is False)


def merge(system: GameSystem, catalogue: Any, supplement: SupplementDocument) -> Any:
    """The catalogue with the supplement's values filled in and its homebrew added.

    Returns a new catalogue of the system's type (the given one is not changed); each
    filled field and homebrew entry is marked with the supplement's name. Raises
    DocumentError with the supplement's JSON path when a value names an entry the rules
    data lacks, when the book already gives that value, or when the result breaks the
    rules data schema (a homebrew name already taken, an upgrade of an unknown class).
    """
    data = catalogue.model_dump(mode="json")
    book_sizes = {k: len(v) for k, v in data.items() if isinstance(v, list)}
    filled: dict[tuple[str, int], tuple[str, list[str]]] = {}
    for table in type(supplement.values).model_fields:
        entries = getattr(catalogue, table)
        index = {name_key(n): i for i, e in enumerate(entries) for n in (e.slug, e.name, *_aliases(e))}
        for ref, values in getattr(supplement.values, table).items():
            path = f"$.values.{table}.{ref}"
            i = index.get(name_key(ref))
            if i is None:
                raise DocumentError(path, f"the rules data has no {table.replace('_', ' ')} entry {ref!r}")
            given = values.model_dump(exclude_none=True)
            for field, value in given.items():
                if data[table][i][field] is not None:
                    book = data[table][i][field]
                    raise DocumentError(
                        f"{path}.{field}",
                        f"the book already gives {entries[i].name} {field} {book}; "
                        "a supplement fills only values the rules data lacks",
                    )
                if field == "Powers" and value == 0 and getattr(entries[i], "power_access", None) is True:
                    raise DocumentError(
                        f"{path}.{field}", f"the book says {entries[i].name} knows Powers: give 1 or more"
                    )
                data[table][i][field] = value
            filled[(table, i)] = (path, list(given))
    label = f"supplement {supplement.name}"
    for table in type(supplement.homebrew).model_fields:
        for item in getattr(supplement.homebrew, table):
            row = item.model_dump(mode="json")
            if "source" in row and row["source"] is None:
                row["source"] = label
            data[table].append(row)
    try:
        merged = system.catalogue_model.model_validate(data)
    except ValidationError as exc:
        raise _merge_error(exc, book_sizes, filled) from None
    for (table, i), (_, fields) in filled.items():
        getattr(merged, table)[i].mark(supplement.name, fields)
    for table in type(supplement.homebrew).model_fields:
        for entry in getattr(merged, table)[book_sizes[table] :]:
            entry.mark(supplement.name, None)
    return merged


def _aliases(entry: Any) -> list[str]:
    aliases: list[str] = getattr(entry, "aliases", [])
    return aliases


def _merge_error(
    exc: ValidationError, sizes: dict[str, int], filled: dict[tuple[str, int], tuple[str, list[str]]]
) -> DocumentError:
    err = exc.errors(include_url=False)[0]
    loc = tuple(err["loc"])
    words = error_words(err)
    if len(loc) >= 2 and isinstance(loc[0], str) and isinstance(loc[1], int):
        table, i = loc[0], loc[1]
        if i >= sizes.get(table, 0):
            return DocumentError(json_path(("homebrew", table, i - sizes[table], *loc[2:])), words)
        if (table, i) in filled:
            return DocumentError(filled[(table, i)][0], words)
    # Whole-catalogue checks (a name two entries share, an upgrade of an unknown class).
    message = re.sub(r"^Value error, ", "", str(err.get("msg", words)))
    return DocumentError("$.homebrew", f"a homebrew entry does not fit the rules data: {message}")


def _values_model(system_id: str) -> type[BaseModel]:
    annotation = supplement_models()[system_id].model_fields["values"].annotation
    assert isinstance(annotation, type) and issubclass(annotation, BaseModel)
    return annotation


def _entry_values_model(annotation: Any) -> type[BaseModel]:
    """dict[Ref, X] -> X."""
    args = getattr(annotation, "__args__", ())
    model = args[-1] if args else annotation
    assert isinstance(model, type) and issubclass(model, BaseModel)
    return model
