"""Laws that hold for every roster the schema accepts (hypothesis)."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.document import dump_document
from rules.iron_honor import SYSTEM
from rules.iron_honor.document import IronHonorRoster
from tests.ih import catalogue
from tests.issue_law import assert_issues_well_formed
from tests.text import free_text

CAT = catalogue()
TRAIT_NAMES = [t.name for t in CAT.traits] + ["Unknown Trait"]
SKILL_NAMES = [s.name for s in CAT.skills] + [a for s in CAT.skills for a in s.aliases] + ["Laser"]
text = free_text(20)

skills = st.one_of(
    st.sampled_from(SKILL_NAMES),
    st.fixed_dictionaries({"skill": st.sampled_from(SKILL_NAMES), "label": text}),
)
traits = st.one_of(
    st.sampled_from(TRAIT_NAMES),
    st.fixed_dictionaries({"name": st.sampled_from(TRAIT_NAMES), "choice": text}),
)
attribute = st.integers(min_value=1, max_value=10)
models = st.fixed_dictionaries(
    {
        "name": text,
        "type": st.sampled_from(["hero", "companion", "follower", "Hero", "Followers", "wizard"]),
        "attributes": st.fixed_dictionaries(
            {"MA": attribute, "RA": attribute, "PD": attribute, "WP": attribute}
        ),
        "skills": st.lists(skills, max_size=5),
        "traits": st.lists(traits, max_size=7),
    }
)
options = st.one_of(
    st.fixed_dictionaries({"game_size": st.sampled_from(["small", "Medium", "LARGE", "huge"])}),
    st.fixed_dictionaries({"game_size": st.just("custom"), "exp_limit": st.integers(1, 10_000)}),
)
documents = st.fixed_dictionaries(
    {
        "format": st.just("muster.roster/1"),
        "system": st.just("iron-and-honor"),
        "name": text,
        "options": options,
        "models": st.lists(models, max_size=12),
    }
).map(IronHonorRoster.model_validate)

CODE = re.compile(r"^iron-and-honor\.[a-z]+(-[a-z]+)*\.[a-z0-9]+(-[a-z0-9]+)*$")


@settings(max_examples=150, deadline=None)
@given(documents)
def test_evaluate_never_raises_and_total_is_the_sum_of_model_costs(document):
    report = SYSTEM.evaluate(document, CAT)
    assert report.totals["cost"] == sum(m.cost for m in report.models)
    assert len(report.models) == len(document.models)


@settings(max_examples=150, deadline=None)
@given(documents)
def test_every_issue_carries_a_code_and_a_page(document):
    report = SYSTEM.evaluate(document, CAT)
    assert_issues_well_formed(report, len(document.models), CODE, r"Iron & Honor p\.\d+")


@settings(max_examples=100, deadline=None)
@given(documents)
def test_legal_means_no_errors(document):
    report = SYSTEM.evaluate(document, CAT)
    assert report.legal == (not [i for i in report.issues if i.severity == "error"])


@settings(max_examples=100, deadline=None)
@given(documents)
def test_dump_then_parse_is_stable(document):
    once = dump_document(document)
    assert dump_document(IronHonorRoster.model_validate(once)) == once
