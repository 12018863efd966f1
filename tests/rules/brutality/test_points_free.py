"""Points-free game: the agreed number of models and of Upgraded models.

Source: Brutality, "Building Your Army List - Moderate".
"""

from tests.brutality import balanced, codes, evaluate, model, warband

AGREED = {"model_count": 5, "upgraded_count": 1}


def test_the_agreed_counts_make_a_legal_game():
    report = evaluate(balanced(model("Melee", "Axe", upgrade="Berserker"), **{**AGREED, "model_count": 6}))
    assert report.legal, report.issues
    assert report.totals["game"] == "points-free"
    assert report.totals["limit"] is None
    assert (report.totals["agreed_model_count"], report.totals["agreed_upgraded_count"]) == (6, 1)


def test_one_model_fewer_or_more_than_agreed_is_an_error():
    fewer = evaluate(warband(**{**AGREED, "upgraded_count": 0}))
    assert "brutality.count.models-mismatch" in codes(fewer)
    more = evaluate(warband(model("Ranged", "A"), model("Support", "B"), **{**AGREED, "upgraded_count": 0}))
    assert "brutality.count.models-mismatch" in codes(more)


def test_a_different_number_of_upgraded_models_is_an_error():
    report = evaluate(warband(model("Melee", "Axe"), **AGREED))
    assert "brutality.count.upgraded-mismatch" in codes(report)
    assert "brutality.count.models-mismatch" not in codes(report)


def test_there_is_no_points_limit_to_break():
    report = evaluate(warband(model("Melee", "Axe", upgrade="Berserker"), **AGREED))
    assert "brutality.points.over-limit" not in codes(report)
