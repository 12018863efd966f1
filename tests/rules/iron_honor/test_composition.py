"""Warband composition by game size. Source: Iron & Honor p.15."""

from tests.ih import codes, evaluate, medium, model, roster


def test_a_legal_medium_warband_has_no_composition_issue():
    report = evaluate(medium())
    assert report.legal
    assert report.errors == []


def test_the_warband_needs_a_hero():
    report = evaluate(roster([model("companion")] + [model("follower")] * 3))
    assert "iron-and-honor.hero.missing" in codes(report)
    assert not report.legal


def test_only_one_model_may_be_the_hero():
    report = evaluate(medium(model("hero", name="Second")))
    issues = [i for i in report.issues if i.code == "iron-and-honor.hero.too-many"]
    assert [i.model_name for i in issues] == ["Second"]


def test_small_allows_one_companion_not_two():
    one = roster([model("hero"), model("companion"), model("follower")], "small")
    two = roster([model("hero"), model("companion"), model("companion"), model("follower")], "small")
    assert "iron-and-honor.companions.too-many" not in codes(evaluate(one))
    assert "iron-and-honor.companions.too-many" in codes(evaluate(two))


def test_medium_allows_two_companions_not_three():
    assert "iron-and-honor.companions.too-many" not in codes(evaluate(medium(model("companion"))))
    three = medium(model("companion"), model("companion"))
    assert "iron-and-honor.companions.too-many" in codes(evaluate(three))


def test_large_needs_at_least_one_companion():
    followers = [model("follower")] * 5
    without = roster([model("hero"), *followers], "large")
    with_one = roster([model("hero"), model("companion"), *followers], "large")
    assert "iron-and-honor.companions.too-few" in codes(evaluate(without))
    assert "iron-and-honor.companions.too-few" not in codes(evaluate(with_one))


def test_followers_minimum_by_game_size():
    for size, needed in (("small", 1), ("medium", 3), ("large", 5)):
        head = [model("hero"), model("companion")]
        enough = roster(head + [model("follower")] * needed, size)
        short = roster(head + [model("follower")] * (needed - 1), size)
        assert "iron-and-honor.followers.too-few" not in codes(evaluate(enough)), size
        assert "iron-and-honor.followers.too-few" in codes(evaluate(short)), size


def test_six_to_nine_models_is_advice_not_an_error():
    five = evaluate(medium())
    six = evaluate(medium(model("follower")))
    ten = evaluate(medium(*[model("follower")] * 5))
    assert "iron-and-honor.models.guideline" in codes(five)
    assert five.legal
    assert "iron-and-honor.models.guideline" not in codes(six)
    assert [i.severity for i in ten.issues if i.code == "iron-and-honor.models.guideline"] == ["warning"]
