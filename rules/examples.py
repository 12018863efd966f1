"""The book's example warbands beside Muster's totals: what the book prints and why the two differ.

The explanations are data (``fixtures/examples/notes/book-totals.json``, format
``muster.book-totals/1``): for each example file, the totals its book prints, the page, and
each difference between the book's sum and Muster's, with the page it comes from and its
amount (Muster's total minus the book's, in the system's unit or in Fate). A roster started
from an example names it in its document's optional ``example`` field (docs/formats.md).

Muster always prices from the cost tables; these explanations only say where the printed
parties used another price or made a slip (docs/rules-decisions.md, "Printed party totals").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from rules.schema import Strict

FILE_NAME = "notes/book-totals.json"  # a folder of its own: fixtures/examples holds rosters only
TOTAL_WORDS = {"cost": "total", "fate_pool": "Fate Pool"}


class Difference(Strict):
    """One reason Muster's total differs from the book's: ``amount`` is Muster's minus the
    book's (ExP or points for ``cost``, Fate for ``fate_pool``), ``page`` where it shows."""

    total: Literal["cost", "fate_pool"]
    amount: int
    page: int = Field(ge=1, le=500)
    words: str = Field(min_length=1, max_length=400)


class BookExample(Strict):
    """What one example's book prints (``printed`` None: the book prints no total for it,
    then ``words`` says why) and the differences, which add up exactly to Muster's totals."""

    source: str
    printed: dict[Literal["cost", "fate_pool"], int] | None = None
    printed_page: int | None = None
    differences: list[Difference] = Field(default_factory=list)
    words: str | None = None


class BookTotals(Strict):
    """The whole ``book-totals.json`` file."""

    format: Literal["muster.book-totals/1"]
    about: str
    examples: dict[str, BookExample]


@cache
def load_book_totals(examples_dir: str) -> dict[str, BookExample]:
    """The explanations under ``examples_dir`` (the fixtures' examples folder), by example
    slug (the example file's name without ``.json``). Raises pydantic's ValidationError
    or OSError when the file is broken or missing: it is part of the repository."""
    raw = json.loads(Path(examples_dir, FILE_NAME).read_text(encoding="utf-8"))
    return BookTotals.model_validate(raw, strict=False).examples


@dataclass(frozen=True)
class Comparison:
    """A roster beside its book example, for the editor and the sheet.

    ``rows``: per total the book prints, (label, the book's value, Muster's value, unit);
    ``differences``: the explained differences; ``changed``: the roster's models are no
    longer the example's, so the book's totals no longer apply to it.
    """

    source: str
    printed_page: int | None
    rows: list[tuple[str, int, Any, str]]
    differences: list[Difference]
    words: str | None
    changed: bool


def compare(
    example: BookExample, totals: dict[str, Any], models: list[Any], original_models: list[Any]
) -> Comparison:
    """Compare a roster's report ``totals`` with ``example``; ``models`` and
    ``original_models`` are the roster's and the example file's model lists (documents'
    ``models``), equal while the player has not changed the warband."""
    unit = str(totals.get("unit", ""))
    rows = []
    for key, value in (example.printed or {}).items():
        ours = totals.get(key)
        if isinstance(ours, Decimal) and ours == ours.to_integral_value():
            ours = int(ours)
        rows.append((TOTAL_WORDS[key], value, ours, unit if key == "cost" else "Fate"))
    return Comparison(
        source=example.source,
        printed_page=example.printed_page,
        rows=rows,
        differences=list(example.differences),
        words=example.words,
        changed=models != original_models,
    )
