"""The one text policy (rules.text.clean_text): measured after NFC, so whatever it takes
is stored within its limit and taken again unchanged when the stored document is read."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from rules.schema import Label, Name, NoteText, RosterName, ShortText, SummaryText
from rules.text import clean_text
from tests.hypothesis_counts import examples

GROWING = st.sampled_from(["\ufb2c", "\u0958", "\u0344", "\u1f82", "e\u0301", "x", "\u05d0"])


@settings(max_examples=examples(100))
@given(st.lists(GROWING, max_size=80).map("".join), st.integers(1, 120))
def test_a_taken_text_is_within_its_limit_and_taken_again_unchanged(text, limit):
    try:
        once = clean_text(text, limit)
    except ValueError as error:
        if "accents or marks" not in str(error):
            assert str(error) == f"at most {limit} characters"
            assert len(unicodedata.normalize("NFC", text)) > limit
        return
    assert len(once) <= limit
    assert clean_text(once, limit) == once


@pytest.mark.parametrize(
    ("kind", "limit"),
    [(Name, 100), (Label, 100), (RosterName, 200), (ShortText, 60), (SummaryText, 300), (NoteText, 1000)],
)
def test_every_text_type_measures_after_nfc(kind, limit):
    adapter = TypeAdapter(kind)
    fits = "\ufb2c" * (limit // 3) + "x" * (limit % 3)
    assert len(adapter.validate_python(fits)) == limit
    with pytest.raises(ValidationError, match=f"at most {limit} characters"):
        adapter.validate_python("\ufb2c" * (limit // 3 + 1))
