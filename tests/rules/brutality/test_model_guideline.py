"""Four to eight models per warband: a warning, not an error. Source: Brutality, "The Game"."""

from tests.brutality import codes, evaluate, leader, model, roster

GUIDE = "brutality.models.guideline"


def band(n):
    classes = ["Melee", "Fast"] * 5
    return roster([leader("Melee")] + [model(classes[i + 1], f"M{i}") for i in range(n - 1)], points_limit=20)


def test_three_models_is_a_warning():
    report = evaluate(band(3))
    assert GUIDE in codes(report)
    assert next(i for i in report.issues if i.code == GUIDE).severity == "warning"


def test_four_and_eight_models_are_within_the_guideline():
    assert GUIDE not in codes(evaluate(band(4)))
    assert GUIDE not in codes(evaluate(band(8)))


def test_nine_models_is_a_warning():
    assert GUIDE in codes(evaluate(band(9)))
