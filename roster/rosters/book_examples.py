"""A roster started from one of the books' example warbands, beside what the book prints.

The explanations are rules data (``fixtures/examples/notes/book-totals.json``, read by
:mod:`rules.examples`); a roster names its example in the document's optional ``example``
field (docs/formats.md), set by "Start from an example".
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings

from roster.rosters.evaluation import Evaluation
from rules.document import dump_document, parse_document
from rules.examples import Comparison, compare, load_book_totals


def examples_dir() -> Path:
    """The folder of the example warbands (``fixtures/examples``)."""
    return Path(settings.MUSTER_FIXTURES_DIR, "examples")


@cache
def _example_models(slug: str) -> list[Any] | None:
    """The canonical model list of the example file ``slug``, or None if there is none."""
    path = examples_dir() / f"{slug}.json"
    if not path.is_file():
        return None
    models: list[Any] = dump_document(parse_document(json.loads(path.read_text(encoding="utf-8"))))["models"]
    return models


def book_comparison(evaluation: Evaluation) -> Comparison | None:
    """The book's totals and the explained differences for a roster started from an
    example (None for any other roster, or an example without an explanation)."""
    if not getattr(evaluation.document, "example", None):
        return None
    document = dump_document(evaluation.document)
    slug = document["example"]
    example = load_book_totals(str(examples_dir())).get(slug)
    original = _example_models(slug)
    if example is None or original is None:
        return None
    return compare(example, evaluation.report.totals, document["models"], original)
