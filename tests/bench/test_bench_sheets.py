"""Benchmarks: a nine-model sheet against a one-page trivial WeasyPrint document rendered
in the same run (budget: at most 2x), and a cached sheet download (budget: under 20 ms).

Ratios and medians go to extra_info; nothing here asserts a time.
"""

import pytest
from django.urls import reverse

from bench.timing import median_seconds
from roster.rosters.evaluation import evaluate_stored
from roster.rosters.operations import create_roster
from roster.sheets.content import SheetInfo, render_pdf, sheet_html
from tests.web.cast import client_for, make_user
from tests.web.test_sheets import nine_models

pytestmark = pytest.mark.django_db

TRIVIAL = "<!doctype html><title>x</title><p>One page, one line of text.</p>"


def test_nine_model_sheet_against_a_trivial_document(benchmark):
    html = sheet_html(
        evaluate_stored(nine_models()), SheetInfo(owner="bench", share_url="http://127.0.0.1/s/t/")
    )
    render_pdf(html)
    render_pdf(TRIVIAL)
    benchmark.pedantic(render_pdf, args=(html,), rounds=8, iterations=1, warmup_rounds=1)
    trivial = median_seconds(lambda: render_pdf(TRIVIAL), 8)
    sheet = median_seconds(lambda: render_pdf(html), 8)
    benchmark.extra_info.update(
        trivial_median_ms=round(trivial * 1000, 1),
        sheet_median_ms=round(sheet * 1000, 1),
        ratio=round(sheet / trivial, 2),
        budget_ratio=2,
    )


def test_cached_sheet_download(benchmark):
    user = make_user("bench-pdf")
    client = client_for(user)
    roster = create_roster(user, nine_models())
    url = reverse("roster-sheet", args=[roster.pk])
    assert client.get(url).status_code == 200  # renders and caches

    def download():
        response = client.get(url)
        assert response["Content-Type"] == "application/pdf"

    benchmark.pedantic(download, rounds=50, iterations=1, warmup_rounds=2)
    benchmark.extra_info.update(budget_ms=20)
