"""Laws every registered game system obeys for every roster its schema accepts
(hypothesis): evaluate never raises, the total is the sum of the models' known costs,
every issue is well formed, legal means no errors, and a document survives a dump and a
parse unchanged. Each system gives its document strategy in tests/rules/<system>/strategies.py;
its own laws stay beside it (test_properties.py)."""

import json
import re
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.document import dump_document
from rules.registry import SYSTEMS
from tests.hypothesis_counts import examples
from tests.rules.beestwars import strategies as beestwars
from tests.rules.brutality import strategies as brutality
from tests.rules.iron_honor import strategies as iron_honor

STRATEGIES: dict[str, ModuleType] = {
    "iron-and-honor": iron_honor,
    "brutality": brutality,
    "beestwars": beestwars,
}
systems = pytest.mark.parametrize("system_id", list(SYSTEMS))


def draw(data: st.DataObject, system_id: str):
    """(system, catalogue, document): a document hypothesis made for ``system_id``."""
    return SYSTEMS[system_id], STRATEGIES[system_id].CAT, data.draw(STRATEGIES[system_id].documents)


def test_every_registered_system_gives_its_strategies():
    assert set(STRATEGIES) == set(SYSTEMS)


@systems
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_evaluate_never_raises_and_the_total_is_the_sum_of_known_model_costs(system_id, data):
    system, catalogue, document = draw(data, system_id)
    report = system.evaluate(document, catalogue)
    assert len(report.models) == len(document.models)
    assert report.totals["cost"] == sum(m.cost for m in report.models if m.cost is not None)
    assert report.totals.get("unpriced_count", 0) == sum(m.cost is None for m in report.models)


@systems
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_every_issue_carries_a_namespaced_code_a_source_and_a_model_that_exists(system_id, data):
    system, catalogue, document = draw(data, system_id)
    report = system.evaluate(document, catalogue)
    code = re.compile(rf"^{re.escape(system_id)}\.[a-z]+(-[a-z]+)*\.[a-z0-9]+(-[a-z0-9]+)*$")
    for issue in report.issues:
        assert code.match(issue.code), issue.code
        assert re.fullmatch(STRATEGIES[system_id].SOURCE, issue.source), issue.source
        assert issue.message
        assert issue.model is None or 0 <= issue.model < len(document.models)


@systems
@settings(max_examples=examples(100), deadline=None)
@given(data=st.data())
def test_legal_means_no_errors_and_the_report_is_json(system_id, data):
    system, catalogue, document = draw(data, system_id)
    report = system.evaluate(document, catalogue)
    assert report.legal == (not [i for i in report.issues if i.severity == "error"])
    json.dumps(report.as_json())


@systems
@settings(max_examples=examples(100), deadline=None)
@given(data=st.data())
def test_dump_then_parse_is_stable(system_id, data):
    _, _, document = draw(data, system_id)
    once = dump_document(document)
    assert dump_document(type(document).model_validate(once)) == once
