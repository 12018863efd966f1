"""Two free Model Traits (three for the Leader); a trait twice only for an Upgraded model
or the Leader. Source: Brutality, "Model Traits"."""

from tests.brutality import balanced, evaluate, leader, model, model_codes, warband


def codes_of(m):
    return model_codes(evaluate(warband(m)), 4)


def test_two_traits_for_a_model_is_legal():
    assert codes_of(model("Fast", traits=["+1 Dexterity", "Flight/Agile"])) == set()


def test_a_third_trait_for_a_model_is_an_error():
    assert "brutality.traits.too-many" in codes_of(
        model("Fast", traits=["+1 Dexterity", "Flight/Agile", "+1 Save"])
    )


def test_the_leader_takes_three_traits_but_not_four():
    doc = warband()
    assert model_codes(evaluate(doc), 0) == set()
    doc["models"][0]["traits"].append("+1 Dexterity")
    assert "brutality.traits.too-many" in model_codes(evaluate(doc), 0)


def test_fewer_traits_leave_a_free_pick_unused():
    report = evaluate(balanced(model("Fast", traits=["+1 Dexterity"])))
    issue = next(i for i in report.issues if i.code == "brutality.traits.too-few")
    assert issue.severity == "warning"
    assert report.legal


def test_a_basic_non_leader_with_one_trait_twice_is_an_error():
    report = evaluate(warband(model("Fast", traits=["+1 Dexterity", "+1 dexterity"])))
    assert "brutality.traits.duplicate" in model_codes(report, 4)
    assert not report.legal


def test_an_upgraded_model_may_take_a_trait_twice():
    upgraded = model("Melee", upgrade="Berserker", traits=["+1 Fighting Skill", "+1 Fighting Skill"])
    assert codes_of(upgraded) == set()


def test_the_leader_may_take_a_trait_twice():
    doc = warband()
    doc["models"][0] = leader("Fast", traits=["+1 Dexterity", "+1 Dexterity", "+1 Save"])
    assert model_codes(evaluate(doc), 0) == set()


def test_trait_names_match_as_printed_or_without_the_inch_mark():
    report = evaluate(
        warband(model("Fast", traits=['+2" Movement', "+2 Movement"], upgrade=None, leader=False))
    )
    assert [t["slug"] for t in report.models[4].derived["traits"]] == ["plus-2-movement", "plus-2-movement"]
    assert "brutality.traits.duplicate" in model_codes(report, 4)
