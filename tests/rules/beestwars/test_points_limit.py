"""The fighters' points may not exceed the agreed limit. Source: p.9."""

from tests.beestwars import codes, evaluate, example, roster

OVER = "beestwars.points.over-limit"


def test_exactly_the_limit_is_legal():
    report = evaluate(roster(200, *["Satyr"] * 10))
    assert report.totals["cost"] == 200
    assert OVER not in codes(report)
    assert report.legal


def test_one_point_over_the_limit_is_an_error():
    # Minotaur Warrior (Two Weapons) 25 + eight Geladan 22 = 201.
    report = evaluate(roster(200, "Minotaur Warrior (Two Weapons)", *["Geladan (Scimitar and Shield)"] * 8))
    assert report.totals["cost"] == 201
    [issue] = report.errors
    assert issue.code == OVER
    assert issue.message == "201 points: 1 over the limit of 200."


def test_the_example_plus_two_geladan_is_over_300():
    doc = example()
    doc["models"] += [{"profile": "Geladan (Scimitar and Shield)"}] * 2
    report = evaluate(doc)
    assert report.totals["cost"] == 301
    assert OVER in codes(report)
