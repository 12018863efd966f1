"""The roster fingerprint: 12 hex digits of SHA-256 over the canonical document and the
rules data digest (README, Commands; docs/rules-decisions.md)."""

import hashlib
import json

from rules.fingerprint import canonical_json, roster_fingerprint
from tests.ih import example

DIGEST = "a" * 64


def test_it_is_the_first_12_hex_digits_of_sha256_over_document_and_digest():
    doc = example("iron-and-honor-northmen-raiding-party")
    expected = hashlib.sha256((canonical_json(doc) + "\n" + DIGEST).encode()).hexdigest()[:12]
    assert roster_fingerprint(doc, DIGEST) == expected
    assert len(expected) == 12


def test_layout_and_key_order_of_the_file_do_not_change_it():
    doc = example("iron-and-honor-northmen-raiding-party")
    shuffled = json.loads(json.dumps(dict(reversed(list(doc.items()))), indent=7))
    assert roster_fingerprint(shuffled, DIGEST) == roster_fingerprint(doc, DIGEST)


def test_any_change_of_a_value_changes_it():
    doc = example("iron-and-honor-northmen-raiding-party")
    changed = json.loads(json.dumps(doc))
    changed["models"][0]["attributes"]["MA"] -= 1
    assert roster_fingerprint(changed, DIGEST) != roster_fingerprint(doc, DIGEST)


def test_other_rules_data_changes_it():
    doc = example("iron-and-honor-northmen-raiding-party")
    assert roster_fingerprint(doc, "b" * 64) != roster_fingerprint(doc, DIGEST)
