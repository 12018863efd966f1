"""No more than half the models from one class; Upgraded models count in their class.

Source: Brutality, "Building Your Army List - Moderate" (List Guidelines).
"""

from tests.brutality import codes, evaluate, leader, model, roster, simple

HALF = "brutality.classes.over-half"


def test_five_models_with_three_of_one_class_is_illegal():
    doc = roster(
        [leader("Melee"), model("Melee", "B"), model("Melee", "C"), model("Fast", "D"), model("Fast", "E")]
    )
    report = evaluate(doc)
    issue = next(i for i in report.issues if i.code == HALF)
    assert issue.message == "3 of 5 models are Melee; no more than half may be from one class."
    assert issue.source == "Brutality: Building Your Army List - Moderate"


def test_six_models_with_three_of_one_class_is_legal():
    models = [leader("Melee"), model("Melee", "B"), model("Melee", "C")]
    models += [model("Fast", "D"), model("Fast", "E"), model("Fast", "F")]
    report = evaluate(roster(models))
    assert report.legal, report.issues
    assert report.totals["class_counts"] == {"Melee": 3, "Fast": 3}


def test_upgraded_models_count_in_their_class():
    models = [
        leader("Melee", upgrade="Berserker"),
        model("Melee", "B", upgrade="Berserker"),
        model("Melee", "C"),
    ]
    models += [model("Fast", "D")]
    assert HALF in codes(evaluate(roster(models)))


def test_the_half_class_rule_is_a_moderate_rule():
    assert HALF not in codes(evaluate(simple("Melee", "Melee", "Melee", "Fast")))
