"""Laws that hold for every Beestwars roster the schema accepts (hypothesis)."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.beestwars import SYSTEM
from rules.beestwars.document import BeestwarsRoster
from rules.document import dump_document
from tests.beestwars import catalogue
from tests.issue_law import assert_issues_well_formed
from tests.text import free_text

CAT = catalogue()
PROFILE_NAMES = [p.name for p in CAT.profiles] + [p.slug for p in CAT.profiles] + ["Geladan", "Dragon"]
text = free_text(20)

supplied = st.fixed_dictionaries(
    {},
    optional={
        "points": st.integers(0, 1000),
        "skill": st.integers(3, 18),
        "might": st.integers(1, 6),
        "toughness": st.integers(1, 30),
        "movement": st.integers(1, 24),
        "defense": st.integers(-3, 0),
    },
)
models = st.fixed_dictionaries(
    {"profile": st.sampled_from(PROFILE_NAMES)},
    optional={"name": text, "supplied": supplied},
)
documents = st.fixed_dictionaries(
    {
        "format": st.just("muster.roster/1"),
        "system": st.just("beestwars"),
        "name": text,
        "options": st.fixed_dictionaries({"points_limit": st.integers(1, 10_000)}),
        "models": st.lists(models, max_size=15),
    }
).map(BeestwarsRoster.model_validate)

CODE = re.compile(r"^beestwars\.[a-z]+(-[a-z]+)*\.[a-z0-9]+(-[a-z0-9]+)*$")


@settings(max_examples=150, deadline=None)
@given(documents)
def test_evaluate_never_raises_and_total_is_the_sum_of_known_model_costs(document):
    report = SYSTEM.evaluate(document, CAT)
    assert report.totals["cost"] == sum(m.cost for m in report.models if m.cost is not None)
    assert report.totals["unpriced_count"] == sum(m.cost is None for m in report.models)
    assert len(report.models) == len(document.models)


@settings(max_examples=150, deadline=None)
@given(documents)
def test_every_issue_carries_a_code_and_a_source(document):
    report = SYSTEM.evaluate(document, CAT)
    assert_issues_well_formed(report, len(document.models), CODE, r"The Denizens of the Beestwars p\.\d+")


@settings(max_examples=100, deadline=None)
@given(documents)
def test_an_unknown_cost_is_never_legal(document):
    report = SYSTEM.evaluate(document, CAT)
    if any(m.cost is None for m in report.models):
        assert not report.legal


@settings(max_examples=100, deadline=None)
@given(documents)
def test_dump_then_parse_is_stable(document):
    once = dump_document(document)
    assert dump_document(BeestwarsRoster.model_validate(once)) == once
