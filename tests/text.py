"""Hypothesis strategies for free text the document schema accepts (rules.text)."""

import unicodedata

from hypothesis import strategies as st

from rules.text import text_problem

# Categories rules.text refuses outright; joiners and long runs of marks are filtered.
REFUSED_CATEGORIES = ["Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"]


def free_text(max_size: int = 20) -> st.SearchStrategy[str]:
    """Names a player may type: any printable Unicode, NFC, trimmed, non-empty."""
    return (
        st.text(
            alphabet=st.characters(codec="utf-8", exclude_categories=REFUSED_CATEGORIES),
            min_size=1,
            max_size=max_size,
        )
        .map(lambda s: unicodedata.normalize("NFC", s))
        .filter(lambda s: bool(s.strip()) and len(s) <= max_size and text_problem(s) is None)
    )
