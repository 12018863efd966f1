"""Points game: Basic 1, Upgraded 1.5, exact, and a points limit.

Source: Brutality, "Building Your Army List - Moderate".
"""

from decimal import Decimal

from tests.brutality import codes, evaluate, leader, model, roster, warband

BERSERKER = {"upgrade": "Berserker"}


def five_with_three_upgraded(limit):
    models = [
        leader("Melee", **BERSERKER),
        model("Melee", "Axe", **BERSERKER),
        model("Fast", "Runner"),
        model("Fast", "Scout"),
        model("Melee", "Hammer", **BERSERKER),
    ]
    # Three Melee of five break the half-class rule; points are what this test is about.
    return roster(models, points_limit=limit)


def test_basic_models_cost_one_point_and_upgraded_one_and_a_half():
    report = evaluate(warband(model("Melee", "Axe", upgrade="Berserker")))
    assert [m.cost for m in report.models] == [1, 1, 1, 1, Decimal("1.5")]
    assert report.models[4].lines[0].label == "Upgraded: Berserker (Melee)"
    assert report.models[0].lines[0].label == "Basic Melee"


def test_five_models_with_three_upgraded_cost_exactly_six_and_a_half():
    report = evaluate(five_with_three_upgraded(10))
    assert report.totals["cost"] == Decimal("6.5")
    assert isinstance(report.totals["cost"], Decimal)
    assert report.totals["upgraded_count"] == 3
    assert report.totals["basic_count"] == 2


def test_a_roster_at_its_points_limit_is_within_it():
    assert "brutality.points.over-limit" not in codes(evaluate(five_with_three_upgraded(6.5)))


def test_half_a_point_over_the_limit_is_an_error():
    report = evaluate(five_with_three_upgraded(6))
    issue = next(i for i in report.issues if i.code == "brutality.points.over-limit")
    assert issue.message == "6.5 points: 0.5 over the limit of 6."
    assert issue.source == "Brutality: Building Your Army List - Moderate"


def test_costs_are_never_rounded():
    # 1.5 points each: three Upgraded models are 4.5, not 4 or 5.
    models = [
        leader("Melee", **BERSERKER),
        model("Melee", "B", **BERSERKER),
        model("Fast", "C", upgrade="Ambusher"),
    ]
    report = evaluate(roster(models, points_limit=4.5))
    assert report.totals["cost"] == Decimal("4.5")
    assert "brutality.points.over-limit" not in codes(report)
