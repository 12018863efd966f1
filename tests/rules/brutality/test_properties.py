"""Laws that hold for every Brutality roster the schema accepts (hypothesis)."""

import re
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.brutality import SYSTEM
from rules.brutality.document import BrutalityRoster
from rules.document import dump_document
from tests.brutality import catalogue
from tests.issue_law import assert_issues_well_formed
from tests.text import free_text

CAT = catalogue()


def names(entries, unknown):
    return [e.name for e in entries] + [a for e in entries for a in e.aliases] + [unknown]


CLASSES = names(CAT.classes, "Wizard")
UPGRADES = names(CAT.upgrades, "Gunslinger")
TRAITS = names(CAT.model_traits, "Laser Eyes")
ABILITIES = names(CAT.model_abilities, "Lucky")
POWERS = names(CAT.powers, "Fireball")
text = free_text(20)
stat = st.integers(1, 8)
supplied = st.fixed_dictionaries(
    {},
    optional={
        "Move": st.integers(1, 36),
        "FS": stat,
        "Dex": stat,
        "HP": stat,
        "Will": stat,
        "Atk": stat,
        "Save": stat,
        "Armed": st.booleans(),
        "Powers": st.integers(0, 10),
    },
)
models = st.fixed_dictionaries(
    {
        "name": text,
        "class": st.sampled_from(CLASSES),
        "traits": st.lists(st.sampled_from(TRAITS), max_size=5),
        "powers": st.lists(st.sampled_from(POWERS), max_size=4),
    },
    optional={
        "upgrade": st.sampled_from(UPGRADES),
        "leader": st.booleans(),
        "ability": st.sampled_from(ABILITIES),
        "supplied": supplied,
    },
)
options = st.one_of(
    st.fixed_dictionaries(
        {
            "mode": st.sampled_from(["simple", "moderate"]),
            "points_limit": st.one_of(st.integers(1, 1000), st.integers(2, 2000).map(lambda n: n / 2)),
        }
    ),
    st.tuples(st.sampled_from(["simple", "moderate"]), st.integers(1, 50), st.integers(0, 50))
    .filter(lambda t: t[2] <= t[1])
    .map(lambda t: {"mode": t[0], "model_count": t[1], "upgraded_count": t[2]}),
)
documents = st.fixed_dictionaries(
    {
        "format": st.just("muster.roster/1"),
        "system": st.just("brutality"),
        "name": text,
        "options": options,
        "models": st.lists(models, max_size=12),
    }
).map(BrutalityRoster.model_validate)

CODE = re.compile(r"^brutality\.[a-z]+(-[a-z]+)*\.[a-z0-9]+(-[a-z0-9]+)*$")


def points_law(document):
    upgraded = sum(1 for m in document.models if m.upgrade is not None)
    return Decimal(1) * (len(document.models) - upgraded) + Decimal("1.5") * upgraded


@settings(max_examples=150, deadline=None)
@given(documents)
def test_evaluate_never_raises_and_totals_are_the_sum_of_model_costs(document):
    report = SYSTEM.evaluate(document, CAT)
    assert len(report.models) == len(document.models)
    assert report.totals["cost"] == sum((m.cost for m in report.models), Decimal(0))


@settings(max_examples=150, deadline=None)
@given(documents)
def test_points_total_is_one_per_basic_and_one_and_a_half_per_upgraded_model(document):
    report = SYSTEM.evaluate(document, CAT)
    assert isinstance(report.totals["cost"], Decimal)
    assert report.totals["cost"] == points_law(document)
    reread = BrutalityRoster.model_validate(dump_document(document))
    assert SYSTEM.evaluate(reread, CAT).totals["cost"] == points_law(document)


@settings(max_examples=150, deadline=None)
@given(documents)
def test_every_issue_carries_a_code_and_a_source(document):
    report = SYSTEM.evaluate(document, CAT)
    assert_issues_well_formed(report, len(document.models), CODE, r"Brutality: [A-Z].+")


@settings(max_examples=100, deadline=None)
@given(documents)
def test_legal_means_no_errors_and_the_report_is_json(document):
    import json

    report = SYSTEM.evaluate(document, CAT)
    assert report.legal == (not [i for i in report.issues if i.severity == "error"])
    json.dumps(report.as_json())


@settings(max_examples=100, deadline=None)
@given(documents)
def test_dump_then_parse_is_stable(document):
    once = dump_document(document)
    assert dump_document(BrutalityRoster.model_validate(once)) == once
