"""The roster fingerprint: which exact roster, checked against which rules data.

An organiser compares the fingerprint printed on a sheet (or on the shared page) with
the one ``validate_roster --json`` gives for the submitted file: equal fingerprints
mean the same canonical document evaluated with the same rules data.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from rules.document import dump_document, parse_document
from rules.schema import RosterDocument

LENGTH = 12


def canonical_json(document: RosterDocument | dict[str, Any]) -> str:
    """The canonical text of a roster document: its dumped form (rules.document.dump_document)
    with sorted keys, no spaces, UTF-8 characters kept. A dict is parsed first (raises
    DocumentError when it is not a roster document)."""
    parsed = parse_document(document) if isinstance(document, dict) else document
    return json.dumps(dump_document(parsed), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def roster_fingerprint(document: RosterDocument | dict[str, Any], rules_digest: str) -> str:
    """The first 12 hex digits of SHA-256 over the canonical document, a newline and
    the rules data digest (the 64 hex digits of the system's loaded rules data).

    Whitespace and key order of the file do not matter; any change of a value (a
    name, an attribute, a skill) or of the rules data does. Raises DocumentError for
    a dict that is not a roster document.
    """
    text = canonical_json(document) + "\n" + rules_digest
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:LENGTH]
