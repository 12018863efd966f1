"""Beestwars' own law for every roster the schema accepts (hypothesis); the laws every
system obeys are in tests/rules/test_laws.py."""

from hypothesis import given, settings

from rules.beestwars import SYSTEM
from tests.hypothesis_counts import examples
from tests.rules.beestwars.strategies import CAT, documents


@settings(max_examples=examples(100), deadline=None)
@given(documents)
def test_an_unknown_cost_is_never_legal(document):
    report = SYSTEM.evaluate(document, CAT)
    if any(m.cost is None for m in report.models):
        assert not report.legal
