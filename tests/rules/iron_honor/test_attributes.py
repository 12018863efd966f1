"""Attribute points, type bounds, the 2..6 range and the one-at-maximum rule.

Source: Iron & Honor p.12 (range), p.16 (points and maxima), pp.26-27 (Ineptitude,
Natural Aptitude).
"""

from tests.ih import evaluate, medium, model, model_codes


def with_follower(**overrides):
    return medium(model("follower", name="Tested", **overrides))


def follower_codes(doc):
    return model_codes(evaluate(doc), 5)


def test_all_points_spent_is_legal():
    assert follower_codes(with_follower(attributes={"MA": 4, "RA": 2, "PD": 3, "WP": 3})) == set()


def test_unspent_points_are_an_error():
    doc = with_follower(attributes={"MA": 3, "RA": 2, "PD": 3, "WP": 3})
    assert "iron-and-honor.attributes.points-unspent" in follower_codes(doc)


def test_overspent_points_are_an_error():
    doc = with_follower(attributes={"MA": 4, "RA": 3, "PD": 3, "WP": 3})
    assert "iron-and-honor.attributes.points-overspent" in follower_codes(doc)


def test_natural_aptitude_gives_one_more_point():
    spent_five = {"MA": 4, "RA": 3, "PD": 3, "WP": 3}
    assert follower_codes(with_follower(attributes=spent_five, traits=["Natural Aptitude"])) == set()
    assert "iron-and-honor.attributes.points-overspent" in follower_codes(
        with_follower(attributes=spent_five)
    )


def test_ineptitude_takes_one_point_away():
    spent_three = {"MA": 3, "RA": 2, "PD": 3, "WP": 3}
    assert follower_codes(with_follower(attributes=spent_three, traits=["Ineptitude"])) == set()
    assert "iron-and-honor.attributes.points-overspent" in follower_codes(
        with_follower(attributes={"MA": 4, "RA": 2, "PD": 3, "WP": 3}, traits=["Ineptitude"])
    )


def test_type_maximum_is_enforced():
    # A follower's maximum is 4: MA 5 is above it (and spends 3 of the 4 points).
    doc = with_follower(attributes={"MA": 5, "RA": 2, "PD": 3, "WP": 2})
    assert "iron-and-honor.attributes.above-maximum" in follower_codes(doc)


def test_hero_attributes_start_at_three():
    doc = medium()
    doc["models"][0]["attributes"] = {"MA": 6, "RA": 2, "PD": 6, "WP": 4}
    assert "iron-and-honor.attributes.below-base" in model_codes(evaluate(doc), 0)


def test_attributes_never_leave_two_to_six():
    doc = medium()
    doc["models"][0]["attributes"] = {"MA": 7, "RA": 3, "PD": 3, "WP": 4}
    assert "iron-and-honor.attributes.out-of-range" in model_codes(evaluate(doc), 0)
    doc["models"][0]["attributes"] = {"MA": 6, "RA": 3, "PD": 5, "WP": 4}
    assert model_codes(evaluate(doc), 0) == set()


def test_only_one_attribute_at_the_maximum():
    two_at_four = {"MA": 4, "RA": 4, "PD": 2, "WP": 2}
    assert "iron-and-honor.attributes.too-many-at-maximum" in follower_codes(
        with_follower(attributes=two_at_four)
    )


def test_natural_aptitude_allows_two_at_the_maximum():
    two_at_four = {"MA": 4, "RA": 4, "PD": 3, "WP": 2}
    assert follower_codes(with_follower(attributes=two_at_four, traits=["Natural Aptitude"])) == set()
    three_at_max = {"MA": 4, "RA": 4, "PD": 4, "WP": 2}
    doc = with_follower(attributes=three_at_max, traits=["Natural Aptitude", "Ineptitude"])
    assert "iron-and-honor.attributes.too-many-at-maximum" in follower_codes(doc)


def test_attribute_points_are_reported_per_model():
    report = evaluate(with_follower(attributes={"MA": 3, "RA": 2, "PD": 3, "WP": 3}))
    assert report.models[5].derived["attribute_points"] == {
        "available": 4,
        "spent": 3,
        "base": 2,
        "maximum": 4,
        "at_maximum_allowed": 1,
    }
