"""200 to 500 points is the book's recommendation: outside it a warning, not an error. Source: p.9."""

import pytest

from tests.beestwars import codes, evaluate, roster

OUTSIDE = "beestwars.points.outside-recommended"


@pytest.mark.parametrize("limit", [200, 500])
def test_a_limit_from_200_to_500_gets_no_warning(limit):
    assert OUTSIDE not in codes(evaluate(roster(limit, "Satyr")))


@pytest.mark.parametrize("limit", [199, 501])
def test_a_limit_outside_200_to_500_is_a_warning_only(limit):
    report = evaluate(roster(limit, "Satyr"))
    [issue] = [i for i in report.issues if i.code == OUTSIDE]
    assert issue.severity == "warning"
    assert report.legal
