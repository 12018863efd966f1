"""The points law through every layer: for any generated Brutality roster the total is
1 x Basic models + 1.5 x Upgraded models after save, reload, export and in the PDF."""

import json
import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roster.rosters.evaluation import evaluate_stored
from roster.rosters.models import Roster
from roster.rosters.operations import create_roster
from roster.rosters.transfer import export_json
from roster.sheets.content import SheetInfo, render_pdf, sheet_html
from rules.report import json_number
from tests.brutality import catalogue
from tests.hypothesis_counts import examples
from tests.web import pdf as pdfs

CAT = catalogue()
name = st.text(alphabet="abcdefghijklmnopqrstuvwxyzÅÆØ", min_size=1, max_size=12).map(str.title)
models = st.fixed_dictionaries(
    {
        "name": name,
        "class": st.sampled_from([c.name for c in CAT.classes]),
        "traits": st.lists(st.sampled_from([t.name for t in CAT.model_traits]), max_size=3),
        "powers": st.lists(st.sampled_from([p.name for p in CAT.powers]), max_size=2, unique=True),
    },
    optional={
        "upgrade": st.sampled_from([u.name for u in CAT.upgrades]),
        "leader": st.just(True),
        "ability": st.sampled_from([a.name for a in CAT.model_abilities]),
    },
)
options = st.one_of(
    st.builds(
        lambda mode, limit: {"mode": mode, "points_limit": limit},
        st.sampled_from(["simple", "moderate"]),
        st.integers(2, 40).map(lambda n: n / 2),
    ),
    st.builds(
        lambda mode, n: {"mode": mode, "model_count": n, "upgraded_count": n // 2},
        st.sampled_from(["simple", "moderate"]),
        st.integers(1, 12),
    ),
)
documents = st.fixed_dictionaries(
    {
        "format": st.just("muster.roster/1"),
        "system": st.just("brutality"),
        "name": name,
        "options": options,
        "models": st.lists(models, max_size=10),
    }
)


def law(document):
    upgraded = sum(1 for m in document["models"] if "upgrade" in m)
    return Decimal(1) * (len(document["models"]) - upgraded) + Decimal("1.5") * upgraded


@settings(
    max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@pytest.mark.slow  # a PDF per example: `make test`, not `make check`
@given(documents)
def test_the_points_total_survives_save_reload_export_and_the_pdf(alice, document):
    expected = law(document)
    saved = create_roster(alice, document)
    assert saved.summary["cost"] == json_number(expected)

    reloaded = Roster.objects.get(pk=saved.pk)
    evaluation = evaluate_stored(reloaded.document)
    assert evaluation.report.totals["cost"] == expected
    assert reloaded.summary["cost"] == json_number(expected)

    exported = json.loads(export_json(reloaded.document))
    assert law(exported) == expected
    assert evaluate_stored(exported).report.totals["cost"] == expected

    text = pdfs.text(render_pdf(sheet_html(evaluation, SheetInfo(owner="alice"))))
    limit = document["options"].get("points_limit")
    total = (
        f"{json_number(expected)} / {json_number(Decimal(str(limit)))} points"
        if limit
        else f"{json_number(expected)} points"
    )
    assert total in text
    upgraded = sum(1 for m in document["models"] if "upgrade" in m)
    assert text.count("1.5 pts") == upgraded
    assert len(re.findall(r"(?<![\d.])1 pts", text)) == len(document["models"]) - upgraded
