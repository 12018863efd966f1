"""Reading a roster document (``format: "muster.roster/1"``, docs/formats.md).

Structure is checked by the system's pydantic schema; names are checked against the
catalogue by the system's ``check_references``. Both raise :class:`DocumentError`
with the JSON path at fault. Rule problems are not errors here: they are issues in
the Report.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, cast

from pydantic import ValidationError

from rules.schema import FORMAT, RosterDocument, json_path
from rules.schema import DocumentError as DocumentError  # defined beside the schema; re-exported
from rules.words import error_words as error_words  # the one translation; re-exported

MAX_DOCUMENT_BYTES = 1_000_000


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def load_json(raw: str | bytes, max_bytes: int = MAX_DOCUMENT_BYTES) -> Any:
    """Parse JSON text of at most ``max_bytes`` bytes.

    A leading byte order mark (U+FEFF, as Windows Notepad saves UTF-8) is read past.
    Raises DocumentError at "$" for oversize input, bad encoding, malformed JSON
    (with line and column), NaN/Infinity, or nesting too deep to read.
    """
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > max_bytes:
        raise DocumentError("$", f"the document is {size:,} bytes; the limit is {max_bytes:,}")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        return json.loads(text.removeprefix("\ufeff"), parse_constant=_reject_constant)
    except UnicodeDecodeError as exc:
        raise DocumentError("$", f"not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise DocumentError("$", f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except ValueError as exc:
        raise DocumentError("$", f"not JSON: {exc}") from None
    except RecursionError:
        raise DocumentError("$", "not JSON this tool can read: nested too deeply") from None


def first_error(exc: ValidationError) -> DocumentError:
    """Turn pydantic's first error into a DocumentError naming its JSON path."""
    err = exc.errors(include_url=False)[0]
    return DocumentError(json_path(tuple(err["loc"])), error_words(err))


def parse_document(data: Any, catalogue_for: Callable[[str], Any] | None = None) -> RosterDocument:
    """Validate parsed JSON as a roster document of its system.

    ``data`` is what :func:`load_json` returned. When ``catalogue_for`` (system id ->
    catalogue) is given, every catalogue name in the document must resolve too.
    Returns the system's document model; raises DocumentError (with a JSON path)
    on the first structural or reference problem.
    """
    # Imported here, not at the top: the registry imports every system, and the systems
    # import this module's siblings only (rules.schema), never this module.
    from rules.registry import SYSTEMS

    if not isinstance(data, dict):
        raise DocumentError("$", "a roster document must be a JSON object")
    if data.get("format") != FORMAT:
        raise DocumentError("$.format", f'must be "{FORMAT}"')
    system_id = data.get("system")
    if not isinstance(system_id, str):
        raise DocumentError("$.system", "required: the game system's id")
    system = SYSTEMS.get(system_id.strip().lower())
    if system is None:
        known = ", ".join(sorted(SYSTEMS))
        raise DocumentError("$.system", f"unknown system {system_id[:60]!r} (known: {known})")
    data = {**data, "system": system.id}
    try:
        document = system.document_model.model_validate(data)
    except ValidationError as exc:
        raise first_error(exc) from None
    except RecursionError:
        raise DocumentError("$", "nested too deeply") from None
    if catalogue_for is not None:
        problems = system.check_references(document, catalogue_for(system.id))
        if problems:
            raise problems[0]
    return cast(RosterDocument, document)


def dump_document(document: RosterDocument) -> dict[str, Any]:
    """The canonical JSON form of a document: what is stored and exported.

    Unset optional values are left out and a skill or trait without label or choice
    is written as a plain string, so dump(parse(dump(d))) == dump(d).
    """
    return document.model_dump(mode="json", exclude_none=True)


_PART = re.compile(r"\.([A-Za-z_][\w-]*)|\[(\d+)\]")


def path_words(path: str) -> str:
    """A JSON path in a player's words: "$.models[0].traits[4]" -> "model 1, traits, entry 5";
    "$" -> "the document"."""
    words: list[str] = []
    for key, index in _PART.findall(path):
        if key:
            words.append(key.replace("_", " "))
        elif words and words[-1] == "models":
            words[-1] = f"model {int(index) + 1}"
        else:
            words.append(f"entry {int(index) + 1}")
    return ", ".join(words) if words else "the document"
