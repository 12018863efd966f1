"""Skill costs, ranges and the three-kinds limit. Source: Iron & Honor pp.19-21."""

from tests.ih import evaluate, medium, model_codes


def follower(skills):
    doc = medium()
    doc["models"][2]["skills"] = skills
    return evaluate(doc)


def test_three_kinds_of_skill_are_allowed():
    report = follower(["1H Edged", "Shield", "Thrown Weapon"])
    assert model_codes(report, 2) == set()


def test_a_fourth_kind_is_an_error():
    report = follower(["1H Edged", "Shield", "Thrown Weapon", "1H Blunt"])
    assert "iron-and-honor.skills.too-many-kinds" in model_codes(report, 2)


def test_a_kind_bought_twice_counts_once_and_is_paid_twice():
    report = follower(["1H Ranged (BP)", "1H Ranged (BP)", "1H Edged", "Shield"])
    assert model_codes(report, 2) == set()
    assert report.models[2].cost == 15 + 2 + 2 + 1 + 2


def test_skill_costs_follow_the_table():
    # p.21: 2H Edged is 3 ExP (the Lantern example's 2 is a slip).
    assert follower(["2H Edged"]).models[2].cost == 18
    assert follower(["2H Ranged (BP)"]).models[2].cost == 18
    assert follower(["Thrown Weapon"]).models[2].cost == 16


def test_ranges_are_reported_in_inches():
    skill = follower([{"skill": "2H Ranged", "label": "Longbow"}]).models[2].derived["skills"][0]
    assert (skill["label"], skill["short_range"], skill["long_range"]) == ("Longbow", 9, 18)
