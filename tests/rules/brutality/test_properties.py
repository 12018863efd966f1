"""Brutality's own law for every roster the schema accepts (hypothesis); the laws every
system obeys are in tests/rules/test_laws.py."""

from decimal import Decimal

from hypothesis import given, settings

from rules.brutality import SYSTEM
from rules.brutality.document import BrutalityRoster
from rules.document import dump_document
from tests.hypothesis_counts import examples
from tests.rules.brutality.strategies import CAT, documents


def points_law(document):
    upgraded = sum(1 for m in document.models if m.upgrade is not None)
    return Decimal(1) * (len(document.models) - upgraded) + Decimal("1.5") * upgraded


@settings(max_examples=examples(150), deadline=None)
@given(documents)
def test_points_total_is_one_per_basic_and_one_and_a_half_per_upgraded_model(document):
    report = SYSTEM.evaluate(document, CAT)
    assert isinstance(report.totals["cost"], Decimal)
    assert report.totals["cost"] == points_law(document)
    reread = BrutalityRoster.model_validate(dump_document(document))
    assert SYSTEM.evaluate(reread, CAT).totals["cost"] == points_law(document)
